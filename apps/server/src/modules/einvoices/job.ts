import { stampNow } from '../../db/clock.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { PermanentJobError, type JobHandler, type JobRunner } from '../../jobs/queue.js';
import { D } from '../../kernel/money.js';
import { cashReceipts } from '../payments/schema.js';
import { salesInvoiceLines, salesInvoices, salesOrderFees, salesOrderLines, salesOrders } from '../sales/schema.js';
import type { EInvoiceEnv, SInvoiceAccount } from './config.js';
import { EInvoiceRejectedError, EInvoiceUnavailableError, type EInvoiceProvider, type IssuedEInvoice } from './port.js';
import { EINVOICE_MAX_BACKOFF_SECONDS, EINVOICE_QUEUE, type EInvoiceJob } from './record.js';
import { accountOf, configureEInvoices, eInvoiceRuntime } from './runtime.js';
import { eInvoices, type EInvoiceRow } from './schema.js';
import { sinvoiceBody, type EInvoiceSource, type SourceLine } from './sinvoice-payload.js';

// The outbox job of an e-invoice (queue einvoice.send; README here): exactly once by asking the provider first
// whether it holds the document's transactionUuid (a retry, an answer lost after the write, a restart), and creating
// it only when it does not. The provider is called outside any transaction; the answer is written after.

/** The payment method SInvoice prints: TM (cash), CK (transfer, card, installment), or TM/CK for both. */
async function paymentMethodOf(db: DbOrTx, posSoNo: string): Promise<string> {
  const rows = await db
    .selectDistinct({ t: cashReceipts.payment_type })
    .from(cashReceipts)
    .where(and(eq(cashReceipts.pos_so_no, posSoNo), eq(cashReceipts.status, 'processed')));
  const cash = rows.some((r) => r.t === 'cash');
  const other = rows.some((r) => r.t !== 'cash');
  return cash && other ? 'TM/CK' : cash ? 'TM' : other ? 'CK' : 'TM/CK';
}

const ms = (t: string | null | undefined) => (t ? new Date(t).getTime() : Date.now());

/** The document in the provider's terms, read from the committed posting. */
async function sourceOf(db: DbOrTx, row: EInvoiceRow, account: SInvoiceAccount): Promise<EInvoiceSource> {
  const [order] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, row.pos_so_no));
  const buyer = {
    name: row.customer_name,
    taxCode: row.buyer_tax_code,
    companyName: row.buyer_company_name,
    address: row.buyer_tax_code
      ? row.buyer_address
      : [order?.sell_to_address, order?.sell_to_address_2].filter(Boolean).join(', '),
    phone: order?.sell_to_phone_no ?? '',
    code: row.customer_no,
  };
  const common = {
    transactionUuid: row.transaction_uuid,
    account,
    buyer,
    paymentMethodName: await paymentMethodOf(db, row.pos_so_no),
  };
  if (row.document_type === 'invoice') {
    const [si] = await db.select().from(salesInvoices).where(eq(salesInvoices.pos_si_no, row.pos_si_no));
    if (!si) throw new PermanentJobError(`Sales invoice ${row.pos_si_no} no longer exists.`);
    const lines: SourceLine[] = await db
      .select()
      .from(salesInvoiceLines)
      .where(eq(salesInvoiceLines.pos_si_no, row.pos_si_no))
      .orderBy(asc(salesInvoiceLines.line_no));
    // The order's fees are billed on its first invoice (fees_amount > 0), each with its VAT rate.
    const fees = D(si.fees_amount).isZero()
      ? []
      : (await db.select().from(salesOrderFees).where(eq(salesOrderFees.pos_so_no, row.pos_so_no))).map((f) => ({
          code: f.fee_code,
          description: f.description,
          amount: f.amount,
          vat_percent: f.vat_percent,
        }));
    return {
      ...common,
      kind: 'invoice',
      issuedAtMs: ms(si.created_at),
      lines,
      headerDiscount: si.invoice_discount_amount,
      fees,
    };
  }
  const [cm] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, row.pos_si_no));
  if (!cm) throw new PermanentJobError(`Sales credit memo ${row.pos_si_no} no longer exists.`);
  const lines = await db
    .select()
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.pos_so_no, row.pos_si_no), eq(salesOrderLines.line_type, 'item')))
    .orderBy(asc(salesOrderLines.line_no));
  const [original] = row.original_pos_si_no
    ? await db.select().from(eInvoices).where(eq(eInvoices.pos_si_no, row.original_pos_si_no))
    : [];
  if (!original || original.state !== 'issued')
    throw new PermanentJobError(
      `The original invoice ${row.original_pos_si_no || '(none)'} has no issued e-invoice to adjust; send it first.`,
    );
  return {
    ...common,
    kind: 'credit_memo',
    issuedAtMs: ms(cm.created_at),
    lines,
    headerDiscount: cm.invoice_discount_amount,
    fees: [],
    adjustmentType: row.adjustment_type === '3' ? '3' : '5',
    original: {
      invoiceNo: original.invoice_no,
      issuedAtMs: ms(original.issued_at),
      templateCode: original.template_code,
      series: original.invoice_series,
      documentNo: original.pos_si_no,
    },
  };
}

/** The account an e-invoice is sent under: the one recorded at posting, with that account's credentials. */
async function sendingAccount(db: DbOrTx, row: EInvoiceRow): Promise<SInvoiceAccount> {
  const { account } = await accountOf(db, row.franchise_code);
  if (!account) throw new PermanentJobError('EINVOICE_MODE is none: e-invoices are not sent.');
  return {
    ...account,
    supplierTaxCode: row.supplier_tax_code || account.supplierTaxCode,
    templateCode: row.template_code || account.templateCode,
    invoiceSeries: row.invoice_series || account.invoiceSeries,
  };
}

async function markIssued(db: DbOrTx, row: EInvoiceRow, issued: IssuedEInvoice) {
  const rt = eInvoiceRuntime();
  const lookupUrl = rt.settings.mode === 'sinvoice' ? rt.settings.lookupUrl : '';
  await db
    .update(eInvoices)
    .set({
      state: 'issued',
      invoice_no: issued.invoiceNo,
      transaction_id: issued.transactionId,
      reservation_code: issued.reservationCode,
      code_of_tax: issued.codeOfTax,
      lookup_url: lookupUrl,
      issued_at: new Date(issued.issuedAtMs ?? Date.now()).toISOString(),
      message: '',
      updated_at: stampNow(),
    })
    .where(eq(eInvoices.pos_si_no, row.pos_si_no));
}

async function markFailed(db: DbOrTx, posSiNo: string, message: string) {
  await db
    .update(eInvoices)
    .set({ state: 'failed', message: message.slice(0, 1000), updated_at: stampNow() })
    .where(eq(eInvoices.pos_si_no, posSiNo));
}

/** The job handler: look up, else create; a refusal fails the e-invoice, an outage retries (pending). */
export function eInvoiceHandler(services: { db: DbOrTx }, provider: () => EInvoiceProvider | null): JobHandler {
  return async (raw, job) => {
    const { db } = services;
    const { pos_si_no } = raw as EInvoiceJob;
    const [row] = await db.select().from(eInvoices).where(eq(eInvoices.pos_si_no, pos_si_no));
    if (!row) throw new PermanentJobError(`E-invoice ${pos_si_no} does not exist.`);
    if (row.state === 'issued') return { invoiceNo: row.invoice_no, already: true };
    // Sent again from the job screen: it is pending again while it runs.
    if (row.state === 'failed')
      await db
        .update(eInvoices)
        .set({ state: 'pending', updated_at: stampNow() })
        .where(and(eq(eInvoices.pos_si_no, pos_si_no), inArray(eInvoices.state, ['failed'])));
    const p = provider();
    try {
      if (!p) throw new PermanentJobError('EINVOICE_MODE is none: e-invoices are not sent.');
      const account = await sendingAccount(db, row);
      const found = await p.lookup(account, row.transaction_uuid);
      if (found) {
        await markIssued(db, row, found);
        return { invoiceNo: found.invoiceNo, lookedUp: true };
      }
      const body = sinvoiceBody(await sourceOf(db, row, account));
      const issued = await p.create(account, body);
      await markIssued(db, row, issued);
      return { invoiceNo: issued.invoiceNo };
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const permanent = e instanceof EInvoiceRejectedError || e instanceof PermanentJobError;
      if (permanent || job.attempts >= job.max_attempts) {
        await markFailed(db, pos_si_no, message);
        throw new PermanentJobError(message);
      }
      // Still pending: the provider is unreachable; the message says why it waits.
      await db
        .update(eInvoices)
        .set({ message: message.slice(0, 1000), updated_at: stampNow() })
        .where(eq(eInvoices.pos_si_no, pos_si_no));
      if (e instanceof EInvoiceUnavailableError) throw e;
      throw e;
    }
  };
}

/**
 * Reads EINVOICE_MODE (refusing to start on a missing or wrong setting) and registers the e-invoice job with its
 * capped backoff: the provider back after an outage, every waiting invoice goes out within about 30 seconds.
 */
export function registerEInvoices(
  services: { db: DbOrTx; jobs: JobRunner },
  env: EInvoiceEnv,
  provider?: EInvoiceProvider,
) {
  const rt = configureEInvoices(env, provider);
  services.jobs.register(
    EINVOICE_QUEUE,
    eInvoiceHandler(services, () => eInvoiceRuntime().provider),
    {
      maxBackoffSeconds: EINVOICE_MAX_BACKOFF_SECONDS,
    },
  );
  return rt;
}
