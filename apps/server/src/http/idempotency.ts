import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../modules/system/schema.js';
import { AppError, badRequest, businessRule } from './errors.js';

/** The header (api.md Conventions) and the field errors name. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const MAX_KEY_LENGTH = 200;
/** How long a call waits for another one holding the same key before answering 409 idempotency_in_progress. */
const WAIT_MS = 10_000;

export type Answer = { status: number; response: { result: boolean; data: unknown; errors: unknown[] } };

/** JSON with object keys sorted at every depth, so `{a, b}` and `{b, a}` hash alike. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as object)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

export const bodyHash = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

/**
 * Runs a creating call at most once per (user, operation, key).
 *
 * The key is claimed first, inside the business transaction: `INSERT … ON CONFLICT DO NOTHING` on the unique
 * (key, user, operation), then `run(tx)` does the business writes on the same transaction, then the answer is stored
 * on the claimed row, and all of it commits together. A concurrent call with the same key blocks on the unique index
 * until the first commits and then answers the first answer (same status and body); after WAIT_MS it gets a 409
 * `idempotency_in_progress`, which a retry turns into the first answer. When the first call fails, its transaction
 * rolls back and takes the claim with it: no key is left behind and the next call runs afresh. The same key with
 * another body is a 422 naming the key.
 */
export async function idempotent(
  db: Db,
  call: { userId: number; operation: string; key: string; body: unknown; status: number },
  run: (tx: Tx) => Promise<unknown>,
): Promise<Answer> {
  const { userId, operation, key, status } = call;
  if (key.length > MAX_KEY_LENGTH)
    throw badRequest(`${IDEMPOTENCY_HEADER} must be at most ${MAX_KEY_LENGTH} characters`, IDEMPOTENCY_HEADER);
  const hash = bodyHash(call.body);
  const where = and(
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.user_id, userId),
    eq(idempotencyKeys.operation, operation),
  );
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = ${WAIT_MS}`));
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ key, user_id: userId, operation, body_hash: hash, status, response: {} })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed.length) {
        // Another call with this key committed first: its answer is ours.
        const [seen] = await tx.select().from(idempotencyKeys).where(where);
        if (seen.body_hash !== hash) {
          throw businessRule(
            `${IDEMPOTENCY_HEADER} ${key} was already used with a different body`,
            'idempotency_key_reused',
            IDEMPOTENCY_HEADER,
          );
        }
        return { status: seen.status, response: seen.response as Answer['response'] };
      }
      const data = await run(tx);
      const response = { result: true, data: data ?? null, errors: [] };
      // The stored form is what every replay sends; the first answer sends it too, so all answers are identical.
      const [stored] = await tx
        .update(idempotencyKeys)
        .set({ response })
        .where(where)
        .returning({ response: idempotencyKeys.response });
      return { status, response: stored.response as Answer['response'] };
    });
  } catch (err) {
    if (pgCode(err) === '55P03') {
      throw new AppError(
        409,
        'idempotency_in_progress',
        `A call with this ${IDEMPOTENCY_HEADER} is still in progress. Please retry.`,
        IDEMPOTENCY_HEADER,
      );
    }
    throw err;
  }
}

function pgCode(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}
