import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeVietQr, shiftMessages, type PrintJob, type ShiftDetail } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { users } from '../auth/schema.js';
import { franchises, locations } from '../franchises/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';
import { decodeEscPos, RecordingPrinter, renderDocument, type PrintDocument } from '../devices/printing/index.js';
import { printerBody } from '../devices/test-support.js';
import { shiftCounts, shifts } from './schema.js';

// Shifts over HTTP (README.md here). The figures are computed by hand: float 500.000; cash receipts 150.000 and
// 80.000, a card receipt 300.000 → expected cash 730.000, card 300.000, transfer 0; counted cash 725.000, card
// 300.000, transfer 0 → differences −5.000, 0, 0 (total −5.000).

const ctx = useTestApp({ PRINTER_ALLOW_LOOPBACK: 'true' });
const printer = new RecordingPrinter();
const db = () => ctx.t.services.db;

let admin: Client;
/** A cashier of SHF: edit on /shifts and the sales pages (the payments). */
let cashier: Client;
let cashierName: string;
/** A store user of SHF who may only look at shifts. */
let viewer: Client;
/** A cashier of another franchise (SHO). */
let other: Client;
let store: Awaited<ReturnType<typeof makeStore>>;
let otherStore: Awaited<ReturnType<typeof makeStore>>;
let item: string;
let printerId: number;

const shiftPages = (level: 'view' | 'edit') =>
  ['/shifts', '/payment', '/salesOrders', '/salesOrders/detail'].map((page_url) => ({
    page_url,
    permission_type: level,
  }));

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Adds and processes a receipt of `amount` by `payment_type` on a new order of 1.000.000 at the store. */
async function paid(client: Client, payments: { amount: string; payment_type: 'cash' | 'card' | 'transfer' }[]) {
  const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '10', unit_price: '100000' }]);
  const out = [];
  for (const p of payments) {
    const add = await client.op('cashReceipts.add', { body: { pos_so_no: order.pos_so_no, ...p } });
    expect(add.statusCode, add.body).toBe(201);
    const done = await client.op('cashReceipts.process', { body: { receipt_id: add.data.receipt_id } });
    expect(done.statusCode, done.body).toBe(200);
    out.push(done.data);
  }
  return { order, receipts: out };
}

/** Points the location's PRINTER at an address (the recording printer, or a closed port: a printer that is off). */
async function pointPrinter(device_data: { ip: string; port: number }) {
  const dev = await admin.op('devices.get', { params: { id: printerId } });
  const r = await admin.op('devices.update', {
    params: { id: printerId },
    body: { location_code: store.location_code, device_data, version: dev.data.version },
  });
  expect(r.statusCode, r.body).toBe(200);
}

const errorOf = (r: { envelope: { errors: { code: string; msg: string; field?: string }[] } }) => r.envelope.errors[0];

async function shiftRows() {
  return db().select().from(shifts).orderBy(shifts.id);
}

beforeAll(async () => {
  await printer.start();
  admin = await ctx.t.admin();
  store = await makeStore(ctx.t, 'SHF');
  otherStore = await makeStore(ctx.t, 'SHO');
  await db().insert(locations).values({ location_code: 'SHF-02', customer_no: 'SHF', name: 'Store SHF-02' });
  await db()
    .update(franchises)
    .set({ name: 'Cửa hàng Ca Trực', address: '1 Tràng Tiền', phone_no: '0241234567' })
    .where(eq(franchises.customer_no, 'SHF'));
  item = await makeItem(ctx.t);
  const c = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'SHF', pages: shiftPages('edit') });
  // Vietnamese order: firstname holds the family name, shown first (the contract's displayName).
  await db().update(users).set({ firstname: 'Nguyễn', lastname: 'Thị Lan' }).where(eq(users.user_id, c.id));
  cashier = c.client;
  cashierName = 'Nguyễn Thị Lan';
  viewer = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'SHF', pages: shiftPages('view') })).client;
  other = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'SHO', pages: shiftPages('edit') })).client;
  const device = await admin.post<{ id: number }>('/api/devices', {
    ...printerBody({ device_code: 'SHF-PRN', location_code: store.location_code }),
    device_data: { ip: printer.ip, port: printer.port },
  });
  expect(device.statusCode, device.body).toBe(201);
  printerId = device.data.id;
});

afterAll(() => printer.stop());

describe('shifts', () => {
  let shift: ShiftDetail;

  it('refuses an open without the edit level (403), changing nothing', async () => {
    const r = await viewer.op('shifts.open', { body: { location_code: store.location_code, opening_float: '500000' } });
    expect(r.statusCode).toBe(403);
    expect(await shiftRows()).toEqual([]);
  });

  it('validates the open: location required, float a decimal ≥ 0', async () => {
    const r = await cashier.post('/api/shifts/open', { location_code: '', opening_float: '-1' });
    expect(r.statusCode).toBe(400);
    expect(r.envelope.errors.map((e) => [e.field, e.msg])).toEqual([
      ['location_code', 'This is required field!'],
      ['opening_float', expect.stringContaining('0') as string],
    ]);
    expect(await shiftRows()).toEqual([]);
  });

  it("another franchise's location is 404 like an unknown one", async () => {
    for (const location_code of [otherStore.location_code, 'NOPE-01']) {
      const r = await cashier.op('shifts.open', { body: { location_code, opening_float: '0' } });
      expect(r.statusCode).toBe(404);
      expect(errorOf(r)).toMatchObject({ msg: 'Location not found', field: 'location_code' });
    }
  });

  it('opens a shift with its float: SH number, open, expected cash = float', async () => {
    const r = await cashier.op('shifts.open', {
      body: { location_code: store.location_code, opening_float: '500000' },
    });
    expect(r.statusCode, r.body).toBe(201);
    shift = r.data;
    expect(shift).toMatchObject({
      shift_no: expect.stringMatching(/^SHF-SH-\d\d-000001$/) as string,
      franchise_code: 'SHF',
      location_code: store.location_code,
      status: 'open',
      opening_float: '500000.00',
      opened_by_name: cashierName,
      closed_at: null,
      receipt_count: 0,
      total_amount: '0.00',
      difference: null,
      expected_total: '500000.00',
      counted_total: null,
      version: 1,
    });
    expect(shift.methods.map((m) => [m.payment_method, m.expected_amount, m.counted_amount])).toEqual([
      ['cash', '500000.00', null],
      ['card', '0.00', null],
      ['transfer', '0.00', null],
    ]);
  });

  it('one open shift per location: a second is 422 naming location_code; another location may open', async () => {
    const r = await cashier.op('shifts.open', { body: { location_code: store.location_code, opening_float: '0' } });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r)).toMatchObject({
      code: 'shift_already_open',
      field: 'location_code',
      msg: `Location ${store.location_code} already has an open shift; close it before opening another`,
    });
    const second = await cashier.op('shifts.open', { body: { location_code: 'SHF-02', opening_float: '0' } });
    expect(second.statusCode).toBe(201);
    expect(second.data.shift_no).toMatch(/^SHF-SH-\d\d-000002$/);
  });

  it('current: the open shift of a location, null where none; another franchise’s location 404', async () => {
    const r = await viewer.op('shifts.current', { query: { location_code: store.location_code } });
    expect(r.statusCode).toBe(200);
    expect(r.data?.id).toBe(shift.id);
    const none = await other.op('shifts.current', { query: { location_code: otherStore.location_code } });
    expect(none.statusCode).toBe(200);
    expect(none.data).toBeNull();
    const hidden = await other.op('shifts.current', { query: { location_code: store.location_code } });
    expect(hidden.statusCode).toBe(404);
  });

  it('receipts processed while it is open belong to it; the figures are theirs (+ the float for cash)', async () => {
    const { receipts } = await paid(cashier, [
      { amount: '150000', payment_type: 'cash' },
      { amount: '80000', payment_type: 'cash' },
      { amount: '300000', payment_type: 'card' },
    ]);
    const rows = await db().select().from(cashReceipts).where(eq(cashReceipts.franchise_code, 'SHF'));
    expect(rows.map((r) => r.shift_id)).toEqual([shift.id, shift.id, shift.id]);
    expect(receipts).toHaveLength(3);
    const r = await viewer.op('shifts.get', { params: { id: shift.id } });
    expect(r.statusCode).toBe(200);
    expect(r.data).toMatchObject({ receipt_count: 3, total_amount: '530000.00', expected_total: '1030000.00' });
    expect(r.data.methods).toEqual([
      {
        payment_method: 'cash',
        receipt_count: 2,
        receipts_amount: '230000.00',
        expected_amount: '730000.00',
        counted_amount: null,
        difference: null,
      },
      {
        payment_method: 'card',
        receipt_count: 1,
        receipts_amount: '300000.00',
        expected_amount: '300000.00',
        counted_amount: null,
        difference: null,
      },
      {
        payment_method: 'transfer',
        receipt_count: 0,
        receipts_amount: '0.00',
        expected_amount: '0.00',
        counted_amount: null,
        difference: null,
      },
    ]);
  });

  it("the shift's receipts: the receipt list filtered by shift_id, in the order they were processed", async () => {
    const r = await viewer.op('cashReceipts.list', {
      body: {
        filters: [{ field: 'shift_id', value: shift.id, condition_type: 'eq' }],
        sort_order: { field: 'processed_at', direction: 'asc' },
        pagination: { page: 1, size: 10 },
      },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data.total_count).toBe(3);
    expect(r.data.items.map((x) => [x.payment_type, x.amount, x.shift_id])).toEqual([
      ['cash', '150000.00', shift.id],
      ['cash', '80000.00', shift.id],
      ['card', '300000.00', shift.id],
    ]);
    // Another franchise's user filtering by this shift sees none of its receipts.
    const o = await other.op('cashReceipts.list', {
      body: { filters: [{ field: 'shift_id', value: shift.id, condition_type: 'eq' }] },
    });
    expect(o.statusCode).toBe(200);
    expect(o.data.total_count).toBe(0);
  });

  it('prints the X report of the open shift on the location’s printer and answers its figures', async () => {
    const r = await cashier.op('shifts.report', { body: { shift_id: shift.id, kind: 'X' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data).toMatchObject({ kind: 'X', print_result: 'printed', shift_no: shift.shift_no, receipt_count: 3 });
    const job = await printedJob(shift.shift_no, 'x_report');
    expect(job.text_lines).toEqual(
      expect.arrayContaining([
        'Cửa hàng Ca Trực',
        'X REPORT',
        'BÁO CÁO GIỮA CA',
        `Ca: ${shift.shift_no}`,
        `Cửa hàng: ${store.location_code}`,
        `Thu ngân: ${cashierName}`,
        'Tiền đầu ca  500.000',
        'Số phiếu thu  3',
        'Tiền mặt (2)',
        '  Thu trong ca  230.000',
        '  Dự kiến  730.000',
        'Thẻ (1)',
        '  Dự kiến  300.000',
        'Tổng thu trong ca  530.000',
      ]),
    );
    expect(job.text_lines.some((l) => l.includes('Thực đếm'))).toBe(false);
  });

  it('a Z report of an open shift is 422 on kind', async () => {
    const r = await cashier.op('shifts.report', { body: { shift_id: shift.id, kind: 'Z' } });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r)).toMatchObject({ field: 'kind', msg: shiftMessages.zNeedsClosed(shift.shift_no) });
    expect(errorOf(r).msg).toBe(
      `Shift ${shift.shift_no} is still open; a Z report is printed once the shift is closed`,
    );
  });

  it('validates the close: cash, card and transfer each counted once, amounts ≥ 0', async () => {
    const missing = await cashier.op('shifts.close', {
      body: {
        shift_id: shift.id,
        version: 1,
        counted: [
          { payment_method: 'cash', amount: '725000' },
          { payment_method: 'card', amount: '300000' },
        ],
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ field: 'counted', msg: 'The counted amount for transfer is required' });
    const twice = await cashier.post('/api/shifts/close', {
      shift_id: shift.id,
      version: 1,
      counted: [
        { payment_method: 'cash', amount: '1' },
        { payment_method: 'cash', amount: '2' },
        { payment_method: 'card', amount: '0' },
        { payment_method: 'transfer', amount: '0' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.envelope.errors.map((e) => [e.field, e.msg])).toEqual([
      ['counted.1.payment_method', 'cash is counted more than once'],
    ]);
    const wrong = await cashier.post('/api/shifts/close', {
      shift_id: shift.id,
      version: 1,
      counted: [
        { payment_method: 'cash', amount: '1' },
        { payment_method: 'transfer', amount: '-1' },
        { payment_method: 'payoo', amount: '0' },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errors.map((e) => [e.field, e.msg])).toEqual([
      ['counted.1.amount', 'Please enter between 0 and 999999999999'],
      ['counted.2.payment_method', 'payment_method must be one of cash, card, transfer'],
    ]);
    expect(await db().select().from(shiftCounts)).toEqual([]);
  });

  const counted = [
    { payment_method: 'cash' as const, amount: '725000' },
    { payment_method: 'card' as const, amount: '300000' },
    { payment_method: 'transfer' as const, amount: '0' },
  ];

  it('refuses a close without the edit level (403) and a stale version (409), changing nothing', async () => {
    const denied = await viewer.op('shifts.close', { body: { shift_id: shift.id, version: 1, counted } });
    expect(denied.statusCode).toBe(403);
    const stale = await cashier.op('shifts.close', { body: { shift_id: shift.id, version: 7, counted } });
    expect(stale.statusCode).toBe(409);
    const [row] = await db().select().from(shifts).where(eq(shifts.id, shift.id));
    expect(row).toMatchObject({ status: 'open', version: 1, closed_at: null });
    expect(await db().select().from(shiftCounts)).toEqual([]);
  });

  it("another franchise's shift is 404 for every call", async () => {
    expect((await other.op('shifts.get', { params: { id: shift.id } })).statusCode).toBe(404);
    const close = await other.op('shifts.close', { body: { shift_id: shift.id, version: 1, counted } });
    expect(close.statusCode).toBe(404);
    expect(errorOf(close).msg).toBe('Shift not found');
    expect((await other.op('shifts.report', { body: { shift_id: shift.id, kind: 'X' } })).statusCode).toBe(404);
    const list = await other.op('shifts.list', { body: {} });
    expect(list.data.items).toEqual([]);
  });

  it('closes with the counted amounts: expected, counted and difference per method are recorded', async () => {
    const r = await cashier.op('shifts.close', { body: { shift_id: shift.id, version: 1, counted } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data).toMatchObject({
      status: 'closed',
      version: 2,
      closed_by_name: cashierName,
      expected_total: '1030000.00',
      counted_total: '1025000.00',
      difference: '-5000.00',
    });
    expect(r.data.closed_at).not.toBeNull();
    expect(r.data.methods.map((m) => [m.payment_method, m.expected_amount, m.counted_amount, m.difference])).toEqual([
      ['cash', '730000.00', '725000.00', '-5000.00'],
      ['card', '300000.00', '300000.00', '0.00'],
      ['transfer', '0.00', '0.00', '0.00'],
    ]);
    const rows = await db().select().from(shiftCounts).where(eq(shiftCounts.shift_id, shift.id));
    expect(rows.map((c) => [c.payment_method, c.expected_amount, c.counted_amount, c.difference]).sort()).toEqual([
      ['card', '300000.00', '300000.00', '0.00'],
      ['cash', '730000.00', '725000.00', '-5000.00'],
      ['transfer', '0.00', '0.00', '0.00'],
    ]);
    shift = r.data;
  });

  it('closing a closed shift is 422 on status; the database refuses to change it or its counts', async () => {
    const r = await cashier.op('shifts.close', { body: { shift_id: shift.id, version: 2, counted } });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r)).toMatchObject({
      field: 'status',
      msg: `Shift ${shift.shift_no} is closed; only an open shift can be closed`,
    });
    await expect(db().execute(sql`update shifts set opening_float = 0 where id = ${shift.id}`)).rejects.toThrow();
    await expect(db().execute(sql`delete from shift_counts where shift_id = ${shift.id}`)).rejects.toThrow();
  });

  it('a receipt processed after the close belongs to no shift', async () => {
    const { receipts } = await paid(cashier, [{ amount: '10000', payment_type: 'cash' }]);
    const [row] = await db().select().from(cashReceipts).where(eq(cashReceipts.receipt_id, receipts[0]!.receipt_id));
    expect(row!.shift_id).toBeNull();
    const again = await viewer.op('shifts.get', { params: { id: shift.id } });
    expect(again.data.receipt_count).toBe(3);
  });

  it('prints the Z report of the closed shift with counted and difference; X is 422 now', async () => {
    const x = await cashier.op('shifts.report', { body: { shift_id: shift.id, kind: 'X' } });
    expect(x.statusCode).toBe(422);
    expect(errorOf(x)).toMatchObject({ field: 'kind', msg: shiftMessages.xNeedsOpen(shift.shift_no) });
    const r = await cashier.op('shifts.report', { body: { shift_id: shift.id, kind: 'Z' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data).toMatchObject({ kind: 'Z', print_result: 'printed', difference: '-5000.00' });
    const job = await printedJob(shift.shift_no, 'z_report');
    expect(job.text_lines).toEqual(
      expect.arrayContaining([
        'Z REPORT',
        'BÁO CÁO KẾT CA',
        'Tiền mặt (2)',
        '  Dự kiến  730.000',
        '  Thực đếm  725.000',
        '  Chênh lệch  -5.000',
        'Tổng dự kiến  1.030.000',
        'Tổng thực đếm  1.025.000',
        'Tổng chênh lệch  -5.000',
        'Số phiếu thu  3',
      ]),
    );
    expect(job.text_lines.some((l) => l.startsWith('Đóng ca: '))).toBe(true);
  });

  it("a printer that is off answers 'not connected' and undoes nothing; no printer at all is 422", async () => {
    await pointPrinter({ ip: '127.0.0.1', port: await closedPort() });
    const r = await cashier.op('shifts.report', { body: { shift_id: shift.id, kind: 'Z' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data.print_result).toBe('not connected');
    const log = await admin.op('printJobs.list', {
      body: { filters: [{ field: 'document_no', value: shift.shift_no, condition_type: 'eq' }] },
    });
    expect(log.data.items[0]).toMatchObject({ status: 'not_connected', document_type: 'z_report' });
    const [row] = await db().select().from(shifts).where(eq(shifts.id, shift.id));
    expect(row).toMatchObject({ status: 'closed', version: 2 });
    const open2 = await cashier.op('shifts.current', { query: { location_code: 'SHF-02' } });
    const none = await cashier.op('shifts.report', { body: { shift_id: open2.data!.id, kind: 'X' } });
    expect(none.statusCode).toBe(422);
    expect(errorOf(none)).toMatchObject({
      code: 'no_printer',
      field: 'location_code',
      msg: 'No printer is set up for location SHF-02. Ask an administrator to add a PRINTER for it on the Devices screen.',
    });
  });

  it('lists and exports shifts in scope, filtered by status', async () => {
    const r = await viewer.op('shifts.list', {
      body: { filters: [{ field: 'status', value: 'closed', condition_type: 'eq' }] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.data.total_count).toBe(1);
    expect(r.data.items[0]).toMatchObject({
      shift_no: shift.shift_no,
      receipt_count: 3,
      total_amount: '530000.00',
      difference: '-5000.00',
      opened_by_name: cashierName,
    });
    const all = await admin.op('shifts.list', { body: { sort_order: { field: 'shift_no', direction: 'asc' } } });
    expect(all.data.items.map((s) => s.difference)).toEqual(['-5000.00', null]);
    const x = await viewer.post('/api/shifts/filter/export', {});
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-type']).toContain('spreadsheetml');
  });

  it('keeps the books: counts, differences, receipts in their shift, SH numbers', async () => {
    expect(totalViolations(await checkBooks(db()))).toBe(0);
  });
});

/** The last print job of a shift report, after checking the printer got exactly its raster. */
async function printedJob(shiftNo: string, type: string): Promise<PrintJob> {
  const decoded = decodeEscPos(await printer.waitForJob());
  const log = await admin.op('printJobs.list', {
    body: {
      filters: [
        { field: 'document_no', value: shiftNo, condition_type: 'eq' },
        { field: 'document_type', value: type, condition_type: 'eq' },
      ],
    },
  });
  const job = log.data.items[0]!;
  expect(job).toMatchObject({ document_type: type, document_no: shiftNo, status: 'printed', franchise_code: 'SHF' });
  const expected = renderDocument(job.document as PrintDocument);
  expect(decoded.images[0]!.height).toBe(expected.height);
  expect(Buffer.from(decoded.images[0]!.bits).equals(Buffer.from(expected.bits))).toBe(true);
  return job as PrintJob;
}

describe('VietQR', () => {
  it("is 422 naming the franchise while it has no bank account; another franchise's order is 404", async () => {
    const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '150000' }]);
    const r = await cashier.op('vietQr.get', { query: { pos_so_no: order.pos_so_no, amount: '150000' } });
    expect(r.statusCode).toBe(422);
    expect(errorOf(r)).toMatchObject({
      field: 'franchise_code',
      msg: 'Franchise SHF has no bank account for VietQR; head office sets its bank BIN and account number on the franchise',
    });
    const hidden = await other.op('vietQr.get', { query: { pos_so_no: order.pos_so_no, amount: '150000' } });
    expect(hidden.statusCode).toBe(404);
    const bad = await cashier.get('/api/cash-receipts/vietqr');
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors.map((e) => e.field)).toEqual(['pos_so_no', 'amount']);
  });

  it('head office sets the bank account on the franchise (validated)', async () => {
    const f = await admin.op('franchises.get', { params: { customer_no: 'SHF' } });
    const wrong = await admin.put('/api/franchises', {
      customer_no: 'SHF',
      version: f.data.version,
      bank_bin: '9704',
      bank_account_no: '12-34',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.envelope.errors.map((e) => [e.field, e.msg])).toEqual([
      ['bank_bin', 'Bank BIN must be 6 digits (e.g. 970416 for ACB)'],
      ['bank_account_no', 'Bank account number must be 1 to 19 letters or digits'],
    ]);
    const r = await admin.put('/api/franchises', {
      customer_no: 'SHF',
      version: f.data.version,
      bank_account_code: 'ACB09-VND',
      bank_bin: '970416',
      bank_account_no: '257678859',
      bank_account_name: 'CUA HANG CA TRUC',
    });
    expect(r.statusCode, r.body).toBe(200);
    const again = await admin.op('franchises.get', { params: { customer_no: 'SHF' } });
    expect(again.data).toMatchObject({
      bank_account_code: 'ACB09-VND',
      bank_bin: '970416',
      bank_account_no: '257678859',
      bank_account_name: 'CUA HANG CA TRUC',
    });
  });

  it('answers the payload of an order and amount: it decodes to the bank, account, amount and order', async () => {
    const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '150000' }]);
    const r = await cashier.op('vietQr.get', { query: { pos_so_no: order.pos_so_no, amount: '150000' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.data).toMatchObject({
      bank_bin: '970416',
      bank_name: 'ACB – Ngân hàng TMCP Á Châu',
      bank_account_no: '257678859',
      bank_account_name: 'CUA HANG CA TRUC',
      amount: '150000.00',
      purpose: `TT ${order.pos_so_no}`,
    });
    expect(decodeVietQr(r.data.payload)).toMatchObject({
      bin: '970416',
      accountNo: '257678859',
      amount: '150000',
      purpose: `TT ${order.pos_so_no}`,
    });
  });

  it('prints a transfer receipt with its VietQR code and the account, amount and purpose in words', async () => {
    const order = await makeOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '150000' }]);
    const add = await cashier.op('cashReceipts.add', {
      body: { pos_so_no: order.pos_so_no, amount: '150000', payment_type: 'transfer' },
    });
    expect(add.statusCode, add.body).toBe(201);
    const byReceipt = await cashier.op('vietQr.get', { query: { receipt_id: add.data.receipt_id } });
    expect(byReceipt.statusCode).toBe(200);
    // The recording printer again (the previous test switched the device off).
    await pointPrinter({ ip: printer.ip, port: printer.port });
    const res = await cashier.post<string>('/api/print', {
      document_type: 'receipt',
      document_no: add.data.receipt_no,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toBe('printed');
    const decoded = decodeEscPos(await printer.waitForJob());
    const log = await admin.op('printJobs.list', {
      body: { filters: [{ field: 'document_no', value: add.data.receipt_no, condition_type: 'eq' }] },
    });
    const job = log.data.items[0]!;
    const doc = job.document as PrintDocument;
    expect(doc.lines).toContainEqual({ kind: 'qr', data: byReceipt.data.payload });
    expect(job.text_lines).toEqual(
      expect.arrayContaining([
        'Quét mã VietQR để chuyển khoản',
        `QR: ${byReceipt.data.payload}`,
        'Ngân hàng (BIN): 970416',
        'Số tài khoản: 257678859',
        'Chủ tài khoản: CUA HANG CA TRUC',
        'Số tiền  150.000',
        `Nội dung: TT ${order.pos_so_no}`,
      ]),
    );
    const expected = renderDocument(doc);
    expect(Buffer.from(decoded.images[0]!.bits).equals(Buffer.from(expected.bits))).toBe(true);
    // The code is on paper: the rendered receipt is taller than the same receipt without it.
    const without = renderDocument({ lines: doc.lines.filter((l) => l.kind !== 'qr') });
    expect(expected.height - without.height).toBeGreaterThan(200);
  });
});

describe('cash needs an open shift (issue 17)', () => {
  const counted = [
    { payment_method: 'cash' as const, amount: '0' },
    { payment_method: 'card' as const, amount: '0' },
    { payment_method: 'transfer' as const, amount: '0' },
  ];

  it('with the franchise setting on, cash at a location without an open shift is refused on add and on process', async () => {
    const strict = await makeStore(ctx.t, 'SCS');
    const f = await admin.op('franchises.get', { params: { customer_no: 'SCS' } });
    expect(f.data.cash_needs_open_shift).toBe(false);
    const order = await makeOrder(ctx.t, strict, [{ item_no: item, quantity: '1', unit_price: '100000' }]);
    const cash = { pos_so_no: order.pos_so_no, amount: '40000', payment_type: 'cash' as const };
    // Off: cash is taken without a shift.
    const loose = await admin.op('cashReceipts.add', { body: cash });
    expect(loose.statusCode, loose.body).toBe(201);
    await admin.op('cashReceipts.delete', { query: { receipt_id: loose.data.receipt_id } });

    const on = await admin.op('franchises.update', {
      body: { customer_no: 'SCS', version: f.data.version, cash_needs_open_shift: true },
    });
    expect([on.statusCode, on.data.cash_needs_open_shift]).toEqual([200, true]);
    const receiptsBefore = await db().select().from(cashReceipts).where(eq(cashReceipts.franchise_code, 'SCS'));
    const refused = await admin.op('cashReceipts.add', { body: cash });
    expect([refused.statusCode, refused.envelope.errors]).toEqual([
      422,
      [{ code: 'shift_not_open', msg: 'Open a shift at SCS-01 before taking cash', field: 'location_code' }],
    ]);
    expect(await db().select().from(cashReceipts).where(eq(cashReceipts.franchise_code, 'SCS'))).toEqual(
      receiptsBefore,
    );
    // An installment is no cash at the counter.
    const installment = await admin.op('cashReceipts.add', {
      body: { ...cash, payment_type: 'installment', contract_no: 'HD-1', payment_term: '3_months' },
    });
    expect(installment.statusCode, installment.body).toBe(201);

    const opened = await admin.op('shifts.open', { body: { location_code: strict.location_code, opening_float: '0' } });
    expect(opened.statusCode, opened.body).toBe(201);
    const taken = await admin.op('cashReceipts.add', { body: cash });
    expect(taken.statusCode, taken.body).toBe(201);
    const closed = await admin.op('shifts.close', { body: { shift_id: opened.data.id, version: 1, counted } });
    expect(closed.statusCode, closed.body).toBe(200);
    // The shift closed before the cash was processed: processing refuses it, under the shift lock.
    const late = await admin.op('cashReceipts.process', { body: { receipt_id: taken.data.receipt_id } });
    expect([late.statusCode, errorOf(late)]).toEqual([
      422,
      { code: 'shift_not_open', msg: 'Open a shift at SCS-01 before taking cash', field: 'location_code' },
    ]);
    const [still] = await db().select().from(cashReceipts).where(eq(cashReceipts.receipt_id, taken.data.receipt_id));
    expect(still.status).toBe('open');
    const again = await admin.op('shifts.open', { body: { location_code: strict.location_code, opening_float: '0' } });
    const done = await admin.op('cashReceipts.process', { body: { receipt_id: taken.data.receipt_id } });
    expect([done.statusCode, done.data.shift_id]).toEqual([200, again.data.id]);
  });
});
