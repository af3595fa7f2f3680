import { and, desc, eq } from 'drizzle-orm';
import { eInvoiceMessages } from '@fp/contract';
import type { DbOrTx as Tx } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import type { WriteBatch } from '../../kernel/batch.js';
import { salesInvoices, salesOrders } from '../sales/schema.js';
import { accountFrom, accountOf, eInvoiceRuntime, transactionUuidOf } from './runtime.js';
import { eInvoices } from './schema.js';

// The e-invoice of a posting (issue 21), written in the posting transaction (its "enqueue" step): the row, pending
// with its outbox job when a provider is configured, else not_sent. So an e-invoice exists exactly when its document
// is posted, and is sent after the commit, never inside a posting or an HTTP request.

export const EINVOICE_QUEUE = 'einvoice.send';
/**
 * The retry window: attempts of a job while the provider is unreachable, 2, 4, 8, 16 s then every 30 s
 * (EINVOICE_MAX_BACKOFF_SECONDS) — about 24 hours. After it the e-invoice is failed (it can be sent again).
 */
export const EINVOICE_MAX_BACKOFF_SECONDS = 30;
export const EINVOICE_MAX_ATTEMPTS = 2880;
/** check:books: a pending e-invoice older than this is a violation (the window and an hour of margin). */
export const EINVOICE_RETRY_WINDOW_HOURS = 25;

/** The job's group: a credit memo's runs after its original invoice's (it needs the original's number). */
export const eInvoiceGroupKey = (invoiceNo: string) => `einvoice:${invoiceNo}`;
export type EInvoiceJob = { pos_si_no: string };

async function write(
  tx: Tx,
  row: Omit<typeof eInvoices.$inferInsert, 'provider' | 'state' | 'transaction_uuid'>,
  group: string,
  batch?: WriteBatch,
  /** The franchise's account when the posting read it (eInvoiceAccountJsonSql), else it is read here. */
  known?: ReturnType<typeof accountFrom>,
) {
  const rt = eInvoiceRuntime();
  const { account, sellerName } = known ?? (await accountOf(tx, row.franchise_code));
  const sending = rt.settings.mode === 'sinvoice' && account !== null;
  const job = sending
    ? await enqueue(tx, {
        queue: EINVOICE_QUEUE,
        key: `einvoice:${row.pos_si_no}`,
        groupKey: eInvoiceGroupKey(group),
        payload: { pos_si_no: row.pos_si_no } satisfies EInvoiceJob,
        maxAttempts: EINVOICE_MAX_ATTEMPTS,
      })
    : null;
  const written: typeof eInvoices.$inferInsert = {
    ...row,
    provider: sending ? 'sinvoice' : 'none',
    state: sending ? 'pending' : 'not_sent',
    transaction_uuid: transactionUuidOf(row.pos_si_no),
    supplier_tax_code: account?.supplierTaxCode ?? '',
    seller_name: sellerName,
    template_code: account?.templateCode ?? '',
    invoice_series: account?.invoiceSeries ?? '',
    message: sending ? '' : eInvoiceMessages.modeNone,
    job_id: job?.id ?? null,
  };
  if (batch) batch.insert(eInvoices, [written]);
  else await tx.insert(eInvoices).values(written);
}

/** The e-invoice of a posted sales invoice (ship now, close, the counter). */
export async function recordInvoiceEInvoice(tx: Tx, posSiNo: string): Promise<void> {
  const [si] = await tx
    .select({ si: salesInvoices, order: salesOrders })
    .from(salesInvoices)
    .innerJoin(salesOrders, eq(salesOrders.pos_so_no, salesInvoices.pos_so_no))
    .where(eq(salesInvoices.pos_si_no, posSiNo));
  if (!si) throw new Error(`recordInvoiceEInvoice: invoice ${posSiNo} is not written`);
  await write(
    tx,
    {
      pos_si_no: posSiNo,
      document_type: 'invoice',
      pos_so_no: si.si.pos_so_no,
      franchise_code: si.si.franchise_code,
      location_code: si.si.location_code,
      posting_date: si.si.posting_date,
      customer_no: si.si.customer_no,
      customer_name: si.si.customer_name,
      buyer_tax_code: si.order.buyer_tax_code,
      buyer_company_name: si.order.buyer_company_name,
      buyer_address: si.order.buyer_address,
      amount: si.si.amount,
      adjustment_type: '1',
    },
    posSiNo,
  );
}

/**
 * The e-invoice of a sales invoice the posting is writing in its WriteBatch (kernel/batch.ts), from the rows it
 * writes (not read back): its INSERT joins the batch.
 */
export async function recordInvoiceEInvoiceOf(
  tx: Tx,
  batch: WriteBatch,
  si: Pick<
    typeof salesInvoices.$inferInsert,
    | 'pos_si_no'
    | 'pos_so_no'
    | 'franchise_code'
    | 'location_code'
    | 'posting_date'
    | 'customer_no'
    | 'customer_name'
    | 'amount'
  >,
  order: Pick<typeof salesOrders.$inferSelect, 'buyer_tax_code' | 'buyer_company_name' | 'buyer_address'>,
  account?: ReturnType<typeof accountFrom>,
): Promise<void> {
  await write(
    tx,
    {
      pos_si_no: si.pos_si_no,
      document_type: 'invoice',
      pos_so_no: si.pos_so_no,
      franchise_code: si.franchise_code,
      location_code: si.location_code ?? '',
      posting_date: si.posting_date,
      customer_no: si.customer_no ?? '',
      customer_name: si.customer_name ?? '',
      buyer_tax_code: order.buyer_tax_code,
      buyer_company_name: order.buyer_company_name,
      buyer_address: order.buyer_address,
      amount: si.amount ?? '0',
      adjustment_type: '1',
    },
    si.pos_si_no,
    batch,
    account,
  );
}

/**
 * The adjusting e-invoice of a posted credit memo: adjustmentType 5 (a decrease of the original), referring to the
 * order's latest invoice — the one the credit memo's customer ledger entry reverses.
 */
export async function recordCreditMemoEInvoice(tx: Tx, creditMemoNo: string): Promise<void> {
  const [cm] = await tx.select().from(salesOrders).where(eq(salesOrders.pos_so_no, creditMemoNo));
  if (!cm) throw new Error(`recordCreditMemoEInvoice: credit memo ${creditMemoNo} is not written`);
  const [original] = await tx
    .select({ pos_si_no: salesInvoices.pos_si_no })
    .from(salesInvoices)
    .where(and(eq(salesInvoices.pos_so_no, cm.applies_to_order_no)))
    .orderBy(desc(salesInvoices.created_at), desc(salesInvoices.pos_si_no))
    .limit(1);
  const originalNo = original?.pos_si_no ?? '';
  await write(
    tx,
    {
      pos_si_no: creditMemoNo,
      document_type: 'credit_memo',
      pos_so_no: cm.applies_to_order_no,
      franchise_code: cm.franchise_code,
      location_code: cm.location_code,
      posting_date: cm.posting_date ?? cm.order_date,
      customer_no: cm.sell_to_code,
      customer_name: cm.sell_to_name,
      buyer_tax_code: cm.buyer_tax_code,
      buyer_company_name: cm.buyer_company_name,
      buyer_address: cm.buyer_address,
      amount: cm.grand_total,
      adjustment_type: '5',
      original_pos_si_no: originalNo,
    },
    originalNo || creditMemoNo,
  );
}
