import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buttonKey, businessYear, GUARDED } from '@fp/contract';
import { useTestApp, type Client } from '../../../../test/helpers.js';
import { postingFaults, postingSteps } from '../../../kernel/posting.js';
import { toQty as q } from '../../../kernel/money.js';
import { customerLedgerEntries, itemLedgerEntries } from '../../ledger/schema.js';
import { onHand } from '../../ledger/service.js';
import { jobs } from '../../../jobs/schema.js';
import { pagePermissions } from '../../access/schema.js';
import { locations } from '../../franchises/schema.js';
import { salesInvoiceLines, salesInvoices, salesOrders, salesShipmentLines, salesShipments } from '../schema.js';
import { STANDALONE_SYNC_MESSAGE } from './actions.js';
import { addStock, makeItem, makeOrder, makeStore, postingFootprint } from './test-support.js';

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
let admin: Client;
let store: Awaited<ReturnType<typeof makeStore>>;

beforeAll(async () => {
  admin = await ctx.t.admin();
  store = await makeStore(ctx.t, 'SHA');
});
afterEach(() => postingFaults.clear());

const ship = (c: Client, o: { pos_so_no: string; version: number }, headers?: Record<string, string>) =>
  c.op('salesOrders.ship', { body: { pos_so_no: o.pos_so_no, version: o.version, sell_on_credit: true } }, headers);
const close = (c: Client, o: { pos_so_no: string; version: number }) =>
  c.op('salesOrders.close', { body: { pos_so_no: o.pos_so_no, version: o.version } });
/** Names the guarded Sell On Credit button in a test user's own permission. */
const grantSellOnCredit = (username: string) =>
  ctx.t.services.db
    .update(pagePermissions)
    .set({ permissions: [buttonKey('/salesOrders/detail', GUARDED.sellOnCredit)] })
    .where(eq(pagePermissions.name, `perm-${username}`));
const stockAt = (item_no: string, locationCode = store.location_code) =>
  onHand(ctx.t.services.db, { locationCode, itemNo: item_no });

describe('Ship Now', () => {
  it('posts a walk-in sale in one action: shipment, invoice, ledgers, ERP jobs, status invoiced', async () => {
    const a = await makeItem(ctx.t);
    const b = await makeItem(ctx.t, { unit_price: '55000', vat_percent: '8' });
    await addStock(ctx.t, { ...store, item_no: a, quantity: '10' });
    await addStock(ctx.t, { ...store, item_no: b, quantity: '10' });
    const order = await makeOrder(
      ctx.t,
      store,
      [
        { item_no: a, quantity: '2', unit_price: '100000', line_discount_amount: '10000' },
        { item_no: b, quantity: '3', unit_price: '55000' },
      ],
      { invoice_discount_amount: '5000' },
    );
    expect(order.grand_total).toBe('350000.00');
    const jobsBefore = (await ctx.t.services.db.select().from(jobs)).length;

    const res = await ship(admin, order);
    expect(res.statusCode).toBe(200);
    const o = res.data;
    expect(o.status).toBe('invoiced');
    expect(o.version).toBe(2);
    expect(o.posting_date).not.toBeNull();
    expect(o.lines.map((l) => [l.qty_shipped, l.qty_invoiced, l.qty_to_ship, l.qty_to_invoice].map(q))).toEqual([
      ['2', '2', '0', '0'],
      ['3', '3', '0', '0'],
    ]);
    const ssNo = `SHA-SS-${yy}-000001`;
    const siNo = `SHA-SI-${yy}-000001`;
    expect(o.shipments.map((s) => s.pos_ss_no)).toEqual([ssNo]);
    expect(o.invoices).toEqual([expect.objectContaining({ pos_si_no: siNo, amount: '350000.00' })]);

    const db = ctx.t.services.db;
    const [shipment] = await db.select().from(salesShipments).where(eq(salesShipments.pos_ss_no, ssNo));
    expect(shipment).toMatchObject({
      pos_so_no: order.pos_so_no,
      customer_no: store.customer_no,
      franchise_code: 'SHA',
    });
    const shipLines = await db.select().from(salesShipmentLines).where(eq(salesShipmentLines.pos_ss_no, ssNo));
    expect(shipLines.map((l) => [l.order_line_no, l.item_no, l.quantity])).toEqual([
      [10000, a, '2.00000'],
      [20000, b, '3.00000'],
    ]);
    const [invoice] = await db.select().from(salesInvoices).where(eq(salesInvoices.pos_si_no, siNo));
    expect(invoice).toMatchObject({
      subtotal: '365000.00',
      line_discount_amount: '10000.00',
      invoice_discount_amount: '5000.00',
      amount: '350000.00',
    });
    const invLines = await db.select().from(salesInvoiceLines).where(eq(salesInvoiceLines.pos_si_no, siNo));
    expect(invLines.map((l) => l.amount)).toEqual(['190000.00', '165000.00']);

    const items = await db.select().from(itemLedgerEntries).where(eq(itemLedgerEntries.document_no, ssNo));
    expect(
      items.map((e) => [e.entry_type, e.document_type, e.item_no, e.location_code, e.quantity, e.order_no]),
    ).toEqual([
      ['sale', 'sales_shipment', a, store.location_code, '-2.00000', order.pos_so_no],
      ['sale', 'sales_shipment', b, store.location_code, '-3.00000', order.pos_so_no],
    ]);
    expect(await stockAt(a)).toBe('8');
    expect(await stockAt(b)).toBe('7');
    const cust = await db.select().from(customerLedgerEntries).where(eq(customerLedgerEntries.document_no, siNo));
    expect(cust).toEqual([
      expect.objectContaining({
        entry_type: 'invoice',
        customer_no: store.customer_no,
        amount: '350000.00',
        document_type: 'sales_invoice',
      }),
    ]);
    const posted = (await db.select().from(jobs)).slice(jobsBefore);
    expect(posted.map((j) => j.payload)).toEqual([
      expect.objectContaining({
        documentNo: order.pos_so_no,
        action: 'post',
        postedKind: 'sales_shipment',
        postedNo: ssNo,
      }),
      expect.objectContaining({
        documentNo: order.pos_so_no,
        action: 'post',
        postedKind: 'sales_invoice',
        postedNo: siNo,
      }),
    ]);

    const again = await ship(admin, { pos_so_no: order.pos_so_no, version: 2 });
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0]).toMatchObject({
      code: 'status_not_allowed',
      field: 'status',
      msg: 'Sales Order in status invoiced cannot ship now',
    });
  });

  it('refuses more than on hand naming item, location and stock, unless allow_negative_stock', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '3' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '5' }]);
    const before = await postingFootprint(ctx.t);
    const res = await ship(admin, order);
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toEqual({
      code: 'insufficient_stock',
      msg: `Item ${a} at ${store.location_code}: only 3 on hand, 5 to ship`,
      field: 'lines.0.qty_to_ship',
    });
    expect(await postingFootprint(ctx.t)).toEqual(before);

    expect((await admin.op('config.update', { body: { allow_negative_stock: true } })).data).toMatchObject({
      allow_negative_stock: true,
    });
    try {
      const ok = await ship(admin, order);
      expect(ok.statusCode).toBe(200);
      expect(await stockAt(a)).toBe('-2');
    } finally {
      await admin.op('config.update', { body: { allow_negative_stock: false } });
    }
    expect((await admin.op('config.get')).data.allow_negative_stock).toBe(false);
  });

  it('ships money still due only on credit: sell_on_credit and the Sell On Credit button, else 422 on remaining_amount', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '10' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '2', unit_price: '617283.75' }]);
    const body = { pos_so_no: order.pos_so_no, version: order.version };
    const before = await postingFootprint(ctx.t);
    const unasked = await admin.op('salesOrders.ship', { body });
    expect([unasked.statusCode, unasked.envelope.errors]).toEqual([
      422,
      [
        {
          code: 'unpaid',
          msg: '1.234.567,5 is still unpaid: take the payment or sell on credit',
          field: 'remaining_amount',
        },
      ],
    ]);
    const pages = ['/salesOrders', '/salesOrders/detail'].map((page_url) => ({
      page_url,
      permission_type: 'edit' as const,
    }));
    const cashier = await ctx.t.makeUser({ role: 'Store Staff', customer_no: store.franchise_code, pages });
    const refused = await cashier.client.op('salesOrders.ship', { body: { ...body, sell_on_credit: true } });
    expect([refused.statusCode, refused.envelope.errors]).toEqual([
      422,
      [
        {
          code: 'sell_on_credit_not_allowed',
          msg: '1.234.567,5 is still unpaid: take the payment first (you are not allowed to Sell On Credit)',
          field: 'remaining_amount',
        },
      ],
    ]);
    expect(await postingFootprint(ctx.t)).toEqual(before);

    const manager = await ctx.t.makeUser({ role: 'Store Manager', customer_no: store.franchise_code, pages });
    await grantSellOnCredit(manager.username);
    const sold = await manager.client.op('salesOrders.ship', { body: { ...body, sell_on_credit: true } });
    expect([sold.statusCode, sold.data.status, sold.data.totals.remaining_amount]).toEqual([
      200,
      'invoiced',
      '1234567.50',
    ]);
  });

  it('ships a paid order without asking', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '10' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1', unit_price: '50000' }]);
    const receipt = await admin.op('cashReceipts.add', {
      body: { pos_so_no: order.pos_so_no, amount: '50000', payment_type: 'cash' },
    });
    const open = await admin.op('salesOrders.ship', { body: { pos_so_no: order.pos_so_no, version: order.version } });
    // A receipt added but not processed pays nothing yet.
    expect([open.statusCode, open.envelope.errors[0]?.code]).toEqual([422, 'unpaid']);
    expect((await admin.op('cashReceipts.process', { body: { receipt_id: receipt.data.receipt_id } })).statusCode).toBe(
      200,
    );
    const paid = await admin.op('salesOrders.ship', { body: { pos_so_no: order.pos_so_no, version: order.version } });
    expect([paid.statusCode, paid.data.status, paid.data.totals.remaining_amount]).toEqual([200, 'invoiced', '0.00']);
  });

  it('names every short line at once in one refusal, and none that fits', async () => {
    const [a, b, c] = [await makeItem(ctx.t), await makeItem(ctx.t), await makeItem(ctx.t)];
    await addStock(ctx.t, { ...store, item_no: a, quantity: '1' });
    await addStock(ctx.t, { ...store, item_no: b, quantity: '10' });
    const order = await makeOrder(ctx.t, store, [
      { item_no: a, quantity: '2' },
      { item_no: b, quantity: '3' },
      { item_no: c, quantity: '4' },
    ]);
    const before = await postingFootprint(ctx.t);
    const res = await ship(admin, order);
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors).toEqual([
      {
        code: 'insufficient_stock',
        msg: `Item ${a} at ${store.location_code}: only 1 on hand, 2 to ship`,
        field: 'lines.0.qty_to_ship',
      },
      {
        code: 'insufficient_stock',
        msg: `Item ${c} at ${store.location_code}: only 0 on hand, 4 to ship`,
        field: 'lines.2.qty_to_ship',
      },
    ]);
    expect(await postingFootprint(ctx.t)).toEqual(before);
  });

  it("counts base units at the line's own location (unit of measure, variant)", async () => {
    const a = await makeItem(ctx.t);
    const second = 'SHA-02';
    await ctx.t.services.db
      .insert(locations)
      .values({ location_code: second, customer_no: 'SHA', name: 'Second store' })
      .onConflictDoNothing();
    await addStock(ctx.t, { ...store, location_code: second, item_no: a, variant_code: 'RED', quantity: '11' });
    await addStock(ctx.t, { ...store, item_no: a, variant_code: 'RED', quantity: '100' });
    const line = {
      item_no: a,
      variant_code: 'RED',
      quantity: '2',
      unit_of_measure: 'BOX',
      qty_per_unit_of_measure: '6',
      location_code: second,
    };
    const order = await makeOrder(ctx.t, store, [line]);
    const refused = await ship(admin, order);
    expect(refused.envelope.errors[0]).toMatchObject({
      code: 'insufficient_stock',
      msg: `Item ${a} (RED) at ${second}: only 11 on hand, 12 to ship`,
    });
    const calc = await admin.op('salesOrders.calculateQtyToShip', { body: order });
    expect(q(calc.data.lines[0].qty_to_ship)).toBe('1.83333');
    await addStock(ctx.t, { ...store, location_code: second, item_no: a, variant_code: 'RED', quantity: '1' });
    const other = await makeOrder(ctx.t, store, [line]);
    const ok = await ship(admin, other);
    expect(ok.data.status).toBe('invoiced');
    expect(await onHand(ctx.t.services.db, { locationCode: second, itemNo: a, variantCode: 'RED' })).toBe('0');
    const [entry] = await ctx.t.services.db
      .select()
      .from(itemLedgerEntries)
      .where(eq(itemLedgerEntries.document_no, ok.data.shipments[0].pos_ss_no));
    expect(entry).toMatchObject({ location_code: second, variant_code: 'RED', quantity: '-12.00000' });
  });

  it('ships in parts: calculate qty to ship from stock, partial_delivered, then close ends the order', async () => {
    const a = await makeItem(ctx.t);
    const b = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '4' });
    // Two lines of one item share what is on hand, in line order; the third has none.
    const order = await makeOrder(ctx.t, store, [
      { item_no: a, quantity: '3' },
      { item_no: a, quantity: '3' },
      { item_no: b, quantity: '1' },
    ]);
    const calc = await admin.op('salesOrders.calculateQtyToShip', { body: order });
    expect(calc.statusCode).toBe(200);
    expect(calc.data.status).toBe('released');
    expect(calc.data.lines.map((l) => [l.qty_to_ship, l.qty_to_invoice].map(q))).toEqual([
      ['3', '3'],
      ['1', '1'],
      ['0', '0'],
    ]);
    const shipped = await ship(admin, { pos_so_no: order.pos_so_no, version: calc.data.version });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.data.status).toBe('partial_delivered');
    // After a posting, qty to ship and to invoice are the new outstanding (README "After a posting").
    expect(
      shipped.data.lines.map((l) => [l.qty_shipped, l.qty_invoiced, l.qty_to_ship, l.qty_to_invoice].map(q)),
    ).toEqual([
      ['3', '3', '0', '0'],
      ['1', '1', '2', '2'],
      ['0', '0', '1', '1'],
    ]);
    expect(await stockAt(a)).toBe('0');

    const closed = await close(admin, shipped.data);
    expect(closed.statusCode).toBe(200);
    expect(closed.data.status).toBe('invoiced');
    expect(closed.data.invoices).toHaveLength(1); // nothing shipped-not-invoiced: no second invoice
    expect(closed.data.lines.map((l) => [l.quantity, l.qty_to_ship, l.qty_to_invoice].map(q))).toEqual([
      ['3', '0', '0'],
      ['3', '0', '0'],
      ['1', '0', '0'],
    ]);
  });

  it('close invoices what was shipped and not invoiced', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '5' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '2', qty_to_invoice: '0' }]);
    const shipped = await ship(admin, order);
    expect(shipped.data.status).toBe('shipped');
    expect(shipped.data.invoices).toHaveLength(0);
    const refused = await ship(admin, shipped.data);
    expect(refused.envelope.errors[0]).toMatchObject({
      code: 'status_not_allowed',
      msg: 'Sales Order in status shipped cannot ship now',
    });
    const closed = await close(admin, shipped.data);
    expect(closed.statusCode).toBe(200);
    expect(closed.data.status).toBe('invoiced');
    expect(closed.data.invoices).toEqual([expect.objectContaining({ amount: '200000.00' })]);
    expect([closed.data.lines[0].qty_shipped, closed.data.lines[0].qty_invoiced].map(q)).toEqual(['2', '2']);
  });

  it('refuses nothing to ship, a qty to invoice past what is shipped, a wrong status and a stale version', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '5' });
    const nothing = await makeOrder(ctx.t, store, [
      { item_no: a, quantity: '1', qty_to_ship: '0', qty_to_invoice: '0' },
    ]);
    expect((await ship(admin, nothing)).envelope.errors[0]).toEqual({
      code: 'nothing_to_ship',
      msg: 'Nothing to ship',
      field: 'lines',
    });
    const tooMuch = await makeOrder(ctx.t, store, [
      { item_no: a, quantity: '2', qty_to_ship: '1', qty_to_invoice: '2' },
    ]);
    const r = await ship(admin, tooMuch);
    expect(r.statusCode).toBe(422);
    expect(r.envelope.errors[0]).toMatchObject({ code: 'qty_exceeds_outstanding', field: 'lines.0.qty_to_invoice' });
    const open = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }], { status: 'open' });
    const before = await postingFootprint(ctx.t);
    const wrong = await ship(admin, open);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.envelope.errors[0]).toEqual({
      code: 'status_not_allowed',
      field: 'status',
      msg: 'Sales Order in status open cannot ship now',
    });
    const closeOpen = await close(admin, open);
    expect(closeOpen.envelope.errors[0]).toMatchObject({
      code: 'status_not_allowed',
      msg: 'Sales Order in status open cannot close',
    });
    const stale = await ship(admin, { pos_so_no: tooMuch.pos_so_no, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0]).toMatchObject({ code: 'stale_version', field: 'version' });
    const missing = await ship(admin, { pos_so_no: 'NOPE-SO-1', version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(await postingFootprint(ctx.t)).toEqual(before);
  });

  it('answers 403 without the edit grant and 404 for another franchise, changing nothing', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '5' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }]);
    const viewer = await ctx.t.makeUser({
      role: 'Store Staff',
      customer_no: 'SHA',
      pages: [{ page_url: '/salesOrders', permission_type: 'view' }],
    });
    const other = await makeStore(ctx.t, 'SHB');
    const outsider = await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: other.franchise_code,
      pages: [{ page_url: '/salesOrders', permission_type: 'edit' }],
    });
    const before = await postingFootprint(ctx.t);
    for (const op of [
      'salesOrders.ship',
      'salesOrders.close',
      'salesOrders.calculateQtyToShip',
      'salesOrders.supportToShip',
    ] as const) {
      const forbidden = await viewer.client.op(op, { body: order });
      expect(forbidden.statusCode, op).toBe(403);
      const hidden = await outsider.client.op(op, { body: order });
      expect(hidden.statusCode, op).toBe(404);
      expect(hidden.envelope.errors[0].msg).toBe('Sales order not found');
    }
    const cm = await outsider.client.op('salesOrders.creditMemoAll', { body: order });
    expect(cm.statusCode).toBe(404);
    expect((await outsider.client.op('salesOrders.sync', { body: order })).statusCode).toBe(404);
    expect(await postingFootprint(ctx.t)).toEqual(before);
    // The store's own user with the edit grant (and Sell On Credit: the order is unpaid) ships it.
    const seller = await ctx.t.makeUser({
      role: 'Store Staff',
      customer_no: 'SHA',
      pages: [{ page_url: '/salesOrders', permission_type: 'edit' }],
    });
    await grantSellOnCredit(seller.username);
    expect((await ship(seller.client, order)).data.status).toBe('invoiced');
  });

  it('answers the first answer to a repeated Idempotency-Key and posts once', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '5' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }]);
    const first = await ship(admin, order, { 'idempotency-key': `ship-${order.pos_so_no}` });
    const second = await ship(admin, order, { 'idempotency-key': `ship-${order.pos_so_no}` });
    expect(second.statusCode).toBe(200);
    expect(second.data).toEqual(first.data);
    const shipments = await ctx.t.services.db
      .select()
      .from(salesShipments)
      .where(eq(salesShipments.pos_so_no, order.pos_so_no));
    expect(shipments).toHaveLength(1);
  });
});

describe('support to ship and sync', () => {
  it('hands a released order to head office once, keeping its status', async () => {
    const a = await makeItem(ctx.t);
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }]);
    const res = await admin.op('salesOrders.supportToShip', { body: order });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({ status: 'released', shipping_by: 'head_office', version: 2 });
    // The store no longer ships it; head office does.
    const storeUser = await ctx.t.makeUser({
      role: 'Store Staff',
      customer_no: 'SHA',
      pages: [{ page_url: '/salesOrders', permission_type: 'edit' }],
    });
    await addStock(ctx.t, { ...store, item_no: a, quantity: '1' });
    const refused = await ship(storeUser.client, res.data);
    expect(refused.statusCode).toBe(422);
    expect(refused.envelope.errors[0]).toEqual({
      code: 'shipped_by_head_office',
      msg: 'Head office ships this sales order',
      field: 'shipping_by',
    });
    const again = await admin.op('salesOrders.supportToShip', { body: res.data });
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0]).toMatchObject({ code: 'already_supported', field: 'shipping_by' });
    expect((await ship(admin, res.data)).data.status).toBe('invoiced');
    const open = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }], { status: 'open' });
    expect((await admin.op('salesOrders.supportToShip', { body: open })).envelope.errors[0]).toMatchObject({
      msg: 'Sales Order in status open cannot support to ship',
    });
  });

  it('says standalone has nothing to sync and answers the order unchanged', async () => {
    const a = await makeItem(ctx.t);
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }]);
    const res = await admin.op('salesOrders.sync', { body: order });
    expect(res.statusCode).toBe(200);
    expect(res.data.message).toBe(STANDALONE_SYNC_MESSAGE);
    expect(res.data.order).toMatchObject({ pos_so_no: order.pos_so_no, version: 1 });
  });
});

describe('injected failures', () => {
  it.each(postingSteps)(
    'a failure after step %s of ship now, close or a credit memo leaves nothing behind',
    async (step) => {
      const a = await makeItem(ctx.t);
      await addStock(ctx.t, { ...store, item_no: a, quantity: '10' });
      const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '2', qty_to_invoice: '1' }]);

      postingFaults.add(`ship:${step}`);
      let before = await postingFootprint(ctx.t);
      expect((await ship(admin, order)).statusCode).toBe(500);
      expect(await postingFootprint(ctx.t)).toEqual(before);
      postingFaults.clear();
      const shipped = await ship(admin, order);
      expect(shipped.data.status).toBe('shipped');

      postingFaults.add(`close:${step}`);
      before = await postingFootprint(ctx.t);
      expect((await close(admin, shipped.data)).statusCode).toBe(500);
      expect(await postingFootprint(ctx.t)).toEqual(before);
      postingFaults.clear();
      const closed = await close(admin, shipped.data);
      expect(closed.data.status).toBe('invoiced');

      postingFaults.add(step); // every posting
      before = await postingFootprint(ctx.t);
      expect((await admin.op('salesOrders.creditMemoAll', { body: closed.data })).statusCode).toBe(500);
      expect(
        (
          await admin.op('salesOrders.creditMemo', {
            body: { ...closed.data, lines: [{ line_no: 10000, quantity: '1' }] },
          })
        ).statusCode,
      ).toBe(500);
      expect(await postingFootprint(ctx.t)).toEqual(before);
      expect(await stockAt(a)).toBe('8');
    },
  );
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE on ledgers, posted documents and credit memos', async () => {
    const a = await makeItem(ctx.t);
    await addStock(ctx.t, { ...store, item_no: a, quantity: '5' });
    const order = await makeOrder(ctx.t, store, [{ item_no: a, quantity: '1' }]);
    const shipped = await ship(admin, order);
    const cm = await admin.op('salesOrders.creditMemoAll', { body: shipped.data });
    expect(cm.statusCode, cm.body).toBe(201);
    const db = ctx.t.services.db;
    const statements = [
      sql`update item_ledger_entries set quantity = 0`,
      sql`delete from item_ledger_entries`,
      sql`update customer_ledger_entries set amount = 0`,
      sql`delete from customer_ledger_entries`,
      sql`update sales_shipments set customer_name = 'x'`,
      sql`delete from sales_shipment_lines`,
      sql`update sales_invoices set amount = 0`,
      sql`delete from sales_invoice_lines`,
      sql`update sales_orders set general_comments = 'x' where pos_so_no = ${cm.data.pos_so_no}`,
      sql`delete from sales_orders where pos_so_no = ${cm.data.pos_so_no}`,
      sql`update sales_order_lines set quantity = 0 where pos_so_no = ${cm.data.pos_so_no}`,
    ];
    const refused = (e: Error & { cause?: unknown }) => {
      throw e.cause instanceof Error ? e.cause : e;
    };
    for (const s of statements)
      await expect(db.execute(s).catch(refused)).rejects.toThrow(/cannot be changed or deleted/);
    // The order itself stays editable (only its posted rows are frozen).
    await db.execute(sql`update sales_orders set general_comments = 'ok' where pos_so_no = ${order.pos_so_no}`);
    const [row] = await db.select().from(salesOrders).where(eq(salesOrders.pos_so_no, order.pos_so_no));
    expect(row.general_comments).toBe('ok');
    const [ledger] = await db
      .select()
      .from(itemLedgerEntries)
      .where(and(eq(itemLedgerEntries.document_no, cm.data.pos_so_no)));
    expect(ledger.quantity).toBe('1.00000');
  });
});
