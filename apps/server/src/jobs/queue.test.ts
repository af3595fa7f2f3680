import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import { discardJobs, enqueue, PermanentJobError, retryJobs } from './queue.js';
import { jobs } from './schema.js';
import { ErpUnavailableError } from '../erp/port.js';

const ctx = useTestApp();

const stateOf = async (ids: number[]) => {
  const rows = await ctx.t.services.db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.id);
  return rows.map((r) => r.state);
};
const dueNow = (id: number) =>
  ctx.t.services.db
    .update(jobs)
    .set({ run_at: new Date(Date.now() - 1000).toISOString() })
    .where(eq(jobs.id, id));

describe('ordered groups (group_key)', () => {
  it('runs the jobs of a group in id order even when a later one is due first; other groups are not held up', async () => {
    const { services } = ctx.t;
    const ran: string[] = [];
    services.jobs.register('test.group', async (p) => {
      ran.push((p as { name: string }).name);
    });
    const later = new Date(Date.now() + 3600_000);
    const a = await enqueue(services.db, { queue: 'test.group', groupKey: 'g1', payload: { name: 'a' }, runAt: later });
    const b = await enqueue(services.db, { queue: 'test.group', groupKey: 'g1', payload: { name: 'b' } });
    const c = await enqueue(services.db, { queue: 'test.group', groupKey: 'g2', payload: { name: 'c' } });
    const d = await enqueue(services.db, { queue: 'test.group', payload: { name: 'd' } });
    expect(await services.jobs.drain('test.group')).toBe(2);
    expect(ran).toEqual(['c', 'd']);
    expect(await stateOf([a.id, b.id])).toEqual(['pending', 'pending']);
    await dueNow(a.id);
    await services.jobs.drain('test.group');
    expect(ran).toEqual(['c', 'd', 'a', 'b']);
    expect(await stateOf([a.id, b.id, c.id, d.id])).toEqual(['done', 'done', 'done', 'done']);
  });

  it('a failed job holds its group until its retry succeeds', async () => {
    const { services } = ctx.t;
    const ran: string[] = [];
    let up = false;
    services.jobs.register('test.retry', async (p) => {
      const name = (p as { name: string }).name;
      if (name === 'a' && !up) throw new Error('down');
      ran.push(name);
    });
    const a = await enqueue(services.db, { queue: 'test.retry', groupKey: 'r1', payload: { name: 'a' } });
    const b = await enqueue(services.db, { queue: 'test.retry', groupKey: 'r1', payload: { name: 'b' } });
    await services.jobs.drain('test.retry');
    expect(await stateOf([a.id, b.id])).toEqual(['failed', 'pending']);
    expect(ran).toEqual([]);
    up = true;
    await dueNow(a.id);
    await services.jobs.drain('test.retry');
    expect(ran).toEqual(['a', 'b']);
  });

  it('a dead job blocks the later jobs of its group until it is retried or discarded', async () => {
    const { services } = ctx.t;
    const ran: string[] = [];
    let refuse = true;
    services.jobs.register('test.dead', async (p) => {
      const name = (p as { name: string }).name;
      if (name.startsWith('x') && refuse) throw new PermanentJobError('refused');
      ran.push(name);
    });
    const x1 = await enqueue(services.db, { queue: 'test.dead', groupKey: 'd1', payload: { name: 'x1' } });
    const y1 = await enqueue(services.db, { queue: 'test.dead', groupKey: 'd1', payload: { name: 'y1' } });
    const x2 = await enqueue(services.db, { queue: 'test.dead', groupKey: 'd2', payload: { name: 'x2' } });
    const y2 = await enqueue(services.db, { queue: 'test.dead', groupKey: 'd2', payload: { name: 'y2' } });
    await services.jobs.drain('test.dead');
    expect(await stateOf([x1.id, y1.id, x2.id, y2.id])).toEqual(['dead', 'pending', 'dead', 'pending']);
    expect(ran).toEqual([]);
    // Retried: it runs again (and now succeeds), then the rest of its group.
    refuse = false;
    expect(await retryJobs(services.db, [x1.id])).toHaveLength(1);
    await services.jobs.drain('test.dead');
    expect(ran).toEqual(['x1', 'y1']);
    // Discarded: given up, and the rest of its group runs.
    const discarded = await discardJobs(services.db, [x2.id]);
    expect(discarded[0]).toMatchObject({ state: 'done', result: { discarded: true } });
    await services.jobs.drain('test.dead');
    expect(ran).toEqual(['x1', 'y1', 'y2']);
    expect(await discardJobs(services.db, [y2.id])).toEqual([]); // only failed or dead jobs are discarded
  });
});

describe('a wait the remote system asked for', () => {
  it('a failure carrying retryAfterMs (an ERP’s Retry-After) is not run again before that wait has passed', async () => {
    const { services } = ctx.t;
    services.jobs.register('test.retry-after', async () => {
      throw new ErpUnavailableError('Business Central is throttling requests (429); retry after 600 s', 600_000);
    });
    const job = await enqueue(services.db, { queue: 'test.retry-after', payload: {} });
    const before = Date.now();
    expect(await services.jobs.drain('test.retry-after')).toBe(1);
    const [row] = await services.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.state).toBe('failed');
    expect(Date.parse(row.run_at) - before).toBeGreaterThanOrEqual(600_000);
    // Not due: a drain now runs nothing.
    expect(await services.jobs.drain('test.retry-after')).toBe(0);
  });
});
