import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { readEInvoiceSettings } from './config.js';
import { EInvoiceRejectedError, EInvoiceUnavailableError } from './port.js';
import { SInvoiceClient } from './sinvoice-client.js';
import { apportion, sinvoiceBody, type EInvoiceSource } from './sinvoice-payload.js';
import { transactionUuidOf } from './runtime.js';
import {
  DEFAULT_SINVOICE_ACCOUNT,
  startSInvoiceServer,
  type SInvoiceTestServer,
} from './test-support/sinvoice-test-server.js';

// The SInvoice connector against the SInvoice-shaped test server (issue 21 "Must show"): login with expiring tokens,
// createInvoice with SInvoice's validation errors, searchInvoiceByTransactionUuid with both "not found" answers,
// 5xx, slow answers, an outage, a connection dropped after the invoice was created; the settings; the amounts.

const account = {
  username: DEFAULT_SINVOICE_ACCOUNT.username,
  password: DEFAULT_SINVOICE_ACCOUNT.password,
  supplierTaxCode: DEFAULT_SINVOICE_ACCOUNT.supplierTaxCode,
  templateCode: '1/001',
  invoiceSeries: 'C26MAA',
  sellerName: '',
};

let n = 0;
/** A document of two lines (10 % and 8 %) with a header discount, under a fresh transactionUuid. */
const doc = (o: Partial<EInvoiceSource> = {}): EInvoiceSource => ({
  transactionUuid: transactionUuidOf(`T-SI-${++n}-${Date.now()}`),
  kind: 'invoice',
  account,
  issuedAtMs: Date.now(),
  buyer: { name: 'Khách lẻ', taxCode: '', companyName: '', address: '', phone: '', code: 'KH1' },
  lines: [
    {
      item_no: 'SP110',
      description: 'Nước mắm',
      unit_of_measure: 'PCS',
      quantity: '3',
      unit_price: '33333',
      amount: '99999.00',
      vat_percent: '10',
    },
    {
      item_no: 'SP050',
      description: 'Bánh',
      unit_of_measure: 'PCS',
      quantity: '2',
      unit_price: '50000',
      amount: '95000.00',
      vat_percent: '8',
    },
  ],
  headerDiscount: '1234.56',
  fees: [{ code: 'SHIP', description: 'Phí giao hàng', amount: '15000', vat_percent: '10' }],
  paymentMethodName: 'TM',
  ...o,
});

let server: SInvoiceTestServer;
let client: SInvoiceClient;
const logins = () => server.requests.filter((r) => r.path === '/auth/login').length;

beforeAll(async () => {
  server = await startSInvoiceServer({ notFoundAs: 'alternate' });
  client = new SInvoiceClient({ baseUrl: server.baseUrl, timeoutMs: 1500 });
});
afterAll(async () => {
  await server.close();
});

describe('the SInvoice connector', () => {
  it('logs in once, creates, and keeps the invoice number exactly as SInvoice answers it', async () => {
    const d = doc();
    expect(await client.lookup(account, d.transactionUuid)).toBeNull();
    const issued = await client.create(account, sinvoiceBody(d));
    expect(issued.invoiceNo).toMatch(/^C26MAA\d{7}$/);
    expect(issued).toMatchObject({
      invoiceNo: server.invoice(d.transactionUuid)!.invoiceNo,
      codeOfTax: expect.stringMatching(/^M1-26-/),
    });
    expect(logins()).toBe(1);
    // The lookup finds it (and every later call reuses the token).
    expect(await client.lookup(account, d.transactionUuid)).toMatchObject({
      invoiceNo: issued.invoiceNo,
      reservationCode: issued.reservationCode,
    });
    expect(logins()).toBe(1);
    const lookup = server.requests.find((r) => r.path.endsWith('/searchInvoiceByTransactionUuid'))!;
    expect(lookup.body).toEqual({ supplierTaxCode: account.supplierTaxCode, transactionUuid: d.transactionUuid });
  });

  it('reads both "not found" answers of the lookup (NOT_FOUND_DATA and an empty result) as not created', async () => {
    const before = server.requests.length;
    expect(await client.lookup(account, transactionUuidOf('nothing-1'))).toBeNull();
    expect(await client.lookup(account, transactionUuidOf('nothing-2'))).toBeNull();
    const answers = server.requests.slice(before).map((r) => r.status);
    expect(answers).toEqual([200, 200]);
  });

  it('logs in again when the token expired (401), once', async () => {
    const before = logins();
    server.expireTokens();
    const issued = await client.create(account, sinvoiceBody(doc()));
    expect(issued.invoiceNo).toMatch(/^C26MAA/);
    expect(logins()).toBe(before + 1);
    expect(server.requests.filter((r) => r.status === 401).length).toBeGreaterThan(0);
  });

  it("refuses with SInvoice's validation error: code and description kept as the message", async () => {
    const wrong = sinvoiceBody(doc());
    wrong.itemInfo[0].taxAmount += 5;
    const e = await client.create(account, wrong).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EInvoiceRejectedError);
    expect((e as EInvoiceRejectedError).errorCode).toBe('TAX_AMOUNT_INVALID');
    expect((e as Error).message).toMatch(/tiền thuế .* \(TAX_AMOUNT_INVALID\)$/);
    const series = sinvoiceBody(doc({ account: { ...account, invoiceSeries: 'C26TAA' } }));
    await expect(client.create(account, series)).rejects.toThrow(/INVOICE_SERIES_INVALID/);
    const twice = doc();
    await client.create(account, sinvoiceBody(twice));
    await expect(client.create(account, sinvoiceBody(twice))).rejects.toThrow(/TRANSACTION_UUID_EXISTED/);
    const badLogin = new SInvoiceClient({ baseUrl: server.baseUrl, timeoutMs: 1500 });
    await expect(badLogin.lookup({ ...account, password: 'wrong' }, 'x'.repeat(12))).rejects.toBeInstanceOf(
      EInvoiceRejectedError,
    );
  });

  it('treats 5xx, 429, a slow answer, an outage and a dropped connection as "try again"', async () => {
    server.failNext(1, 503);
    await expect(client.lookup(account, transactionUuidOf('x1'))).rejects.toBeInstanceOf(EInvoiceUnavailableError);
    server.failNext(1, 429);
    await expect(client.lookup(account, transactionUuidOf('x2'))).rejects.toThrow(/429/);
    // Slow: the client gives up after its timeout; the server still creates it — the lookup then finds it.
    const slow = doc();
    server.delayNext(1, 2500, { path: /createInvoice/ });
    await expect(client.create(account, sinvoiceBody(slow))).rejects.toThrow(/no answer within 1500 ms/);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await client.lookup(account, slow.transactionUuid)).toMatchObject({
      invoiceNo: server.invoice(slow.transactionUuid)!.invoiceNo,
    });
    // Dropped after the write: created, no answer.
    const dropped = doc();
    server.dropAfterCreateNext(1);
    await expect(client.create(account, sinvoiceBody(dropped))).rejects.toBeInstanceOf(EInvoiceUnavailableError);
    expect(server.invoice(dropped.transactionUuid)).toBeDefined();
    expect(await client.lookup(account, dropped.transactionUuid)).not.toBeNull();
    // An outage: connection refused, then back.
    await server.down();
    await expect(client.lookup(account, dropped.transactionUuid)).rejects.toThrow(/unreachable/);
    await server.up();
    expect(await client.lookup(account, dropped.transactionUuid)).not.toBeNull();
  });
});

describe('the createInvoice body', () => {
  it('splits VAT-inclusive prices into lines without tax and tax, summing within 1 VND to summarizeInfo and taxBreakdowns', () => {
    const body = sinvoiceBody(doc());
    const lines = body.itemInfo;
    for (const l of lines) {
      expect(Math.abs((l.itemTotalAmountWithoutTax * l.taxPercentage) / 100 - l.taxAmount)).toBeLessThanOrEqual(1);
      expect(Math.abs(l.quantity * l.unitPrice - l.itemDiscount - l.itemTotalAmountWithoutTax)).toBeLessThanOrEqual(1);
    }
    const amount = lines.reduce((s, l) => s + l.itemTotalAmountWithoutTax, 0);
    const tax = lines.reduce((s, l) => s + l.taxAmount, 0);
    expect(body.summarizeInfo).toMatchObject({
      totalAmountWithoutTax: amount,
      totalTaxAmount: tax,
      totalAmountWithTax: amount + tax,
    });
    // What the customer paid, to the dong: 99,999 + 95,000 + 15,000 − 1,234.56.
    expect(body.summarizeInfo.totalAmountWithTax).toBe(208764);
    expect(body.taxBreakdowns.map((b) => b.taxPercentage)).toEqual([8, 10]);
    expect(body.generalInvoiceInfo).toMatchObject({ invoiceType: '1', adjustmentType: '1', currencyCode: 'VND' });
    expect(body.summarizeInfo.totalAmountWithTaxInWords).toMatch(/^Hai trăm lẻ tám nghìn bảy trăm sáu mươi tư đồng/);
  });

  it('an adjustment of a credit memo: adjustmentType 5, the original, decreases', () => {
    const body = sinvoiceBody(
      doc({
        kind: 'credit_memo',
        fees: [],
        original: {
          invoiceNo: 'C26MAA0000007',
          issuedAtMs: 1,
          templateCode: '1/001',
          series: 'C26MAA',
          documentNo: 'X-SI-1',
        },
      }),
    );
    expect(body.generalInvoiceInfo).toMatchObject({
      adjustmentType: '5',
      originalInvoiceId: 'C26MAA0000007',
      originalInvoiceIssueDate: 1,
    });
    expect(body.itemInfo.every((l) => l.isIncreaseItem === false)).toBe(true);
    expect(body.summarizeInfo.isTotalAmountPos).toBe(false);
  });

  it('apportions whole dong by largest remainder', () => {
    expect(apportion([new Decimal('1.4'), new Decimal('1.4'), new Decimal('1.2')], 4)).toEqual([2, 1, 1]);
    expect(apportion([new Decimal('1.6'), new Decimal('1.6')], 2)).toEqual([1, 1]);
  });
});

describe('EINVOICE_MODE', () => {
  it('is none by default, and sinvoice refuses to start naming each missing variable', () => {
    expect(readEInvoiceSettings({})).toEqual({ mode: 'none' });
    expect(() => readEInvoiceSettings({ EINVOICE_MODE: 'sinvoice' })).toThrow(
      'EINVOICE_MODE=sinvoice needs SINVOICE_BASE_URL, SINVOICE_USERNAME, SINVOICE_PASSWORD, SINVOICE_SUPPLIER_TAX_CODE, SINVOICE_TEMPLATE_CODE, SINVOICE_SERIES',
    );
    expect(() => readEInvoiceSettings({ EINVOICE_MODE: 'vnpt' })).toThrow(/EINVOICE_MODE must be none or sinvoice/);
    const full = {
      EINVOICE_MODE: 'sinvoice',
      SINVOICE_BASE_URL: 'https://api-vinvoice.viettel.vn/',
      SINVOICE_USERNAME: 'u',
      SINVOICE_PASSWORD: 'p',
      SINVOICE_SUPPLIER_TAX_CODE: '0100109106-215',
      SINVOICE_TEMPLATE_CODE: '1/001',
      SINVOICE_SERIES: 'C26MAA',
    };
    expect(readEInvoiceSettings(full)).toMatchObject({
      mode: 'sinvoice',
      baseUrl: 'https://api-vinvoice.viettel.vn',
      timeoutMs: 30000,
    });
    expect(() => readEInvoiceSettings({ ...full, SINVOICE_SERIES: 'C26TAA' })).toThrow(/fourth/);
    expect(() => readEInvoiceSettings({ ...full, SINVOICE_TIMEOUT_MS: 'soon' })).toThrow(/SINVOICE_TIMEOUT_MS/);
  });
});
