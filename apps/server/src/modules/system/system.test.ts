import { describe, expect, it } from 'vitest';
import { pages } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { enqueue, PermanentJobError } from '../../jobs/queue.js';
import { jobs } from '../../jobs/schema.js';
import { eq } from 'drizzle-orm';

const ctx = useTestApp();

describe('every route declares its access', () => {
  it('names a page and level, admin, authenticated or public; pages exist in the route table', () => {
    const known = new Set(pages.map((p) => p.url));
    const bad = ctx.t.router.routes.filter((r) => {
      if (typeof r.access === 'string') return !['public', 'authenticated', 'admin'].includes(r.access);
      const pageList = typeof r.access.page === 'string' ? [r.access.page] : r.access.page;
      return (
        pageList.length === 0 || pageList.some((pg) => !known.has(pg)) || !['view', 'edit'].includes(r.access.level)
      );
    });
    expect(bad.map((r) => `${r.method} ${r.url} ${JSON.stringify(r.access)}`)).toEqual([]);
    // Only the shell's own calls are public.
    const publicRoutes = ctx.t.router.routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.filter((r) => !/auth\/login|\/config|builds|proxy|openapi/.test(r))).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document covering the routes', async () => {
    const res = await ctx.t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/cancel-reasons/filter');
    expect(doc.paths['/api/cancel-reasons'].post.requestBody).toBeTruthy();
    expect((await ctx.t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('lists', () => {
  it('rejects unknown filter fields, bad condition types and oversize pages, naming the field', async () => {
    const admin = await ctx.t.admin();
    const unknown = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'password', value: 'x', condition_type: 'eq' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.envelope.errors[0].msg).toBe('Unknown filter field: password');
    const cond = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'page', value: 'x', condition_type: 'near' }],
    });
    expect(cond.statusCode).toBe(400);
    expect(cond.envelope.errors[0].field).toBe('filters.0.condition_type');
    const big = await admin.post('/api/cancel-reasons/filter', { pagination: { page: 1, size: 501 } });
    expect(big.statusCode).toBe(400);
    expect(big.envelope.errors[0].field).toBe('pagination.size');
    const sort = await admin.post('/api/cancel-reasons/filter', { sort_order: { field: 'nope', direction: 'asc' } });
    expect(sort.statusCode).toBe(400);
    expect(sort.envelope.errors[0].field).toBe('sort_order.field');
    const num = await admin.post('/api/cancel-reasons/filter', {
      filters: [{ field: 'id', value: 'abc', condition_type: 'eq' }],
    });
    expect(num.statusCode).toBe(400);
  });

  it('applies like, like_bc, | as in, paging and sorting', async () => {
    const admin = await ctx.t.admin();
    for (const [code, desc] of [
      ['AAA', 'Alpha reason'],
      ['BBB', 'Beta reason'],
      ['CCC', 'Gamma'],
    ]) {
      await admin.post('/api/cancel-reasons', { reason_code: code, description: desc, page: '/salesQuotes' });
    }
    type L = { items: { reason_code: string }[]; total_count: number; page: number; size: number };
    const like = await admin.post<L>('/api/cancel-reasons/filter', {
      filters: [{ field: 'description', value: 'reason', condition_type: 'like' }],
    });
    expect(like.data.items.map((i) => i.reason_code)).toEqual(['AAA', 'BBB']);
    const likeBc = await admin.post<L>('/api/cancel-reasons/filter', {
      filters: [{ field: 'description', value: 'reason', condition_type: 'like_bc' }],
    });
    expect(likeBc.data.total_count).toBe(0);
    const likeBc2 = await admin.post<L>('/api/cancel-reasons/filter', {
      filters: [{ field: 'description', value: '%eta%', condition_type: 'like_bc' }],
    });
    expect(likeBc2.data.items.map((i) => i.reason_code)).toEqual(['BBB']);
    const pipe = await admin.post<L>('/api/cancel-reasons/filter', {
      filters: [{ field: 'reason_code', value: 'AAA|CCC', condition_type: 'eq' }],
    });
    expect(pipe.data.items.map((i) => i.reason_code)).toEqual(['AAA', 'CCC']);
    const paged = await admin.post<L>('/api/cancel-reasons/filter', {
      filters: [{ field: 'page', value: '/salesQuotes' }],
      pagination: { page: 2, size: 2 },
      sort_order: { field: 'reason_code', direction: 'desc' },
    });
    expect(paged.data).toMatchObject({ total_count: 3, page: 2, size: 2 });
    expect(paged.data.items.map((i) => i.reason_code)).toEqual(['AAA']);
    const beyond = await admin.post<L>('/api/cancel-reasons/filter', {
      filters: [{ field: 'page', value: '/salesQuotes' }],
      pagination: { page: 9, size: 2 },
    });
    expect(beyond.data).toMatchObject({ total_count: 3, items: [] });
  });
});

describe('config and maintenance', () => {
  it('lets an admin switch maintenance on; non-admin calls then answer 503 with the notice', async () => {
    const admin = await ctx.t.admin();
    const user = await ctx.t.makeUser({ pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] });
    expect((await user.client.put('/api/config', { maintenance_mode: true })).statusCode).toBe(403);
    const on = await admin.put<{ maintenance_mode: boolean }>('/api/config', {
      maintenance_mode: true,
      maintenance_noti: 'Bảo trì đến 22:00',
    });
    expect(on.data.maintenance_mode).toBe(true);
    expect((await ctx.t.anon.get<boolean>('/api/config/maintenance-mode')).data).toBe(true);
    expect((await ctx.t.anon.get<string>('/api/config/maintenance-noti')).data).toBe('Bảo trì đến 22:00');
    const blocked = await user.client.post('/api/cancel-reasons/filter', {});
    expect(blocked.statusCode).toBe(503);
    expect(blocked.envelope.errors[0]).toMatchObject({ code: 'maintenance', msg: 'Bảo trì đến 22:00' });
    expect((await admin.post('/api/cancel-reasons/filter', {})).statusCode).toBe(200);
    await admin.put('/api/config', { maintenance_mode: false });
    expect((await user.client.post('/api/cancel-reasons/filter', {})).statusCode).toBe(200);
  });

  it('rejects bad config input', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.put('/api/config', { maintenance_mode: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.envelope.errors[0].field).toBe('maintenance_mode');
  });
});

describe('api log', () => {
  it('records calls with user, operation, status, error; filters and truncates', async () => {
    const admin = await ctx.t.admin();
    await admin.post('/api/cancel-reasons', { reason_code: '' });
    await new Promise((r) => setTimeout(r, 100));
    type L = {
      items: { username: string; operation: string; status: number; error: string | null; duration_ms: number }[];
      total_count: number;
    };
    const list = await admin.post<L>('/api/api-logs/filter', {
      filters: [
        { field: 'operation', value: 'POST /api/cancel-reasons', condition_type: 'eq' },
        { field: 'status', value: 400, condition_type: 'eq' },
      ],
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.data.total_count).toBeGreaterThanOrEqual(1);
    expect(list.data.items[0]).toMatchObject({ username: 'admin', status: 400, error: 'This is required field!' });
    const user = await ctx.t.makeUser({});
    expect((await user.client.post('/api/api-logs/filter', {})).statusCode).toBe(403);
    expect((await user.client.post('/api/api-logs/truncate', {})).statusCode).toBe(403);
    const t = await admin.post<{ deleted: number }>('/api/api-logs/truncate', {});
    expect(t.data.deleted).toBeGreaterThan(0);
  });
});

describe('job queue', () => {
  it('retries with backoff, goes dead after max attempts, and an admin can retry it', async () => {
    const { services } = ctx.t;
    let calls = 0;
    let healthy = false;
    services.jobs.register('test.flaky', async () => {
      calls++;
      if (!healthy) throw new Error('shop down');
      return { ok: true };
    });
    const job = await enqueue(services.db, { queue: 'test.flaky', payload: { n: 1 }, key: 'flaky-1', maxAttempts: 2 });
    // Same key while live: the same job, no double.
    const again = await enqueue(services.db, { queue: 'test.flaky', payload: { n: 1 }, key: 'flaky-1' });
    expect(again.id).toBe(job.id);
    await services.jobs.drain('test.flaky');
    let [row] = await services.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.state).toBe('failed');
    expect(row.last_error).toBe('shop down');
    expect(new Date(row.run_at).getTime()).toBeGreaterThan(Date.now());
    await services.db
      .update(jobs)
      .set({ run_at: new Date(Date.now() - 1000).toISOString() })
      .where(eq(jobs.id, job.id));
    await services.jobs.drain('test.flaky');
    [row] = await services.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.state).toBe('dead');
    expect(calls).toBe(2);

    const admin = await ctx.t.admin();
    const listed = await admin.post<{ items: { id: number; state: string }[] }>('/api/jobs/filter', {
      filters: [{ field: 'state', value: 'dead' }],
    });
    expect(listed.data.items.map((i) => i.id)).toContain(job.id);
    healthy = true;
    const retried = await admin.post<{ retried: number }>('/api/jobs/retry', { ids: [job.id] });
    expect(retried.data.retried).toBe(1);
    await services.jobs.drain('test.flaky');
    [row] = await services.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.state).toBe('done');
    expect(row.result).toEqual({ ok: true });
  });

  it('the job list shows and filters the document a job serves (group_key), as the admin finds an ERP job', async () => {
    const { services } = ctx.t;
    const a = await enqueue(services.db, { queue: 'test.grouped', payload: {}, groupKey: 'erp:sales_order:G-SO-7' });
    const b = await enqueue(services.db, { queue: 'test.grouped', payload: {}, groupKey: 'erp:sales_order:G-SO-8' });
    const admin = await ctx.t.admin();
    const listed = await admin.post<{ items: { id: number; group_key: string | null }[]; total_count: number }>(
      '/api/jobs/filter',
      { filters: [{ field: 'group_key', value: 'G-SO-7', condition_type: 'like' }] },
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.data.items).toEqual([expect.objectContaining({ id: a.id, group_key: 'erp:sales_order:G-SO-7' })]);
    expect(listed.data.items.map((i) => i.id)).not.toContain(b.id);
  });

  it('retrying a dead job whose key has a newer live job leaves it dead instead of failing', async () => {
    const { services } = ctx.t;
    services.jobs.register('test.dup', async () => {
      throw new PermanentJobError('no');
    });
    const dead = await enqueue(services.db, { queue: 'test.dup', payload: {}, key: 'dup-1' });
    await services.jobs.drain('test.dup');
    const live = await enqueue(services.db, {
      queue: 'test.dup',
      payload: {},
      key: 'dup-1',
      runAt: new Date(Date.now() + 3600_000),
    });
    expect(live.id).not.toBe(dead.id);
    const admin = await ctx.t.admin();
    const res = await admin.post<{ retried: number }>('/api/jobs/retry', { ids: [dead.id] });
    expect(res.statusCode).toBe(200);
    expect(res.data.retried).toBe(0);
    const [row] = await services.db.select().from(jobs).where(eq(jobs.id, dead.id));
    expect(row.state).toBe('dead');
  });

  it('a permanent error goes dead at once; a job enqueued in a rolled-back transaction never exists', async () => {
    const { services } = ctx.t;
    services.jobs.register('test.permanent', async () => {
      throw new PermanentJobError('bad data');
    });
    const job = await enqueue(services.db, { queue: 'test.permanent', payload: {} });
    await services.jobs.drain('test.permanent');
    const [row] = await services.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ state: 'dead', attempts: 1, last_error: 'bad data' });

    await expect(
      services.db.transaction(async (tx) => {
        await enqueue(tx, { queue: 'test.permanent', payload: {}, key: 'rolled-back' });
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    const rows = await services.db.select().from(jobs).where(eq(jobs.key, 'rolled-back'));
    expect(rows).toEqual([]);
  });
});

describe('builds and proxy', () => {
  it('serves the latest build and its manifest', async () => {
    const latest = await ctx.t.app.inject({ method: 'GET', url: '/builds/latest.json?t=123' });
    expect(latest.statusCode).toBe(200);
    const id = latest.json().id;
    expect((await ctx.t.app.inject({ method: 'GET', url: `/builds/meta/${id}.json` })).json().id).toBe(id);
    expect((await ctx.t.app.inject({ method: 'GET', url: '/builds/meta/other.json' })).statusCode).toBe(404);
  });

  it('dispatches in process with the same authentication and permission checks', async () => {
    const admin = await ctx.t.admin();
    const res = await ctx.t.anon.post<{ total_count: number }>('/api/proxy', {
      url: 'cancel-reasons/filter',
      opts: { method: 'POST', body: { pagination: { page: 1, size: 5 } } },
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(typeof res.data.total_count).toBe('number');
    const noToken = await ctx.t.anon.post('/api/proxy', {
      url: 'cancel-reasons/filter',
      opts: { method: 'POST', body: {} },
    });
    expect(noToken.statusCode).toBe(401);
    const user = await ctx.t.makeUser({});
    const forbidden = await ctx.t.anon.post('/api/proxy', {
      url: 'cancel-reasons/filter',
      opts: { method: 'POST', body: {} },
      token: user.client.token,
    });
    expect(forbidden.statusCode).toBe(403);
    const outbound = await ctx.t.anon.post('/api/proxy', {
      url: 'http://example.com/x',
      opts: { method: 'GET' },
      token: admin.token,
    });
    expect(outbound.statusCode).toBe(400);
    expect(outbound.envelope.errors[0].field).toBe('url');
  });

  it('an unknown API path is a 404 envelope', async () => {
    const res = await ctx.t.anon.get('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.envelope.result).toBe(false);
  });
});
