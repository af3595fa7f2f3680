import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

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
 */
export class WriteBatch {
  private readonly parts: { name: string; sql: SQL }[] = [];

  /** Adds a write (an INSERT / UPDATE, with RETURNING when another part reads it); answers its CTE name. */
  add(write: SQLWrapper, name = `w${this.parts.length + 1}`): string {
    if (this.parts.some((p) => p.name === name)) throw new Error(`WriteBatch: a part is already named ${name}`);
    this.parts.push({ name, sql: write.getSQL() });
    return name;
  }

  get size(): number {
    return this.parts.length;
  }

  /** Runs every write in one statement (none: no statement). */
  async run(db: DbOrTx): Promise<void> {
    if (this.parts.length === 0) return;
    const ctes = sql.join(
      this.parts.map((p) => sql`${sql.identifier(p.name)} as (${p.sql})`),
      sql`, `,
    );
    this.parts.length = 0;
    await db.execute(sql`with ${ctes} select 1`);
  }
}
