import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eInvoiceMessages, type ApiResponse, type CounterSaleCreate } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { addStock } from '../sales/posting/test-support.js';
import { salesWorld } from '../sales/test-support/builders.js';
import { EINVOICE_QUEUE } from './record.js';
import { eInvoices, franchiseEInvoiceSettings } from './schema.js';
import {
  DEFAULT_SINVOICE_ACCOUNT,
  startSInvoiceServer,
  type SInvoiceTestServer,
} from './test-support/sinvoice-test-server.js';

// A franchise's own SInvoice account through HTTP (issue 21): GET /api/franchises/{customer_no}/e-invoice-settings
// and PUT /api/franchises/e-invoice-settings — validation naming the fields, the password never answered, head
// office only, another franchise refused, and the next e-invoice of the franchise issued under its own tax code,
// template and series by the SInvoice-shaped test server.

const OWN_ACCOUNT = {
  username: '0312345678-001',
  password: 'Own#pass1',
  supplierTaxCode: '0312345678-001',
  templates: { '1/002': ['C26MFP'] },
};
const env: Record<string, string> = {
  EINVOICE_MODE: 'sinvoice',
  SINVOICE_USERNAME: DEFAULT_SINVOICE_ACCOUNT.username,
  SINVOICE_PASSWORD: DEFAULT_SINVOICE_ACCOUNT.password,
  SINVOICE_SUPPLIER_TAX_CODE: DEFAULT_SINVOICE_ACCOUNT.supplierTaxCode,
  SINVOICE_TEMPLATE_CODE: '1/001',
  SINVOICE_SERIES: 'C26MAA',
};
let sinvoice: SInvoiceTestServer;
beforeAll(async () => {
  sinvoice = await startSInvoiceServer({ accounts: [DEFAULT_SINVOICE_ACCOUNT, OWN_ACCOUNT] });
  env.SINVOICE_BASE_URL = sinvoice.baseUrl;
});
const ctx = useTestApp(env);
afterAll(async () => {
  await sinvoice.close();
});

type Settings = ApiResponse<'franchises.eInvoiceSettings'>;
type Sale = ApiResponse<'counterSales.create'>;
type World = Awaited<ReturnType<typeof salesWorld>>;
let w: World;
let headOffice: Client;
let manager: Client;
let otherManager: Client;
let cashier: Client;

const franchisePage = (level: 'view' | 'edit') => ({ page_url: '/franchises', permission_type: level });
const counterPage = { page_url: '/counter', permission_type: 'edit' as const };
const url = (code: string) => `/api/franchises/${code}/e-invoice-settings`;
const own = {
  supplier_tax_code: OWN_ACCOUNT.supplierTaxCode,
  seller_name: 'Công ty TNHH Nhượng Quyền ES1',
  username: OWN_ACCOUNT.username,
  password: OWN_ACCOUNT.password,
  template_code: '1/002',
  invoice_series: 'C26MFP',
};
const sale = (): CounterSaleCreate => ({
  client_id: randomUUID(),
  location_code: w.location_code,
  sell_to_code: w.customer.customer_no,
  lines: [{ item_no: 'SP110', quantity: 1 }],
  payments: [{ payment_type: 'cash', amount: '110000' }],
});

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'ES001');
  await salesWorld(ctx.t, 'ES002');
  await addStock(ctx.t, {
    franchise_code: w.franchise_code,
    location_code: w.location_code,
    item_no: 'SP110',
    quantity: '100',
  });
  headOffice = (await ctx.t.makeUser({ role: 'Head Office', pages: [franchisePage('edit')] })).client;
  // a store manager with edit on the franchise page still may not change the account
  manager = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'ES001', pages: [franchisePage('edit')] }))
    .client;
  otherManager = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'ES002', pages: [franchisePage('edit')] }))
    .client;
  cashier = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'ES001', pages: [counterPage] })).client;
});

describe("a franchise's own e-invoice account", () => {
  it('is empty (the configuration’s) until set, version 0', async () => {
    const res = await headOffice.get<Settings>(url('ES001'));
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({
      franchise_code: 'ES001',
      supplier_tax_code: '',
      seller_name: '',
      username: '',
      password_set: false,
      template_code: '',
      invoice_series: '',
      version: 0,
      updated_at: null,
    });
  });

  it('names every bad field and writes nothing', async () => {
    const res = await headOffice.put('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 0,
      supplier_tax_code: '12345',
      username: 'u',
      template_code: '01/1',
      invoice_series: 'C26AAA',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toMatchObject({
      supplier_tax_code: eInvoiceMessages.supplierTaxCode,
      template_code: eInvoiceMessages.templateCode,
      invoice_series: eInvoiceMessages.invoiceSeries,
    });
    // an own tax code needs its own user, and a user its password
    const noUser = await headOffice.put('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 0,
      supplier_tax_code: '0312345678',
    });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.envelope.errors[0]).toMatchObject({ field: 'username', msg: eInvoiceMessages.usernameRequired });
    const noPassword = await headOffice.put('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 0,
      supplier_tax_code: '0312345678',
      username: 'x',
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.envelope.errors[0]).toMatchObject({ field: 'password', msg: eInvoiceMessages.passwordRequired });
    const noCode = await headOffice.put('/api/franchises/e-invoice-settings', { version: 0 });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.envelope.errors[0].field).toBe('franchise_code');
    const rows = await ctx.t.services.db
      .select()
      .from(franchiseEInvoiceSettings)
      .where(eq(franchiseEInvoiceSettings.franchise_code, 'ES001'));
    expect(rows).toHaveLength(0);
  });

  it('is 404 for an unknown franchise', async () => {
    expect((await headOffice.get(url('NOPE1'))).statusCode).toBe(404);
    const put = await headOffice.put('/api/franchises/e-invoice-settings', { franchise_code: 'NOPE1', version: 0 });
    expect(put.statusCode).toBe(404);
  });

  it('is saved by head office and answered without the password', async () => {
    const res = await headOffice.put<Settings>('/api/franchises/e-invoice-settings', {
      franchise_code: 'es001',
      version: 0,
      ...own,
      invoice_series: 'c26mfp',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      franchise_code: 'ES001',
      supplier_tax_code: '0312345678-001',
      seller_name: 'Công ty TNHH Nhượng Quyền ES1',
      username: '0312345678-001',
      password_set: true,
      template_code: '1/002',
      invoice_series: 'C26MFP',
      version: 1,
    });
    expect(res.body).not.toContain(OWN_ACCOUNT.password);
    const got = await headOffice.get<Settings>(url('ES001'));
    expect(got.data).toMatchObject({ password_set: true, version: 1, invoice_series: 'C26MFP' });
    expect(got.body).not.toContain(OWN_ACCOUNT.password);
    expect(got.data).not.toHaveProperty('password');
  });

  it('refuses a stale version', async () => {
    const stale = await headOffice.put('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 0,
      ...own,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0]).toMatchObject({ code: 'stale_version', field: 'version' });
  });

  it('is read by its own store manager (no password), refused to change, and hidden from another franchise', async () => {
    const mine = await manager.get<Settings>(url('ES001'));
    expect(mine.statusCode).toBe(200);
    expect(mine.data).toMatchObject({ supplier_tax_code: '0312345678-001', password_set: true });
    expect(mine.body).not.toContain(OWN_ACCOUNT.password);
    const change = await manager.put('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 1,
      ...own,
    });
    expect(change.statusCode).toBe(403);
    expect(change.envelope.errors[0].msg).toBe(eInvoiceMessages.settingsHeadOffice);
    const theirs = await otherManager.get(url('ES001'));
    expect([403, 404]).toContain(theirs.statusCode);
    expect(theirs.body).not.toContain('0312345678');
    const put = await otherManager.put('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 1,
      ...own,
    });
    expect(put.statusCode).toBe(403);
    const row = await headOffice.get<Settings>(url('ES001'));
    expect(row.data.version).toBe(1);
  });

  it("issues the franchise's next e-invoice under its own tax code, template and series", async () => {
    const res = await cashier.post<Sale>('/api/counter-sales', sale());
    expect(res.statusCode).toBe(201);
    expect(res.data.e_invoice).toMatchObject({
      state: 'pending',
      seller_tax_code: '0312345678-001',
      seller_name: 'Công ty TNHH Nhượng Quyền ES1',
      template_code: '1/002',
      invoice_series: 'C26MFP',
    });
    expect(await ctx.t.services.jobs.drain(EINVOICE_QUEUE)).toBe(1);
    const sent = sinvoice.invoices.at(-1)!;
    expect(sent.supplierTaxCode).toBe('0312345678-001');
    expect(sent.invoiceNo).toBe('C26MFP0000001');
    const [row] = await ctx.t.services.db.select().from(eInvoices).where(eq(eInvoices.pos_si_no, res.data.pos_si_no));
    expect(row).toMatchObject({ state: 'issued', supplier_tax_code: '0312345678-001', invoice_no: 'C26MFP0000001' });
  });

  it('keeps the password when it is left empty, and all empty goes back to the configuration’s account', async () => {
    const keep = await headOffice.put<Settings>('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 1,
      ...own,
      seller_name: 'Công ty ES1 (đổi tên)',
      password: '',
    });
    expect(keep.statusCode).toBe(200);
    expect(keep.data).toMatchObject({ password_set: true, version: 2, seller_name: 'Công ty ES1 (đổi tên)' });
    const [kept] = await ctx.t.services.db
      .select()
      .from(franchiseEInvoiceSettings)
      .where(eq(franchiseEInvoiceSettings.franchise_code, 'ES001'));
    expect(kept.password).toBe(OWN_ACCOUNT.password);

    const cleared = await headOffice.put<Settings>('/api/franchises/e-invoice-settings', {
      franchise_code: 'ES001',
      version: 2,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.data).toMatchObject({ supplier_tax_code: '', username: '', password_set: false, version: 3 });
    const next = await cashier.post<Sale>('/api/counter-sales', sale());
    expect(next.data.e_invoice).toMatchObject({
      seller_tax_code: DEFAULT_SINVOICE_ACCOUNT.supplierTaxCode,
      template_code: '1/001',
      invoice_series: 'C26MAA',
    });
    expect(await ctx.t.services.jobs.drain(EINVOICE_QUEUE)).toBe(1);
    expect(sinvoice.invoices.at(-1)!.supplierTaxCode).toBe(DEFAULT_SINVOICE_ACCOUNT.supplierTaxCode);
  });
});
