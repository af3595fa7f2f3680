import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { quickPglite } from './pglite-quick.js';

// The embedded database's one-round statements (pglite-quick.ts) answer as PGlite's own `query` does: the same rows
// for the same parameters of every JavaScript type the app sends, errors with PostgreSQL's code, transactions that
// commit and roll back, and a statement bound by name after its first use.

let plain: PGlite;
let quick: PGlite;

const setup = `create table t (id int primary key, name text, tags text[], doc jsonb, at timestamptz, ok boolean,
  amount numeric(18, 2));`;

beforeAll(async () => {
  plain = await PGlite.create();
  quick = quickPglite(await PGlite.create());
  for (const db of [plain, quick]) await db.exec(setup);
});
afterAll(async () => {
  await plain.close();
  await quick.close();
});

describe('quickPglite', () => {
  it('writes and reads every parameter type as PGlite does', async () => {
    const row = [
      1,
      'Cà phê "sữa" \\ đá',
      ['a', 'b,c', 'd"e', null],
      { k: 'v', n: [1, 2] },
      new Date('2026-11-27T10:00:00Z'),
      true,
      '12.50',
    ];
    for (const db of [plain, quick]) {
      // PGlite's own query serialises a text[] from a JS array by its type; node-postgres' text is the same literal.
      await db.query('insert into t values ($1, $2, $3, $4, $5, $6, $7)', row);
    }
    const read = 'select id, name, tags, doc, at, ok, amount from t where id = $1 and ok = $2';
    const want = await plain.query(read, [1, true]);
    for (let i = 0; i < 3; i++) {
      const got = await quick.query(read, [1, true]);
      expect(got.rows).toEqual(want.rows);
      expect(got.fields).toEqual(want.fields);
    }
    // One protocol round per statement (PGlite's own query takes six).
    const rounds = (db: PGlite) => {
      const own = db.execProtocolStream.bind(db);
      const counted = { n: 0 };
      db.execProtocolStream = (...args) => {
        counted.n++;
        return own(...args);
      };
      return counted;
    };
    const quickRounds = rounds(quick);
    const plainRounds = rounds(plain);
    await quick.query(read, [1, true]);
    await plain.query(read, [1, true]);
    expect([quickRounds.n, plainRounds.n]).toEqual([1, 6]);
    const arrays = await quick.query<unknown[]>('select $1::int + 1, $2::text is null', [41, null], {
      rowMode: 'array',
    });
    expect(arrays.rows).toEqual([[42, true]]);
  });

  it('answers PostgreSQL errors with their code and goes on, a failed statement usable again', async () => {
    await quick.query('insert into t (id, name) values ($1, $2)', [2, 'x']);
    const insert = 'insert into t (id, name) values ($1, $2)';
    await expect(quick.query(insert, [2, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(quick.query(insert, [2, 'again'])).rejects.toMatchObject({ code: '23505' });
    await quick.query(insert, [3, 'y']);
    await expect(quick.query('select nope from t')).rejects.toMatchObject({ code: '42703' });
    const divide = 'select 10 / $1::int as q';
    expect((await quick.query(divide, [5])).rows).toEqual([{ q: 2 }]);
    await expect(quick.query(divide, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await quick.query(divide, [2])).rows).toEqual([{ q: 5 }]);
    expect((await quick.query('select count(*)::int as n from t')).rows).toEqual([{ n: 3 }]);
  });

  it('parses a named statement anew when its table changed under it', async () => {
    const all = 'select * from t where id = $1';
    for (let i = 0; i < 2; i++) expect((await quick.query(all, [3])).rows).toHaveLength(1);
    await quick.exec('alter table t add column note text');
    // PostgreSQL refuses the kept plan once (its result type changed); the next call parses it again.
    await expect(quick.query(all, [3])).rejects.toMatchObject({ code: '0A000' });
    expect((await quick.query<{ note: null }>(all, [3])).rows[0]).toMatchObject({ id: 3, note: null });
  });

  it('commits a transaction, rolls back one that throws, and leaves nothing of it', async () => {
    await quick.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values ($1, $2)', [10, 'kept']);
    });
    await expect(
      quick.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values ($1, $2)', [11, 'gone']);
        await tx.query('insert into t (id, name) values ($1, $2)', [10, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = await quick.query<{ id: number; name: string }>(
      'select id, name from t where id >= $1 order by id',
      [10],
    );
    expect(names.rows).toEqual([{ id: 10, name: 'kept' }]);
  });
});
