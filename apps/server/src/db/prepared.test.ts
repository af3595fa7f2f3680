import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import { cancelReasons } from '../modules/cancel-reasons/schema.js';
import { prepared, preparedSql, rowByKey } from './prepared.js';

const ctx = useTestApp();

describe('prepared statements (db/prepared.ts)', () => {
  it('are built once per database and run on the connection of the transaction that calls them', async () => {
    let builds = 0;
    const byCode = prepared((db) => {
      builds++;
      return db
        .select()
        .from(cancelReasons)
        .where(eq(cancelReasons.reason_code, sql.placeholder('code')))
        .prepare('fp_test_cancel_reason_by_code');
    });
    const db = ctx.t.services.db;
    for (const code of ['PREP1', 'PREP2'])
      await db.transaction(async (tx) => {
        await tx.insert(cancelReasons).values({ reason_code: code, description: 'Chuẩn bị', page: '/salesOrders' });
        // The row is uncommitted: only the transaction's own connection sees it (PGlite has one connection, which
        // the transaction holds until it ends).
        expect(await byCode(tx).execute({ code })).toHaveLength(1);
        if (ctx.t.database.kind === 'postgres') expect(await byCode(db).execute({ code })).toHaveLength(0);
      });
    expect(await byCode(db).execute({ code: 'PREP2' })).toHaveLength(1);
    expect(builds).toBe(1);
  });

  it('rowByKey reads (and with forUpdate locks) the row of a key; preparedSql answers rows of SQL', async () => {
    const db = ctx.t.services.db;
    const [row] = await db
      .insert(cancelReasons)
      .values({ reason_code: 'PREP3', description: 'Khoá', page: '/salesOrders' })
      .returning();
    const byId = rowByKey(cancelReasons, cancelReasons.id);
    const lockedById = rowByKey(cancelReasons, cancelReasons.id, { forUpdate: true });
    expect((await byId(db, row.id))?.reason_code).toBe('PREP3');
    expect(await byId(db, -1)).toBeUndefined();
    await db.transaction(async (tx) => expect((await lockedById(tx, row.id))?.description).toBe('Khoá'));
    const codes = preparedSql<{ reason_code: string }>(
      'fp_test_cancel_reasons_in',
      () => sql`select reason_code from cancel_reasons where reason_code = any(${sql.placeholder('codes')}::text[])
        order by reason_code`,
    );
    expect(await codes(db, { codes: ['PREP1', 'PREP3', 'NONE'] })).toEqual([
      { reason_code: 'PREP1' },
      { reason_code: 'PREP3' },
    ]);
  });
});
