import { describe, expect, it, beforeAll } from 'vitest';
import ExcelJS from 'exceljs';
import { MAX_IN_VALUES, tooManyValues } from '@fp/contract';
import { useTestApp, type Client, type Res } from './helpers.js';
import { excelDate } from '../src/http/list-route.js';
import { fromPgError, logText } from '../src/http/input.js';
import { multipartBody } from '../src/modules/item-documents/test-support/multipart.js';
import { connect, type AddressInfo } from 'node:net';

// issue 7 "Zero 5xx for any input": each class of the generated-request finding, by name.
const ctx = useTestApp({ SEED_DEMO: 'true' });
let admin: Client;
beforeAll(async () => {
  admin = await ctx.t.admin();
});

type List<T> = { items: T[]; total_count: number };
const raw = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: string, headers: Record<string, string> = {}) =>
  ctx.t.app.inject({
    method,
    url,
    payload,
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', ...headers },
  });

function firstError(res: { statusCode: number; body: string }) {
  const body = JSON.parse(res.body) as {
    result: boolean;
    data: unknown;
    errors: { code: string; msg: string; field?: string }[];
  };
  expect(body.result).toBe(false);
  expect(body.data).toBeNull();
  return body.errors[0];
}

describe('like filters', () => {
  beforeAll(async () => {
    const make = (item_no: string, description: string) =>
      admin.post('/api/items', { item_no, description, base_unit_of_measure: 'PCS', unit_price: 1000 });
    for (const [no, d] of [
      ['NM1', 'Nước mắm Phú Quốc'],
      ['G1', 'Gạo ST25'],
      ['N1', 'Bánh Nguyễn Sinh'],
      ['D1', 'Đậu xanh'],
      ['P1', 'Sale 50%_off\\ today'],
      ['P2', 'Sale 50 percent off today'],
    ]) {
      expect((await make(no, d)).statusCode).toBe(201);
    }
  });
  const find = async (value: string, condition_type: 'like' | 'like_bc' = 'like') => {
    const filters = [
      { field: 'item_no', value: 'NM1|G1|N1|D1|P1|P2' },
      { field: 'description', value, condition_type },
    ];
    const res = await admin.post<List<{ item_no: string }>>('/api/items/filter', {
      filters,
      pagination: { page: 1, size: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.data.items.map((i) => i.item_no).sort();
  };

  it('matches with or without Vietnamese diacritics, either way round', async () => {
    expect(await find('nuoc mam')).toEqual(['NM1']);
    expect(await find('NUOC MAM')).toEqual(['NM1']);
    expect(await find('Nước mắm')).toEqual(['NM1']);
    expect(await find('gao')).toEqual(['G1']);
    expect(await find('nguyen')).toEqual(['N1']);
    expect(await find('đau')).toEqual(['D1']);
    expect(await find('dau xanh')).toEqual(['D1']);
  });

  it('takes a typed _, % and \\ as characters', async () => {
    expect(await find('50%')).toEqual(['P1']);
    expect(await find('%_')).toEqual(['P1']);
    expect(await find('_off')).toEqual(['P1']);
    expect(await find('off\\')).toEqual(['P1']);
    expect(await find('abc\\')).toEqual([]);
    // like_bc is sent as typed: its % is a wildcard, its _ and \ are characters.
    expect(await find('Sale 50%today', 'like_bc')).toEqual(['P1', 'P2']);
    expect(await find('Sale 50_', 'like_bc')).toEqual([]);
    expect(await find('Sale 50%\\%', 'like_bc')).toEqual(['P1']);
  });

  it('finds customers by name without diacritics on the customer records list', async () => {
    const all = await admin.post<List<{ name: string }>>('/api/customer-records/filter', {
      pagination: { page: 1, size: 500 },
    });
    const accented = all.data.items.find((c) => /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i.test(c.name));
    expect(accented, 'the demo data has a Vietnamese name').toBeDefined();
    const plain = accented!.name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D');
    const res = await admin.post<List<{ name: string }>>('/api/customer-records/filter', {
      filters: [{ field: 'name', value: plain.toLowerCase(), condition_type: 'like' }],
      pagination: { page: 1, size: 500 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data.items.map((c) => c.name)).toContain(accented!.name);
  });
});

describe('bad input is a 400 naming the field, never a 500', () => {
  it('refuses NUL and lone surrogates in body, query and path', async () => {
    const nul = await admin.post('/api/cancel-reasons', {
      reason_code: 'A\u0000',
      description: 'x',
      page: '/salesOrders',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.envelope.errors[0].field).toBe('reason_code');
    const surrogate = await raw(
      'POST',
      '/api/cancel-reasons',
      '{"reason_code":"OK1","description":"x\\ud800","page":"/salesOrders"}',
    );
    expect(surrogate.statusCode).toBe(400);
    expect(firstError(surrogate).field).toBe('description');
    const query = await admin.get('/api/items/price?item_no=%00');
    expect(query.statusCode).toBe(400);
    expect(query.envelope.errors[0].field).toBe('item_no');
    const filter = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'description', value: 'a\u0000', condition_type: 'like' }],
    });
    expect(filter.statusCode).toBe(400);
    expect(filter.envelope.errors[0].field).toBe('filters.0.value');
  });

  it('refuses integers past int32 in paths, version and filters', async () => {
    const path = await admin.get('/api/cancel-reasons/2147483648');
    expect(path.statusCode).toBe(400);
    expect(path.envelope.errors[0]).toMatchObject({ field: 'id', msg: 'Please enter between 1 and 2147483647' });
    const version = await admin.put('/api/cancel-reasons/1', { description: 'x', version: 2147483648 });
    expect(version.statusCode).toBe(400);
    expect(version.envelope.errors[0].field).toBe('version');
    const filter = await admin.post('/api/cancel-reasons/filter', { filters: [{ field: 'id', value: 2147483648 }] });
    expect(filter.statusCode).toBe(400);
    expect(filter.envelope.errors[0].field).toBe('filters.id');
    const fraction = await admin.post('/api/cancel-reasons/filter', { filters: [{ field: 'id', value: 1.5 }] });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.envelope.errors[0]).toMatchObject({ field: 'filters.id', msg: 'Filter id needs a whole number' });
    const page = await admin.post('/api/cancel-reasons/filter', { pagination: { page: 2147483648, size: 20 } });
    expect(page.statusCode).toBe(400);
    expect(page.envelope.errors[0].field).toBe('pagination.page');
  });

  it('refuses impossible and loose dates in bodies and filters', async () => {
    for (const value of ['2024-02-30', '0000-01-01', '1 Jan 2024', '2024-1-1']) {
      const res = await admin.post('/api/item-prices/filter', {
        filters: [{ field: 'valid_from', value, condition_type: 'gteq' }],
      });
      expect(res.statusCode, value).toBe(400);
      expect(res.envelope.errors[0].field).toBe('filters.valid_from');
    }
    const ok = await admin.post('/api/item-prices/filter', {
      filters: [{ field: 'valid_from', value: '29-02-2024', condition_type: 'gteq' }],
    });
    expect(ok.statusCode).toBe(200);
    const body = await admin.get('/api/items/price?item_no=NM1&date=2024-02-30');
    expect(body.statusCode).toBe(400);
    expect(body.envelope.errors[0].field).toBe('date');
  });

  it(`caps an in list at ${MAX_IN_VALUES} values`, async () => {
    const many = Array.from({ length: 65_536 }, (_, i) => String(i + 1));
    const res = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'id', value: many, condition_type: 'in' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0]).toMatchObject({ field: 'filters.id', msg: tooManyValues });
    const piped = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'reason_code', value: many.join('|') }],
    });
    expect(piped.statusCode).toBe(400);
    const fine = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'id', value: many.slice(0, MAX_IN_VALUES), condition_type: 'in' }],
    });
    expect(fine.statusCode).toBe(200);
  });

  it('answers router errors and non-object bodies in the envelope with a field', async () => {
    const bad = await raw('GET', '/api/cancel-reasons/%ZZ');
    expect(bad.statusCode).toBe(400);
    expect(firstError(bad).field).toBe('url');
    const long = await raw('GET', `/api/cancel-reasons/${'1'.repeat(200)}`);
    expect(long.statusCode).toBe(414);
    expect(firstError(long).field).toBe('url');
    for (const payload of ['[]', '"text"', '42', '{']) {
      const res = await raw('POST', '/api/cancel-reasons', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(firstError(res).field, payload).toBe('body');
    }
  });

  it('answers 413 in the envelope for an oversize body', async () => {
    const res = await raw('POST', '/api/cancel-reasons', JSON.stringify({ description: 'x'.repeat(51 * 1024 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(firstError(res)).toMatchObject({ code: 'too_large', field: 'body' });
  });

  it('answers 400 for multipart without a boundary or cut short', async () => {
    const noBoundary = await raw(
      'POST',
      '/api/item-documents',
      '--x\r\nContent-Disposition: form-data; name="item_no"\r\n\r\nNM1\r\n--x--\r\n',
      { 'content-type': 'multipart/form-data' },
    );
    expect(noBoundary.statusCode).toBe(400);
    expect(firstError(noBoundary).field).toBe('file');
    const cut = await raw(
      'POST',
      '/api/item-documents',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF',
      {
        'content-type': 'multipart/form-data; boundary=x',
      },
    );
    expect(cut.statusCode).toBe(400);
    expect(firstError(cut).field).toBe('file');
  });
});

describe('unique codes created in parallel', () => {
  const parallel = async (n: number, send: () => Promise<Res>) => Promise.all(Array.from({ length: n }, send));
  it('makes one record and answers 409 naming the field to the others', async () => {
    const cases: [string, () => Promise<Res>, string][] = [
      ['categories', () => admin.post('/api/categories', { code: 'PAR1', name: 'Parallel' }), 'code'],
      [
        'cancel reasons',
        () => admin.post('/api/cancel-reasons', { reason_code: 'PAR1', description: 'Parallel', page: '/salesOrders' }),
        'reason_code',
      ],
      [
        'items',
        () =>
          admin.post('/api/items', {
            item_no: 'PAR1',
            description: 'Parallel',
            base_unit_of_measure: 'PCS',
            unit_price: 1,
          }),
        'item_no',
      ],
    ];
    for (const [what, send, field] of cases) {
      const answers = await parallel(8, send);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(
        statuses.filter((s) => s === 201),
        what,
      ).toHaveLength(1);
      for (const a of answers.filter((x) => x.statusCode !== 201)) {
        expect(a.statusCode, `${what}: ${a.body}`).toBe(409);
        expect(a.envelope.errors[0].field, what).toBe(field);
      }
    }
  });

  it('maps a unique violation to 409 with the field from the key', () => {
    const err = fromPgError({
      cause: {
        code: '23505',
        detail: 'Key (franchise_code, lower(phone_no::text))=(HN001, 0901234567) already exists.',
        constraint: 'customers_phone_uq',
      },
    });
    expect(err?.status).toBe(409);
    expect(err?.field).toBe('phone_no');
    const scoped = fromPgError({
      code: '23505',
      detail: 'Key (reason_code, page)=(PAR1, /salesOrders) already exists.',
    });
    expect(scoped?.field).toBe('reason_code');
    expect(scoped?.message).toBe('reason_code PAR1 already exists');
    expect(fromPgError({ code: '22003', column: 'sort' })?.status).toBe(400);
    expect(fromPgError(new Error('boom'))).toBeUndefined();
  });
});

describe('api log', () => {
  it('writes a call whose text holds NUL and lone surrogates', async () => {
    expect(logText('a\u0000b\ud800c')).toBe('ab\ufffdc');
    const res = await admin.get('/api/cancel-reasons/%00');
    expect(res.statusCode).toBe(400);
    let rows: { path: string; status: number }[] = [];
    for (let i = 0; i < 40 && rows.length === 0; i++) {
      const logs = await admin.post<List<{ path: string; status: number }>>('/api/api-logs/filter', {
        filters: [{ field: 'path', value: '/api/cancel-reasons/%00', condition_type: 'like' }],
      });
      rows = logs.data.items;
      if (!rows.length) await new Promise((r) => setTimeout(r, 50));
    }
    expect(rows[0]).toMatchObject({ path: '/api/cancel-reasons/%00', status: 400 });
  });
});

describe('.xlsx export', () => {
  it('writes an unknown birth date as an empty cell and dates as dd-mm-yyyy dates', async () => {
    const res = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/customer-records/filter/export',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { sort_order: { field: 'customer_no', direction: 'asc' } },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(1).values as string[]).indexOf('Birth Date');
    const created = (ws.getRow(1).values as string[]).indexOf('Created');
    const list = await admin.post<List<{ customer_no: string; birth_date: string; created_at: string }>>(
      '/api/customer-records/filter',
      { sort_order: { field: 'customer_no', direction: 'asc' }, pagination: { page: 1, size: 500 } },
    );
    let empty = 0;
    let dated = 0;
    list.data.items.forEach((c, i) => {
      const cell = ws.getRow(i + 2).getCell(header);
      if (c.birth_date === '0001-01-01' || !c.birth_date) {
        expect(cell.value, c.customer_no).toBeNull();
        empty++;
      } else {
        expect(cell.value).toBeInstanceOf(Date);
        expect((cell.value as Date).toISOString().slice(0, 10)).toBe(c.birth_date);
        expect(cell.numFmt).toBe('dd-mm-yyyy');
        dated++;
      }
      expect(ws.getRow(i + 2).getCell(created).numFmt).toBe('dd-mm-yyyy hh:mm');
    });
    expect(empty).toBeGreaterThan(0);
    expect(dated).toBeGreaterThan(0);
  });

  it('writes times as the wall-clock time in Vietnam', () => {
    expect(excelDate('2026-01-01T17:30:00Z', true)?.toISOString()).toBe('2026-01-02T00:30:00.000Z');
    expect(excelDate('2026-01-01T17:30:00Z', false)?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
    expect(excelDate('0001-01-01', false)).toBeNull();
    expect(excelDate(null, false)).toBeNull();
  });
});

// issue 17 "Inputs that take the server down".
describe('bodies that would take the server down', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
  const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  // One request per route (about 300): more than the default 30 s on a loaded machine.
  it(
    'answers a body nested 5,000 levels with a 400 naming the body on every route with a body, the login too',
    { timeout: 120_000 },
    async () => {
      const routes = ctx.t.router.routes.filter((r) => r.method === 'POST' || r.method === 'PUT');
      expect(routes.map((r) => r.url)).toContain('/api/auth/login');
      for (const [i, route] of routes.entries()) {
        const url = route.url.replace(/:(\w+)/g, '1');
        const res = await raw(route.method as 'POST', url, i % 2 ? nested(5000) : nestedObject(5000));
        expect(res.statusCode, `${route.method} ${url}`).toBe(400);
        expect(firstError(res), `${route.method} ${url}`).toMatchObject({ field: 'body' });
      }
    },
  );

  it('parses and refuses 100,000 levels without overflowing', async () => {
    for (const url of ['/api/auth/login', '/api/cancel-reasons', '/api/items/filter', '/api/proxy']) {
      const res = await raw('POST', url, nestedObject(100_000));
      expect(res.statusCode, url).toBe(400);
      expect(firstError(res), url).toMatchObject({
        field: 'body',
        msg: 'body is nested too deeply (at most 32 levels)',
      });
    }
    const deepInside = await admin.post('/api/items/filter', {
      filters: [{ field: 'item_no', value: JSON.parse(nested(40)) as unknown, condition_type: 'eq' }],
    });
    expect(deepInside.statusCode).toBe(400);
    expect(deepInside.envelope.errors[0].field).toBe('body');
  });

  /** The largest real JSON payload: a purchase order of 500 lines with every text at its limit in Vietnamese. */
  const largestOrder = () => {
    const text = (n: number) => 'ệ'.repeat(n); // 3 bytes in UTF-8 each
    const line = {
      item_no: text(30),
      variant_code: text(30),
      unit_of_measure: text(30),
      purchase_qty: '1000000000.00000',
      line_discount_amount: '999999999999.99',
      campaign: text(30),
      costcenter: text(30),
      gen_bus_posting_group: text(30),
      la_so_line_note: text(250),
    };
    return { franchise_code: text(30), lines: Array.from({ length: 500 }, () => line) };
  };

  it('takes the largest real payload and answers a larger JSON body with 413 in the envelope', async () => {
    const order = JSON.stringify(largestOrder());
    expect(Buffer.byteLength(order)).toBeLessThan(ctx.t.config.jsonBodyLimit);
    const taken = await raw('POST', '/api/purchase-orders', order);
    expect(taken.statusCode).toBeLessThan(500);
    expect(taken.statusCode).not.toBe(413);
    const big = await raw('POST', '/api/cancel-reasons', JSON.stringify({ description: 'x'.repeat(1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(firstError(big)).toEqual({
      code: 'too_large',
      msg: 'The request body is larger than the 1 MB limit',
      field: 'body',
    });
  });

  it('takes an upload larger than the JSON limit (uploads have their own limit)', async () => {
    const { payload, headers } = await multipartBody(
      { folder: 'Limits' },
      { file: { name: 'big.pdf', type: 'application/pdf', data: Buffer.alloc(3 * 1024 * 1024, 0x25) } },
    );
    const res = await raw('POST', '/api/drive/upload', payload as unknown as string, headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(JSON.parse(res.body).data).toMatchObject({ name: 'big.pdf', size: 3 * 1024 * 1024 });
  });
});

describe('requests over a real connection', () => {
  const net = useTestApp({ REQUEST_TIMEOUT_MS: '1500' });
  let port = 0;
  beforeAll(async () => {
    await net.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (net.t.app.server.address() as AddressInfo).port;
  });

  /** Sends `head`, then one byte of the body a second until the server answers and closes; the answer's text. */
  const trickle = (head: string) =>
    new Promise<{ text: string; bytesSent: number }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      let bytesSent = 0;
      const timer = setInterval(() => {
        // A server that never cuts the trickle fails the test: 60 bytes is a minute, far past any limit.
        if (bytesSent >= 60) {
          clearInterval(timer);
          socket.destroy();
          reject(new Error(`still reading the body after ${bytesSent} bytes`));
        } else if (socket.writable) {
          socket.write('{');
          bytesSent++;
        }
      }, 1000);
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ text, bytesSent });
      });
      socket.write(head);
    });

  const envelopeOf = (text: string) =>
    JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as ReturnType<typeof JSON.parse>;

  it('cuts a body trickled at 1 byte a second with a 408 in the envelope', async () => {
    const { text } = await trickle(
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`,
    );
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/\r\ncontent-type: application\/json/i);
    expect(envelopeOf(text)).toEqual({
      result: false,
      data: null,
      errors: [{ code: 'request_timeout', msg: 'The request did not arrive in time. Please send it again.' }],
    });
  });

  it('cuts headers trickled in the same way', async () => {
    const { text } = await trickle(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(envelopeOf(text).errors[0].code).toBe('request_timeout');
  });

  it('answers a query string over the header limit with 431 in the envelope, as JSON', async () => {
    for (const path of ['/api/items/price', '/api/cancel-reasons', '/users']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}?item_no=${'a'.repeat(20_000)}`);
      expect(res.status, path).toBe(431);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(await res.json(), path).toMatchObject({
        result: false,
        data: null,
        errors: [{ code: 'too_large', field: 'url' }],
      });
    }
  });
});

// issue 17 "Login and cookies": cross-site requests and the body types an operation takes.
describe('cross-site requests', () => {
  const SITE = 'portal.example.vn';
  const withCookie = async () => {
    const login = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'admin', password: 'Admin1234' },
    });
    return `fp_token=${login.json<string>()}`;
  };
  const send = (
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    headers: Record<string, string>,
    payload?: string | Buffer,
  ) =>
    ctx.t.app.inject({
      method,
      url,
      headers: { host: SITE, ...headers },
      ...(payload !== undefined ? { payload } : {}),
    });
  const stillLoggedIn = async (cookie: string) =>
    (await send('POST', '/api/auth/me', { cookie, 'content-type': 'application/json' }, '{}')).statusCode === 200;

  it('refuses a state-changing request from another origin, whatever its content type, with a 403', async () => {
    const cookie = await withCookie();
    const cases: [string, Record<string, string>, string | undefined][] = [
      ['/api/auth/logout', { origin: 'https://evil.example' }, undefined],
      ['/api/auth/logout', { origin: 'https://evil.example', 'content-type': 'text/plain' }, 'x'],
      ['/api/auth/logout', { 'sec-fetch-site': 'cross-site' }, undefined],
      ['/api/auth/logout', { origin: 'null', 'content-type': 'application/json' }, '{}'],
      ['/api/auth/logout', { origin: `https://${SITE}.evil.example` }, undefined],
      [
        '/api/system-indexes/run-all',
        { origin: 'http://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
        '--x--\r\n',
      ],
      [
        '/api/drive/site-info/sync',
        { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        'a=1',
      ],
      ['/api/devices/1/test-print', { origin: 'http://evil.example', 'content-type': 'text/plain' }, 'x'],
      ['/api/proxy', { origin: 'http://evil.example', 'content-type': 'application/json' }, '{"url":"auth/logout"}'],
    ];
    for (const [url, headers, payload] of cases) {
      const res = await send('POST', url, { cookie, ...headers }, payload);
      expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      expect(firstError(res).code).toBe('cross_site_request');
    }
    const del = await send('DELETE', '/api/cancel-reasons/1', { cookie, origin: 'https://evil.example' });
    expect(del.statusCode).toBe(403);
    expect(await stillLoggedIn(cookie)).toBe(true);
  });

  it('accepts the site itself, reads from elsewhere, and callers that are no browser page', async () => {
    const cookie = await withCookie();
    const list = await send('GET', '/api/drive/item-config', { cookie, origin: 'https://evil.example' });
    expect(list.statusCode).toBe(200);
    const sameOrigin = await send(
      'POST',
      '/api/auth/me',
      {
        cookie,
        origin: `https://${SITE}`,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      },
      '{}',
    );
    expect(sameOrigin.statusCode).toBe(200);
    const withPort = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie },
    });
    expect(withPort.statusCode).toBe(200);
    // A server with a Bearer token (no Origin, no Sec-Fetch-Site) and a body-less POST without a content type.
    expect((await admin.post('/api/auth/me')).statusCode).toBe(200);
    const logout = await send('POST', '/api/auth/logout', { cookie, origin: `http://${SITE}` });
    expect(logout.statusCode, logout.body).toBe(200);
    expect(await stillLoggedIn(cookie)).toBe(false);
  });

  it('takes only JSON where an operation takes JSON (415), and uploads as multipart', async () => {
    const cookie = await withCookie();
    for (const [url, type, payload] of [
      ['/api/auth/logout', 'text/plain', 'x'],
      ['/api/auth/logout', 'text/plain', ''],
      ['/api/system-indexes/run-all', 'multipart/form-data; boundary=x', '--x--\r\n'],
      ['/api/devices/1/test-print', 'application/x-www-form-urlencoded', 'a=1'],
      ['/api/cancel-reasons', 'text/plain', '{"reason_code":"T1","description":"x","page":"/salesOrders"}'],
    ] as const) {
      const res = await send('POST', url, { cookie, 'content-type': type }, payload);
      expect(res.statusCode, `${url} ${type}`).toBe(415);
      expect(firstError(res), `${url} ${type}`).toMatchObject({ code: 'unsupported_media_type', field: 'body' });
    }
    expect(await stillLoggedIn(cookie)).toBe(true);
    const json = await send(
      'POST',
      '/api/cancel-reasons',
      { cookie, 'content-type': 'application/json; charset=utf-8' },
      '{"reason_code":"T415","description":"x","page":"/salesOrders"}',
    );
    expect(json.statusCode, json.body).toBe(201);
    const { payload, headers } = await multipartBody(
      { folder: 'Csrf' },
      { file: { name: 'a.txt', type: 'text/plain', data: 'xin chào' } },
    );
    const upload = await send('POST', '/api/drive/upload', { cookie, ...headers }, payload);
    expect(upload.statusCode, upload.body).toBe(201);
  });
});
