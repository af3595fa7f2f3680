import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrintJob } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { franchises } from '../franchises/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { addStock } from '../sales/posting/test-support.js';
import { makeOrder, salesWorld, type Order } from '../sales/test-support/builders.js';
import { decodeEscPos, RecordingPrinter, renderDocument, type PrintDocument } from './printing/index.js';
import { countBlack } from './printing/test-helpers.js';
import { printerBody } from './test-support.js';

// Documents printed by number: each is rendered from the database, sent to the store's PRINTER (a RecordingPrinter
// here) and logged; the decoded raster must be exactly the logged document rendered again.
const ctx = useTestApp({ PRINTER_ALLOW_LOOPBACK: 'true' });
const printer = new RecordingPrinter();
let w: Awaited<ReturnType<typeof salesWorld>>;
let order: Order;

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Prints a document by number and answers the logged job after checking the printer got exactly its raster. */
async function printAndCheck(client: Client, document_type: string, document_no: string): Promise<PrintJob> {
  const res = await client.post<string>('/api/print', { document_type, document_no });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.data).toBe('printed');
  const decoded = decodeEscPos(await printer.waitForJob());
  const log = await client.post<{ items: PrintJob[] }>('/api/print-jobs/filter', {
    filters: [{ field: 'document_no', value: document_no, condition_type: 'eq' }],
  });
  const job = log.data.items[0];
  expect(job).toMatchObject({ document_type, document_no, status: 'printed', franchise_code: w.franchise_code });
  const expected = renderDocument(job.document as PrintDocument);
  expect(decoded.images).toHaveLength(1);
  expect(decoded.images[0].width).toBe(576);
  expect(decoded.images[0].height).toBe(expected.height);
  expect(Buffer.from(decoded.images[0].bits).equals(Buffer.from(expected.bits))).toBe(true);
  expect(countBlack(decoded.images[0])).toBeGreaterThan(5000);
  expect(decoded.cut).toBe(true);
  return job;
}

beforeAll(async () => {
  await printer.start();
  w = await salesWorld(ctx.t, 'PRD');
  await ctx.t.services.db
    .update(franchises)
    .set({ name: 'Cửa hàng Phố Cổ', address: '12 Hàng Bạc', district_name: 'Hoàn Kiếm', phone_no: '0241234567' })
    .where(eq(franchises.customer_no, 'PRD'));
  const admin = await ctx.t.admin();
  const device = await admin.post('/api/devices', {
    ...printerBody({ device_code: 'PRD-PRN', location_code: w.location_code }),
    device_data: { ip: printer.ip, port: printer.port },
  });
  expect(device.statusCode).toBe(201);
  await admin.post('/api/fees/add', { fee_code: 'SHIP', description: 'Phí giao hàng', amount: '30000' });
  const created = await makeOrder(w.client, w);
  const withFee = await w.client.post<Order>('/api/sales-orders/fees', {
    pos_so_no: created.pos_so_no,
    version: created.version,
    fee_code: 'SHIP',
  });
  order = withFee.data;
  expect(order.totals.grand_total).toBe('250000.00');
});

afterAll(() => printer.stop());

describe('printing documents by number', () => {
  it('prints an open order: store, number, cashier, Vietnamese lines, fee, total and the amount in words', async () => {
    const job = await printAndCheck(w.client, 'order', order.pos_so_no);
    const text = job.text_lines;
    expect(text[0]).toBe('Cửa hàng Phố Cổ');
    expect(text).toContain('12 Hàng Bạc, Hoàn Kiếm');
    expect(text).toContain('ĐƠN HÀNG');
    expect(text).toContain(`Số: ${order.pos_so_no}`);
    expect(text.some((l) => /^Ngày: \d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/.test(l))).toBe(true);
    expect(text.some((l) => l.startsWith('Thu ngân: '))).toBe(true);
    expect(text).toContain('Nước mắm 110');
    expect(text).toContain('2 x 110.000  220.000');
    expect(text).toContain('Phí: Phí giao hàng  30.000');
    expect(text).toContain('TỔNG CỘNG  250.000');
    expect(text).toContain('Còn lại  250.000');
    expect(text).toContain('Bằng chữ: Hai trăm năm mươi nghìn đồng');
  });

  it('prints a quote', async () => {
    const quote = await makeOrder(w.client, w, { document_type: 'quote' });
    const job = await printAndCheck(w.client, 'quote', quote.pos_so_no);
    expect(job.text_lines).toContain('BÁO GIÁ');
    expect(job.text_lines).toContain('Bằng chữ: Hai trăm hai mươi nghìn đồng');
    const wrong = await w.client.post('/api/print', { document_type: 'order', document_no: quote.pos_so_no });
    expect(wrong.statusCode).toBe(404);
  });

  it('prints the shipment and the invoice after ship now, and a cash receipt with change and points', async () => {
    await addStock(ctx.t, {
      franchise_code: w.franchise_code,
      location_code: w.location_code,
      item_no: 'SP110',
      quantity: '5',
    });
    const released = await w.client.put<Order>('/api/sales-orders/status', {
      pos_so_no: order.pos_so_no,
      version: order.version,
      status: 'released',
    });
    const shipped = await w.client.post<Order>('/api/sales-orders/ship', {
      pos_so_no: order.pos_so_no,
      version: released.data.version,
      sell_on_credit: true,
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const ssNo = shipped.data.shipments[0].pos_ss_no;
    const siNo = shipped.data.invoices[0].pos_si_no;

    const ship = await printAndCheck(w.client, 'shipment', ssNo);
    expect(ship.text_lines).toContain('PHIẾU GIAO HÀNG');
    expect(ship.text_lines).toContain(`Đơn hàng: ${order.pos_so_no}`);
    expect(ship.text_lines).toContain('Nước mắm 110');
    expect(ship.text_lines).toContain('Bằng chữ: Hai trăm hai mươi nghìn đồng');

    // A processed cash payment with change (the payments module writes this row; here it is written directly). The
    // points are the loyalty module's: Ship Now earned 250.000 ÷ 100.000 × 1 (Silver) = 2,5 on the invoice.
    const db = ctx.t.services.db;
    await db.insert(cashReceipts).values({
      receipt_no: 'PRD-RC-TEST-1',
      franchise_code: w.franchise_code,
      location_code: w.location_code,
      customer_no: w.customer.customer_no,
      customer_name: 'Nguyễn Văn An',
      pos_so_no: order.pos_so_no,
      amount: '250000',
      tendered_amount: '300000',
      change_amount: '50000',
      receipt_type: 'collect_store',
      payment_type: 'cash',
      status: 'processed',
    });
    const inv = await printAndCheck(w.client, 'invoice', siNo);
    const text = inv.text_lines;
    expect(text).toContain('HÓA ĐƠN BÁN HÀNG');
    expect(text).toContain(`Số: ${siNo}`);
    expect(text).toContain('Nước mắm 110');
    expect(text).toContain('Phí: Phí giao hàng  30.000');
    expect(text).toContain('TỔNG CỘNG  250.000');
    expect(text).toContain('Thanh toán (Tiền mặt)  250.000');
    expect(text).toContain('  Tiền khách đưa  300.000');
    expect(text).toContain('  Tiền thừa  50.000');
    expect(text).toContain('Điểm tích lũy đơn này  2,5');
    expect(text).toContain('Tổng điểm  2,5');
    expect(text).toContain('Bằng chữ: Hai trăm năm mươi nghìn đồng');

    const rc = await printAndCheck(w.client, 'receipt', 'PRD-RC-TEST-1');
    expect(rc.text_lines).toContain('PHIẾU THU');
    expect(rc.text_lines).toContain('Hình thức: Tiền mặt');
    expect(rc.text_lines).toContain('SỐ TIỀN  250.000');
    expect(rc.text_lines).toContain('Tiền thừa  50.000');
    // The remaining amount counts customer ledger payments (posted by processing, modules/payments), not this row.
    expect(rc.text_lines).toContain('Tổng đơn hàng  250.000');
    expect(rc.text_lines.some((l) => l.startsWith('Còn lại  '))).toBe(true);
    expect(rc.text_lines).toContain('Bằng chữ: Hai trăm năm mươi nghìn đồng');
  });

  it("answers 404 for another franchise's document and prints nothing", async () => {
    const other = await salesWorld(ctx.t, 'PRE');
    const before = printer.jobs().length;
    for (const [type, no] of [
      ['order', order.pos_so_no],
      ['invoice', 'PRD-SI-XX'],
      ['receipt', 'PRD-RC-TEST-1'],
    ]) {
      const res = await other.client.post('/api/print', { document_type: type, document_no: no });
      expect(res.statusCode).toBe(404);
    }
    expect(printer.jobs()).toHaveLength(before);
  });

  it('answers not connected when the printer is off, logs it, and undoes nothing', async () => {
    const off = await salesWorld(ctx.t, 'PRF');
    const admin = await ctx.t.admin();
    await admin.post('/api/devices', {
      ...printerBody({ device_code: 'PRF-PRN', location_code: off.location_code }),
      device_data: { ip: '127.0.0.1', port: await closedPort() },
    });
    const o = await makeOrder(off.client, off);
    const res = await off.client.post<string>('/api/print', { document_type: 'order', document_no: o.pos_so_no });
    expect(res.statusCode).toBe(200);
    expect(res.data).toBe('not connected');
    const log = await off.client.post<{ items: PrintJob[] }>('/api/print-jobs/filter', {});
    expect(log.data.items[0]).toMatchObject({ document_no: o.pos_so_no, status: 'not_connected' });
    const after = await off.client.get<Order>(`/api/sales-orders/${o.pos_so_no}`);
    expect(after.data).toMatchObject({ status: 'open', version: o.version });
    // Another user's prints are not in a store user's log.
    expect(log.data.items.every((j) => j.franchise_code === 'PRF')).toBe(true);
  });
});
