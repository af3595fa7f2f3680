import { createHash } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { franchises } from '../franchises/schema.js';
import { readEInvoiceSettings, type EInvoiceEnv, type EInvoiceSettings, type SInvoiceAccount } from './config.js';
import type { EInvoiceProvider } from './port.js';
import { SInvoiceClient } from './sinvoice-client.js';
import { franchiseEInvoiceSettings } from './schema.js';

// The e-invoice provider of this process (EINVOICE_MODE), set once when the app is built (registerEInvoices in
// job.ts). A posting reads the mode here, inside its transaction, to write the e-invoice pending (with its job) or
// not_sent; the job reads the provider. Like the ERP loaders' registry it is per process: one app per process.

type Runtime = { settings: EInvoiceSettings; provider: EInvoiceProvider | null };
let runtime: Runtime = { settings: { mode: 'none' }, provider: null };

/** Reads the settings (throws EInvoiceConfigError naming what is missing) and makes the provider. */
export function configureEInvoices(env: EInvoiceEnv, provider?: EInvoiceProvider): Runtime {
  const settings = readEInvoiceSettings(env);
  runtime = {
    settings,
    provider:
      settings.mode === 'sinvoice'
        ? (provider ?? new SInvoiceClient({ baseUrl: settings.baseUrl, timeoutMs: settings.timeoutMs }))
        : null,
  };
  return runtime;
}

export const eInvoiceRuntime = () => runtime;

/**
 * The transactionUuid of a posted document: the same for the same number, always (a retry, a lost answer and a
 * restart ask the provider for it before creating it): md5 of 'fp-einvoice:' + number in the 8-4-4-4-12 form
 * (36 characters; the backfill migration 0026 computes the same in SQL).
 */
export function transactionUuidOf(documentNo: string): string {
  const h = createHash('md5').update(`fp-einvoice:${documentNo}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The seller's account of a franchise: its own settings where it has them, field by field, else the configuration's. */
export async function accountOf(
  db: DbOrTx,
  franchiseCode: string,
): Promise<{ account: SInvoiceAccount | null; sellerName: string }> {
  const [row] = await db
    .select({ name: franchises.name, own: franchiseEInvoiceSettings })
    .from(franchises)
    .leftJoin(franchiseEInvoiceSettings, eq(franchiseEInvoiceSettings.franchise_code, franchises.customer_no))
    .where(eq(franchises.customer_no, franchiseCode));
  return accountFrom(row);
}

/** What accountOf reads, as one JSON value (`{name, own}`), for a posting that reads it with its document. */
export const eInvoiceAccountJsonSql = (franchiseCode: SQL): SQL => sql`(select json_build_object('name', f.name,
    'own', (select row_to_json(s) from ${franchiseEInvoiceSettings} s where s.franchise_code = f.customer_no))
    from ${franchises} f where f.customer_no = ${franchiseCode})`;

/** accountOf from the row it reads (or eInvoiceAccountJsonSql's value). */
export function accountFrom(
  row:
    | {
        name: string;
        own: Partial<
          Pick<
            typeof franchiseEInvoiceSettings.$inferSelect,
            'supplier_tax_code' | 'username' | 'password' | 'template_code' | 'invoice_series' | 'seller_name'
          >
        > | null;
      }
    | null
    | undefined,
): { account: SInvoiceAccount | null; sellerName: string } {
  const s = runtime.settings;
  const own = row?.own;
  const base = s.mode === 'sinvoice' ? s.account : null;
  const pick = (a: string | undefined, b: string | undefined) => (a ? a : (b ?? ''));
  const account: SInvoiceAccount | null = base
    ? {
        // A franchise with its own tax code signs in with its own user (both or neither).
        username: own?.supplier_tax_code && own.username ? own.username : base.username,
        password: own?.supplier_tax_code && own.username ? (own.password ?? '') : base.password,
        supplierTaxCode: pick(own?.supplier_tax_code, base.supplierTaxCode),
        templateCode: pick(own?.template_code, base.templateCode),
        invoiceSeries: pick(own?.invoice_series, base.invoiceSeries),
        sellerName: pick(own?.seller_name, base.sellerName),
      }
    : null;
  const sellerName = pick(own?.seller_name, account?.sellerName) || (row?.name ?? '');
  return { account, sellerName };
}
