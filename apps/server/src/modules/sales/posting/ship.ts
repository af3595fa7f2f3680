import { businessDate } from '@fp/contract';
import type { ErpPostedDocumentKind } from '../../../erp/port.js';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { businessRule } from '../../../http/errors.js';
import { D, toQty } from '../../../kernel/money.js';
import { batchErpPosts } from '../../../kernel/outbox.js';
import type { WriteBatch } from '../../../kernel/batch.js';
import { recordInvoiceEInvoiceOf } from '../../einvoices/record.js';
import { jsonOf } from '../../../db/rows.js';
import { remainingAmountSql } from '../amounts.js';
import { requireAction } from '../limits.js';
import { settingsFrom, settingsJsonSql } from '../../system/settings.js';
import { accountFrom, eInvoiceAccountJsonSql } from '../../einvoices/runtime.js';
import type { CounterSettings } from '@fp/contract';
import { sql, type SQL } from 'drizzle-orm';
import { runPosting } from '../../../kernel/posting.js';
import {
  assertStock,
  batchCustomerEntries,
  batchItemEntries,
  stockLockNameSql,
  stockLocksSql,
} from '../../ledger/service.js';
import { takeNextNumbers } from '../../number-series/service.js';
import { assertPaidOrSellOnCredit } from '../credit.js';
import { feesJsonSql, feesOf } from '../fees.js';
import { loyaltyContextJsonSql, loyaltyOnInvoice, type LoyaltyContext } from '../../loyalty/order-points.js';
import type { FeeAmount } from '../totals.js';
import { salesOrderLock, type LockedSalesOrder, type SalesLineRow, type SalesOrderRow } from '../load.js';
import {
  assertLockedOrder,
  baseQty,
  batchFinishOrder,
  itemLinesIn,
  lineLocation,
  lockOrder,
  outstandingOf,
  setLineQuantities,
  statusAfterPosting,
  type LineQuantities,
} from './order.js';
import {
  invoiceDiscountOf,
  postedHeaderOf,
  postedLinesOf,
  postedTotals,
  writeInvoice,
  writeShipment,
  type Movement,
} from './posted.js';

// Ship Now (issue 8 order machine): posts a shipment (SS) of each line's qty to ship and an invoice (SI) of each
// line's qty to invoice, in one transaction (kernel/posting.ts steps). Close (close.ts) posts the invoice part only.

export type ShipPlan = {
  order: SalesOrderRow;
  lines: SalesLineRow[];
  ships: Movement[];
  invoices: Movement[];
  postingDate: string;
  /** The lines' quantities after the posting. */
  after: LineQuantities[];
  status: string;
  /** The order's fees when the posting read them with the order (else invoiceFeesOf reads them). */
  fees?: FeeAmount[];
  /** The counter settings when the posting read them (the loyalty earn rates). */
  settings?: CounterSettings;
  /** The franchise's e-invoice account when the posting read it. */
  account?: ReturnType<typeof accountFrom>;
  /** What the invoice's loyalty reads of the customer, when the posting read it with the order (null: none). */
  loyalty?: LoyaltyContext | null;
};
export type ShipNumbers = { ss: string | null; si: string | null };
type Numbers = ShipNumbers;

/** `lines.<i>.<field>`: i is the line's position in the order's item lines (as GET answers them). */
const lineField = (lines: readonly SalesLineRow[], line: SalesLineRow, field: string) =>
  `lines.${lines.indexOf(line)}.${field}`;

/** Checks a line's qty to ship and to invoice against what is outstanding and shipped (422 naming the line). */
function checkLine(order: SalesOrderRow, lines: SalesLineRow[], l: SalesLineRow) {
  const outstanding = outstandingOf(l, order.status);
  if (D(l.qty_to_ship).gt(outstanding))
    throw businessRule(
      `Line ${l.line_no} (${l.item_no}): qty to ship ${toQty(l.qty_to_ship)} is more than the ${toQty(outstanding)} outstanding`,
      'qty_exceeds_outstanding',
      lineField(lines, l, 'qty_to_ship'),
    );
  const invoiceable = D(l.qty_shipped).plus(l.qty_to_ship).minus(l.qty_invoiced);
  if (D(l.qty_to_invoice).gt(invoiceable))
    throw businessRule(
      `Line ${l.line_no} (${l.item_no}): qty to invoice ${toQty(l.qty_to_invoice)} is more than the ${toQty(invoiceable)} shipped and not invoiced`,
      'qty_exceeds_outstanding',
      lineField(lines, l, 'qty_to_invoice'),
    );
}

/**
 * The lines after shipping and invoicing: qty_to_ship and qty_to_invoice are reset to the new outstanding (what the
 * next Ship Now would post: the rest of the line), so a second Ship Now finishes the order without more input.
 */
export function quantitiesAfter(
  lines: readonly SalesLineRow[],
  ships: Map<number, string>,
  invoices: Map<number, string>,
) {
  return lines.map((l) => {
    const shipped = D(l.qty_shipped).plus(ships.get(l.line_no) ?? 0);
    const invoiced = D(l.qty_invoiced).plus(invoices.get(l.line_no) ?? 0);
    const toShip = D(l.quantity).minus(shipped);
    return {
      line_no: l.line_no,
      quantity: l.quantity,
      qty_to_ship: toQty(toShip),
      qty_shipped: toQty(shipped),
      qty_to_invoice: toQty(D(l.quantity).minus(invoiced)),
      qty_invoiced: toQty(invoiced),
      qty_credited: l.qty_credited,
    };
  });
}

/** The invoice part of a posting: lines, totals and the customer ledger entry (shared by Ship Now and Close). */
export function invoiceOf(plan: Pick<ShipPlan, 'order' | 'lines' | 'invoices'>, fees: readonly FeeAmount[] = []) {
  const lines = postedLinesOf(plan.order, plan.invoices);
  return { lines, totals: postedTotals(lines, invoiceDiscountOf(plan.order, plan.lines, plan.invoices), fees) };
}

/** The fees an invoice of the plan bills: all of the order's fees on its first invoice, none on later ones. */
export async function invoiceFeesOf(tx: Tx, plan: Pick<ShipPlan, 'order' | 'lines' | 'fees'>): Promise<FeeAmount[]> {
  const first = plan.lines.every((l) => D(l.qty_invoiced).isZero());
  return first ? (plan.fees ?? (await feesOf(tx, plan.order.pos_so_no))) : [];
}

/**
 * Writes the shipment, the invoice, their ledger entries, revenue rows and loyalty points of a plan (numbers taken),
 * all added to the posting's batch.
 */
export async function writeShipAndInvoice(tx: Tx, auth: Auth, plan: ShipPlan, n: Numbers, batch: WriteBatch) {
  const header = postedHeaderOf(plan.order, plan.postingDate, auth.userId || null);
  const common = {
    franchise_code: plan.order.franchise_code,
    order_no: plan.order.pos_so_no,
    posting_date: plan.postingDate,
    created_by: auth.userId || null,
  };
  if (n.ss) {
    const lines = postedLinesOf(plan.order, plan.ships);
    writeShipment(tx, batch, { no: n.ss, header, lines });
    batchItemEntries(
      tx,
      batch,
      plan.ships.map((m, i) => ({
        ...common,
        entry_type: 'sale',
        location_code: lineLocation(m.line, plan.order),
        item_no: m.line.item_no,
        variant_code: m.line.variant_code,
        quantity: toQty(D(baseQty(m.line, m.quantity)).neg()),
        document_type: 'sales_shipment',
        document_no: n.ss!,
        document_line_no: lines[i].line_no,
      })),
    );
  }
  if (n.si) {
    const invoice = invoiceOf(plan, await invoiceFeesOf(tx, plan));
    writeInvoice(tx, batch, { no: n.si, header, ...invoice });
    batchCustomerEntries(tx, batch, [
      {
        ...common,
        entry_type: 'invoice',
        customer_no: plan.order.sell_to_code,
        amount: invoice.totals.grand_total,
        document_type: 'sales_invoice',
        document_no: n.si,
      },
    ]);
    await loyaltyOnInvoice(
      tx,
      auth,
      plan.order,
      { pos_si_no: n.si, amount: invoice.totals.grand_total, postingDate: plan.postingDate },
      {
        batch,
        ...(plan.settings ? { settings: plan.settings } : {}),
        ...(plan.loyalty !== undefined ? { context: plan.loyalty } : {}),
      },
    );
    // Its e-invoice (issue 21): pending with its job, or not_sent without a provider.
    await recordInvoiceEInvoiceOf(
      tx,
      batch,
      { pos_si_no: n.si, ...header, amount: invoice.totals.grand_total },
      plan.order,
      plan.account,
    );
  }
}

/** A quantity as its numeric(18,5) column reads back ("2.00000"), so a posting's answer is what GET answers. */
const asColumn = (v: string) => D(v).toFixed(5);

/** The lines as setLineQuantities leaves them (what the posting's answer shows without reading them back). */
export const linesAfter = (lines: readonly SalesLineRow[], after: readonly LineQuantities[]): SalesLineRow[] =>
  lines.map((l) => {
    const a = after.find((x) => x.line_no === l.line_no);
    return a
      ? {
          ...l,
          qty_to_ship: asColumn(a.qty_to_ship),
          qty_shipped: asColumn(a.qty_shipped),
          qty_to_invoice: asColumn(a.qty_to_invoice),
          qty_invoiced: asColumn(a.qty_invoiced),
          qty_credited: asColumn(a.qty_credited),
          version: l.version + 1,
        }
      : l;
  });

/** Takes the SS and SI numbers a plan needs (last, right before the rows are written), in one statement. */
export async function takeShipNumbers(tx: Tx, plan: ShipPlan): Promise<Numbers> {
  const types: ('SS' | 'SI')[] = [];
  if (plan.ships.length) types.push('SS');
  if (plan.invoices.length) types.push('SI');
  const taken = await takeNextNumbers(tx, {
    franchiseCode: plan.order.franchise_code,
    documentTypes: types,
    date: plan.postingDate,
  });
  return { ss: taken.SS ?? null, si: taken.SI ?? null };
}

/** Enqueues the ERP 'post' jobs of the posted shipment and invoice, in the posting's batch. */
export function enqueuePosted(order: SalesOrderRow, n: Numbers, batch: WriteBatch) {
  const posted: { postedKind: ErpPostedDocumentKind; postedNo: string }[] = [];
  if (n.ss) posted.push({ postedKind: 'sales_shipment', postedNo: n.ss });
  if (n.si) posted.push({ postedKind: 'sales_invoice', postedNo: n.si });
  batchErpPosts(batch, { kind: 'sales_order', documentNo: order.pos_so_no, posted });
}

type ShipExtra = {
  remaining_amount: string;
  fees: unknown;
  settings: unknown;
  einvoice: unknown;
  loyalty: unknown;
  stock_locks: string[];
};

/**
 * What Ship Now reads with the order in the statement that locks it: what the checks and the writes need besides the
 * lines (the remaining amount, the fees, the settings, the e-invoice account, the customer's loyalty), and the stock
 * locks of the positions its lines ship from (assertStock takes only the ones missing, so it asks for none).
 */
export const shipLockColumns = (): Record<keyof ShipExtra, SQL> => ({
  remaining_amount: remainingAmountSql(),
  fees: feesJsonSql(sql`"sales_orders"."pos_so_no"`),
  settings: settingsJsonSql(),
  einvoice: eInvoiceAccountJsonSql(sql`"sales_orders"."franchise_code"`),
  loyalty: loyaltyContextJsonSql(sql`"sales_orders"."sell_to_code"`),
  // The positions of lineLocation: the line's location, else the order's.
  stock_locks: stockLocksSql(sql`select ${stockLockNameSql(
    sql`coalesce(nullif(l.location_code, ''), "sales_orders"."location_code")`,
    sql`l.item_no`,
    sql`l.variant_code`,
  )} as n from sales_order_lines l
    where l.pos_so_no = "sales_orders"."pos_so_no" and l.line_type = 'item' and l.qty_to_ship > 0`),
});

/** Ship Now's lock: the order with its lines and shipLockColumns, locked in one prepared statement. */
const shipLock = salesOrderLock<ShipExtra>('fp_sales_order_ship_lock', shipLockColumns);

/**
 * Ship Now: `POST /api/sales-orders/ship`. Answers the order row after the posting. An order with a remaining amount
 * needs `sell_on_credit: true` and the Sell On Credit button (assertPaidOrSellOnCredit, 422 naming remaining_amount).
 * Its statements do not grow with the lines: the order with its remaining amount, fees, settings, e-invoice account and
 * customer's loyalty (shipLockColumns), the lines, the stock locks and on hand, the numbers, the order's status, and one
 * WriteBatch for every row it writes.
 */
export function shipOrder(
  tx: Tx,
  auth: Auth,
  body: { pos_so_no: string; version: number; sell_on_credit?: boolean | undefined },
  /**
   * shortStockPosts: an offline counter sale already handed over ships even where stock went short (issue 19);
   * requireButton: the caller's Ship button is checked on the locked order (the ship call).
   * The counter sale (issue 22), which has just created the order in this transaction: `lines`, its lines as written
   * (not read again); `stockChecked`, the caller checked the stock of exactly what ships (every line's quantity)
   * under the stock locks of this transaction (lockStock, held until commit), so it is not checked twice; `enqueue`,
   * more writes of the caller that need the posted numbers (the print of the invoice), added to the posting's batch.
   */
  o: {
    shortStockPosts?: boolean;
    requireButton?: boolean;
    lines?: readonly SalesLineRow[];
    stockChecked?: boolean;
    enqueue?: (n: Numbers, batch: WriteBatch) => void;
    /** The order as the caller holds it locked, read with shipLockColumns after its last change (not locked again). */
    locked?: SalesOrderRow & Record<string, unknown>;
  } = {},
) {
  type Locked = LockedSalesOrder<ShipExtra>;
  const authorize = o.requireButton
    ? (row: SalesOrderRow) => requireAction(auth, row.document_type, 'ship')
    : undefined;
  return runPosting<Locked, ShipPlan, Numbers, { lines: SalesLineRow[] }>(tx, 'ship', {
    lock: async (tx) => {
      if (o.locked) {
        if (o.locked.pos_so_no !== body.pos_so_no) throw new Error("shipOrder: the locked order is not the body's");
        if (!o.lines) throw new Error('shipOrder: a locked order comes with its lines');
        const order = assertLockedOrder(auth.scope, 'ship', o.locked as Locked['order'], body.version, authorize);
        return { order, lines: itemLinesIn(o.lines) };
      }
      return lockOrder<ShipExtra>(tx, auth.scope, 'ship', body.pos_so_no, body.version, {
        lock: shipLock,
        ...(authorize ? { authorize } : {}),
      });
    },
    check: async (tx, { order: locked, lines }) => {
      const {
        remaining_amount,
        fees: feesJson,
        settings: settingsJson,
        einvoice,
        loyalty,
        stock_locks: stockLocks,
        ...order
      } = locked;
      // Support to ship handed the order to head office: the store no longer ships it itself (README).
      if (order.shipping_by === 'head_office' && !auth.scope.all)
        throw businessRule('Head office ships this sales order', 'shipped_by_head_office', 'shipping_by');
      for (const l of lines) checkLine(order, lines, l);
      const ships = lines
        .filter((l) => D(l.qty_to_ship).gt(0))
        .map((l) => ({ line: l, before: l.qty_shipped, quantity: toQty(l.qty_to_ship) }));
      const invoices = lines
        .filter((l) => D(l.qty_to_invoice).gt(0))
        .map((l) => ({ line: l, before: l.qty_invoiced, quantity: toQty(l.qty_to_invoice) }));
      if (ships.length === 0 && invoices.length === 0)
        throw businessRule('Nothing to ship', 'nothing_to_ship', 'lines');
      // Money still due ships only when the caller sells on credit (credit.ts), before any stock lock is taken.
      await assertPaidOrSellOnCredit(tx, auth, order, body.sell_on_credit, remaining_amount);
      const settings = settingsFrom(jsonOf<Record<string, unknown>>(settingsJson));
      if (!o.shortStockPosts && !o.stockChecked)
        await assertStock(
          tx,
          order.franchise_code,
          ships.map((m) => ({
            locationCode: lineLocation(m.line, order),
            itemNo: m.line.item_no,
            variantCode: m.line.variant_code,
            quantity: baseQty(m.line, m.quantity),
            field: lineField(lines, m.line, 'qty_to_ship'),
          })),
          { allowNegative: settings.allow_negative_stock === true, locked: new Set(stockLocks) },
        );
      const after = quantitiesAfter(
        lines,
        new Map(ships.map((m) => [m.line.line_no, m.quantity])),
        new Map(invoices.map((m) => [m.line.line_no, m.quantity])),
      );
      return {
        order,
        lines,
        ships,
        invoices,
        postingDate: businessDate(),
        after,
        status: statusAfterPosting(after),
        fees: jsonOf<FeeAmount[]>(feesJson),
        settings,
        account: accountFrom(jsonOf<Parameters<typeof accountFrom>[0]>(einvoice)),
        loyalty: jsonOf<LoyaltyContext | null>(loyalty) ?? null,
      };
    },
    number: (tx, _order, plan) => takeShipNumbers(tx, plan),
    write: (tx, _order, plan, n, batch) => writeShipAndInvoice(tx, auth, plan, n, batch),
    update: async (tx, { order }, plan, _n, batch) => {
      await setLineQuantities(tx, order.pos_so_no, plan.after, batch);
      batchFinishOrder(tx, batch, auth.scope, {
        action: 'ship',
        posSoNo: order.pos_so_no,
        version: order.version,
        to: plan.status,
        set: { posting_date: plan.postingDate },
      });
      return { lines: linesAfter(plan.lines, plan.after) };
    },
    enqueue: async (_tx, { order }, _plan, n, _result, batch) => {
      enqueuePosted(order, n, batch);
      o.enqueue?.(n, batch);
    },
  });
}
