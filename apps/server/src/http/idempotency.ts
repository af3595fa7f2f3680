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

/** What a claim table holds of the call that claimed it: the body's hash and the answer it stored. */
export type Claimed = { body_hash: string; status: number; response: Answer['response'] };

/**
 * Where the calls of one kind are claimed (the one exactly-once mechanism, `runOnce`): the `Idempotency-Key` header's
 * table (`idempotency_keys`, per user and operation) or a table of its own keyed by a field of the body (the counter's
 * `client_id`, modules/counter). `claim` inserts the row `ON CONFLICT DO NOTHING` and tells whether it did; `seen`
 * reads the committed row after a conflict (null: a row the caller may not see, answered like another body);
 * `store` writes the answer on the claimed row. `field` and `label` name the key in the 409 and the 422.
 */
export type ClaimTable = {
  field: string;
  label: string;
  claim: (tx: Tx, hash: string, status: number) => Promise<boolean>;
  seen: (tx: Tx) => Promise<Claimed | null>;
  store: (tx: Tx, response: Answer['response']) => Promise<Answer['response']>;
};

/**
 * Runs a call at most once per claim (a key of a claim table).
 *
 * The key is claimed first, inside the business transaction: `INSERT … ON CONFLICT DO NOTHING` on the table's unique
 * key, then `run(tx)` does the business writes on the same transaction, then the answer is stored on the claimed row,
 * and all of it commits together. A concurrent call with the same key blocks on the unique index until the first
 * commits and then answers the first answer (same status and body); after WAIT_MS of waiting for the key (the run's
 * own lock waits are not bounded by it) it gets a 409
 * `idempotency_in_progress`, which a retry turns into the first answer. When the first call fails, its transaction
 * rolls back and takes the claim with it: no key is left behind and the next call runs afresh. The same key with
 * another body is a 422 `idempotency_key_reused` naming the key.
 */
export async function runOnce(
  db: Db,
  table: ClaimTable,
  call: { body: unknown; status: number },
  run: (tx: Tx) => Promise<unknown>,
): Promise<Answer> {
  const hash = bodyHash(call.body);
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local lock_timeout = ${WAIT_MS}`));
      if (!(await table.claim(tx, hash, call.status))) {
        // Another call with this key committed first: its answer is ours.
        const seen = await table.seen(tx);
        if (!seen || seen.body_hash !== hash) {
          throw businessRule(
            `${table.label} was already used with a different body`,
            'idempotency_key_reused',
            table.field,
          );
        }
        return { status: seen.status, response: seen.response };
      }
      // The wait above is the only one the layer bounds: the call's own lock waits (a number series, the stock)
      // are the same as without a key, never an idempotency_in_progress.
      await tx.execute(sql.raw('set local lock_timeout to default'));
      const data = await run(tx);
      // The stored form is what every replay sends; the first answer sends it too, so all answers are identical.
      const response = await table.store(tx, { result: true, data: data ?? null, errors: [] });
      return { status: call.status, response };
    });
  } catch (err) {
    if (pgCode(err) === '55P03') {
      throw new AppError(
        409,
        'idempotency_in_progress',
        `A call with this ${table.field} is still in progress. Please retry.`,
        table.field,
      );
    }
    throw err;
  }
}

/** The `Idempotency-Key` header's claims: per (key, user, operation = method + path) in `idempotency_keys`. */
export function idempotencyKeyTable(call: { userId: number; operation: string; key: string }): ClaimTable {
  const { userId, operation, key } = call;
  if (key.length > MAX_KEY_LENGTH)
    throw badRequest(`${IDEMPOTENCY_HEADER} must be at most ${MAX_KEY_LENGTH} characters`, IDEMPOTENCY_HEADER);
  const where = and(
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.user_id, userId),
    eq(idempotencyKeys.operation, operation),
  );
  return {
    field: IDEMPOTENCY_HEADER,
    label: `${IDEMPOTENCY_HEADER} ${key}`,
    claim: async (tx, hash, status) =>
      (
        await tx
          .insert(idempotencyKeys)
          .values({ key, user_id: userId, operation, body_hash: hash, status, response: {} })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
      ).length > 0,
    seen: async (tx) => {
      const [row] = await tx.select().from(idempotencyKeys).where(where);
      return row ? { ...row, response: row.response as Answer['response'] } : null;
    },
    store: async (tx, response) => {
      const [stored] = await tx
        .update(idempotencyKeys)
        .set({ response })
        .where(where)
        .returning({ response: idempotencyKeys.response });
      return stored.response as Answer['response'];
    },
  };
}

/** A creating call with an `Idempotency-Key` header: at most once per (user, operation, key), through `runOnce`. */
export function idempotent(
  db: Db,
  call: { userId: number; operation: string; key: string; body: unknown; status: number },
  run: (tx: Tx) => Promise<unknown>,
): Promise<Answer> {
  return runOnce(db, idempotencyKeyTable(call), call, run);
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
