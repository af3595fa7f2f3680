import { sql, type SQL } from 'drizzle-orm';
import { notFound, staleVersion } from '../http/errors.js';
import type { DbOrTx } from './client.js';
import { stampNow } from './clock.js';

/** What an update sets besides its values: the next version and the time (ARCHITECTURE: version on every row). */
export const bump = (versionColumn: unknown) => ({ version: sql`${versionColumn} + 1`, updated_at: stampNow() });

/**
 * After an `UPDATE … WHERE id = ? AND version = ?` that touched no row: 404 if the row is gone, 409 if it moved on.
 */
export async function explainMissedUpdate(db: DbOrTx, table: string, where: SQL, what: string): Promise<never> {
  const r = await db.execute(sql`select 1 from ${sql.identifier(table)} where ${where} limit 1`);
  const rows = (r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[]);
  throw rows.length ? staleVersion() : notFound(what);
}
