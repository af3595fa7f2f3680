import Decimal from 'decimal.js';
import { refreshErpDocument } from '../../../kernel/outbox.js';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { businessRule } from '../../../http/errors.js';
import { D, toQty } from '../../../kernel/money.js';
import type { Services } from '../../../services.js';
import { onHandOf, stockKeyOf } from '../../ledger/service.js';
import { finishOrder, lineLocation, lockOrder, outstandingOf, setLineQuantities } from './order.js';

// The order machine's actions that post nothing (issue 8): calculate qty-to-ship pending, support to ship, sync.

export const STANDALONE_SYNC_MESSAGE = 'Standalone mode: the product is the ERP, nothing to sync.';

type DocRef = { pos_so_no: string; version: number };

/**
 * Calculate qty-to-ship pending: each line's qty to ship becomes what is outstanding and on hand at its location;
 * lines of the same item and location share what is on hand in line order. Qty to invoice follows (what is shipped
 * and not invoiced plus the new qty to ship). Keeps the status; the version moves on.
 */
export async function calculateQtyToShip(tx: Tx, auth: Auth, body: DocRef) {
  const { order, lines } = await lockOrder(tx, auth.scope, 'calculate_qty_to_ship', body.pos_so_no, body.version);
  const keys = lines.map((l) => ({
    locationCode: lineLocation(l, order),
    itemNo: l.item_no,
    variantCode: l.variant_code,
  }));
  const left = new Map<string, Decimal>([...(await onHandOf(tx, keys))].map(([k, v]) => [k, D(v)]));
  const rows = lines.map((l, i) => {
    const key = stockKeyOf(keys[i]);
    const available = Decimal.max(0, left.get(key) ?? 0);
    const perUnit = D(l.qty_per_unit_of_measure);
    const fits = perUnit.isZero() ? D(0) : available.div(perUnit).toDecimalPlaces(5, Decimal.ROUND_DOWN);
    const toShip = Decimal.min(Decimal.max(0, outstandingOf(l, order.status)), fits);
    left.set(key, available.minus(toShip.mul(perUnit)));
    return {
      ...l,
      qty_to_ship: toQty(toShip),
      qty_to_invoice: toQty(D(l.qty_shipped).minus(l.qty_invoiced).plus(toShip)),
    };
  });
  await setLineQuantities(tx, order.pos_so_no, rows);
  await finishOrder(tx, auth.scope, {
    action: 'calculate_qty_to_ship',
    posSoNo: order.pos_so_no,
    version: order.version,
  });
}

/**
 * Support to ship: a released order's shipping is handed to head office (shipping_by = head_office; head office
 * finds it in its list by that column and ships it with Ship Now). The status stays released. A second call is a
 * 422: the order is already head office's to ship.
 */
export async function supportToShip(tx: Tx, auth: Auth, body: DocRef) {
  const { order } = await lockOrder(tx, auth.scope, 'support_to_ship', body.pos_so_no, body.version);
  if (order.shipping_by === 'head_office')
    throw businessRule('Head office already ships this sales order', 'already_supported', 'shipping_by');
  await finishOrder(tx, auth.scope, {
    action: 'support_to_ship',
    posSoNo: order.pos_so_no,
    version: order.version,
    set: { shipping_by: 'head_office' },
  });
}

/**
 * Sync: brings the ERP's state of the order back. Standalone: the product is the ERP, there is nothing to bring
 * back (says so). With an ERP, the posted documents the ERP holds for the order are read outside any transaction
 * (the outbox writes the ERP's numbers and state onto the document). The version does not move (nothing changes).
 */
export async function syncOrder(services: Services, auth: Auth, body: DocRef): Promise<string> {
  await services.db.transaction((tx) => lockOrder(tx, auth.scope, 'sync', body.pos_so_no, body.version));
  if (services.erp.mode === 'standalone') return STANDALONE_SYNC_MESSAGE;
  const { message } = await refreshErpDocument(services, 'sales_order', body.pos_so_no);
  return message;
}
