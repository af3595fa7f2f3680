import { businessDate, purchaseCapMessages } from '@fp/contract';
import type { Tx } from '../../../db/client.js';
import type { Auth } from '../../../http/context.js';
import { businessRule, forbidden } from '../../../http/errors.js';
import { D, toQty } from '../../../kernel/money.js';
import { runPosting } from '../../../kernel/posting.js';
import { vendorLedgerEntries } from '../../ledger/schema.js';
import { takeNextNumber } from '../../number-series/service.js';
import { purchaseInvoiceLines, purchaseInvoices, purchaseShipmentLines, purchaseShipments } from '../schema.js';
import { pricePurchaseMovements, type PurchaseMovement } from './amounts.js';
import {
  finishPurchaseOrder,
  lockPurchaseOrder,
  postingLinesOf,
  requestedLines,
  setPurchaseLineQuantities,
  type PurchaseLineRow,
  type PurchaseOrderRow,
} from './order.js';

// Head office ships a released purchase order (standalone ERP): a posted shipment (HSS) and its invoice to the
// franchise (HSI) with the vendor ledger's invoice entry, in one transaction (kernel/posting.ts steps). Nothing moves
// in the franchise's item ledger: the goods are the store's once it receives them (receive.ts).

export const SHIP_HEAD_OFFICE_ONLY = 'Only head office can ship a purchase order';
export const SHIPS_IN_ERP = 'Head office ships in the ERP';

export type ShipBody = {
  pos_po_no: string;
  version: number;
  lines?: { line_no: number; quantity: string }[] | undefined;
  shipment_date?: string | null | undefined;
  shipping_agent_code?: string | undefined;
  external_document_no?: string | undefined;
};

type ShipPlan = {
  lines: PurchaseLineRow[];
  moves: PurchaseMovement[];
  priced: ReturnType<typeof pricePurchaseMovements>;
  postingDate: string;
  shipmentDate: string;
};
type Numbers = { hss: string; hsi: string };

/** Who may ship, before anything is read: head office (403 otherwise), standalone ERP only (422 otherwise). */
export function assertMayShip(auth: Auth, erpMode: string) {
  if (!auth.scope.all) throw forbidden(SHIP_HEAD_OFFICE_ONLY);
  if (erpMode !== 'standalone') throw businessRule(SHIPS_IN_ERP, 'ships_in_erp');
}

function shipMoves(lines: PurchaseLineRow[], body: ShipBody): PurchaseMovement[] {
  const outstanding = (l: PurchaseLineRow) => D(l.purchase_qty).minus(l.qty_shipped);
  if (!body.lines)
    return lines
      .filter((l) => outstanding(l).gt(0))
      .map((l) => ({ line: l, before: l.qty_shipped, quantity: toQty(outstanding(l)) }));
  return requestedLines(
    lines,
    body.lines.map((r) => ({ line_no: r.line_no, quantity: r.quantity })),
  ).map((r) => {
    if (D(r.quantity).gt(outstanding(r.line)))
      throw businessRule(
        purchaseCapMessages.ship(r.line, r.quantity, toQty(outstanding(r.line))),
        'qty_exceeds_outstanding',
        `lines.${r.index}.quantity`,
      );
    return { line: r.line, before: r.line.qty_shipped, quantity: r.quantity };
  });
}

/** `POST /api/purchase-orders/ship`: answers the posted shipment's number. */
export function shipPurchaseOrder(tx: Tx, auth: Auth, body: ShipBody) {
  return runPosting<PurchaseOrderRow, ShipPlan, Numbers, string>(tx, 'purchase_ship', {
    lock: (tx) => lockPurchaseOrder(tx, auth.scope, 'ship', body.pos_po_no, body.version),
    check: async (tx, order) => {
      const lines = await postingLinesOf(tx, order.pos_po_no);
      const moves = shipMoves(lines, body);
      if (moves.length === 0) throw businessRule('Nothing to ship', 'nothing_to_ship', 'lines');
      const postingDate = businessDate();
      return {
        lines,
        moves,
        priced: pricePurchaseMovements(order, lines, moves),
        postingDate,
        shipmentDate: body.shipment_date ?? postingDate,
      };
    },
    number: async (tx, order, plan) => {
      const take = (documentType: 'HSS' | 'HSI') =>
        takeNextNumber(tx, { franchiseCode: order.franchise_code, documentType, date: plan.postingDate });
      return { hss: await take('HSS'), hsi: await take('HSI') };
    },
    write: async (tx, order, plan, n) => {
      const createdBy = auth.userId || null;
      await tx.insert(purchaseShipments).values({
        no: n.hss,
        order_no: order.bc_so_no,
        pos_po_no: order.pos_po_no,
        franchise_code: order.franchise_code,
        location_code: order.location_code,
        customer: order.franchise_name,
        customer_no: order.franchise_code,
        order_date: order.order_date,
        posting_date: plan.postingDate,
        shipment_date: plan.shipmentDate,
        ship_to_address: shipToAddress(order),
        shipping_agent_code: body.shipping_agent_code || order.agent_code,
        external_document_no: body.external_document_no || order.pos_po_no,
        created_by: createdBy,
      });
      await tx.insert(purchaseShipmentLines).values(plan.priced.lines.map((l) => ({ no: n.hss, ...l })));
      await tx.insert(purchaseInvoices).values({
        no: n.hsi,
        shipment_no: n.hss,
        pos_po_no: order.pos_po_no,
        order_no: order.bc_so_no,
        franchise_code: order.franchise_code,
        vendor_no: order.vendor_no,
        posting_date: plan.postingDate,
        ...plan.priced.totals,
        created_by: createdBy,
      });
      await tx.insert(purchaseInvoiceLines).values(plan.priced.lines.map((l) => ({ no: n.hsi, ...l })));
      await tx.insert(vendorLedgerEntries).values({
        entry_type: 'invoice',
        franchise_code: order.franchise_code,
        vendor_no: order.vendor_no,
        amount: plan.priced.totals.amount,
        document_type: 'purchase_invoice',
        document_no: n.hsi,
        order_no: order.pos_po_no,
        posting_date: plan.postingDate,
        created_by: createdBy,
      });
    },
    update: async (tx, order, plan, n) => {
      await setPurchaseLineQuantities(
        tx,
        order.pos_po_no,
        plan.moves.map((m) => {
          const shipped = toQty(D(m.before).plus(m.quantity));
          return { line_no: m.line.line_no, qty_shipped: shipped, qty_invoiced: shipped };
        }),
      );
      await finishPurchaseOrder(tx, auth.scope, { action: 'ship', posPoNo: order.pos_po_no, version: order.version });
      return n.hss;
    },
    // Head office's side has no ERP document of ours to post (standalone: the product is the record).
    enqueue: async () => {},
  });
}

/** The receiving address as one line (the posted shipment's ship-to). */
export const shipToAddress = (o: PurchaseOrderRow) =>
  [o.receiving_address, o.receiving_district_name, o.receiving_region_code].filter(Boolean).join(', ');
