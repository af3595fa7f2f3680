import { businessDate } from '@fp/contract';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { D, toQty } from '../../../kernel/money.js';
import { runPosting } from '../../../kernel/posting.js';
import type { LockedSalesOrder } from '../load.js';
import { batchFinishOrder, lockOrder, setLineQuantities } from './order.js';
import { enqueuePosted, takeShipNumbers, writeShipAndInvoice, type ShipPlan } from './ship.js';

// Close (issue 8 order machine: partial_delivered, shipped → invoiced): invoices what was shipped and not invoiced
// (an SI when there is any), and what was never shipped is no longer outstanding: qty_to_ship and qty_to_invoice
// become 0 and `quantity` is kept, so the order still shows what was ordered (README "Outstanding").

export function closeOrder(tx: Tx, auth: Auth, body: { pos_so_no: string; version: number }) {
  return runPosting<LockedSalesOrder, ShipPlan, { ss: string | null; si: string | null }, void>(tx, 'close', {
    lock: (tx) => lockOrder(tx, auth.scope, 'close', body.pos_so_no, body.version),
    check: async (_tx, { order, lines }) => {
      const invoices = lines
        .map((l) => ({ line: l, before: l.qty_invoiced, quantity: toQty(D(l.qty_shipped).minus(l.qty_invoiced)) }))
        .filter((m) => D(m.quantity).gt(0));
      const after = lines.map((l) => ({
        line_no: l.line_no,
        qty_to_ship: '0',
        qty_shipped: l.qty_shipped,
        qty_to_invoice: '0',
        qty_invoiced: l.qty_shipped,
        qty_credited: l.qty_credited,
      }));
      return { order, lines, ships: [], invoices, postingDate: businessDate(), after, status: 'invoiced' };
    },
    number: (tx, _order, plan) => takeShipNumbers(tx, plan),
    write: (tx, _order, plan, n, batch) => writeShipAndInvoice(tx, auth, plan, n, batch),
    update: async (tx, { order }, plan, _n, batch) => {
      await setLineQuantities(tx, order.pos_so_no, plan.after, batch);
      batchFinishOrder(tx, batch, auth.scope, {
        action: 'close',
        posSoNo: order.pos_so_no,
        version: order.version,
        ...(plan.invoices.length ? { set: { posting_date: plan.postingDate } } : {}),
      });
    },
    enqueue: async (_tx, { order }, _plan, n, _result, batch) => enqueuePosted(order, n, batch),
  });
}
