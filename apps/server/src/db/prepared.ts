import { eq, getTableName, sql, type Column } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.js';

/**
 * A statement built once per database (or transaction) object instead of on every call: `build` returns drizzle's
 * `….prepare(name)`, which keeps the SQL text and on PostgreSQL prepares it by name once per connection, so a hot
 * read neither builds its SQL nor has PostgreSQL parse it again (issue 22: building a select was ≈ 14 % of a GET's
 * CPU). Inside a transaction the statement is built for that transaction, so it runs on the transaction's connection.
 */
export function prepared<Q>(build: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const built = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

/** The row of `table` whose `column` equals a value, read through a prepared statement (named after both). */
export function rowByKey<T extends PgTable>(table: T, column: Column) {
  const name = `fp_${getTableName(table)}_by_${column.name}`;
  const statement = prepared((db) =>
    db
      .select()
      .from(table as PgTable)
      .where(eq(column, sql.placeholder('key')))
      .prepare(name),
  );
  return async (db: DbOrTx, key: string | number): Promise<T['$inferSelect'] | undefined> =>
    (await statement(db).execute({ key }))[0] as T['$inferSelect'] | undefined;
}
