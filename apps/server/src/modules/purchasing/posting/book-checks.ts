import { sql, type SQL } from 'drizzle-orm';
import type { BookCheck } from '../../../books/checks.js';

// The books checks of purchase order postings (books/checks.ts registers them): quantities of the order lines =
// their posted lines, item ledger per receipt / credit memo line, vendor ledger per head office invoice / credit memo,
// invoice amounts and the payable. Each returns the rows that break it (books.test.ts damages each).

export const PURCHASE_RECEIPT_DOC = 'purchase_receipt';
export const PURCHASE_CREDIT_MEMO_DOC = 'purchase_credit_memo';
export const PURCHASE_INVOICE_DOC = 'purchase_invoice';

const base = (q: SQL, perUnit: SQL) => sql`round(${q} * ${perUnit}, 5)`;

/** Order lines of purchase orders (not credit memos). */
const orderLines = sql`select l.* from purchase_order_lines l
  join purchase_orders o on o.pos_po_no = l.pos_po_no and o.type = 'Order'`;

/** Credit memo lines with the order they return (applies_to_order_no) and the order line (applies_to_line_no). */
const creditMemoLines = sql`select c.pos_po_no as cm_no, c.applies_to_order_no as order_no, cl.line_no,
    cl.applies_to_line_no, cl.item_no, cl.variant_code, cl.location_code, cl.purchase_qty as quantity,
    cl.qty_per_unit_of_measure, c.grand_total
  from purchase_order_lines cl join purchase_orders c on c.pos_po_no = cl.pos_po_no and c.type = 'Credit Memo'`;

export const purchasePostingChecks: BookCheck[] = [
  {
    name: 'purchase line quantities',
    rule: 'per purchase order line: 0 ≤ credited ≤ received ≤ shipped ≤ purchase qty, and invoiced = shipped',
    query: () => sql`
      select l.pos_po_no, l.line_no, l.purchase_qty, l.qty_shipped, l.qty_invoiced, l.qty_received, l.qty_credited
      from (${orderLines}) l
      where not (l.qty_credited >= 0 and l.qty_credited <= l.qty_received and l.qty_received <= l.qty_shipped
        and l.qty_shipped <= l.purchase_qty and l.qty_invoiced = l.qty_shipped)`,
  },
  {
    name: 'purchase qty shipped = shipment lines',
    rule: "a purchase order line's qty_shipped and qty_invoiced are the sum of its head office shipment lines",
    query: () => sql`
      select l.pos_po_no, l.line_no, l.qty_shipped, l.qty_invoiced, coalesce(p.q, 0) as posted
      from (${orderLines}) l
      left join (select s.pos_po_no, sl.order_line_no, sum(sl.quantity) as q
        from purchase_shipment_lines sl join purchase_shipments s on s.no = sl.no group by 1, 2) p
        on p.pos_po_no = l.pos_po_no and p.order_line_no = l.line_no
      where l.qty_shipped <> coalesce(p.q, 0) or l.qty_invoiced <> coalesce(p.q, 0)`,
  },
  {
    name: 'purchase qty received = receipt lines',
    rule: "a purchase order line's qty_received is the sum of its purchase receipt lines",
    query: () => sql`
      select l.pos_po_no, l.line_no, l.qty_received, coalesce(p.q, 0) as posted
      from (${orderLines}) l
      left join (select r.pos_po_no, rl.order_line_no, sum(rl.quantity) as q
        from purchase_receipt_lines rl join purchase_receipts r on r.pos_pr_no = rl.pos_pr_no group by 1, 2) p
        on p.pos_po_no = l.pos_po_no and p.order_line_no = l.line_no
      where l.qty_received <> coalesce(p.q, 0)`,
  },
  {
    name: 'purchase qty credited = credit memo lines',
    rule: "a purchase order line's qty_credited is the sum of the credit memo lines applying to it",
    query: () => sql`
      select l.pos_po_no, l.line_no, l.qty_credited, coalesce(p.q, 0) as posted
      from (${orderLines}) l
      left join (select c.order_no, c.applies_to_line_no, sum(c.quantity) as q
        from (${creditMemoLines}) c group by 1, 2) p
        on p.order_no = l.pos_po_no and p.applies_to_line_no = l.line_no
      where l.qty_credited <> coalesce(p.q, 0)`,
  },
  {
    name: 'item ledger per purchase receipt line',
    rule: `each purchase receipt line has one item ledger entry (${PURCHASE_RECEIPT_DOC}, same document no and line) of +quantity × qty per unit of measure at its location, same item and variant; no such entry without its line`,
    query: () => sql`
      select coalesce(rl.pos_pr_no, e.document_no) as pos_pr_no, coalesce(rl.line_no, e.document_line_no) as line_no,
        ${base(sql`rl.quantity`, sql`rl.qty_per_unit_of_measure`)} as expected, coalesce(e.n, 0) as entries,
        e.q as ledger
      from purchase_receipt_lines rl
      full join (select document_no, document_line_no, count(*)::int as n, sum(quantity) as q,
          min(item_no || '|' || variant_code || '|' || location_code) as k,
          max(item_no || '|' || variant_code || '|' || location_code) as k_max
        from item_ledger_entries where document_type = ${PURCHASE_RECEIPT_DOC} group by 1, 2) e
        on e.document_no = rl.pos_pr_no and e.document_line_no = rl.line_no
      where rl.pos_pr_no is null or e.document_no is null or e.n <> 1
        or e.q <> ${base(sql`rl.quantity`, sql`rl.qty_per_unit_of_measure`)}
        or e.k <> rl.item_no || '|' || rl.variant_code || '|' || rl.location_code or e.k_max <> e.k`,
  },
  {
    name: 'item ledger per purchase credit memo line',
    rule: `each purchase credit memo line has one item ledger entry (${PURCHASE_CREDIT_MEMO_DOC}, same document no and line) of −quantity × qty per unit of measure at its location; no such entry without its line`,
    query: () => sql`
      select coalesce(c.cm_no, e.document_no) as credit_memo_no, coalesce(c.line_no, e.document_line_no) as line_no,
        -${base(sql`c.quantity`, sql`c.qty_per_unit_of_measure`)} as expected, coalesce(e.n, 0) as entries,
        e.q as ledger
      from (${creditMemoLines}) c
      full join (select document_no, document_line_no, count(*)::int as n, sum(quantity) as q,
          min(item_no || '|' || variant_code || '|' || location_code) as k,
          max(item_no || '|' || variant_code || '|' || location_code) as k_max
        from item_ledger_entries where document_type = ${PURCHASE_CREDIT_MEMO_DOC} group by 1, 2) e
        on e.document_no = c.cm_no and e.document_line_no = c.line_no
      where c.cm_no is null or e.document_no is null or e.n <> 1
        or e.q <> -${base(sql`c.quantity`, sql`c.qty_per_unit_of_measure`)}
        or e.k <> c.item_no || '|' || c.variant_code || '|' || c.location_code or e.k_max <> e.k`,
  },
  {
    name: 'head office invoice amount = lines',
    rule: "a head office invoice's amount = Σ its lines' amount − its invoice discount, and subtotal = Σ its lines",
    query: () => sql`
      select i.no, i.amount, i.subtotal, coalesce(sum(il.amount), 0) as lines_amount, i.invoice_discount_amount
      from purchase_invoices i left join purchase_invoice_lines il on il.no = i.no
      group by i.no, i.amount, i.subtotal, i.invoice_discount_amount
      having i.amount <> coalesce(sum(il.amount), 0) - i.invoice_discount_amount
        or i.subtotal <> coalesce(sum(il.amount), 0)`,
  },
  {
    name: 'vendor ledger per head office invoice',
    rule: `each head office invoice has one vendor ledger entry (${PURCHASE_INVOICE_DOC}) of +its amount on its order; no such entry without its invoice`,
    query: () => sql`
      select coalesce(i.no, e.document_no) as invoice_no, i.amount as expected, coalesce(e.n, 0) as entries,
        e.amount as ledger
      from purchase_invoices i
      full join (select document_no, count(*)::int as n, sum(amount) as amount, min(order_no) as order_no
        from vendor_ledger_entries where document_type = ${PURCHASE_INVOICE_DOC} group by 1) e
        on e.document_no = i.no
      where i.no is null or e.document_no is null or e.n <> 1 or e.amount <> i.amount or e.order_no <> i.pos_po_no`,
  },
  {
    name: 'vendor ledger per purchase credit memo',
    rule: `each purchase credit memo has one vendor ledger entry (${PURCHASE_CREDIT_MEMO_DOC}) of −its grand total on its order; no such entry without its credit memo`,
    query: () => sql`
      select coalesce(c.pos_po_no, e.document_no) as credit_memo_no, -c.grand_total as expected,
        coalesce(e.n, 0) as entries, e.amount as ledger
      from (select pos_po_no, grand_total, applies_to_order_no from purchase_orders where type = 'Credit Memo') c
      full join (select document_no, count(*)::int as n, sum(amount) as amount, min(order_no) as order_no
        from vendor_ledger_entries where document_type = ${PURCHASE_CREDIT_MEMO_DOC} group by 1) e
        on e.document_no = c.pos_po_no
      where c.pos_po_no is null or e.document_no is null or e.n <> 1 or e.amount <> -c.grand_total
        or e.order_no <> c.applies_to_order_no`,
  },
  {
    name: 'purchase payable = vendor ledger',
    rule: "a purchase order's payable (Σ its vendor ledger entries) = Σ its head office invoices − Σ its credit memos, and never above its grand total",
    query: () => sql`
      select o.pos_po_no, o.grand_total, coalesce(v.amount, 0) as payable, coalesce(i.amount, 0) as invoiced,
        coalesce(c.amount, 0) as credited
      from purchase_orders o
      left join (select order_no, sum(amount) as amount from vendor_ledger_entries
        where document_type in (${PURCHASE_INVOICE_DOC}, ${PURCHASE_CREDIT_MEMO_DOC}) group by 1) v
        on v.order_no = o.pos_po_no
      left join (select pos_po_no, sum(amount) as amount from purchase_invoices group by 1) i on i.pos_po_no = o.pos_po_no
      left join (select applies_to_order_no, sum(grand_total) as amount from purchase_orders
        where type = 'Credit Memo' group by 1) c on c.applies_to_order_no = o.pos_po_no
      where o.type = 'Order' and (coalesce(v.amount, 0) <> coalesce(i.amount, 0) - coalesce(c.amount, 0)
        or coalesce(i.amount, 0) > o.grand_total)`,
  },
];
