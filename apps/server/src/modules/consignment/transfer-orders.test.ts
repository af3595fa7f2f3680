import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessYear, consignmentMessages as msg } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { toQty as q } from '../../kernel/money.js';
import { postingFaults, postingSteps } from '../../kernel/posting.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { itemLedgerEntries } from '../ledger/schema.js';
import { franchises } from '../franchises/schema.js';
import {
  addStock,
  consignmentFootprint,
  makeConsignmentStore,
  makeHeadOffice,
  makeItem,
  stockAt,
  type ConsignmentStore,
} from './test-support.js';

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
let admin: Client;
let ho: Client;
let a: ConsignmentStore;
let b: ConsignmentStore;

beforeAll(async () => {
  admin = await ctx.t.admin();
  ho = await makeHeadOffice(ctx.t);
  a = await makeConsignmentStore(ctx.t, 'CSA');
  b = await makeConsignmentStore(ctx.t, 'CSB');
});
afterEach(() => postingFaults.clear());

const createTO = (
  c: Client,
  o: {
    franchise_code: string;
    direction?: 'issue' | 'return';
    lines: { item_no: string; quantity: string; unit_of_measure?: string }[];
  },
) => c.op('transferOrders.create', { body: o });
const ship = (
  c: Client,
  body: { bc_to_no: string; version: number; lines?: { line_no: number; quantity: string }[] },
) => c.op('transferOrders.ship', { body });
const receive = (
  c: Client,
  body: {
    bc_to_no: string;
    franchise_code?: string;
    version?: number;
    lines: { line_no: number; qty_to_receive: string }[];
  },
) => c.op('consignmentReceipts.receive', { body });
const get = (c: Client, no: string) => c.op('transferOrders.get', { params: { bc_to_no: no } });

describe('transfer orders', () => {
  it('head office creates, ships in parts, the store receives in parts: ledgers, statuses, books', async () => {
    const item = await makeItem(ctx.t);
    const res = await createTO(ho, { franchise_code: 'CSA', lines: [{ item_no: item, quantity: '5' }] });
    expect(res.statusCode).toBe(201);
    const to = res.data;
    expect(to).toMatchObject({
      franchise_code: 'CSA',
      direction: 'issue',
      status: 'released',
      transfer_from_code: 'HO-CONS',
      transfer_to_code: 'CSA-CS',
      intransit_code: 'CSA-IT',
      version: 1,
    });
    expect(to.bc_to_no).toMatch(new RegExp(`^CSA-TO-${yy}-\\d{6}$`));
    expect(to.lines.map((l) => [l.line_no, l.item_no, q(l.quantity), l.description])).toEqual([
      [10000, item, '5', `Item ${item}`],
    ]);

    // The store sees it in its list and by number.
    const list = await a.user.op('transferOrders.list', {
      body: { filters: [{ field: 'bc_to_no', value: to.bc_to_no, condition: 'eq' }] } as never,
    });
    expect(list.statusCode).toBe(200);
    expect(list.data.items.map((i) => [i.bc_to_no, q(i.total_qty)])).toEqual([[to.bc_to_no, '5']]);
    expect((await get(a.user, to.bc_to_no)).statusCode).toBe(200);

    const s1 = await ship(ho, { bc_to_no: to.bc_to_no, version: 1, lines: [{ line_no: 10000, quantity: '2' }] });
    expect(s1.statusCode).toBe(200);
    expect(s1.data.no).toBe(`CSA-TS-${yy}-000001`);
    expect(s1.data.lines.map((l) => [l.order_line_no, q(l.quantity)])).toEqual([[10000, '2']]);
    expect(await stockAt(ctx.t, 'CSA-IT', item)).toBe('2');
    let now = (await get(ho, to.bc_to_no)).data;
    expect([now.status, now.version, q(now.lines[0].qty_shipped)]).toEqual(['released', 2, '2']);

    const r1 = await receive(a.user, { bc_to_no: to.bc_to_no, lines: [{ line_no: 10000, qty_to_receive: '1' }] });
    expect(r1.statusCode).toBe(201);
    expect(r1.data).toMatchObject({ no: `CSA-CR-${yy}-000001`, location_code: 'CSA-CS', intransit_code: 'CSA-IT' });
    expect(await stockAt(ctx.t, 'CSA-IT', item)).toBe('1');
    expect(await stockAt(ctx.t, 'CSA-CS', item)).toBe('1');

    // Caps: more than shipped − received is refused naming the line.
    const over = await receive(a.user, { bc_to_no: to.bc_to_no, lines: [{ line_no: 10000, qty_to_receive: '2' }] });
    expect(over.statusCode).toBe(422);
    expect(over.envelope.errors[0]).toMatchObject({
      field: 'lines.0.qty_to_receive',
      msg: msg.receiveExceeds(10000, '2', '1'),
    });

    const s2 = await ship(ho, { bc_to_no: to.bc_to_no, version: 3 });
    expect(s2.statusCode).toBe(200);
    expect(s2.data.lines.map((l) => q(l.quantity))).toEqual(['3']);
    now = (await get(ho, to.bc_to_no)).data;
    expect(now.status).toBe('shipped');
    const again = await ship(ho, { bc_to_no: to.bc_to_no, version: now.version });
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0].field).toBe('status');

    const r2 = await receive(a.user, {
      bc_to_no: to.bc_to_no,
      version: now.version,
      lines: [{ line_no: 10000, qty_to_receive: '4' }],
    });
    expect(r2.statusCode).toBe(201);
    now = (await get(a.user, to.bc_to_no)).data;
    expect([now.status, q(now.qty_received)]).toEqual(['received', '5']);
    expect(now.shipments.map((s) => s.no)).toEqual([`CSA-TS-${yy}-000001`, `CSA-TS-${yy}-000002`]);
    expect(now.receipts).toHaveLength(2);
    expect(await stockAt(ctx.t, 'CSA-IT', item)).toBe('0');
    expect(await stockAt(ctx.t, 'CSA-CS', item)).toBe('5');

    const posted = await a.user.op('transferOrders.postedShipment', { params: { bc_to_no: to.bc_to_no } });
    expect(posted.data.shipments).toHaveLength(2);
    const receipts = await a.user.op('consignmentReceipts.list', {
      body: { filters: [{ field: 'bc_to_no', value: to.bc_to_no, condition: 'eq' }] } as never,
    });
    expect(receipts.data.items.map((r) => q(r.total_qty)).sort()).toEqual(['1', '4']);
    const one = await a.user.op('consignmentReceipts.get', { params: { no: r1.data.no } });
    expect(one.data.lines).toHaveLength(1);

    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('return direction: ship takes stock from the franchise location (assertStock), receipt only leaves transit', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { franchise_code: 'CSA', location_code: 'CSA-CS', item_no: item, quantity: '3' });
    const to = (
      await createTO(ho, { franchise_code: 'CSA', direction: 'return', lines: [{ item_no: item, quantity: '4' }] })
    ).data;
    expect([to.transfer_from_code, to.transfer_to_code]).toEqual(['CSA-CS', 'HO-CONS']);
    const short = await ship(ho, { bc_to_no: to.bc_to_no, version: 1 });
    expect(short.statusCode).toBe(422);
    expect(short.envelope.errors[0]).toMatchObject({ code: 'insufficient_stock', field: 'lines.0.quantity' });
    const ok = await ship(ho, { bc_to_no: to.bc_to_no, version: 1, lines: [{ line_no: 10000, quantity: '3' }] });
    expect(ok.statusCode).toBe(200);
    expect(await stockAt(ctx.t, 'CSA-CS', item)).toBe('0');
    expect(await stockAt(ctx.t, 'CSA-IT', item)).toBe('3');
    const r = await receive(admin, {
      bc_to_no: to.bc_to_no,
      franchise_code: 'CSA',
      lines: [{ line_no: 10000, qty_to_receive: '3' }],
    });
    expect(r.statusCode).toBe(201);
    expect(await stockAt(ctx.t, 'CSA-IT', item)).toBe('0');
    expect(await stockAt(ctx.t, 'HO-CONS', item)).toBe('0');
    const entries = await ctx.t.services.db
      .select()
      .from(itemLedgerEntries)
      .where(eq(itemLedgerEntries.order_no, to.bc_to_no));
    expect(entries.map((e) => [e.document_type, e.location_code, q(e.quantity)]).sort()).toEqual([
      ['consignment_receipt', 'CSA-IT', '-3'],
      ['transfer_shipment', 'CSA-CS', '-3'],
      ['transfer_shipment', 'CSA-IT', '3'],
    ]);
    expect((await get(ho, to.bc_to_no)).data.status).toBe('released');
  });

  it('validation: codes missing, unknown items, caps, head office only, other franchise 404, stale 409', async () => {
    const item = await makeItem(ctx.t);
    await makeConsignmentStore(ctx.t, 'CSN');
    await ctx.t.services.db
      .update(franchises)
      .set({ consignment_intransit_code: '' })
      .where(eq(franchises.customer_no, 'CSN'));
    const noCodes = await createTO(ho, { franchise_code: 'CSN', lines: [{ item_no: item, quantity: '1' }] });
    expect(noCodes.statusCode).toBe(422);
    expect(noCodes.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: msg.missingCodes('CSN') });
    const unknown = await createTO(ho, {
      franchise_code: 'CSA',
      lines: [
        { item_no: item, quantity: '1' },
        { item_no: 'NOPE', quantity: '1' },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errors[0]).toMatchObject({ field: 'lines.1.item_no', msg: 'Item NOPE not found' });
    const badUnit = await createTO(ho, {
      franchise_code: 'CSA',
      lines: [{ item_no: item, quantity: '1', unit_of_measure: 'BOX' }],
    });
    expect(badUnit.envelope.errors[0]).toMatchObject({
      field: 'lines.0.unit_of_measure',
      msg: `Item ${item} has no unit BOX`,
    });

    const before = await consignmentFootprint(ctx.t);
    const storeCreate = await createTO(a.user, { franchise_code: 'CSA', lines: [{ item_no: item, quantity: '1' }] });
    expect(storeCreate.statusCode).toBe(403);
    expect(storeCreate.envelope.errors[0].msg).toBe(msg.onlyHeadOfficeCreates);
    expect(await consignmentFootprint(ctx.t)).toEqual(before);

    const to = (await createTO(ho, { franchise_code: 'CSA', lines: [{ item_no: item, quantity: '2' }] })).data;
    const mid = await consignmentFootprint(ctx.t);
    const storeShip = await ship(a.user, { bc_to_no: to.bc_to_no, version: 1 });
    expect(storeShip.statusCode).toBe(403);
    expect(storeShip.envelope.errors[0].msg).toBe(msg.onlyHeadOfficeShips);
    expect(await consignmentFootprint(ctx.t)).toEqual(mid);

    const tooMuch = await ship(ho, { bc_to_no: to.bc_to_no, version: 1, lines: [{ line_no: 10000, quantity: '3' }] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.envelope.errors[0]).toMatchObject({
      field: 'lines.0.quantity',
      msg: msg.shipExceeds(10000, '3', '2'),
    });
    const stale = await ship(ho, { bc_to_no: to.bc_to_no, version: 7 });
    expect(stale.statusCode).toBe(409);
    const nothing = await receive(a.user, { bc_to_no: to.bc_to_no, lines: [{ line_no: 10000, qty_to_receive: '1' }] });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.envelope.errors[0]).toMatchObject({
      field: 'lines.0.qty_to_receive',
      msg: msg.receiveExceeds(10000, '1', '0'),
    });

    // Franchise B's user: A's transfer order does not exist for it.
    for (const res of [
      await get(b.user, to.bc_to_no),
      await b.user.op('transferOrders.toReceive', { params: { bc_to_no: to.bc_to_no } }),
      await b.user.op('transferOrders.postedShipment', { params: { bc_to_no: to.bc_to_no } }),
      await receive(b.user, { bc_to_no: to.bc_to_no, lines: [{ line_no: 10000, qty_to_receive: '1' }] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.envelope.errors[0].msg).toBe('Transfer order not found');
    }
    const otherFranchise = await receive(b.user, {
      bc_to_no: to.bc_to_no,
      franchise_code: 'CSA',
      lines: [{ line_no: 10000, qty_to_receive: '1' }],
    });
    expect(otherFranchise.statusCode).toBe(404);
    const wrongFranchise = await receive(admin, {
      bc_to_no: to.bc_to_no,
      franchise_code: 'CSB',
      lines: [{ line_no: 10000, qty_to_receive: '0' }],
    });
    expect(wrongFranchise.statusCode).toBe(422);
    expect(wrongFranchise.envelope.errors[0].field).toBe('franchise_code');
    const staleReceive = await receive(a.user, {
      bc_to_no: to.bc_to_no,
      version: 9,
      lines: [{ line_no: 10000, qty_to_receive: '1' }],
    });
    expect(staleReceive.statusCode).toBe(409);
    const listB = await b.user.op('transferOrders.list', { body: {} as never });
    expect(listB.data.items.every((i) => i.franchise_code === 'CSB')).toBe(true);
  });

  it('filters and sorts the list by its summed quantities as numbers (9 before 10, never as text)', async () => {
    const item = await makeItem(ctx.t);
    const nine = await createTO(ho, { franchise_code: 'CSB', lines: [{ item_no: item, quantity: '9' }] });
    const ten = await createTO(ho, { franchise_code: 'CSB', lines: [{ item_no: item, quantity: '10' }] });
    const list = await ho.post<{ items: { bc_to_no: string; total_qty: string }[] }>('/api/transfer-orders/filter', {
      filters: [
        { field: 'franchise_code', value: 'CSB', condition_type: 'eq' },
        { field: 'total_qty', value: '9', condition_type: 'gteq' },
        { field: 'qty_received', value: 0, condition_type: 'eq' },
      ],
      sort_order: { field: 'total_qty', direction: 'asc' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const mine = list.data.items.filter((i) => [nine.data.bc_to_no, ten.data.bc_to_no].includes(i.bc_to_no));
    expect(mine.map((i) => i.bc_to_no)).toEqual([nine.data.bc_to_no, ten.data.bc_to_no]);
    const huge = await ho.post('/api/consignment-receipts/filter', {
      filters: [{ field: 'total_qty', value: '9223372036854775808', condition_type: 'gteq' }],
      sort_order: { field: 'total_qty', direction: 'desc' },
    });
    expect(huge.statusCode, huge.body).toBe(200);
  });

  it('ERP read: POST /transfer-orders/erp reads the standalone port (this module’s tables)', async () => {
    const item = await makeItem(ctx.t);
    const to = (await createTO(ho, { franchise_code: 'CSB', lines: [{ item_no: item, quantity: '1' }] })).data;
    const one = await b.user.op('transferOrders.erp', { body: { bc_to_no: to.bc_to_no } });
    expect(one.statusCode).toBe(200);
    expect(one.data.items.map((o) => [o.bc_to_no, o.status, q(o.lines[0].quantity)])).toEqual([
      [to.bc_to_no, 'released', '1'],
    ]);
    const hidden = await a.user.op('transferOrders.erp', { body: { bc_to_no: to.bc_to_no } });
    expect(hidden.data.items).toEqual([]);
    const all = await ho.op('transferOrders.erp', { body: { franchise_code: 'CSB' } });
    expect(all.data.items.map((o) => o.bc_to_no)).toContain(to.bc_to_no);
  });

  it('with an ERP, head office creates and ships in the ERP: 422 naming nothing, nothing written', async () => {
    const item = await makeItem(ctx.t);
    const to = (await createTO(ho, { franchise_code: 'CSA', lines: [{ item_no: item, quantity: '1' }] })).data;
    const services = ctx.t.services as { erp: typeof ctx.t.services.erp };
    const erp = services.erp;
    services.erp = { ...erp, mode: 'business_central' };
    try {
      const before = await consignmentFootprint(ctx.t);
      for (const res of [
        await createTO(ho, { franchise_code: 'CSA', lines: [{ item_no: item, quantity: '1' }] }),
        await ship(ho, { bc_to_no: to.bc_to_no, version: to.version }),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.envelope.errors[0].msg).toBe(msg.shipsInErp);
        expect(res.envelope.errors[0].field).toBeUndefined();
      }
      expect(await consignmentFootprint(ctx.t)).toEqual(before);
    } finally {
      services.erp = erp;
    }
  });

  for (const step of postingSteps)
    it(`a failure after ${step} of ship or receive leaves nothing`, async () => {
      const item = await makeItem(ctx.t);
      const to = (await createTO(ho, { franchise_code: 'CSA', lines: [{ item_no: item, quantity: '2' }] })).data;
      const before = await consignmentFootprint(ctx.t);
      postingFaults.add(`transfer_ship:${step}`);
      const failed = await ship(ho, { bc_to_no: to.bc_to_no, version: 1 });
      expect(failed.statusCode).toBe(500);
      expect(await consignmentFootprint(ctx.t)).toEqual(before);
      postingFaults.clear();
      expect((await ship(ho, { bc_to_no: to.bc_to_no, version: 1 })).statusCode).toBe(200);
      const mid = await consignmentFootprint(ctx.t);
      postingFaults.add(`consignment_receive:${step}`);
      const failedReceive = await receive(a.user, {
        bc_to_no: to.bc_to_no,
        lines: [{ line_no: 10000, qty_to_receive: '2' }],
      });
      expect(failedReceive.statusCode).toBe(500);
      expect(await consignmentFootprint(ctx.t)).toEqual(mid);
    });
});
