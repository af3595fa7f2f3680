import { createHash } from 'node:crypto';
import * as drizzle from 'drizzle-orm';
import { eq, getTableColumns, getTableName, is, sql, SQL, type Column } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
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
  _: {
    session: {
      client: unknown;
      prepareQuery: (
        query: { sql: string; params: unknown[] },
        fields: unknown,
        name: string | undefined,
        arrayMode: boolean,
        mapper?: (rows: unknown[][]) => unknown[],
      ) => Bound & { execute: () => Promise<unknown>; all: (values?: Record<string, unknown>) => Promise<unknown[]> };
    };
  };
};
const internals = (db: DbOrTx) => db as unknown as Internals;

/**
 * What identifies a database in this process, the same object for it and each of its transactions (drizzle's dialect
 * of it): the key of what is kept per database (prepared statements, db/change-notices.ts).
 */
export const databaseKey = (db: DbOrTx): object => internals(db).dialect;

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
    if (!entry) built.set(dialect, (entry = { query: withRowMapper(build(db)), bound: new WeakMap() }));
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
    return _.session.prepareQuery(dialect.sqlToQuery(query()), undefined, name, false);
  });
  return async (db: DbOrTx, values: Record<string, unknown> = {}): Promise<R[]> =>
    (await statement(db).all(values)) as R[];
}

/**
 * A list a prepared statement is given, as a set of text: `x in ${listParam('codes')}`, its value a JSON array
 * (JSON.stringify). Its length tells the planner nothing (a set-returning function is estimated at 100 rows whatever
 * it holds), so PostgreSQL keeps the statement's generic plan; a list in `= any($1::text[])` that drives an index
 * scan has it plan the statement again on every call, for the array's length (0.2–0.6 ms a call).
 */
export const listParam = (name: string): SQL => sql`(select json_array_elements_text(${sql.placeholder(name)}::json))`;

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

type Decoder = { mapFromDriverValue: (v: unknown) => unknown };
/** drizzle's decoders that answer the driver's value as it is: a column's default and SQL's. */
const IDENTITY_DECODERS = new Set<unknown>([
  (drizzle.Column.prototype as unknown as Decoder).mapFromDriverValue,
  (sql`` as unknown as { decoder: Decoder }).decoder.mapFromDriverValue,
]);
type Mappable = {
  fields?: OrderedFields;
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
};

/** A built statement that maps its rows with rowMapper (drizzle's mapResultRow decides per value what each field is). */
function withRowMapper<Q extends object>(query: Q): Q {
  const q = query as Q & Mappable;
  if (q.fields && !q.customResultMapper) q.customResultMapper = rowMapper(q.fields, q.joinsNotNullableMap);
  return query;
}

/**
 * drizzle's mapResultRow (the same objects, the same nulls for a left join's missing row) with every field's decoder
 * and path found once, when the statement is built, instead of per value of every row.
 */
function rowMapper(fields: OrderedFields, joinsNotNullableMap?: Record<string, boolean>) {
  const columns = fields.map(({ path, field }) => {
    const f = field as unknown;
    // SQL's decoder is internal to drizzle's types.
    const decoderOf = (q: SQL) => (q as unknown as { decoder: Decoder }).decoder;
    const decoder: Decoder = is(f, drizzle.Column)
      ? f
      : is(f, SQL)
        ? decoderOf(f)
        : is(f, drizzle.Subquery)
          ? decoderOf(f._.sql as SQL)
          : decoderOf((f as { sql: SQL }).sql);
    // A table's column under an object of its own (`{ order: salesOrders, line: salesOrderLines }`).
    const table = joinsNotNullableMap && is(f, drizzle.Column) && path.length === 2 ? getTableName(f.table) : null;
    // A decoder that answers its value (text columns, SQL) is not called.
    const identity = IDENTITY_DECODERS.has(decoder.mapFromDriverValue);
    return { path, decoder, table, identity };
  });
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      const nullify: Record<string, string | false> = {};
      for (let i = 0; i < columns.length; i++) {
        const { path, decoder, table, identity } = columns[i];
        let node = result;
        for (let k = 0; k < path.length - 1; k++) node = (node[path[k]] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        const value = (node[path[path.length - 1]] =
          raw === null ? null : identity ? raw : decoder.mapFromDriverValue(raw));
        if (table !== null) {
          const object = path[0];
          if (!(object in nullify)) nullify[object] = value === null ? table : false;
          else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
        }
      }
      for (const [object, table] of Object.entries(nullify))
        if (typeof table === 'string' && !joinsNotNullableMap![table]) result[object] = null;
      return result;
    });
}

/** At most this many texts get a name (each connection keeps a named statement's plan): the rest run unnamed. */
const MAX_NAMED_TEXTS = 200;
const namedTexts = new Map<string, string>();

/**
 * A name for a statement text that is built per call but repeats (an INSERT of rows, a posting's batch): PostgreSQL
 * then parses and plans it once per connection. Texts beyond the first MAX_NAMED_TEXTS run unnamed.
 */
function nameOfText(text: string): string | undefined {
  let name = namedTexts.get(text);
  if (name === undefined && namedTexts.size < MAX_NAMED_TEXTS)
    namedTexts.set(text, (name = `fp_t_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}

/** Runs a built statement (`db.execute`'s work), named by its text: answers its rows (drizzle-mapped with `fields`). */
export async function runText(
  db: DbOrTx,
  query: { sql: string; params: unknown[] },
  fields?: OrderedFields,
  mapper?: (rows: unknown[][]) => unknown[],
): Promise<unknown[]> {
  const statement = internals(db)._.session.prepareQuery(query, fields, nameOfText(query.sql), false, mapper);
  return fields ? ((await statement.execute()) as unknown[]) : await statement.all();
}

/**
 * A RETURNING (or select) list of `selection` (columns of one table and SQL, as drizzle's `.returning({...})` takes
 * them) and how to map its rows as drizzle maps them: for a statement written in SQL that answers rows.
 */
export function selectionOf(selection: Record<string, Column | SQL>) {
  const fields = orderSelectedFields(selection);
  const list = sql.join(
    fields.map(({ path, field }) =>
      is(field, drizzle.Column)
        ? sql.identifier(field.name)
        : sql`${field as unknown as SQL} as ${sql.identifier(path[0])}`,
    ),
    sql`, `,
  );
  return { list, fields, mapper: rowMapper(fields) };
}

/**
 * SQL without parameters rendered ONCE into its text, for a large constant part of a statement that is built per
 * call (the columns an answer computes in a change's own statement): its render then costs nothing on each call.
 * Both drivers speak PostgreSQL's dialect. Throws when the SQL has a parameter (a value belongs in the call).
 */
export function frozenSql(query: SQL): SQL {
  const { sql: text, params } = frozenDialect.sqlToQuery(query);
  if (params.length) throw new Error(`frozenSql: the SQL has parameters: ${text.slice(0, 200)}`);
  return sql.raw(text);
}
const frozenDialect = new PgDialect();

/** A built statement rendered by the database's dialect: its text and parameters. */
export const render = (db: DbOrTx, query: SQL) => internals(db).dialect.sqlToQuery(query);

// drizzle's own field order and row mapping of a table's columns (what `.returning()` uses): exported at run time,
// not in its types.
type OrderedFields = { path: string[]; field: Column }[];
const orderSelectedFields = (drizzle as unknown as { orderSelectedFields: (f: object) => OrderedFields })
  .orderSelectedFields;

type TableShape = {
  name: string;
  /** The columns an INSERT writes (generated ones are never written, as drizzle's own insert leaves them out). */
  insertable: { key: string; name: string; column: Column; json: boolean }[];
  fields: OrderedFields;
  mapper: (rows: unknown[][]) => unknown[];
  returning: string;
};
const shapes = new WeakMap<PgTable, TableShape>();
function shapeOf(table: PgTable): TableShape {
  let shape = shapes.get(table);
  if (!shape) {
    const all = getTableColumns(table);
    const fields = orderSelectedFields(all);
    shape = {
      name: getTableName(table),
      insertable: Object.entries(all)
        .filter(([, c]) => !(c as unknown as { shouldDisableInsert: () => boolean }).shouldDisableInsert())
        .map(([key, column]) => ({ key, name: column.name, column, json: column.getSQLType().startsWith('json') })),
      fields,
      mapper: rowMapper(fields),
      returning: fields.map((f) => `"${f.field.name}"`).join(', '),
    };
    shapes.set(table, shape);
  }
  return shape;
}

export type InsertOptions = { returning?: boolean; onConflictDoNothing?: boolean };

/**
 * The INSERT of `rows` into `table` with a text that depends only on the table and the columns the rows give, not
 * on their number or values: the rows travel as ONE json parameter and `json_populate_recordset` reads each value
 * with its column's own type (as an INSERT of that value would). The values are drizzle's (`$defaultFn` when a row
 * leaves a column out, `mapToDriverValue`); a value written as SQL without parameters (now()) stays in the text.
 * Null when the rows cannot share one text: they give different columns, or a value is SQL with parameters (the
 * demo history's pinned clock); drizzle then builds the INSERT as usual.
 */
export function insertOf(
  db: DbOrTx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  o: InsertOptions = {},
): { sql: SQL; fields?: OrderedFields; mapper?: (rows: unknown[][]) => unknown[] } | null {
  if (rows.length === 0) throw new Error('insertOf: no rows');
  const shape = shapeOf(table);
  // The columns the first row gives (and the text of those given as SQL); every other row must give the same.
  let signature: string | null = null;
  let listed: { name: string; expr: string | null }[] = [];
  const json: Record<string, unknown>[] = [];
  for (const row of rows) {
    let sig = '';
    const given: { name: string; expr: string | null }[] = [];
    const out: Record<string, unknown> = {};
    for (const c of shape.insertable) {
      let value = row[c.key];
      if (value === undefined) {
        if (c.column.defaultFn !== undefined) value = c.column.defaultFn();
        else if (!c.column.default && c.column.onUpdateFn !== undefined) value = c.column.onUpdateFn();
        if (value === undefined) continue;
      }
      let expr: string | null = null;
      if (value instanceof SQL) {
        const text = paramFreeText(db, value);
        if (text === undefined) return null;
        expr = text;
      } else out[c.name] = value === null || c.json ? value : c.column.mapToDriverValue(value);
      sig += expr === null ? `${c.name},` : `${c.name}=${expr},`;
      if (signature === null) given.push({ name: c.name, expr });
    }
    if (signature === null) [signature, listed] = [sig, given];
    else if (sig !== signature) return null;
    json.push(out);
  }
  const key = `${shape.name}\n${signature}\n${o.returning ? 'r' : ''}${o.onConflictDoNothing ? 'c' : ''}`;
  let text = insertTexts.get(key);
  if (!text) {
    const names = listed.map((l) => `"${l.name}"`).join(', ');
    const values = listed.map((l) => l.expr ?? `r."${l.name}"`).join(', ');
    text = {
      head: `insert into "${shape.name}" (${names}) select ${values} from json_populate_recordset(null::"${shape.name}", `,
      tail:
        `::json) as r${o.onConflictDoNothing ? ' on conflict do nothing' : ''}` +
        (o.returning ? ` returning ${shape.returning}` : ''),
    };
    if (insertTexts.size < MAX_INSERT_TEXTS) insertTexts.set(key, text);
  }
  return {
    sql: sql.join([sql.raw(text.head), sql.param(JSON.stringify(json)), sql.raw(text.tail)]),
    ...(o.returning ? { fields: shape.fields, mapper: shape.mapper } : {}),
  };
}

/** insertOf's texts by table, columns and options (a handful per table). */
const insertTexts = new Map<string, { head: string; tail: string }>();
const MAX_INSERT_TEXTS = 1000;

/** The text of SQL without parameters (`now()`), else undefined: plain text chunks are read without rendering. */
function paramFreeText(db: DbOrTx, value: SQL): string | undefined {
  const chunks = value.queryChunks;
  if (chunks.every((c) => is(c, drizzle.StringChunk)))
    return chunks.map((c) => (c as drizzle.StringChunk).value.join('')).join('');
  const r = render(db, value);
  return r.params.length ? undefined : r.sql;
}

/**
 * Inserts rows through insertOf's text (named: PostgreSQL plans it once per connection), or drizzle's INSERT when
 * they cannot share one; answers the rows written when `returning`.
 */
export async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: readonly T['$inferInsert'][],
  o: InsertOptions = {},
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const built = insertOf(db, table, rows as Record<string, unknown>[], o);
  if (built) return (await runText(db, render(db, built.sql), built.fields, built.mapper)) as T['$inferSelect'][];
  const insert = db.insert(table as PgTable).values([...rows] as never);
  const conflict = o.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
  return (o.returning ? await conflict.returning() : (await conflict, [])) as T['$inferSelect'][];
}

/**
 * A document's header row and its lines inserted in ONE statement (insertOf's two INSERTs as CTEs; a line's foreign
 * key to its header is checked at the end of the statement), answered as written (the lines in `orderBy` order, as
 * one json value beside the header: rowsJsonSql): one round trip instead of two.
 * Rows that cannot share insertOf's text are inserted by insertRows, one statement each.
 */
export async function insertWithLines<H extends PgTable, L extends PgTable>(
  db: DbOrTx,
  header: { table: H; row: H['$inferInsert'] },
  lines: { table: L; rows: readonly L['$inferInsert'][]; orderBy: Column },
): Promise<{ header: H['$inferSelect']; lines: L['$inferSelect'][] }> {
  const h = insertOf(db, header.table, [header.row as Record<string, unknown>], { returning: true });
  const l = lines.rows.length
    ? insertOf(db, lines.table, lines.rows as Record<string, unknown>[], { returning: true })
    : null;
  if (!h || !l) {
    const [written] = await insertRows(db, header.table, [header.row], { returning: true });
    return { header: written, lines: await insertRows(db, lines.table, lines.rows, { returning: true }) };
  }
  const pair = pairOf(header.table, lines.table, lines.orderBy);
  const query = sql.join([
    sql.raw('with "h" as ('),
    h.sql,
    sql.raw('), "l" as ('),
    l.sql,
    sql.raw(`) select ${pair.select} from "h"`),
  ]);
  const [row] = (await runText(db, render(db, query), pair.fields, pair.mapper)) as {
    header: unknown;
    lines: unknown;
  }[];
  return { header: rowFromJson(header.table, row.header), lines: rowsFromJson(lines.table, row.lines) };
}

/** insertWithLines' select: the header's row and its lines as json values (rowJsonSql, rowsJsonSql). */
const pairs = new Map<string, { select: string; fields: OrderedFields; mapper: (rows: unknown[][]) => unknown[] }>();
function pairOf(headerTable: PgTable, lineTable: PgTable, orderBy: Column) {
  const key = `${getTableName(headerTable)}\n${getTableName(lineTable)}\n${orderBy.name}`;
  let pair = pairs.get(key);
  if (!pair) {
    // Values the driver answers as they are (json): the header's row and its lines.
    const fields = [
      { path: ['header'], field: sql`` as unknown as Column },
      { path: ['lines'], field: sql`` as unknown as Column },
    ];
    pair = {
      select: [
        `${jsonShapeOf(headerTable).build('h')} as "header"`,
        `(select ${rowsJsonText(lineTable, 'l', `"l"."${orderBy.name}"`)} from "l") as "lines"`,
      ].join(', '),
      fields,
      mapper: rowMapper(fields),
    };
    pairs.set(key, pair);
  }
  return pair;
}

/** Column types whose json value is what the driver answers for them (the rest travel as their text). */
const JSON_NATIVE = /^(integer|smallint|serial|smallserial|boolean|text|varchar.*|json|jsonb|text\[\])$/;
type JsonShape = { build: (alias: string) => string; decode: (row: Record<string, unknown>) => unknown };
const jsonShapes = new WeakMap<PgTable, JsonShape>();
function jsonShapeOf(table: PgTable): JsonShape {
  let shape = jsonShapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({
      key,
      column,
      native: JSON_NATIVE.test(column.getSQLType()),
      identity: IDENTITY_DECODERS.has(column.mapFromDriverValue),
    }));
    // json_build_object takes at most 100 arguments: wider rows are joined as jsonb objects.
    const chunks: (typeof columns)[] = [];
    for (let i = 0; i < columns.length; i += 50) chunks.push(columns.slice(i, i + 50));
    shape = {
      build: (alias) =>
        chunks
          .map(
            (chunk) =>
              `jsonb_build_object(${chunk
                .map((c) => `'${c.column.name}', "${alias}"."${c.column.name}"${c.native ? '' : '::text'}`)
                .join(', ')})`,
          )
          .join(' || '),
      decode: (row) => {
        const out: Record<string, unknown> = {};
        for (const c of columns) {
          const v = row[c.column.name];
          out[c.key] = v === null || v === undefined ? null : c.identity ? v : c.column.mapFromDriverValue(v);
        }
        return out;
      },
    };
    jsonShapes.set(table, shape);
  }
  return shape;
}

/**
 * Rows of `table` as ONE json value: `json_agg` of each row of `alias` (the caller's FROM … WHERE … names the table
 * so), every value as the driver reads it (integers, booleans, text and json as they are, numbers, dates and times
 * as their text), for a statement that reads a header's wide row once beside its lines instead of once per line.
 * rowsFromJson decodes it into the rows drizzle's select answers.
 */
export const rowsJsonSql = (table: PgTable, alias: string, orderBy: string) =>
  sql.raw(rowsJsonText(table, alias, orderBy));
const rowsJsonText = (table: PgTable, alias: string, orderBy: string) =>
  `coalesce(json_agg((${jsonShapeOf(table).build(alias)}) order by ${orderBy}), '[]'::json)`;

/**
 * One row of `table` (named `alias`) as ONE json value, as rowsJsonSql writes each row: a wide row (an order's 90
 * columns) costs the driver one field instead of one per column. rowFromJson decodes it.
 */
export const rowJsonSql = (table: PgTable, alias: string) => sql.raw(`(${jsonShapeOf(table).build(alias)})`);

/** The row of rowJsonSql's value (a string on some drivers). */
export function rowFromJson<T extends PgTable>(table: T, value: unknown): T['$inferSelect'] {
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
  return jsonShapeOf(table).decode(row) as T['$inferSelect'];
}

/** The rows of rowsJsonSql's value (a string on some drivers). */
export function rowsFromJson<T extends PgTable>(table: T, value: unknown): T['$inferSelect'][] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>[];
  const { decode } = jsonShapeOf(table);
  return rows.map(decode) as T['$inferSelect'][];
}
