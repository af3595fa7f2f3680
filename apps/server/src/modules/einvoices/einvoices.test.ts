import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { EINVOICE_PENDING_RECEIPT_TEXT, type ApiResponse, type CounterSaleCreate } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { jobs } from '../../jobs/schema.js';
import { addStock } from '../sales/posting/test-support.js';
import { salesPages, salesWorld } from '../sales/test-support/builders.js';
import { documentRenderers, documentText } from '../devices/print-documents.js';
import { systemAuth } from '../../http/context.js';
import { EINVOICE_QUEUE } from './record.js';
import { transactionUuidOf } from './runtime.js';
import { eInvoices } from './schema.js';
import {
  DEFAULT_SINVOICE_ACCOUNT,
  startSInvoiceServer,
  type SInvoiceTestServer,
} from './test-support/sinvoice-test-server.js';

// The e-invoices through HTTP against the SInvoice-shaped test server (issue 21 "Must show": the e-invoice fields on
// invoices and credit memos, the company buyer's fields validated, the state filter, send again, the summary, another
// franchise's e-invoices invisible, the receipt).

const env: Record<string, string> = {
  EINVOICE_MODE: 'sinvoice',
  SINVOICE_USERNAME: DEFAULT_SINVOICE_ACCOUNT.username,
  SINVOICE_PASSWORD: DEFAULT_SINVOICE_ACCOUNT.password,
  SINVOICE_SUPPLIER_TAX_CODE: DEFAULT_SINVOICE_ACCOUNT.supplierTaxCode,
  SINVOICE_TEMPLATE_CODE: '1/001',
  SINVOICE_SERIES: 'C26MAA',
  SINVOICE_SELLER_NAME: 'Công ty TNHH Chuỗi Cửa Hàng',
};
let sinvoice: SInvoiceTestServer;
beforeAll(async () => {
  sinvoice = await startSInvoiceServer();
  env.SINVOICE_BASE_URL = sinvoice.baseUrl;
});
const ctx = useTestApp(env);
afterAll(async () => {
  await sinvoice.close();
});

type Sale = ApiResponse<'counterSales.create'>;
type EInvoice = ApiResponse<'eInvoices.get'>;
type World = Awaited<ReturnType<typeof salesWorld>>;
let w: World;
let other: World;
let headOffice: Client;
let cashier: Client;
let manager: Client;
let otherManager: Client;

const eInvoicePage = (level: 'view' | 'edit') => ({ page_url: '/eInvoices', permission_type: level });
const counterPage = { page_url: '/counter', permission_type: 'edit' as const };

const sale = (o: Partial<CounterSaleCreate> = {}): CounterSaleCreate => ({
  client_id: randomUUID(),
  location_code: w.location_code,
  sell_to_code: w.customer.customer_no,
  lines: [
    { item_no: 'SP110', quantity: 2 },
    { item_no: 'SP050', quantity: 1 },
  ],
  payments: [{ payment_type: 'cash', amount: '270000' }],
  ...o,
});
const send = () => ctx.t.services.jobs.drain(EINVOICE_QUEUE);
/** The printed invoice (what POST /api/print sends the store's printer), as text. */
const receiptOf = async (posSiNo: string) =>
  documentText((await documentRenderers.invoice(ctx.t.services.db, systemAuth(), posSiNo)).document).join('\n');

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'EI001');
  other = await salesWorld(ctx.t, 'EI002');
  for (const world of [w, other])
    for (const item_no of ['SP110', 'SP050'])
      await addStock(ctx.t, {
        franchise_code: world.franchise_code,
        location_code: world.location_code,
        item_no,
        quantity: '1000',
      });
  headOffice = (await ctx.t.makeUser({ role: 'Head Office', pages: [eInvoicePage('edit'), ...salesPages('edit')] }))
    .client;
  manager = (
    await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'EI001',
      pages: [eInvoicePage('edit'), ...salesPages('edit'), counterPage],
    })
  ).client;
  otherManager = (
    await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'EI002', pages: [eInvoicePage('edit'), counterPage] })
  ).client;
  cashier = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'EI001', pages: [counterPage] })).client;
});

describe('a walk-in sale', () => {
  let s: Sale;
  it('is pending when the sale answers, and the receipt printed then says it is being issued', async () => {
    const res = await cashier.post<Sale>('/api/counter-sales', sale());
    expect(res.statusCode).toBe(201);
    s = res.data;
    expect(s.e_invoice).toMatchObject({
      state: 'pending',
      invoice_no: '',
      code_of_tax: '',
      template_code: '1/001',
      invoice_series: 'C26MAA',
      seller_name: 'Công ty TNHH Chuỗi Cửa Hàng',
      seller_tax_code: DEFAULT_SINVOICE_ACCOUNT.supplierTaxCode,
    });
    expect(s.order.invoices[0].e_invoice.state).toBe('pending');
    // Nothing was sent inside the sale: the provider has not been called.
    expect(sinvoice.invoices).toHaveLength(0);
    const texts = await receiptOf(s.pos_si_no);
    expect(texts).toContain(EINVOICE_PENDING_RECEIPT_TEXT);
    expect(texts).toContain('MST người bán: 0100109106-215');
  });

  it('is issued by the job: number, series, tax authority code and lookup code, on every answer', async () => {
    expect(await send()).toBe(1);
    expect(sinvoice.invoices).toHaveLength(1);
    const issued = sinvoice.invoices[0];
    expect(issued.transactionUuid).toBe(transactionUuidOf(s.pos_si_no));
    expect(issued.invoiceNo).toBe('C26MAA0000001');
    const body = issued.body as {
      generalInvoiceInfo: Record<string, unknown>;
      summarizeInfo: Record<string, number>;
      itemInfo: Record<string, unknown>[];
      taxBreakdowns: Record<string, number>[];
    };
    expect(body.generalInvoiceInfo).toMatchObject({
      invoiceType: '1',
      templateCode: '1/001',
      invoiceSeries: 'C26MAA',
      currencyCode: 'VND',
      adjustmentType: '1',
      transactionUuid: transactionUuidOf(s.pos_si_no),
    });
    // 2 × 110,000 at 10 % and 1 × 50,000 at 8 %: without tax 200,000 + 46,296, tax 20,000 + 3,704.
    expect(body.taxBreakdowns).toEqual([
      { taxPercentage: 8, taxableAmount: 46296, taxAmount: 3704 },
      { taxPercentage: 10, taxableAmount: 200000, taxAmount: 20000 },
    ]);
    expect(body.summarizeInfo).toMatchObject({
      totalAmountWithoutTax: 246296,
      totalTaxAmount: 23704,
      totalAmountWithTax: 270000,
    });
    expect(
      body.itemInfo.map((l) => [l.itemCode, l.quantity, l.unitPrice, l.itemTotalAmountWithoutTax, l.taxAmount]),
    ).toEqual([
      ['SP110', 2, 100000, 200000, 20000],
      ['SP050', 1, 46296.3, 46296, 3704],
    ]);

    const one = await cashier.get<EInvoice>(`/api/e-invoices/${s.pos_si_no}`);
    expect(one.statusCode).toBe(200);
    expect(one.data).toMatchObject({
      pos_si_no: s.pos_si_no,
      document_type: 'invoice',
      pos_so_no: s.pos_so_no,
      state: 'issued',
      provider: 'sinvoice',
      invoice_no: issued.invoiceNo,
      invoice_series: 'C26MAA',
      code_of_tax: issued.codeOfTax,
      reservation_code: issued.reservationCode,
      amount: '270000.00',
      adjustment_type: '1',
      message: '',
      attempts: 1,
    });
    expect(one.data.lookup_url).toMatch(/^https:\/\//);
    expect(one.data.issued_at).not.toBeNull();
    const invoice = await manager.get<ApiResponse<'salesInvoices.get'>>(`/api/sales-invoices/${s.pos_si_no}`);
    expect(invoice.data).toMatchObject({ e_invoice_state: 'issued', e_invoice_no: issued.invoiceNo });
    expect(invoice.data.e_invoice).toMatchObject({ state: 'issued', code_of_tax: issued.codeOfTax });
    const order = await manager.get<ApiResponse<'salesOrders.get'>>(`/api/sales-orders/${s.pos_so_no}`);
    expect(order.data.invoices[0].e_invoice).toMatchObject({ state: 'issued', invoice_no: issued.invoiceNo });
    // A reprint (and the counter's GET of the sale) shows the codes.
    const again = await cashier.get<Sale>(`/api/counter-sales/${s.client_id}`);
    expect(again.data.e_invoice).toMatchObject({ state: 'issued', code_of_tax: issued.codeOfTax });
    const reprint = await receiptOf(s.pos_si_no);
    expect(reprint).toContain(issued.codeOfTax);
    expect(reprint).toContain(issued.invoiceNo);
    expect(reprint).toContain(issued.reservationCode);
    expect(reprint).not.toContain(EINVOICE_PENDING_RECEIPT_TEXT);
    // Sent again (a retried job, a restart), it is looked up, never created twice.
    const [row] = await ctx.t.services.db.select().from(eInvoices).where(eq(eInvoices.pos_si_no, s.pos_si_no));
    await ctx.t.services.db
      .update(jobs)
      .set({ state: 'pending', run_at: sql`now()` })
      .where(eq(jobs.id, row.job_id!));
    await ctx.t.services.db.update(eInvoices).set({ state: 'pending' }).where(eq(eInvoices.pos_si_no, s.pos_si_no));
    await send();
    expect(sinvoice.invoices).toHaveLength(1);
    expect((await cashier.get<EInvoice>(`/api/e-invoices/${s.pos_si_no}`)).data.state).toBe('issued');
  });
});

describe('a company buyer', () => {
  it('is refused with a message naming the field: tax code form, name and address required with it', async () => {
    const bad = await cashier.post(
      '/api/counter-sales',
      sale({ buyer_tax_code: '01234', buyer_company_name: 'X', buyer_address: 'Y' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors).toContainEqual(
      expect.objectContaining({
        field: 'buyer_tax_code',
        msg: 'Tax code must be 10 or 13 digits (0123456789 or 0123456789-001)',
      }),
    );
    const alone = await cashier.post('/api/counter-sales', sale({ buyer_tax_code: '0123456789' }));
    expect(alone.statusCode).toBe(400);
    expect(alone.envelope.errors.map((e) => e.field).sort()).toEqual(['buyer_address', 'buyer_company_name']);
    // On the order: create and update.
    const create = await manager.op('salesOrders.create', {
      body: { location_code: w.location_code, sell_to_code: w.customer.customer_no, buyer_tax_code: '0123456789-01' },
    } as never);
    expect(create.statusCode).toBe(400);
    expect(create.envelope.errors[0]).toMatchObject({ field: 'buyer_tax_code' });
    const ok = await manager.op('salesOrders.create', {
      body: {
        location_code: w.location_code,
        sell_to_code: w.customer.customer_no,
        buyer_tax_code: '0123456789-001',
        buyer_company_name: 'Công ty CP Ánh Dương',
        buyer_address: '1 Lê Lợi, Quận 1, TP HCM',
      },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.data).toMatchObject({ buyer_tax_code: '0123456789-001', buyer_company_name: 'Công ty CP Ánh Dương' });
    const cleared = await manager.op('salesOrders.update', {
      body: { pos_so_no: ok.data.pos_so_no, version: ok.data.version, buyer_address: '' },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.envelope.errors[0]).toMatchObject({
      field: 'buyer_address',
      msg: 'Company address is required with a tax code',
    });
    const changed = await manager.op('salesOrders.update', {
      body: { pos_so_no: ok.data.pos_so_no, version: ok.data.version, buyer_tax_code: '0312345678' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.data.buyer_tax_code).toBe('0312345678');
  });

  it("gets a company invoice: the buyer's tax code, company name and address in buyerInfo", async () => {
    const res = await cashier.post<Sale>(
      '/api/counter-sales',
      sale({
        buyer_tax_code: '0312345678-001',
        buyer_company_name: 'Công ty CP Ánh Dương',
        buyer_address: '1 Lê Lợi, TP HCM',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.data.order).toMatchObject({
      buyer_tax_code: '0312345678-001',
      buyer_company_name: 'Công ty CP Ánh Dương',
    });
    await send();
    const issued = sinvoice.invoice(transactionUuidOf(res.data.pos_si_no))!;
    expect(issued.body.buyerInfo).toMatchObject({
      buyerTaxCode: '0312345678-001',
      buyerLegalName: 'Công ty CP Ánh Dương',
      buyerAddressLine: '1 Lê Lợi, TP HCM',
    });
    const one = await manager.get<EInvoice>(`/api/e-invoices/${res.data.pos_si_no}`);
    expect(one.data).toMatchObject({
      state: 'issued',
      buyer_tax_code: '0312345678-001',
      buyer_address: '1 Lê Lợi, TP HCM',
    });
  });
});

describe('a credit memo', () => {
  it('issues an adjusting e-invoice (adjustmentType 5) referring to the original, decreases as isIncreaseItem false', async () => {
    const res = await cashier.post<Sale>('/api/counter-sales', sale());
    await send();
    const original = (await manager.get<EInvoice>(`/api/e-invoices/${res.data.pos_si_no}`)).data;
    expect(original.state).toBe('issued');
    const order = (await manager.get<ApiResponse<'salesOrders.get'>>(`/api/sales-orders/${res.data.pos_so_no}`)).data;
    const cm = await manager.op('salesOrders.creditMemo', {
      body: {
        pos_so_no: order.pos_so_no,
        version: order.version,
        lines: [{ line_no: order.lines[0].line_no, quantity: '1' }],
      },
    });
    expect(cm.statusCode).toBe(201);
    expect(cm.data.e_invoice.state).toBe('pending');
    await send();
    const adj = await manager.get<EInvoice>(`/api/e-invoices/${cm.data.pos_so_no}`);
    expect(adj.data).toMatchObject({
      document_type: 'credit_memo',
      state: 'issued',
      adjustment_type: '5',
      original_pos_si_no: res.data.pos_si_no,
      original_invoice_no: original.invoice_no,
      amount: '110000.00',
    });
    const sent = sinvoice.invoice(transactionUuidOf(cm.data.pos_so_no))!;
    expect(sent.adjustmentType).toBe('5');
    expect(sent.originalInvoiceId).toBe(original.invoice_no);
    const body = sent.body as {
      generalInvoiceInfo: Record<string, unknown>;
      itemInfo: Record<string, unknown>[];
      summarizeInfo: Record<string, unknown>;
    };
    expect(body.generalInvoiceInfo.originalInvoiceIssueDate).toEqual(expect.any(Number));
    expect(body.itemInfo).toEqual([
      expect.objectContaining({
        itemCode: 'SP110',
        quantity: 1,
        isIncreaseItem: false,
        itemTotalAmountWithoutTax: 100000,
        taxAmount: 10000,
      }),
    ]);
    expect(body.summarizeInfo).toMatchObject({ totalAmountWithTax: 110000, isTotalAmountPos: false });
    const memo = await manager.get<ApiResponse<'salesCreditMemos.get'>>(`/api/sales-credit-memos/${cm.data.pos_so_no}`);
    expect(memo.data).toMatchObject({ e_invoice_state: 'issued', e_invoice_no: sent.invoiceNo });
    const withMemo = (await manager.get<ApiResponse<'salesOrders.get'>>(`/api/sales-orders/${res.data.pos_so_no}`))
      .data;
    expect(withMemo.credit_memos[0].e_invoice).toMatchObject({ state: 'issued', invoice_no: sent.invoiceNo });
  });
});

describe('a refused e-invoice', () => {
  it("fails with the provider's message, is found by the state filter and sent again", async () => {
    sinvoice.rejectNext(1, 'INVOICE_SERIES_INVALID', 'Ký hiệu hóa đơn không hợp lệ');
    const res = await cashier.post<Sale>('/api/counter-sales', sale());
    await send();
    const failed = await manager.get<EInvoice>(`/api/e-invoices/${res.data.pos_si_no}`);
    expect(failed.data).toMatchObject({
      state: 'failed',
      message: 'Ký hiệu hóa đơn không hợp lệ (INVOICE_SERIES_INVALID)',
    });
    const filtered = await manager.op('eInvoices.list', {
      body: { filters: [{ field: 'state', value: 'failed', condition_type: 'eq' }] },
    });
    expect(filtered.data.items.map((e) => e.pos_si_no)).toEqual([res.data.pos_si_no]);
    const invoices = await manager.op('salesInvoices.list', {
      body: { filters: [{ field: 'e_invoice_state', value: 'failed', condition_type: 'eq' }] },
    });
    expect(invoices.data.items.map((i) => i.pos_si_no)).toEqual([res.data.pos_si_no]);
    const orders = await manager.op('salesOrders.list', {
      body: { filters: [{ field: 'e_invoice_state', value: 'failed', condition_type: 'eq' }] },
    });
    expect(orders.data.items.map((o) => [o.pos_so_no, o.e_invoice_state])).toEqual([[res.data.pos_so_no, 'failed']]);

    // Only a failed one is sent again (422 naming it); another franchise's is not found.
    const issuedNo = (
      await manager.op('eInvoices.list', {
        body: { filters: [{ field: 'state', value: 'issued', condition_type: 'eq' }] },
      })
    ).data.items[0].pos_si_no;
    const notFailed = await manager.op('eInvoices.retry', { body: { pos_si_nos: [res.data.pos_si_no, issuedNo] } });
    expect(notFailed.statusCode).toBe(422);
    expect(notFailed.envelope.errors[0]).toMatchObject({ field: 'pos_si_nos.1', code: 'einvoice_not_failed' });
    expect((await otherManager.op('eInvoices.retry', { body: { pos_si_nos: [res.data.pos_si_no] } })).statusCode).toBe(
      404,
    );
    expect((await cashier.op('eInvoices.retry', { body: { pos_si_nos: [res.data.pos_si_no] } })).statusCode).toBe(403);

    const retried = await manager.op('eInvoices.retry', { body: { pos_si_nos: [res.data.pos_si_no] } });
    expect(retried.statusCode).toBe(200);
    expect(retried.data).toMatchObject({
      count: 1,
      items: [{ pos_si_no: res.data.pos_si_no, state: 'pending', message: '' }],
    });
    await send();
    expect((await manager.get<EInvoice>(`/api/e-invoices/${res.data.pos_si_no}`)).data.state).toBe('issued');
  });
});

describe('head office and the franchises', () => {
  it('sees per franchise and day how many are issued, pending and failed; a store sees its own only', async () => {
    await otherManager.post<Sale>(
      '/api/counter-sales',
      sale({ location_code: other.location_code, sell_to_code: other.customer.customer_no }),
    );
    await send();
    sinvoice.failNext(1, 503);
    const pending = await cashier.post<Sale>('/api/counter-sales', sale());
    await send();
    expect((await manager.get<EInvoice>(`/api/e-invoices/${pending.data.pos_si_no}`)).data).toMatchObject({
      state: 'pending',
      message: expect.stringContaining('503'),
    });
    const summary = await headOffice.op('eInvoices.summary', { body: {} });
    expect(summary.statusCode).toBe(200);
    const rows = Object.fromEntries(summary.data.items.map((r) => [r.franchise_code, r]));
    expect(rows.EI001).toMatchObject({ total: 6, issued: 5, pending: 1, failed: 0, not_sent: 0 });
    expect(rows.EI002).toMatchObject({ total: 1, pending: 0, issued: 1 });
    const mine = await manager.op('eInvoices.summary', { body: {} });
    expect(mine.data.items.map((r) => r.franchise_code)).toEqual(['EI001']);
    const one = await headOffice.op('eInvoices.summary', {
      body: { filters: [{ field: 'franchise_code', value: 'EI002', condition_type: 'eq' }] },
    });
    expect(one.data.items).toHaveLength(1);
    // The list: head office sees both franchises; a store only its own; another's one e-invoice is 404.
    const all = await headOffice.op('eInvoices.list', { body: { pagination: { page: 1, size: 100 } } });
    expect(new Set(all.data.items.map((e) => e.franchise_code))).toEqual(new Set(['EI001', 'EI002']));
    const theirs = await otherManager.op('eInvoices.list', { body: {} });
    expect(theirs.data.items.every((e) => e.franchise_code === 'EI002')).toBe(true);
    expect((await otherManager.get(`/api/e-invoices/${pending.data.pos_si_no}`)).statusCode).toBe(404);
    const exported = await headOffice.post('/api/e-invoices/filter/export', { filters: [] });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const summaryExport = await headOffice.post('/api/e-invoices/summary/export', { filters: [] });
    expect(summaryExport.statusCode).toBe(200);
    // The provider back: it goes out on the next attempt.
    await ctx.t.services.db
      .update(jobs)
      .set({ run_at: sql`now()` })
      .where(eq(jobs.queue, EINVOICE_QUEUE));
    await send();
    expect((await manager.get<EInvoice>(`/api/e-invoices/${pending.data.pos_si_no}`)).data.state).toBe('issued');
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });
});
