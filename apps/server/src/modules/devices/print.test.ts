import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Device, PrintDocumentInput } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { decodeEscPos, RecordingPrinter, renderDocument, type PrintDocument } from './printing/index.js';
import { countBlack } from './printing/test-helpers.js';
import { assignDevice, makeStore, printerBody } from './test-support.js';

// Every printer here is a RecordingPrinter on 127.0.0.1: the bytes it records are what would come out on paper.
const ctx = useTestApp({ PRINTER_ALLOW_LOOPBACK: 'true' });
const storePrinter = new RecordingPrinter();
const otherStorePrinter = new RecordingPrinter();
const headOfficePrinter = new RecordingPrinter();

const receipt: PrintDocumentInput = {
  lines: [
    { text: 'Cửa hàng Hà Nội – Hoá đơn bán lẻ', align: 'center', bold: true, size: 'large' },
    { text: 'Khách hàng: Nguyễn Thị Ánh' },
    { kind: 'rule', style: 'dashed' },
    {
      kind: 'columns',
      cells: [
        { text: 'Nồi cơm điện', width: 3 },
        { text: '1.234.567 ₫', width: 2, align: 'right' },
      ],
    },
    { kind: 'feed', lines: 1 },
    { kind: 'text', text: 'Cảm ơn quý khách!', align: 'center' },
  ],
};

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const at = (p: RecordingPrinter) => ({ ip: p.ip, port: p.port });
let hnPrinter: Device;

beforeAll(async () => {
  await Promise.all([storePrinter.start(), otherStorePrinter.start(), headOfficePrinter.start()]);
  await makeStore(ctx.t, 'HN001', ['HN001-01']);
  await makeStore(ctx.t, 'HCM001', ['HCM001-01']);
  await makeStore(ctx.t, 'DN001', ['DN001-01']);
  const admin = await ctx.t.admin();
  hnPrinter = (
    await admin.post<Device>('/api/devices', printerBody({ device_code: 'HN-PRN', device_data: at(storePrinter) }))
  ).data;
  await admin.post(
    '/api/devices',
    printerBody({ device_code: 'HCM-PRN', location_code: 'HCM001-01', device_data: at(otherStorePrinter) }),
  );
});

afterAll(async () => {
  await Promise.all([storePrinter.stop(), otherStorePrinter.stop(), headOfficePrinter.stop()]);
});

describe('test print', () => {
  it('prints the test page as a non-blank raster the width of 80 mm paper, then cuts', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<string>(`/api/devices/${hnPrinter.id}/test-print`);
    expect(res.statusCode).toBe(200);
    expect(res.data).toBe('printed');
    const job = decodeEscPos(await storePrinter.waitForJob());
    expect(job.inits).toBe(1);
    expect(job.cut).toBe(true);
    expect(job.images).toHaveLength(1);
    expect(job.images[0].width).toBe(576);
    // The test page has a dozen lines of text: a blank or one-line image would be far shorter and emptier.
    expect(job.images[0].height).toBeGreaterThan(300);
    expect(countBlack(job.images[0])).toBeGreaterThan(5000);
    expect(otherStorePrinter.jobs()).toHaveLength(0);
  });

  it('answers not connected when nothing listens at the address', async () => {
    const admin = await ctx.t.admin();
    const off = await admin.post<Device>(
      '/api/devices',
      printerBody({ device_code: 'OFF', device_data: { ip: '127.0.0.1', port: await closedPort() } }),
    );
    const res = await admin.post<string>(`/api/devices/${off.data.id}/test-print`);
    expect(res.statusCode).toBe(200);
    expect(res.envelope.result).toBe(true);
    expect(res.data).toBe('not connected');
    await admin.del(`/api/devices/${off.data.id}`);
  });

  it('refuses to print to an address the policy no longer allows (settings changed since it was saved)', async () => {
    const admin = await ctx.t.admin();
    const before = storePrinter.jobs().length;
    ctx.t.services.config.printerAllowLoopback = false;
    try {
      const res = await admin.post(`/api/devices/${hnPrinter.id}/test-print`);
      expect(res.statusCode).toBe(422);
      expect(res.envelope.errors[0]).toMatchObject({ code: 'printer_address_refused', field: 'device_data.ip' });
      expect(res.envelope.errors[0].msg).toContain('HN-PRN: ip must be a private network address');
    } finally {
      ctx.t.services.config.printerAllowLoopback = true;
    }
    expect(storePrinter.jobs()).toHaveLength(before);
  });

  it('lets a store user with view permission test their own printer only', async () => {
    const store = await ctx.t.makeUser({
      role: 'Store Staff',
      customer_no: 'HN001',
      pages: [{ page_url: '/devices', permission_type: 'view' }],
    });
    const before = storePrinter.jobs().length;
    const res = await store.client.post<string>(`/api/devices/${hnPrinter.id}/test-print`);
    expect(res.data).toBe('printed');
    await storePrinter.waitForJob();
    expect(storePrinter.jobs()).toHaveLength(before + 1);
    expect((await ctx.t.anon.post(`/api/devices/${hnPrinter.id}/test-print`)).statusCode).toBe(401);
  });
});

describe('POST /api/print', () => {
  it("prints a store user's document on the PRINTER of their location, exactly as rendered", async () => {
    const staff = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HN001' });
    const res = await staff.client.post<string>('/api/print', { document_type: 'receipt', document: receipt });
    expect(res.statusCode).toBe(200);
    expect(res.data).toBe('printed');
    const job = decodeEscPos(await storePrinter.waitForJob());
    const expected = renderDocument(receipt as PrintDocument);
    expect(job.images[0].width).toBe(expected.width);
    expect(job.images[0].height).toBe(expected.height);
    expect(Buffer.from(job.images[0].bits).equals(Buffer.from(expected.bits))).toBe(true);
    expect(job.cut).toBe(true);
  });

  it("uses the user's assigned PRINTER before the location's", async () => {
    const staff = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HN001' });
    const [hcm] = (
      await (
        await ctx.t.admin()
      ).post<{ items: Device[] }>('/api/devices/filter', { filters: [{ field: 'device_code', value: 'HCM-PRN' }] })
    ).data.items;
    await assignDevice(ctx.t, staff.id, hcm.id);
    const before = storePrinter.jobs().length;
    expect((await staff.client.post<string>('/api/print', { document_type: 'test' })).data).toBe('printed');
    const job = decodeEscPos(await otherStorePrinter.waitForJob());
    expect(countBlack(job.images[0])).toBeGreaterThan(0);
    expect(storePrinter.jobs()).toHaveLength(before);
  });

  it('prints for Administrators on the ADMIN_PRINTER, never on a store printer', async () => {
    const admin = await ctx.t.admin();
    const none = await admin.post('/api/print', { document_type: 'test' });
    expect(none.statusCode).toBe(422);
    expect(none.envelope.errors[0]).toMatchObject({
      code: 'no_printer',
      msg: 'No ADMIN_PRINTER is set up. Add one on the Devices screen.',
    });

    const ho = await admin.post<Device>(
      '/api/devices',
      printerBody({
        device_code: 'HO-PRN',
        device_type: 'ADMIN_PRINTER',
        location_code: null,
        device_data: at(headOfficePrinter),
      }),
    );
    expect(ho.statusCode).toBe(201);
    const storeJobs = storePrinter.jobs().length + otherStorePrinter.jobs().length;
    const res = await admin.post<string>('/api/print', { document_type: 'invoice', document: receipt });
    expect(res.data).toBe('printed');
    const job = decodeEscPos(await headOfficePrinter.waitForJob());
    expect(job.images[0].height).toBe(renderDocument(receipt as PrintDocument).height);
    expect(storePrinter.jobs().length + otherStorePrinter.jobs().length).toBe(storeJobs);
  });

  it('answers 422 with a clear message when the user has no printer', async () => {
    const noStore = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'DN001' });
    const res = await noStore.client.post('/api/print', { document_type: 'receipt', document: receipt });
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toMatchObject({
      code: 'no_printer',
      msg: 'No printer is set up for your location. Ask an administrator to add a PRINTER for your store on the Devices screen.',
    });
  });

  it('answers not connected when the printer is off', async () => {
    const admin = await ctx.t.admin();
    await makeStore(ctx.t, 'OFF001', ['OFF001-01']);
    await admin.post(
      '/api/devices',
      printerBody({
        device_code: 'OFF-PRN',
        location_code: 'OFF001-01',
        device_data: { ip: '127.0.0.1', port: await closedPort() },
      }),
    );
    const staff = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'OFF001' });
    const res = await staff.client.post<string>('/api/print', { document_type: 'receipt', document: receipt });
    expect(res.statusCode).toBe(200);
    expect(res.data).toBe('not connected');
  });

  it('names the field of a bad print request', async () => {
    const staff = await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'HN001' });
    const before = storePrinter.jobs().length;

    const missing = await staff.client.post('/api/print', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0]).toMatchObject({ field: 'document_type', msg: 'This is required field!' });

    const wrongType = await staff.client.post('/api/print', { document_type: 'menu' });
    expect(wrongType.envelope.errors[0]).toMatchObject({
      field: 'document_type',
      msg: 'document_type must be one of quote, order, shipment, invoice, receipt, test',
    });

    const noDocument = await staff.client.post('/api/print', { document_type: 'order' });
    expect(noDocument.statusCode).toBe(400);
    expect(noDocument.envelope.errors[0]).toMatchObject({ field: 'document_no', msg: 'This is required field!' });

    // Documents by number are read in the caller's scope: an unknown one is the module's 404 (print-documents.test.ts).
    const byNumber = await staff.client.post('/api/print', { document_type: 'order', document_no: 'SO-0001' });
    expect(byNumber.statusCode).toBe(404);
    expect(byNumber.envelope.errors[0]).toMatchObject({ msg: 'Sales order not found' });

    const badLine = await staff.client.post('/api/print', {
      document_type: 'receipt',
      document: { lines: [{ kind: 'image' }] },
    });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.envelope.errors[0]).toMatchObject({
      field: 'document.lines.0.kind',
      msg: 'kind must be text, columns, rule or feed',
    });

    const badCell = await staff.client.post('/api/print', {
      document_type: 'receipt',
      document: { lines: [{ kind: 'columns', cells: [{ text: 'a', width: 0 }] }] },
    });
    expect(badCell.envelope.errors[0]).toMatchObject({
      field: 'document.lines.0.cells.0.width',
      msg: 'width must be a positive number',
    });

    const empty = await staff.client.post('/api/print', { document_type: 'receipt', document: { lines: [] } });
    expect(empty.envelope.errors[0]).toMatchObject({ field: 'document.lines', msg: 'lines must not be empty' });

    // A document taller than the renderer allows is the caller's input, not a server error.
    const tall = await staff.client.post('/api/print', {
      document_type: 'receipt',
      document: { lines: Array.from({ length: 400 }, () => ({ kind: 'feed', lines: 20 })) },
    });
    expect(tall.statusCode).toBe(400);
    expect(tall.envelope.errors[0]).toMatchObject({ field: 'document', code: 'document_too_long' });

    expect((await ctx.t.anon.post('/api/print', { document_type: 'test' })).statusCode).toBe(401);
    expect(storePrinter.jobs()).toHaveLength(before);
  });
});
