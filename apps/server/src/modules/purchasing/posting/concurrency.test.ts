import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../../test/helpers.js';
import { onHand } from '../../ledger/service.js';
import { purchaseInvoices, purchaseReceipts, purchaseShipments } from '../schema.js';
import { makeBuyer, makePurchaseItem, makePurchaseOrder } from './test-support.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('purchase postings under concurrency (PostgreSQL)', () => {
  const ctx = useTestApp();
  let admin: Client;
  let buyer: Awaited<ReturnType<typeof makeBuyer>>;
  beforeAll(async () => {
    admin = await ctx.t.admin();
    buyer = await makeBuyer(ctx.t, 'PCC');
  });

  it('20 concurrent ships of one order: exactly one posts, the others 409/422', async () => {
    const item = await makePurchaseItem(ctx.t);
    const po = await makePurchaseOrder(ctx.t, buyer, [{ item_no: item, purchase_qty: '3' }]);
    const results = await Promise.all(Array.from({ length: 20 }, () => admin.op('purchaseOrders.ship', { body: po })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    const db = ctx.t.services.db;
    expect(await db.select().from(purchaseShipments).where(eq(purchaseShipments.pos_po_no, po.pos_po_no))).toHaveLength(
      1,
    );
    expect(await db.select().from(purchaseInvoices).where(eq(purchaseInvoices.pos_po_no, po.pos_po_no))).toHaveLength(
      1,
    );
  });

  it('20 concurrent receives of one order: exactly one posts, stock counted once', async () => {
    const item = await makePurchaseItem(ctx.t);
    const po = await makePurchaseOrder(ctx.t, buyer, [{ item_no: item, purchase_qty: '3' }]);
    expect((await admin.op('purchaseOrders.ship', { body: po })).statusCode).toBe(200);
    const body = { pos_po_no: po.pos_po_no, version: 2, lines: [{ line_no: 10000, qty_to_receive: '3' }] };
    const results = await Promise.all(Array.from({ length: 20 }, () => admin.op('purchaseOrders.receive', { body })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    const db = ctx.t.services.db;
    expect(await db.select().from(purchaseReceipts).where(eq(purchaseReceipts.pos_po_no, po.pos_po_no))).toHaveLength(
      1,
    );
    expect(await onHand(db, { locationCode: buyer.location_code, itemNo: item })).toBe('3');
  });
});
