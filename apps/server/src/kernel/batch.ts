import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';
import { insertOf, render, runText, type InsertOptions } from '../db/prepared.js';

/**
 * The writes of a posting sent as ONE statement (issue 22: a posting's cost must not grow with its lines or its
 * documents): each write is a data-modifying CTE of `WITH w1 AS (INSERT …), w2 AS (INSERT …) SELECT 1`. PostgreSQL
 * runs every one of them exactly once, to completion, whether or not the final SELECT reads it, and checks the
 * foreign keys at the end of the statement, so a line may be written beside its header.
 *
 * The one rule: the parts see the database as it was before the statement, never each other's rows. A write that
 * derives from another write's rows reads them from that part's RETURNING by its name (`add` answers it), as the
 * revenue entries of an invoice read its invoice lines. Modules add their writes (ledgers, posted documents, jobs,
 * roll-ups) to the posting's batch instead of running them; the posting runs the batch once, in its write step.
 *
 * Rows go in with `insert` (db/prepared.ts insertOf: the rows as one json parameter), so the statement's text does
 * not change with the number of lines either: it is named by its text and PostgreSQL plans it once per connection.
 */
export class WriteBatch {
  private readonly parts: { name: string; write: (db: DbOrTx) => SQL }[] = [];
  private readonly expected: { name: string; rows: number; refused: () => Promise<Error> }[] = [];
  private readonly answers: { columns: [string, SQLWrapper][]; values?: Record<string, unknown> }[] = [];

  /** Adds a write (an INSERT / UPDATE, with RETURNING when another part reads it); answers its CTE name. */
  add(write: SQLWrapper, name = this.nextName()): string {
    return this.push(name, () => write.getSQL());
  }

  /**
   * Adds the INSERT of `rows` into `table` (none: nothing), with RETURNING of every column when another part reads
   * it; answers its CTE name.
   */
  insert<T extends PgTable>(
    table: T,
    rows: readonly T['$inferInsert'][],
    o: InsertOptions & { name?: string } = {},
  ): string {
    const name = o.name ?? this.nextName();
    if (rows.length === 0) return name;
    return this.push(name, (db) => {
      const built = insertOf(db, table, rows as Record<string, unknown>[], o);
      if (built) return built.sql;
      // Rows that cannot share one text (db/prepared.ts insertOf): drizzle's INSERT.
      const insert = db.insert(table as PgTable).values([...rows] as never);
      const conflict = o.onConflictDoNothing ? insert.onConflictDoNothing() : insert;
      return (o.returning ? conflict.returning() : conflict).getSQL();
    });
  }

  /**
   * The part `name` (with a RETURNING) must change exactly `rows` rows, else the batch's run throws what `refused`
   * answers (its transaction then rolls back): an UPDATE that checks a status or a version (kernel/status.ts
   * batchAction).
   */
  expect(name: string, rows: number, refused: () => Promise<Error>): void {
    this.expected.push({ name, rows, refused });
  }

  /**
   * Values the batch's statement answers beside its writes, so what a change answers needs no statement after it:
   * each a scalar SQL (a subquery), which reads the writes' rows from their parts' RETURNING by name (`add` answers
   * it) and otherwise sees the database as it was before the statement. Answers a getter of the values as the driver
   * reads them (json parsed, numeric as text), valid once the batch has run.
   */
  answer(columns: Record<string, SQLWrapper>): () => Record<string, unknown> {
    const answer: (typeof this.answers)[number] = { columns: Object.entries(columns) };
    this.answers.push(answer);
    return () => {
      if (!answer.values) throw new Error('WriteBatch: an answer is read before the batch ran');
      return answer.values;
    };
  }

  get size(): number {
    return this.parts.length;
  }

  /** Runs every write in one statement (none: no statement); then checks what `expect` asked. */
  async run(db: DbOrTx): Promise<void> {
    if (this.parts.length === 0) return;
    const ctes = sql.join(
      this.parts.map((p) => sql`${sql.identifier(p.name)} as (${p.write(db)})`),
      sql`, `,
    );
    const expected = [...this.expected];
    const answers = [...this.answers];
    this.parts.length = 0;
    this.expected.length = 0;
    this.answers.length = 0;
    const columns = [
      ...expected.map(
        (e, i) => sql`(select count(*) from ${sql.identifier(e.name)})::int as ${sql.identifier(`n${i}`)}`,
      ),
      ...answers.flatMap((a, i) => a.columns.map(([, value], j) => sql`(${value}) as ${sql.identifier(`a${i}_${j}`)}`)),
    ];
    const select = columns.length ? sql.join(columns, sql`, `) : sql`1`;
    const [row] = (await runText(db, render(db, sql`with ${ctes} select ${select}`))) as Record<string, unknown>[];
    for (const [i, e] of expected.entries()) if (row[`n${i}`] !== e.rows) throw await e.refused();
    for (const [i, a] of answers.entries())
      a.values = Object.fromEntries(a.columns.map(([key], j) => [key, row[`a${i}_${j}`]]));
  }

  private nextName() {
    return `w${this.parts.length + 1}`;
  }

  private push(name: string, write: (db: DbOrTx) => SQL): string {
    if (this.parts.some((p) => p.name === name)) throw new Error(`WriteBatch: a part is already named ${name}`);
    this.parts.push({ name, write });
    return name;
  }
}
