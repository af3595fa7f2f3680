import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp, type Client } from '../../test/helpers.js';
import { customerPages, makeCustomer, makeFranchise } from '../modules/customers/test-support/builders.js';
import { shipToAddresses } from '../modules/customers/schema.js';
import { cancelReasons } from '../modules/cancel-reasons/schema.js';
import { idempotencyKeys } from '../modules/system/schema.js';
import { canonicalJson } from './idempotency.js';

// Concurrency is real on PostgreSQL (TEST_DATABASE_URL); on PGlite the same assertions hold with one connection.
const ctx = useTestApp();

let hanoi: Client;
let admin: Client;
let customerNo: string;

beforeAll(async () => {
  await makeFranchise(ctx.t, 'HN001');
  hanoi = (await ctx.t.makeUser({ customer_no: 'HN001', pages: customerPages('edit') })).client;
  admin = await ctx.t.admin();
  customerNo = (await makeCustomer(hanoi, { name: 'Trần Thị Mai' })).customer_no;
});

const keyRows = (key: string) => ctx.t.services.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

describe('Idempotency-Key under concurrency', () => {
  it('20 parallel ship-to creates with one key make one address and 20 identical answers', async () => {
    const body = { customer_no: customerNo, name: 'Kho Long Biên', address: '12 Nguyễn Văn Cừ' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => hanoi.post('/api/ship-to-addresses', body, { 'idempotency-key': 'ship-20' })),
    );
    const rows = await ctx.t.services.db
      .select()
      .from(shipToAddresses)
      .where(and(eq(shipToAddresses.customer_no, customerNo), eq(shipToAddresses.name, 'Kho Long Biên')));
    expect(rows).toHaveLength(1);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0].envelope.data).toMatchObject({ id: rows[0].id, name: 'Kho Long Biên' });
  });

  it('20 parallel cancel-reason creates with one key make one reason, every answer the first', async () => {
    const body = { reason_code: 'PAR', description: 'Song song', page: '/salesOrders' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => admin.post('/api/cancel-reasons', body, { 'idempotency-key': 'reason-20' })),
    );
    const rows = await ctx.t.services.db.select().from(cancelReasons).where(eq(cancelReasons.reason_code, 'PAR'));
    expect(rows).toHaveLength(1);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('the same body with its keys in another order is the same call', async () => {
    const a = await admin.post<{ id: number }>(
      '/api/cancel-reasons',
      { reason_code: 'ORD', description: 'Thứ tự', page: '/salesOrders' },
      { 'idempotency-key': 'order-1' },
    );
    const b = await admin.post<{ id: number }>(
      '/api/cancel-reasons',
      { page: '/salesOrders', description: 'Thứ tự', reason_code: 'ORD' },
      { 'idempotency-key': 'order-1' },
    );
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.body).toBe(a.body);
    expect(canonicalJson({ b: { d: 1, c: [{ f: 1, e: 2 }] }, a: null })).toBe(
      '{"a":null,"b":{"c":[{"e":2,"f":1}],"d":1}}',
    );
  });

  it('the same key with another body is a 422 naming the key, and creates nothing', async () => {
    const first = await admin.post(
      '/api/cancel-reasons',
      { reason_code: 'K22', description: 'Một', page: '/salesOrders' },
      { 'idempotency-key': 'reuse-1' },
    );
    expect(first.statusCode).toBe(201);
    const other = await admin.post(
      '/api/cancel-reasons',
      { reason_code: 'K23', description: 'Hai', page: '/salesOrders' },
      { 'idempotency-key': 'reuse-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.envelope.errors[0]).toMatchObject({ code: 'idempotency_key_reused', field: 'Idempotency-Key' });
    expect(other.envelope.errors[0].msg).toContain('reuse-1');
    expect(await ctx.t.services.db.select().from(cancelReasons).where(eq(cancelReasons.reason_code, 'K23'))).toEqual(
      [],
    );
  });

  it('a failed first call leaves no key behind: the corrected retry with a new body runs', async () => {
    const bad = await admin.post(
      '/api/cancel-reasons',
      { reason_code: 'FAIL', description: 'x', page: '/salesOrders' },
      { 'idempotency-key': 'fail-1' },
    );
    expect(bad.statusCode).toBe(201);
    // A business failure inside the handler (duplicate code and page: 409) rolls the claim back with it.
    const dup = await admin.post(
      '/api/cancel-reasons',
      { reason_code: 'FAIL', description: 'y', page: '/salesOrders' },
      { 'idempotency-key': 'fail-2' },
    );
    expect(dup.statusCode).toBe(409);
    expect(await keyRows('fail-2')).toEqual([]);
    const retry = await admin.post(
      '/api/cancel-reasons',
      { reason_code: 'FAIL2', description: 'y', page: '/salesOrders' },
      { 'idempotency-key': 'fail-2' },
    );
    expect(retry.statusCode).toBe(201);
  });

  it('keys are per user: another user with the same key gets an answer of their own', async () => {
    const body = { customer_no: customerNo, name: 'Nhà riêng', address: '3 Phố Huế' };
    const mine = await hanoi.post<{ id: number }>('/api/ship-to-addresses', body, { 'idempotency-key': 'shared-key' });
    const theirs = await admin.post<{ id: number }>('/api/ship-to-addresses', body, {
      'idempotency-key': 'shared-key',
    });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.data.id).not.toBe(mine.data.id);
  });

  it('a key longer than 200 characters is a 400 naming the header', async () => {
    const res = await admin.post(
      '/api/cancel-reasons',
      { reason_code: 'LONG', description: 'x', page: '/salesOrders' },
      { 'idempotency-key': 'k'.repeat(201) },
    );
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0].field).toBe('Idempotency-Key');
  });
});
