import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useTestApp } from '../../test/helpers.js';
import { cancelReasons } from '../modules/cancel-reasons/schema.js';
import { jobs } from '../jobs/schema.js';
import { rowsOf } from './rows.js';
import { asOfDay } from '../kernel/as-of.js';
import { salesOrderLines, salesOrders } from '../modules/sales/schema.js';
import {
  insertOf,
  insertRows,
  insertWithLines,
  prepared,
  preparedSql,
  render,
  rowByKey,
  rowFromJson,
  rowJsonSql,
  rowsFromJson,
  rowsJsonSql,
} from './prepared.js';

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

describe('insertRows: one text for any number of rows, the rows drizzle would write', () => {
  // Every kind of column the postings write: text, numeric, dates (null too), boolean, an array, defaults from the
  // database and from $defaultFn (the stamps), jsonb, a bigserial answered as a number.
  const order = (no: string, flags: string[]) => ({
    pos_so_no: no,
    document_type: 'order' as const,
    franchise_code: 'HN001',
    location_code: 'HN001-01',
    sell_to_name: 'Nguyễn Văn "A", \\ ; ',
    grand_total: '12345.60',
    loyalty_redeemable_points: '1.5',
    order_date: '2026-03-10',
    requested_delivery_date: null,
    auto_promotion: true,
    flags: flags as never,
  });
  const comparable = (r: typeof salesOrders.$inferSelect) => {
    const { pos_so_no: _no, created_at: _c, updated_at: _u, ...rest } = r;
    return rest;
  };

  it('answers what the drizzle insert answers, in one text whatever the rows', async () => {
    const db = ctx.t.services.db;
    const [mine] = await insertRows(db, salesOrders, [order('INS-1', ['stock_short', 'a"b'])], { returning: true });
    const [theirs] = await db
      .insert(salesOrders)
      .values(order('INS-2', ['stock_short', 'a"b']))
      .returning();
    expect(comparable(mine)).toEqual(comparable(theirs));
    expect(mine.created_at).toEqual(expect.any(String));
    const one = insertOf(db, jobs, [{ queue: 'q', payload: { a: [1, 'x'] } }]);
    const three = insertOf(
      db,
      jobs,
      [1, 2, 3].map((i) => ({ queue: 'q', payload: { i } })),
    );
    expect(one && render(db, one.sql).sql).toBe(three && render(db, three.sql).sql);
    const written = await insertRows(
      db,
      jobs,
      [1, 2].map((i) => ({ queue: 'fp_test_insert', payload: { i, nested: { s: 'đ' } } })),
      { returning: true },
    );
    expect(written.map((j) => [typeof j.id, j.payload, j.state, j.attempts])).toEqual([
      ['number', { i: 1, nested: { s: 'đ' } }, 'pending', 0],
      ['number', { i: 2, nested: { s: 'đ' } }, 'pending', 0],
    ]);
  });

  it('falls back to drizzle where the rows cannot share a text (the pinned clock of the demo history)', async () => {
    const db = ctx.t.services.db;
    await asOfDay('2026-01-15', async () => {
      expect(insertOf(db, salesOrders, [order('INS-3', [])])).toBeNull();
      const [row] = await insertRows(db, salesOrders, [order('INS-3', [])], { returning: true });
      expect(row.created_at.slice(0, 10)).toBe('2026-01-15');
    });
    // Rows that give different columns.
    expect(
      insertOf(db, jobs, [
        { queue: 'q', payload: {} },
        { queue: 'q', payload: {}, key: 'k' },
      ]),
    ).toBeNull();
  });
});

describe('insertWithLines: a header and its lines in one statement', () => {
  it('answers both as written (a header without lines too)', async () => {
    const db = ctx.t.services.db;
    const header = (no: string) => ({
      pos_so_no: no,
      document_type: 'order' as const,
      franchise_code: 'HN001',
      order_date: '2026-03-10',
      grand_total: '30000.00',
    });
    const line = (no: string, line_no: number) => ({
      pos_so_no: no,
      line_no,
      item_no: 'SP001',
      unit_of_measure: 'PCS',
      quantity: '1.5',
      unit_price: '10000',
      amount: '15000',
    });
    const written = await insertWithLines(
      db,
      { table: salesOrders, row: header('IWL-1') },
      { table: salesOrderLines, rows: [line('IWL-1', 20000), line('IWL-1', 10000)], orderBy: salesOrderLines.line_no },
    );
    expect(written.header.grand_total).toBe('30000.00');
    expect(written.header.version).toBe(1);
    expect(written.lines.map((l) => [l.line_no, l.quantity, l.qty_shipped, typeof l.id])).toEqual([
      [10000, '1.50000', '0.00000', 'number'],
      [20000, '1.50000', '0.00000', 'number'],
    ]);
    const alone = await insertWithLines(
      db,
      { table: salesOrders, row: header('IWL-2') },
      { table: salesOrderLines, rows: [], orderBy: salesOrderLines.line_no },
    );
    expect([alone.header.pos_so_no, alone.lines]).toEqual(['IWL-2', []]);
  });
});

describe('rowsJsonSql / rowsFromJson: rows as one json value, decoded as drizzle reads them', () => {
  it('answers what a select answers, for every kind of column', async () => {
    const db = ctx.t.services.db;
    // Rows the tests above wrote: text, numeric, dates, booleans, an array, jsonb, bigserial, timestamps.
    for (const [table, where] of [
      [salesOrders, `pos_so_no like 'IWL-%' or pos_so_no like 'INS-%'`],
      [salesOrderLines, `pos_so_no like 'IWL-%'`],
      [jobs, `queue = 'fp_test_insert'`],
    ] as const) {
      const selected = await db.select().from(table).where(sql.raw(where));
      expect(selected.length).toBeGreaterThan(0);
      const [row] = rowsOf<{ v: unknown }>(
        await db.execute(sql`select ${rowsJsonSql(table, 'r', '1')} as v from ${table} as "r" where ${sql.raw(where)}`),
      );
      const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
      expect(sorted(rowsFromJson(table, row.v))).toEqual(sorted(selected));
      // One row as one json value (rowJsonSql) the same way.
      const one = rowsOf<{ v: unknown }>(
        await db.execute(sql`select ${rowJsonSql(table, 'r')} as v from ${table} as "r" where ${sql.raw(where)}`),
      );
      expect(sorted(one.map((r) => rowFromJson(table, r.v)))).toEqual(sorted(selected));
    }
  });
});
