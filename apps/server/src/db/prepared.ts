import { eq, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgDialect, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

// Statements built once per process and database (issue 22): drizzle rebuilds a query's SQL text and its column
// mapping on every call (≈ a fifth of the server's CPU on a posting), and PostgreSQL parses and plans an unnamed
// statement on every call (about half of its time on a posting). A statement made here is built once, and on
// PostgreSQL prepared by name once per connection, so neither happens again.

/** What drizzle's `.prepare(name)` answers on both drivers: the built statement runs on its session's `client`. */
type Bound = { client: unknown };
/** drizzle's internals this file reaches: the database's dialect (shared by its transactions) and its session. */
type Internals = {
  dialect: PgDialect;
  _: { session: { client: unknown; prepareQuery: (...args: unknown[]) => Bound } };
};
const internals = (db: DbOrTx) => db as unknown as Internals;

/**
 * A statement built once per database: `build` returns drizzle's `….prepare(name)` (placeholders for the values:
 * `sql.placeholder('key')`, filled by `.execute({ key })`), which keeps the SQL text and the column mapping, and on
 * PostgreSQL prepares it by name once per connection. Called with a transaction, it answers the statement built for
 * that transaction's database, bound to the transaction's connection: built once however many transactions run it.
 * The name must be unique to the statement (PostgreSQL keeps one text per name and connection).
 */
export function prepared<Q extends object>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  // Keyed by the dialect: one per drizzle database, the same object in each of its transactions.
  const built = new WeakMap<object, { query: Q; bound: WeakMap<object, Q> }>();
  return (db) => {
    const { dialect, _ } = internals(db);
    let entry = built.get(dialect);
    if (!entry) built.set(dialect, (entry = { query: build(db), bound: new WeakMap() }));
    const client = _.session.client as object;
    if ((entry.query as unknown as Bound).client === client) return entry.query;
    let query = entry.bound.get(client);
    if (!query) {
      // The same statement (text, parameters, mapping) on the caller's connection: the pool's client of a
      // transaction, or PGlite's transaction.
      query = Object.create(entry.query, { client: { value: client } }) as Q;
      entry.bound.set(client, query);
    }
    return query;
  };
}

/**
 * A statement written in SQL (`query` answers it: `sql\`…\``, values as `sql.placeholder(name)`; called once, when
 * it is first run), prepared as `prepared` does; answers its rows as objects (what `db.execute` answers in `rows`).
 */
export function preparedSql<R>(name: string, query: () => SQL) {
  const statement = prepared((db) => {
    const { dialect, _ } = internals(db);
    return _.session.prepareQuery(dialect.sqlToQuery(query()), undefined, name, false) as Bound & {
      all: (values?: Record<string, unknown>) => Promise<unknown[]>;
    };
  });
  return async (db: DbOrTx, values: Record<string, unknown> = {}): Promise<R[]> =>
    (await statement(db).all(values)) as R[];
}

/** A value of a prepared statement as `$n::type` (`sql.placeholder(name)` alone leaves its type to PostgreSQL). */
export const param = (name: string, type: string): SQL => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * The row of `table` whose `column` equals a value, read through a prepared statement (named after both);
 * `forUpdate` locks it (`SELECT … FOR UPDATE`, a statement of its own).
 */
export function rowByKey<T extends PgTable>(table: T, column: Column, o: { forUpdate?: boolean } = {}) {
  const name = `fp_${getTableName(table)}_by_${column.name}${o.forUpdate ? '_for_update' : ''}`;
  const statement = prepared((db) => {
    const query = db
      .select()
      .from(table as PgTable)
      .where(eq(column, sql.placeholder('key')));
    return (o.forUpdate ? query.for('update') : query).prepare(name);
  });
  return async (db: DbOrTx, key: string | number): Promise<T['$inferSelect'] | undefined> =>
    (await statement(db).execute({ key }))[0] as T['$inferSelect'] | undefined;
}
