import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSecrets } from './schema.js';

/**
 * The secret named `name`, made on the first call against this database and the same ever after: every process
 * offers a random value with INSERT … ON CONFLICT DO NOTHING and then reads what is stored, so two processes starting
 * at once agree on the first one written.
 */
export async function storedSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  return row.value;
}
