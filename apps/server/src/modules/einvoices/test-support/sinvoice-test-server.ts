import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A Viettel SInvoice-shaped server on 127.0.0.1 for the e-invoice connector's tests and the browser journeys
// (issue 21): POST /auth/login → access_token (expiring), createInvoice/{supplierTaxCode} with SInvoice's checks and
// its error shape { code, message, errorCode, description, result: null }, searchInvoiceByTransactionUuid
// (form-encoded; "not found" as NOT_FOUND_DATA or an empty result), and faults: 5xx / 429, slow answers, an outage
// (down/up), a connection dropped after the invoice was created. It never issues two invoices for one
// transactionUuid (a second create is refused, as SInvoice does), so a test that counts invoices proves exactly once.

export const SINVOICE_WS = '/services/einvoiceapplication/api/InvoiceAPI/InvoiceWS';

export type SInvoiceTestAccount = {
  username: string;
  password: string;
  supplierTaxCode: string;
  /** Templates and the series registered under each (e.g. 1/001: C26MAA). */
  templates: Record<string, string[]>;
};

export type IssuedTestInvoice = {
  supplierTaxCode: string;
  transactionUuid: string;
  invoiceNo: string;
  transactionID: string;
  reservationCode: string;
  codeOfTax: string;
  issueDate: number;
  templateCode: string;
  invoiceSeries: string;
  adjustmentType: string;
  originalInvoiceId: string | null;
  body: Record<string, unknown>;
};

export type RecordedSInvoiceRequest = {
  method: string;
  path: string;
  status: number;
  body: unknown;
  dropped?: boolean;
};

export type SInvoiceServerOptions = {
  /** A fixed loopback port (journeys point the app at it); any free port when absent. */
  port?: number;
  accounts?: SInvoiceTestAccount[];
  /** How long a token lives (default 5 minutes). */
  tokenTtlMs?: number;
  /** How "not found" of the lookup is answered (default alternating between the two SInvoice uses). */
  notFoundAs?: 'error' | 'empty' | 'alternate';
};

export type Match = { path?: string | RegExp };

export interface SInvoiceTestServer {
  readonly baseUrl: string;
  readonly port: number;
  readonly requests: RecordedSInvoiceRequest[];
  /** Every invoice issued, in order. */
  readonly invoices: IssuedTestInvoice[];
  invoice(transactionUuid: string): IssuedTestInvoice | undefined;
  /** Tokens issued so far stop working (401): the client must log in again. */
  expireTokens(): void;
  /** Answer the next n matching calls with this status (500, 502, 503, 429) and SInvoice's error body. */
  failNext(count: number, status: number, match?: Match): void;
  /** Refuse the next n creates with a validation error in SInvoice's shape. */
  rejectNext(count: number, errorCode: string, description: string): void;
  /** Hold the next n matching calls this long, then handle them even if the client gave up (as a server would). */
  delayNext(count: number, ms: number, match?: Match): void;
  /** Create the next n invoices, then drop the connection without an answer (the answer lost after the write). */
  dropAfterCreateNext(count: number): void;
  /**
   * Random faults on every call from now on (null: none): with probability `rate` a call answers 500, 502, 503 or
   * 429, or expires the tokens first (401), or — a create — is made and its connection dropped without an answer.
   */
  chaos(c: { rate: number; random: () => number } | null): void;
  /** Stop listening and drop open connections (ECONNREFUSED), keeping the invoices. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_SINVOICE_ACCOUNT: SInvoiceTestAccount = {
  username: '0100109106-215',
  password: '111111a@A',
  supplierTaxCode: '0100109106-215',
  templates: { '1/001': ['C26MAA', 'C26MBB'] },
};

const TAX_CODE = /^\d{10}(-?\d{3})?$/;
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);
const alnum = (n: number) => Array.from(randomBytes(n), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[b % 32]).join('');

class Refusal extends Error {
  constructor(
    readonly errorCode: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** SInvoice's checks of a createInvoice body (the ones the issue names: format, amounts, adjustments). */
function validate(
  body: Record<string, unknown>,
  account: SInvoiceTestAccount,
  invoices: IssuedTestInvoice[],
): { templateCode: string; series: string; uuid: string; adjustmentType: string; original: string | null } {
  const g = body.generalInvoiceInfo as Record<string, unknown> | undefined;
  if (!g || typeof g !== 'object') throw new Refusal('BAD_REQUEST', 'generalInvoiceInfo is required');
  const templateCode = String(g.templateCode ?? '');
  const series = String(g.invoiceSeries ?? '');
  const uuid = String(g.transactionUuid ?? '');
  const adjustmentType = String(g.adjustmentType ?? '');
  if (!account.templates[templateCode])
    throw new Refusal('TEMPLATE_NOT_FOUND', `Mẫu hóa đơn ${templateCode} không tồn tại`);
  if (String(g.invoiceType ?? '') !== templateCode.split('/')[0])
    throw new Refusal('INVOICE_TYPE_INVALID', `Loại hóa đơn ${String(g.invoiceType)} không khớp mẫu ${templateCode}`);
  if (!account.templates[templateCode].includes(series))
    throw new Refusal('INVOICE_SERIES_INVALID', `Ký hiệu hóa đơn ${series} không hợp lệ`);
  if (series[3] !== 'M')
    throw new Refusal('INVOICE_SERIES_INVALID', 'Ký hiệu hóa đơn khởi tạo từ máy tính tiền phải có ký tự thứ tư là M');
  if (uuid.length < 10 || uuid.length > 36)
    throw new Refusal('TRANSACTION_UUID_INVALID', 'transactionUuid phải dài từ 10 đến 36 ký tự');
  if (g.currencyCode !== 'VND') throw new Refusal('CURRENCY_CODE_INVALID', 'Mã tiền tệ không hợp lệ');
  if (typeof g.paymentStatus !== 'boolean' || typeof g.cusGetInvoiceRight !== 'boolean')
    throw new Refusal('BAD_REQUEST', 'paymentStatus và cusGetInvoiceRight là bắt buộc');
  if (!['1', '3', '5'].includes(adjustmentType))
    throw new Refusal('ADJUSTMENT_TYPE_INVALID', `adjustmentType ${adjustmentType} không hợp lệ`);
  let original: string | null = null;
  if (adjustmentType !== '1') {
    original = String(g.originalInvoiceId ?? '');
    const found = invoices.find((i) => i.invoiceNo === original && i.supplierTaxCode === account.supplierTaxCode);
    if (!found) throw new Refusal('ORIGINAL_INVOICE_NOT_FOUND', `Không tìm thấy hóa đơn gốc ${original}`);
    if (!Number.isFinite(num(g.originalInvoiceIssueDate)))
      throw new Refusal('ORIGINAL_INVOICE_ISSUE_DATE_REQUIRED', 'Ngày lập hóa đơn gốc là bắt buộc');
  }
  const buyer = (body.buyerInfo ?? {}) as Record<string, unknown>;
  const buyerTaxCode = String(buyer.buyerTaxCode ?? '');
  if (buyerTaxCode && !TAX_CODE.test(buyerTaxCode))
    throw new Refusal('BUYER_TAX_CODE_INVALID', `Mã số thuế người mua ${buyerTaxCode} không hợp lệ`);
  if (buyerTaxCode && !String(buyer.buyerLegalName ?? '').trim())
    throw new Refusal('BUYER_LEGAL_NAME_REQUIRED', 'Tên đơn vị mua hàng là bắt buộc khi có mã số thuế');
  if (!Array.isArray(body.payments) || body.payments.length === 0)
    throw new Refusal('PAYMENT_METHOD_REQUIRED', 'Hình thức thanh toán là bắt buộc');
  const items = body.itemInfo as Record<string, unknown>[] | undefined;
  if (!Array.isArray(items) || items.length === 0) throw new Refusal('ITEM_INFO_REQUIRED', 'itemInfo là bắt buộc');
  let amount = 0;
  let tax = 0;
  const byRate = new Map<number, { amount: number; tax: number }>();
  for (const [i, it] of items.entries()) {
    const a = num(it.itemTotalAmountWithoutTax);
    const t = num(it.taxAmount);
    const rate = num(it.taxPercentage);
    const qty = num(it.quantity);
    const price = num(it.unitPrice);
    const discount = Number.isFinite(num(it.itemDiscount)) ? num(it.itemDiscount) : 0;
    if (![a, t, rate, qty, price].every(Number.isFinite) || !String(it.itemName ?? '').trim())
      throw new Refusal('ITEM_INFO_INVALID', `Dòng ${i + 1}: thiếu tên hàng, đơn giá, số lượng, thành tiền hoặc thuế`);
    if (Math.abs(qty * price - discount - a) > 1)
      throw new Refusal('ITEM_AMOUNT_INVALID', `Dòng ${i + 1}: thành tiền ${a} khác số lượng × đơn giá − chiết khấu`);
    if (rate >= 0 && Math.abs((a * rate) / 100 - t) > 1)
      throw new Refusal('TAX_AMOUNT_INVALID', `Dòng ${i + 1}: tiền thuế ${t} khác thành tiền × thuế suất ${rate}%`);
    if (adjustmentType === '5' && it.isIncreaseItem !== false && it.isIncreaseItem !== true)
      throw new Refusal('IS_INCREASE_ITEM_REQUIRED', `Dòng ${i + 1}: hóa đơn điều chỉnh cần isIncreaseItem`);
    amount += a;
    tax += t;
    const b = byRate.get(rate) ?? { amount: 0, tax: 0 };
    byRate.set(rate, { amount: b.amount + a, tax: b.tax + t });
  }
  const s = (body.summarizeInfo ?? {}) as Record<string, unknown>;
  if (
    Math.abs(num(s.totalAmountWithoutTax) - amount) > 1 ||
    Math.abs(num(s.totalTaxAmount) - tax) > 1 ||
    Math.abs(num(s.totalAmountWithTax) - amount - tax) > 1
  )
    throw new Refusal('SUMMARIZE_INFO_INVALID', 'Tổng tiền không khớp với các dòng hàng hóa');
  const breakdowns = (body.taxBreakdowns ?? []) as Record<string, unknown>[];
  for (const [rate, b] of byRate) {
    const row = breakdowns.find((x) => num(x.taxPercentage) === rate);
    if (!row || Math.abs(num(row.taxableAmount) - b.amount) > 1 || Math.abs(num(row.taxAmount) - b.tax) > 1)
      throw new Refusal('TAX_BREAKDOWN_INVALID', `Tổng hợp thuế suất ${rate}% không khớp với các dòng hàng hóa`);
  }
  return { templateCode, series, uuid, adjustmentType, original };
}

export async function startSInvoiceServer(options: SInvoiceServerOptions = {}): Promise<SInvoiceTestServer> {
  const accounts = options.accounts ?? [DEFAULT_SINVOICE_ACCOUNT];
  const tokenTtlMs = options.tokenTtlMs ?? 5 * 60_000;
  const tokens = new Map<string, { username: string; expires: number }>();
  const invoices: IssuedTestInvoice[] = [];
  const requests: RecordedSInvoiceRequest[] = [];
  const failures: { status: number; match?: Match }[] = [];
  const rejections: { errorCode: string; description: string }[] = [];
  const delays: { ms: number; match?: Match }[] = [];
  let drops = 0;
  let chaos: { rate: number; random: () => number } | null = null;
  let chaosDrop = false;
  let notFoundTurn = 0;
  const sequences = new Map<string, number>();

  const matches = (m: Match | undefined, path: string) =>
    !m?.path || (typeof m.path === 'string' ? path.endsWith(m.path) : m.path.test(path));
  const take = <T extends { match?: Match }>(q: T[], path: string) => {
    const i = q.findIndex((x) => matches(x.match, path));
    return i < 0 ? undefined : q.splice(i, 1)[0];
  };

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const tokenOf = (req: IncomingMessage) => {
    const cookie = /(?:^|;\s*)access_token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : undefined;
    return cookie ?? bearer ?? '';
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const raw = await readBody(req);
    const record: RecordedSInvoiceRequest = { method: req.method ?? 'GET', path, status: 0, body: raw };
    requests.push(record);
    const reply = (status: number, body: unknown) => {
      record.status = status;
      const text = JSON.stringify(body);
      if (res.destroyed) return;
      res.writeHead(status, {
        'content-type': 'application/json;charset=UTF-8',
        'content-length': Buffer.byteLength(text),
      });
      res.end(text);
    };
    const error = (status: number, errorCode: string, description: string) =>
      reply(status, { code: status, message: description, data: null, errorCode, description, result: null });

    const delay = take(delays, path);
    if (delay) await new Promise((r) => setTimeout(r, delay.ms));
    chaosDrop = false;
    if (chaos && !path.startsWith('/__test/') && chaos.random() < chaos.rate) {
      const kind = chaos.random();
      if (kind < 0.3 && path.includes('/createInvoice/')) chaosDrop = true;
      else if (kind < 0.45) tokens.clear();
      else failures.unshift({ status: [500, 502, 503, 429][Math.floor(chaos.random() * 4)] });
    }
    const failure = take(failures, path);
    if (failure) {
      if (failure.status === 429) res.setHeader('retry-after', '1');
      return error(failure.status, 'SERVICE_UNAVAILABLE', 'Hệ thống đang bận, vui lòng thử lại sau');
    }
    // The test controls (not SInvoice's): what a journey started through the CLI reads and switches.
    if (path.startsWith('/__test/')) {
      const arg = (() => {
        try {
          return (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
        } catch {
          return {};
        }
      })();
      switch (path) {
        case '/__test/invoices':
          return reply(
            200,
            invoices.map(({ body: _b, ...i }) => i),
          );
        case '/__test/reject-next':
          rejections.push({
            errorCode: String(arg.errorCode ?? 'BAD_REQUEST'),
            description: String(arg.description ?? ''),
          });
          return reply(200, { ok: true });
        case '/__test/fail-next':
          for (let i = 0; i < Number(arg.count ?? 1); i++) failures.push({ status: Number(arg.status ?? 503) });
          return reply(200, { ok: true });
        case '/__test/expire-tokens':
          tokens.clear();
          return reply(200, { ok: true });
      }
    }
    if (req.method !== 'POST') return error(405, 'METHOD_NOT_ALLOWED', 'Method not allowed');

    if (path === '/auth/login') {
      let creds: { username?: unknown; password?: unknown } = {};
      try {
        creds = JSON.parse(raw) as typeof creds;
      } catch {
        return error(400, 'BAD_REQUEST', 'Dữ liệu không hợp lệ');
      }
      const account = accounts.find((a) => a.username === creds.username && a.password === creds.password);
      if (!account) return error(401, 'UNAUTHORIZED', 'Tên đăng nhập hoặc mật khẩu không đúng');
      const token = randomBytes(24).toString('hex');
      tokens.set(token, { username: account.username, expires: Date.now() + tokenTtlMs });
      return reply(200, {
        access_token: token,
        token_type: 'bearer',
        refresh_token: randomBytes(24).toString('hex'),
        expires_in: Math.floor(tokenTtlMs / 1000),
        scope: 'openid',
        iat: Math.floor(Date.now() / 1000),
        invoice_cluster: 'cluster1',
        type: 1,
      });
    }

    const session = tokens.get(tokenOf(req));
    if (!session || session.expires <= Date.now()) {
      record.status = 401;
      return reply(401, { error: 'invalid_token', error_description: 'Access token expired' });
    }
    const account = accounts.find((a) => a.username === session.username)!;

    const create = new RegExp(`^${SINVOICE_WS}/createInvoice/([^/]+)$`).exec(path);
    if (create) {
      const supplier = decodeURIComponent(create[1]);
      if (supplier !== account.supplierTaxCode)
        return error(400, 'SUPPLIER_TAX_CODE_INVALID', `Mã số thuế người bán ${supplier} không thuộc tài khoản`);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return error(400, 'BAD_REQUEST', 'Dữ liệu không hợp lệ');
      }
      record.body = body;
      const rejection = rejections.shift();
      if (rejection) return error(400, rejection.errorCode, rejection.description);
      let checked: ReturnType<typeof validate>;
      try {
        checked = validate(body, account, invoices);
      } catch (e) {
        if (e instanceof Refusal) return error(400, e.errorCode, e.description);
        throw e;
      }
      if (invoices.some((i) => i.supplierTaxCode === supplier && i.transactionUuid === checked.uuid))
        return error(400, 'TRANSACTION_UUID_EXISTED', `transactionUuid ${checked.uuid} đã tồn tại`);
      const seqKey = `${supplier}|${checked.templateCode}|${checked.series}`;
      const seq = (sequences.get(seqKey) ?? 0) + 1;
      sequences.set(seqKey, seq);
      const issued: IssuedTestInvoice = {
        supplierTaxCode: supplier,
        transactionUuid: checked.uuid,
        invoiceNo: `${checked.series}${String(seq).padStart(7, '0')}`,
        transactionID: `${Date.now()}${String(seq).padStart(6, '0')}`,
        reservationCode: alnum(10),
        codeOfTax: `M1-${checked.series.slice(1, 3)}-${alnum(5)}-${String(seq).padStart(11, '0')}`,
        issueDate: Date.now(),
        templateCode: checked.templateCode,
        invoiceSeries: checked.series,
        adjustmentType: checked.adjustmentType,
        originalInvoiceId: checked.original,
        body,
      };
      invoices.push(issued);
      if (drops > 0 || chaosDrop) {
        if (!chaosDrop) drops--;
        record.dropped = true;
        record.status = -1;
        req.socket.destroy();
        return;
      }
      return reply(200, {
        errorCode: null,
        description: null,
        result: {
          supplierTaxCode: supplier,
          invoiceNo: issued.invoiceNo,
          transactionID: issued.transactionID,
          reservationCode: issued.reservationCode,
          codeOfTax: issued.codeOfTax,
        },
      });
    }

    if (path === `${SINVOICE_WS}/searchInvoiceByTransactionUuid`) {
      if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return error(415, 'UNSUPPORTED_MEDIA_TYPE', 'Content-Type phải là application/x-www-form-urlencoded');
      const form = new URLSearchParams(raw);
      const supplier = form.get('supplierTaxCode') ?? '';
      const uuid = form.get('transactionUuid') ?? '';
      record.body = Object.fromEntries(form);
      if (!supplier || !uuid) return error(400, 'BAD_REQUEST', 'supplierTaxCode và transactionUuid là bắt buộc');
      const found = invoices.filter((i) => i.supplierTaxCode === supplier && i.transactionUuid === uuid);
      if (found.length === 0) {
        const mode = options.notFoundAs ?? 'alternate';
        const asError = mode === 'error' || (mode === 'alternate' && notFoundTurn++ % 2 === 0);
        return asError
          ? error(200, 'NOT_FOUND_DATA', 'Không tìm thấy dữ liệu')
          : reply(200, { errorCode: null, description: null, result: [] });
      }
      return reply(200, {
        errorCode: null,
        description: null,
        result: found.map((i) => ({
          supplierTaxCode: i.supplierTaxCode,
          invoiceNo: i.invoiceNo,
          transactionID: i.transactionID,
          reservationCode: i.reservationCode,
          codeOfTax: i.codeOfTax,
          issueDate: i.issueDate,
          templateCode: i.templateCode,
          invoiceSeries: i.invoiceSeries,
          status: 'Hóa đơn gốc',
        })),
      });
    }
    return error(404, 'NOT_FOUND', `Không tìm thấy ${path}`);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, errorCode: 'INTERNAL', description: 'Lỗi hệ thống', result: null }));
      }
    });
  });
  let port = options.port ?? 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server.listening) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await listen();
  return {
    get baseUrl() {
      return `http://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    requests,
    invoices,
    invoice: (uuid) => invoices.find((i) => i.transactionUuid === uuid),
    expireTokens: () => tokens.clear(),
    failNext(count, status, match) {
      for (let i = 0; i < count; i++) failures.push({ status, match });
    },
    rejectNext(count, errorCode, description) {
      for (let i = 0; i < count; i++) rejections.push({ errorCode, description });
    },
    delayNext(count, ms, match) {
      for (let i = 0; i < count; i++) delays.push({ ms, match });
    },
    dropAfterCreateNext(count) {
      drops += count;
    },
    chaos(c) {
      chaos = c;
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
