import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { systemAuth } from '../../../http/context.js';
import { enqueue, type JobRunner } from '../../../jobs/queue.js';
import type { Erp, ErpPostedDocument } from '../../../erp/port.js';
import { withSyncLog } from '../../../erp/sync-log.js';
import { syncLogs } from '../../../erp/schema.js';
import { purchaseOrderLines, purchaseOrders, purchaseShipments } from '../schema.js';
import { shipPurchaseOrder } from './ship.js';

/**
 * With an ERP (not standalone), head office ships purchase orders in the ERP: BC posts a sales shipment of the head
 * office sales order whose externalDocumentNumber is the pos_po_no (documents.release of the purchase order). This
 * job brings each such shipment in as the head office shipment the store receives (HSS + HSI, the same posting as
 * the standalone "ship" step, ship.ts), with the ERP's shipment number as its external document number — once:
 * a shipment already brought in (same order, same external number) is passed by, under the order's lock.
 *
 * It runs on the job queue (`erp.shipments`, one at a time by its key; never in a request), every
 * ERP_SHIPMENTS_EVERY_MS from background.ts and on demand; it reads what the ERP posted since its last successful
 * run (sync log table `purchase_shipment`).
 */
export const ERP_SHIPMENTS_QUEUE = 'erp.shipments';
export const ERP_SHIPMENTS_EVERY_MS = 5 * 60_000;
const TABLE = 'purchase_shipment';

export type ErpShipmentsResult = { read: number; posted: number; skipped: number };

async function since(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db
    .select({ at: syncLogs.started_at })
    .from(syncLogs)
    .where(and(eq(syncLogs.table_code, TABLE), eq(syncLogs.status, 'success')))
    .orderBy(sql`${syncLogs.id} desc`)
    .limit(1);
  // Ten minutes of overlap: the ERP's clock may differ from ours; a shipment read twice is passed by.
  return row?.at ? new Date(Date.parse(row.at) - 10 * 60_000).toISOString() : undefined;
}

/** Posts one ERP shipment as a head office shipment; false when it was brought in before or is not a purchase order's. */
async function bringIn(db: DbOrTx, doc: ErpPostedDocument): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ version: purchaseOrders.version })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.pos_po_no, doc.order_no))
      .for('update');
    if (!order) return false; // a shipment of a store's own sales order (ship now), not of a purchase order
    const [seen] = await tx
      .select({ no: purchaseShipments.no })
      .from(purchaseShipments)
      .where(and(eq(purchaseShipments.pos_po_no, doc.order_no), eq(purchaseShipments.external_document_no, doc.no)));
    if (seen) return false;
    const ours = await tx
      .select({ line_no: purchaseOrderLines.line_no })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.pos_po_no, doc.order_no));
    const known = new Set(ours.map((l) => l.line_no));
    const lines = doc.lines
      .filter((l) => known.has(l.line_no) && Number(l.quantity) > 0)
      .map((l) => ({ line_no: l.line_no, quantity: l.quantity }));
    if (lines.length === 0) return false;
    await shipPurchaseOrder(tx, systemAuth('erp'), {
      pos_po_no: doc.order_no,
      version: order.version,
      lines,
      shipment_date: doc.posting_date || null,
      external_document_no: doc.no,
    });
    return true;
  });
}

/** Reads the ERP's posted shipments since the last run and brings those of purchase orders in; logged. */
export async function importErpShipments(services: { db: DbOrTx; erp: Erp }): Promise<ErpShipmentsResult> {
  const { db, erp } = services;
  const result: ErpShipmentsResult = { read: 0, posted: 0, skipped: 0 };
  if (erp.mode === 'standalone') return result;
  await withSyncLog(db, { table_code: TABLE, action: 'sync', erp_mode: erp.mode }, async () => {
    const from = await since(db);
    for (let p = await erp.documents.fetchPosted({ kind: 'sales_shipment', since: from }); ;) {
      for (const doc of p.value) {
        result.read++;
        if (await bringIn(db, doc)) result.posted++;
        else result.skipped++;
      }
      if (!p.nextLink) break;
      p = await erp.documents.fetchPosted({ kind: 'sales_shipment', nextLink: p.nextLink });
    }
    return {
      records: result.read,
      message: `${result.read} ERP shipments read, ${result.posted} brought in as head office shipments, ${result.skipped} passed by`,
    };
  });
  return result;
}

/** Registers the job (app.ts); `scheduleErpShipments` queues a run unless one is waiting already. */
export function registerErpShipments(services: { db: DbOrTx; erp: Erp; jobs: JobRunner }) {
  services.jobs.register(ERP_SHIPMENTS_QUEUE, () => importErpShipments(services));
}
export const scheduleErpShipments = (db: DbOrTx) =>
  enqueue(db, { queue: ERP_SHIPMENTS_QUEUE, key: 'erp-shipments', payload: {}, maxAttempts: 3 });
