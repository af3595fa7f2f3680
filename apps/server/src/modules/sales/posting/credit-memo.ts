import { and, eq, inArray, sql } from 'drizzle-orm';
import { businessDate } from '@fp/contract';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import type { Scope } from '../../../http/scope.js';
import { badRequest, businessRule, notFound, staleVersion } from '../../../http/errors.js';
import { D, toQty } from '../../../kernel/money.js';
import { enqueueErpDocument } from '../../../kernel/outbox.js';
import { recordCreditMemoEInvoice } from '../../einvoices/record.js';
import { runPosting } from '../../../kernel/posting.js';
import { cancelReasons } from '../../cancel-reasons/schema.js';
import { customerLedgerEntries, itemLedgerEntries } from '../../ledger/schema.js';
import { postCustomerEntries, postItemEntries } from '../../ledger/service.js';
import { takeNextNumber } from '../../number-series/service.js';
import { loyaltyOnCreditMemo } from '../../loyalty/order-points.js';
import { postCreditMemoValue } from '../../reports/value.js';
import { SALES_ORDER_NOT_FOUND, type SalesLineRow, type SalesOrderRow } from '../load.js';
import { salesOrderLines, salesOrders } from '../schema.js';
import { baseQty, itemLinesOf, lineLocation, setLineQuantities } from './order.js';
import { invoiceDiscountOf, postedLinesOf, postedTotals, type Movement } from './posted.js';
import { stampNow } from '../../../db/clock.js';

// Credit memos (issue 8): for selected lines (quantity ≤ invoiced − credited) or for everything invoiced and not yet
// credited. A credit memo is a sales_orders row (document_type credit_memo, SCM number, applies_to_order_no = the
// order, status invoiced) posted at once: its lines keep the order's line numbers and carry the credited quantities
// at the order lines' prices with proportional discounts; stock goes back to each line's location (item ledger
// sale_return), the customer is credited (customer ledger credit_memo), and the order lines' qty_credited grow.
// Allowed on any order with invoiced quantities not yet credited (the machine has no status for it).

export const CREDIT_MEMO_NOT_FOUND = 'Sales credit memo';
/** A credit memo's reason is a cancel reason of the order page (cancel reasons know no credit memo page). */
const REASON_PAGES = ['/salesOrders'];

export type CreditRequest =
  | {
      pos_so_no: string;
      version: number;
      cancel_reason_code?: string | null;
      lines: { line_no: number; quantity: string }[];
    }
  | { pos_so_no: string; version: number; cancel_reason_code?: string | null; lines?: undefined };

type Plan = {
  order: SalesOrderRow;
  lines: SalesLineRow[];
  moves: Movement[];
  postingDate: string;
  reason: { code: string; description: string };
  /** The latest item ledger sale entry per order line and the latest invoice entry: what the credit reverses. */
  reverses: { item: Map<number, number>; customer: number | null };
};

/** Locks the order row in scope (FOR UPDATE) and checks its version; a quote or credit memo is not found. */
async function lockOrderForCredit(tx: Tx, scope: Scope, posSoNo: string, version: number) {
  const [row] = await tx
    .select()
    .from(salesOrders)
    .where(
      and(
        eq(salesOrders.pos_so_no, posSoNo),
        eq(salesOrders.document_type, 'order'),
        scope.franchise(salesOrders.franchise_code),
      ),
    )
    .for('update');
  if (!row) throw notFound(SALES_ORDER_NOT_FOUND);
  if (row.version !== version) throw staleVersion();
  return row;
}

const creditable = (l: SalesLineRow) => D(l.qty_invoiced).minus(l.qty_credited);

/** The movements a request credits, checked line by line (422 naming lines.<i>.quantity past the cap). */
function movesOf(lines: SalesLineRow[], body: CreditRequest): Movement[] {
  if (!body.lines) {
    const moves = lines
      .filter((l) => creditable(l).gt(0))
      .map((l) => ({ line: l, before: l.qty_credited, quantity: toQty(creditable(l)) }));
    if (moves.length === 0) throw businessRule('Nothing to credit', 'nothing_to_credit', 'lines');
    return moves;
  }
  const seen = new Set<number>();
  return body.lines.map((r, i) => {
    const line = lines.find((l) => l.line_no === r.line_no);
    if (!line)
      throw businessRule(`Line ${r.line_no} is not a line of this order`, 'line_not_found', `lines.${i}.line_no`);
    if (seen.has(r.line_no)) throw badRequest(`Line ${r.line_no} is listed twice`, `lines.${i}.line_no`);
    seen.add(r.line_no);
    const cap = creditable(line);
    if (D(r.quantity).gt(cap))
      throw businessRule(
        `Line ${line.line_no} (${line.item_no}): quantity ${toQty(r.quantity)} is more than the ${toQty(cap)} invoiced and not credited`,
        'credit_too_large',
        `lines.${i}.quantity`,
      );
    return { line, before: line.qty_credited, quantity: toQty(r.quantity) };
  });
}

async function reasonOf(tx: Tx, code: string | null | undefined) {
  if (!code) return { code: '', description: '' };
  const [row] = await tx
    .select({ description: cancelReasons.description })
    .from(cancelReasons)
    .where(and(eq(cancelReasons.reason_code, code), inArray(cancelReasons.page, REASON_PAGES)));
  if (!row) throw businessRule(`Cancel reason ${code} not found`, 'reference_not_found', 'cancel_reason_code');
  return { code, description: row.description };
}

/** What a credit of an order reverses: its latest shipment entry per order line and its latest invoice entry. */
async function reversedEntries(tx: Tx, posSoNo: string): Promise<Plan['reverses']> {
  const items = await tx.execute<{ order_line_no: number; id: string }>(sql`
    select sl.order_line_no, max(e.id)::text as id from ${itemLedgerEntries} e
      join sales_shipment_lines sl on sl.pos_ss_no = e.document_no and sl.line_no = e.document_line_no
    where e.order_no = ${posSoNo} and e.document_type = 'sales_shipment' group by sl.order_line_no`);
  const [invoice] = await tx
    .select({ id: sql<string | null>`max(${customerLedgerEntries.id})::text` })
    .from(customerLedgerEntries)
    .where(and(eq(customerLedgerEntries.order_no, posSoNo), eq(customerLedgerEntries.entry_type, 'invoice')));
  return {
    item: new Map(
      rowsOf<{ order_line_no: number; id: string }>(items).map((r) => [Number(r.order_line_no), Number(r.id)]),
    ),
    customer: invoice?.id ? Number(invoice.id) : null,
  };
}

/** The rows of a raw `execute` (node-postgres answers { rows }, PGlite too). */
const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? r : ((r as { rows?: R[] }).rows ?? [])) as R[];

/** Posts a credit memo (`POST …/credit-memo` with lines, `…/credit-memo-all` without); answers its number. */
export function postCreditMemo(tx: Tx, auth: Auth, body: CreditRequest): Promise<string> {
  return runPosting<SalesOrderRow, Plan, string, string>(tx, body.lines ? 'credit_memo' : 'credit_memo_all', {
    lock: (tx) => lockOrderForCredit(tx, auth.scope, body.pos_so_no, body.version),
    check: async (tx, order) => {
      const lines = await itemLinesOf(tx, order.pos_so_no);
      const moves = movesOf(lines, body);
      const reason = await reasonOf(tx, body.cancel_reason_code);
      return {
        order,
        lines,
        moves,
        postingDate: businessDate(),
        reason,
        reverses: await reversedEntries(tx, order.pos_so_no),
      };
    },
    number: (tx, order, plan) =>
      takeNextNumber(tx, { franchiseCode: order.franchise_code, documentType: 'SCM', date: plan.postingDate }),
    write: async (tx, order, plan, no) => {
      const posted = postedLinesOf(order, plan.moves, (m) => m.line.line_no);
      const totals = postedTotals(posted, invoiceDiscountOf(order, plan.lines, plan.moves));
      const { pos_so_no: _no, version: _v, created_at: _c, updated_at: _u, ...header } = order;
      const by = auth.userId || null;
      await tx.insert(salesOrders).values({
        ...header,
        pos_so_no: no,
        document_type: 'credit_memo',
        status: 'invoiced',
        applies_to_order_no: order.pos_so_no,
        converted_order_no: '',
        order_date: plan.postingDate,
        posting_date: plan.postingDate,
        // The order's header discounts (invoice, promotion, points) spread over what is credited, all in one figure;
        // fees are not credited (a service that was rendered).
        invoice_discount_amount: totals.invoice_discount_amount,
        promotion_discount_amount: '0',
        points_discount_amount: '0',
        fees_amount: '0',
        grand_total: totals.grand_total,
        cancel_reason_code: plan.reason.code,
        cancel_reason_description: plan.reason.description,
        created_by: by,
      });
      await tx.insert(salesOrderLines).values(
        plan.moves.map((m, i) => ({
          pos_so_no: no,
          line_no: m.line.line_no,
          line_type: 'item' as const,
          item_no: m.line.item_no,
          variant_code: m.line.variant_code,
          description: m.line.description,
          unit_of_measure: m.line.unit_of_measure,
          qty_per_unit_of_measure: m.line.qty_per_unit_of_measure,
          location_code: posted[i].location_code,
          quantity: m.quantity,
          unit_price: m.line.unit_price,
          price_source: m.line.price_source,
          line_discount_percent: m.line.line_discount_percent,
          line_discount_amount: posted[i].line_discount_amount,
          amount: posted[i].amount,
          vat_percent: m.line.vat_percent,
          qty_shipped: m.quantity,
          qty_invoiced: m.quantity,
          la_so_line_note: m.line.la_so_line_note,
        })),
      );
      // The revenue storage (modules/reports): value entries and document row from the credit memo just written.
      await postCreditMemoValue(tx, no);
      const common = {
        franchise_code: order.franchise_code,
        order_no: order.pos_so_no,
        posting_date: plan.postingDate,
        created_by: by,
      };
      await postItemEntries(
        tx,
        plan.moves.map((m) => ({
          ...common,
          entry_type: 'sale_return',
          location_code: lineLocation(m.line, order),
          item_no: m.line.item_no,
          variant_code: m.line.variant_code,
          quantity: baseQty(m.line, m.quantity),
          document_type: 'sales_credit_memo',
          document_no: no,
          document_line_no: m.line.line_no,
          reverses_entry_id: plan.reverses.item.get(m.line.line_no) ?? null,
        })),
      );
      await postCustomerEntries(tx, [
        {
          ...common,
          entry_type: 'credit_memo',
          customer_no: order.sell_to_code,
          amount: D(totals.grand_total).neg().toFixed(2),
          document_type: 'sales_credit_memo',
          document_no: no,
          reverses_entry_id: plan.reverses.customer,
        },
      ]);
      await loyaltyOnCreditMemo(tx, auth, order, {
        pos_so_no: no,
        amount: totals.grand_total,
        postingDate: plan.postingDate,
      });
    },
    update: async (tx, order, plan, no) => {
      const credited = new Map(plan.moves.map((m) => [m.line.line_no, m.quantity]));
      await setLineQuantities(
        tx,
        order.pos_so_no,
        plan.lines
          .filter((l) => credited.has(l.line_no))
          .map((l) => ({ ...l, qty_credited: toQty(D(l.qty_credited).plus(credited.get(l.line_no)!)) })),
      );
      // Any line change bumps the header version (one version per document: COMMON "Design decisions").
      await tx
        .update(salesOrders)
        .set({ version: sql`${salesOrders.version} + 1`, updated_at: stampNow() })
        .where(eq(salesOrders.pos_so_no, order.pos_so_no));
      return no;
    },
    enqueue: async (tx, order, _plan, no) => {
      await enqueueErpDocument(tx, {
        kind: 'sales_order',
        documentNo: order.pos_so_no,
        action: 'post',
        postedKind: 'sales_cr_memo',
        postedNo: no,
      });
      // Its adjusting e-invoice (issue 21), referring to the order's invoice.
      await recordCreditMemoEInvoice(tx, no);
    },
  });
}
