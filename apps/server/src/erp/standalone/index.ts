import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Erp } from '../port.js';
import { standaloneCustomers } from './customers.js';
import { standaloneDocuments } from './documents.js';
import { standaloneFranchises } from './franchises.js';
import { standaloneItems } from './items.js';
import { standalonePostCodes } from './post-codes.js';
import { standaloneTransferOrders } from './transfer-orders.js';
import { standaloneVendors } from './vendors.js';

/** The product as its own system of record: each area in its own file over the product's tables. */
export function createStandaloneErp(config: AppConfig, db: Db): Erp {
  return {
    mode: 'standalone',
    customers: standaloneCustomers(db),
    vendors: standaloneVendors(config),
    franchises: standaloneFranchises(db),
    items: standaloneItems(db),
    postCodes: standalonePostCodes(db),
    transferOrders: standaloneTransferOrders(db),
    documents: standaloneDocuments(),
    authorize: async () => ({ ok: true, message: 'Standalone mode: the product is its own system of record' }),
  };
}
