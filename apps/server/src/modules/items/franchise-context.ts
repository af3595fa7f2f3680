import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest, forbidden } from '../../http/errors.js';
import { franchises } from '../franchises/schema.js';

/**
 * The franchise a catalogue write applies to: a store user's own franchise (another one is a 404, so existence
 * is not leaked); head office must name an existing one.
 */
export async function franchiseFor(db: DbOrTx, auth: Auth, code: string | undefined): Promise<string> {
  const f = await auth.scope.own(db, code);
  if (!f) throw badRequest('This is required field!', 'franchise_code');
  return f;
}

/** Head office manages the catalogue master (items, categories, price lists); store users are refused. */
export function assertHeadOffice(auth: Auth): void {
  if (!auth.scope.all) throw forbidden('Only head office may change the catalogue');
}

/** A franchise a price names must exist (null = every franchise). */
export async function assertFranchiseExists(db: DbOrTx, code: string | null): Promise<void> {
  if (code === null) return;
  const [f] = await db
    .select({ code: franchises.customer_no })
    .from(franchises)
    .where(eq(franchises.customer_no, code));
  if (!f) throw badRequest(`Franchise ${code} does not exist`, 'franchise_code');
}
