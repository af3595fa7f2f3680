import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { WriteBatch } from '../../kernel/batch.js';

// The revenue storage's writers (schema.ts): INSERT … SELECT from the posted rows of one document, inside the
// posting transaction that wrote them. The migration that created the tables ran the same statements over every
// document posted before (drizzle/*_sales_value_backfill.sql): keep both in step.

const ENTRY_COLUMNS = sql.raw(
  'document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, sales_type, customer_no, entry_kind, line_no, item_no, variant_code, category_code, quantity, amount',
);
const DOCUMENT_COLUMNS = sql.raw(
  'document_type, document_no, pos_so_no, posting_date, franchise_code, location_code, sales_type, customer_no, customer_name, quantity, amount',
);

/**
 * Where invoice rows are read from: the tables, or (in a posting's WriteBatch, kernel/batch.ts) the RETURNING of the
 * parts that write them in the same statement.
 */
export type InvoiceSource = { invoices: SQL; lines: SQL };
const INVOICE_TABLES: InvoiceSource = { invoices: sql.raw('sales_invoices'), lines: sql.raw('sales_invoice_lines') };

/**
 * The sales type of the invoice's order, looked up by its key: a join to sales_orders beside the rows of a posting's
 * batch (whose number PostgreSQL does not know) would have it read every sales document.
 */
const SALES_TYPE = sql.raw('(select o.sales_type from sales_orders o where o.pos_so_no = si.pos_so_no)');

/** Entries of posted invoices (`where` over `si`, the sales_invoices row): lines +, header discount −, fees +. */
export const invoiceEntriesSql = (where: SQL, src: InvoiceSource = INVOICE_TABLES) => sql`
  insert into sales_value_entries (${ENTRY_COLUMNS})
  select 'invoice', si.pos_si_no, si.pos_so_no, si.posting_date, si.franchise_code, si.location_code, ${SALES_TYPE},
         si.customer_no, 'item', l.line_no, l.item_no, l.variant_code, coalesce(c.code, ''), l.quantity, l.amount
    from ${src.invoices} si
    join ${src.lines} l on l.pos_si_no = si.pos_si_no
    left join items i on i.item_no = l.item_no
    left join categories c on c.id = i.category_id
   where ${where}
  union all
  select 'invoice', si.pos_si_no, si.pos_so_no, si.posting_date, si.franchise_code, si.location_code, ${SALES_TYPE},
         si.customer_no, k.kind, 0, '', '', '', 0, k.amount
    from ${src.invoices} si
    cross join lateral (values ('discount', -si.invoice_discount_amount), ('fee', si.fees_amount)) k(kind, amount)
   where ${where} and k.amount <> 0`;

/** The document row of posted invoices: the invoice amount and Σ its line quantities. */
export const invoiceDocumentsSql = (where: SQL, src: InvoiceSource = INVOICE_TABLES) => sql`
  insert into sales_value_documents (${DOCUMENT_COLUMNS})
  select 'invoice', si.pos_si_no, si.pos_so_no, si.posting_date, si.franchise_code, si.location_code, ${SALES_TYPE},
         si.customer_no, si.customer_name,
         coalesce((select sum(l.quantity) from ${src.lines} l where l.pos_si_no = si.pos_si_no), 0), si.amount
    from ${src.invoices} si
   where ${where}`;

/** Entries of posted credit memos (`where` over `cm`, the sales_orders row of type credit_memo), all negated. */
export const creditMemoEntriesSql = (where: SQL) => sql`
  insert into sales_value_entries (${ENTRY_COLUMNS})
  select 'credit_memo', cm.pos_so_no, cm.applies_to_order_no, cm.posting_date, cm.franchise_code, cm.location_code,
         cm.sales_type, cm.sell_to_code, 'item', l.line_no, l.item_no, l.variant_code, coalesce(c.code, ''),
         -l.quantity, -l.amount
    from sales_orders cm
    join sales_order_lines l on l.pos_so_no = cm.pos_so_no
    left join items i on i.item_no = l.item_no
    left join categories c on c.id = i.category_id
   where cm.document_type = 'credit_memo' and ${where}
  union all
  select 'credit_memo', cm.pos_so_no, cm.applies_to_order_no, cm.posting_date, cm.franchise_code, cm.location_code,
         cm.sales_type, cm.sell_to_code, k.kind, 0, '', '', '', 0, k.amount
    from sales_orders cm
    cross join lateral (values
      ('discount', cm.invoice_discount_amount + cm.promotion_discount_amount + cm.points_discount_amount),
      ('fee', -cm.fees_amount)) k(kind, amount)
   where cm.document_type = 'credit_memo' and ${where} and k.amount <> 0`;

/** The document row of posted credit memos: − the grand total and − Σ its line quantities. */
export const creditMemoDocumentsSql = (where: SQL) => sql`
  insert into sales_value_documents (${DOCUMENT_COLUMNS})
  select 'credit_memo', cm.pos_so_no, cm.applies_to_order_no, cm.posting_date, cm.franchise_code, cm.location_code,
         cm.sales_type, cm.sell_to_code, cm.sell_to_name,
         -coalesce((select sum(l.quantity) from sales_order_lines l where l.pos_so_no = cm.pos_so_no), 0),
         -cm.grand_total
    from sales_orders cm
   where cm.document_type = 'credit_memo' and ${where}`;

/** Writes the value entries and the document row of a posted invoice already written. */
export async function postInvoiceValue(tx: DbOrTx, posSiNo: string) {
  await tx.execute(invoiceEntriesSql(sql`si.pos_si_no = ${posSiNo}`));
  await tx.execute(invoiceDocumentsSql(sql`si.pos_si_no = ${posSiNo}`));
}

/**
 * The value entries and document row of an invoice written in the same WriteBatch: read from the RETURNING of the
 * parts named `src` (the invoice header and its lines), as postInvoiceValue reads them from the tables.
 */
export function batchInvoiceValue(batch: WriteBatch, src: { invoices: string; lines: string }) {
  const from = { invoices: sql`${sql.identifier(src.invoices)}`, lines: sql`${sql.identifier(src.lines)}` };
  batch.add(invoiceEntriesSql(sql`true`, from));
  batch.add(invoiceDocumentsSql(sql`true`, from));
}

/** Writes the value entries and the document row of a posted credit memo (its lines written). */
export async function postCreditMemoValue(tx: DbOrTx, creditMemoNo: string) {
  await tx.execute(creditMemoEntriesSql(sql`cm.pos_so_no = ${creditMemoNo}`));
  await tx.execute(creditMemoDocumentsSql(sql`cm.pos_so_no = ${creditMemoNo}`));
}
