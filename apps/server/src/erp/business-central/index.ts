import type { Db } from '../../db/client.js';
import type { Erp } from '../port.js';
import { BcClient, type BcClientOptions } from './client.js';
import type { BcConfig } from './config.js';
import { bcDocuments } from './documents.js';
import {
  bcCustomers,
  bcFranchises,
  bcItems,
  bcPostCodes,
  bcTransferOrders,
  bcVendors,
  franchiseNumbers,
} from './master.js';

export { readBcConfig, BcConfigError, type BcConfig } from './config.js';
export { BcClient, BcRequestError, type BcClientOptions } from './client.js';

/**
 * ERP_MODE=business_central: the port over one Business Central company (README in this folder). One client per
 * process holds the token, the per-company request limit and the Retry-After every call honours.
 */
export function createBusinessCentralErp(config: BcConfig, db: Db, options: BcClientOptions = {}): Erp {
  const client = new BcClient(config, options);
  return {
    mode: 'business_central',
    customers: bcCustomers(client, db, franchiseNumbers(client)),
    vendors: bcVendors(client),
    franchises: bcFranchises(client, db),
    items: bcItems(client, db),
    postCodes: bcPostCodes(client, db),
    transferOrders: bcTransferOrders(client, db),
    documents: bcDocuments(client),
    async authorize() {
      client.forgetToken();
      try {
        await client.accessToken();
        await client.page(client.standard('items?$top=1'), 'read the company', 1);
        return {
          ok: true,
          message: `Connected to Business Central (environment ${config.environment}, company ${config.companyId})`,
        };
      } catch (e) {
        return { ok: false, message: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}
