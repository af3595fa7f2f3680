import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.js';
import { locations } from '../modules/franchises/schema.js';
import { makeFranchise, uniq } from '../modules/items/test-support/builders.js';
import { Scope } from './scope.js';

// The franchise scope's map of locations (scope.ts LocationMap): read whole once, kept until the `locations` change
// notice, never kept from a transaction that may hold its own uncommitted rows.
const statements: string[] = [];
const ctx = useTestApp({}, { onQuery: (q) => statements.push(q) });

/** The statements `fn` runs. */
async function statementsOf(fn: () => Promise<unknown>) {
  await ctx.t.services.apiLog.flush();
  statements.length = 0;
  await fn();
  return [...statements];
}

const addLocation = (franchise: string, code: string) =>
  ctx.t.services.db.insert(locations).values({ location_code: code, customer_no: franchise, name: code });

describe('the franchise scope reads its locations once', () => {
  it('a location check asks nothing once the map is known; a location added since is found by the next call', async () => {
    const db = ctx.t.services.db;
    const f = await makeFranchise(ctx.t);
    const code = uniq('L');
    await addLocation(f, code);
    const scope = new Scope(f);
    // Once the map is read, a check asks nothing (the first may read it: the insert's notice emptied it).
    await scope.assertLocation(db, code);
    expect(await statementsOf(() => scope.assertLocation(db, code))).toEqual([]);
    expect(await statementsOf(() => scope.assertLocations(db, [code, code], () => 'Location'))).toEqual([]);
    // Another franchise's store and an unknown code are "Location not found", from the map too.
    await expect(new Scope(await makeFranchise(ctx.t)).assertLocation(db, code)).rejects.toMatchObject({ status: 404 });
    await expect(scope.assertLocation(db, 'NO-SUCH-STORE')).rejects.toMatchObject({ status: 404 });
    // The insert's notice reached this process before the insert returned: the next check reads the map again.
    const added = uniq('L');
    await addLocation(f, added);
    expect(await scope.assertLocation(db, added)).toBe(f);
  });

  it('a transaction that wrote a store sees it; after its rollback the store is not found', async () => {
    const db = ctx.t.services.db;
    const f = await makeFranchise(ctx.t);
    const code = uniq('L');
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(locations).values({ location_code: code, customer_no: f, name: code });
        expect(await new Scope(f).assertLocation(tx, code)).toBe(f);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(new Scope(f).assertLocation(db, code)).rejects.toMatchObject({ status: 404 });
    // A transaction that has written nothing yet keeps what it read: the next check asks nothing.
    ctx.t.database.changes.notify('locations');
    await db.transaction(async (tx) => {
      await expect(new Scope(f).assertLocation(tx, code)).rejects.toMatchObject({ status: 404 });
    });
    expect(await statementsOf(() => expect(new Scope(f).assertLocation(db, code)).rejects.toThrow())).toEqual([]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)("another process's new store is found once its notice arrives", async () => {
    const db = ctx.t.services.db;
    const f = await makeFranchise(ctx.t);
    const scope = new Scope(f);
    await expect(scope.assertLocation(db, 'NOT-YET')).rejects.toMatchObject({ status: 404 });
    const code = uniq('L');
    const { default: pg } = await import('pg');
    const other = new pg.Client({ connectionString: ctx.t.url });
    await other.connect();
    try {
      await other.query('insert into locations (location_code, customer_no, name) values ($1, $2, $1)', [code, f]);
    } finally {
      await other.end();
    }
    // Delivered asynchronously to this process's connections: polled, not timed.
    let found: string | null = null;
    for (let round = 0; round < 100 && !found; round++) {
      found = await scope.assertLocation(db, code).catch(() => null);
      if (!found) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toBe(f);
  });
});
