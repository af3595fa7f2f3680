import { businessDate } from '@fp/contract';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { Scope } from '../../../http/scope.js';
import { D, sum, toMoney, toQty } from '../../../kernel/money.js';
import { takeNextNumber } from '../../number-series/service.js';
import { purchaseOrderLines, purchaseOrders } from '../schema.js';
import { postPurchaseCreditMemo } from './credit-memo.js';
import { receivePurchaseOrder } from './receive.js';
import { shipPurchaseOrder } from './ship.js';

// Released purchase orders written straight to the tables (without the documents module's create and release), and
// their postings run in the caller's transaction: the test fixtures, the books' hand-made data and the bench.

export type PurchaseLineSpec = {
  item_no: string;
  purchase_qty: string;
  unit_price?: string;
  line_discount_amount?: string;
  qty_per_unit_of_measure?: string;
  unit_of_measure?: string;
  location_code?: string;
};

/** Head office as a posting's caller (every franchise in scope). */
export const headOfficeAuth = (userId = 0): Auth => ({
  userId,
  username: 'head-office',
  roleName: null,
  isAdmin: true,
  franchiseCode: null,
  grants: [],
  buttons: [],
  sessionId: 0,
  scope: new Scope(null),
});

/**
 * A purchase order (released unless told: PO number, bc_so_no from HSO) with lines priced as COMMON "Purchase order
 * money" says: amount = qty × price − line discount, total_lines = Σ, grand_total = total − invoice discount.
 */
export async function insertPurchaseOrder(
  tx: Tx,
  buyer: { franchise_code: string; location_code: string },
  lines: PurchaseLineSpec[],
  o: { status?: string; invoice_discount_amount?: string; agent_code?: string } = {},
) {
  const priced = lines.map((l, i) => {
    const unit_price = l.unit_price ?? '100000';
    const line_discount_amount = l.line_discount_amount ?? '0';
    return {
      line_no: (i + 1) * 10000,
      item_no: l.item_no,
      description: `Item ${l.item_no}`,
      unit_of_measure: l.unit_of_measure ?? 'PCS',
      qty_per_unit_of_measure: l.qty_per_unit_of_measure ?? '1',
      location_code: l.location_code ?? buyer.location_code,
      purchase_qty: toQty(l.purchase_qty),
      unit_price,
      line_discount_amount,
      amount: toMoney(D(l.purchase_qty).mul(unit_price).minus(line_discount_amount)),
      vat_percent: '10',
    };
  });
  const total = sum(priced.map((l) => l.amount));
  const discount = o.invoice_discount_amount ?? '0';
  const status = o.status ?? 'released';
  const pos_po_no = await takeNextNumber(tx, { franchiseCode: buyer.franchise_code, documentType: 'PO' });
  const released = status !== 'open';
  const bc_so_no = released
    ? await takeNextNumber(tx, { franchiseCode: buyer.franchise_code, documentType: 'HSO' })
    : '';
  await tx.insert(purchaseOrders).values({
    pos_po_no,
    type: 'Order',
    franchise_code: buyer.franchise_code,
    location_code: buyer.location_code,
    status,
    po_no: released ? pos_po_no : '',
    bc_so_no,
    vendor_no: 'HO-V',
    vendor_name: 'Head Office',
    franchise_name: `Franchise ${buyer.franchise_code}`,
    receiving_code: buyer.location_code,
    receiving_address: '12 Lê Lợi',
    receiving_district_name: 'Quận 1',
    receiving_region_code: 'HCM',
    agent_code: o.agent_code ?? 'GHN',
    order_date: businessDate(),
    invoice_discount_amount: toMoney(discount),
    total_lines: toMoney(total),
    grand_total: toMoney(total.minus(discount)),
  });
  await tx.insert(purchaseOrderLines).values(priced.map((l) => ({ ...l, pos_po_no })));
  return { pos_po_no, version: 1, bc_so_no, grand_total: toMoney(total.minus(discount)) };
}

type Step =
  | { ship: { line_no: number; quantity: string }[] | 'all' }
  | { receive: { line_no: number; qty_to_receive: string }[] }
  | { credit: { line_no: number; quantity: string }[] };

/** A released order and its postings in order (each through the posting functions, head office as the caller). */
export async function directPurchase(
  tx: Tx,
  buyer: { franchise_code: string; location_code: string },
  lines: PurchaseLineSpec[],
  steps: Step[],
  o: { invoice_discount_amount?: string } = {},
) {
  const po = await insertPurchaseOrder(tx, buyer, lines, o);
  const auth = headOfficeAuth();
  let version = po.version;
  const numbers: string[] = [];
  for (const s of steps) {
    const ref = { pos_po_no: po.pos_po_no, version };
    if ('ship' in s)
      numbers.push(await shipPurchaseOrder(tx, auth, { ...ref, lines: s.ship === 'all' ? undefined : s.ship }));
    else if ('receive' in s) numbers.push(await receivePurchaseOrder(tx, auth, { ...ref, lines: s.receive }));
    else numbers.push(await postPurchaseCreditMemo(tx, auth, { ...ref, lines: s.credit }));
    version++;
  }
  return { ...po, version, numbers };
}
