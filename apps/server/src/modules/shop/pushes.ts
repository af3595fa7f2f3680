import { and, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import { SHOP_QUEUE, type ShopPush, type ShopPushKind, type ShopPushQueued } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { enqueue } from '../../jobs/queue.js';
import { jobs } from '../../jobs/schema.js';
import type { ListSpec } from '../../http/list.js';
import { items } from '../items/schema.js';
import { stampNow } from '../../db/clock.js';

// The pushes are the jobs of queue `shop` (ARCHITECTURE: outbox written in the business transaction). The payload
// names what to push; the handler reads the item when it runs. A key per target keeps one live push per thing:
// pushing again while one waits reuses it and lets it run now.

/** A shop outage may last hours: backoff reaches an hour after ~11 attempts, so 20 attempts cover ~10 hours. */
export const SHOP_MAX_ATTEMPTS = 20;

export type ShopPushPayload = { kind: ShopPushKind; item_no: string; variant_code?: string; requested_by?: string };

export const pushKey = (p: Pick<ShopPushPayload, 'kind' | 'item_no' | 'variant_code'>) =>
  p.kind === 'product'
    ? `item:${p.item_no}`
    : p.kind === 'prices'
      ? `prices:${p.item_no}`
      : `variant:${p.item_no}:${p.variant_code}`;

type JobRow = typeof jobs.$inferSelect;

const payloadText = (name: string) => sql<string>`${jobs.payload}->>${sql.raw(`'${name}'`)}`;
const resultText = (name: string) => sql<string | null>`${jobs.result}->>${sql.raw(`'${name}'`)}`;

const pushColumns = {
  id: jobs.id,
  kind: payloadText('kind'),
  item_no: payloadText('item_no'),
  variant_code: sql<string | null>`${jobs.payload}->>'variant_code'`,
  state: jobs.state,
  attempts: jobs.attempts,
  max_attempts: jobs.max_attempts,
  run_at: jobs.run_at,
  last_error: jobs.last_error,
  mode: resultText('mode'),
  operation: resultText('operation'),
  detail: resultText('detail'),
  remote_id: sql<number | null>`(${jobs.result}->>'remote_id')::integer`,
  requested_by: sql<string | null>`${jobs.payload}->>'requested_by'`,
  created_at: jobs.created_at,
  updated_at: jobs.updated_at,
};

type PushRow = { [K in keyof typeof pushColumns]: ShopPush[K] };

export const isShopJob = eq(jobs.queue, SHOP_QUEUE);

/** POST /api/shop/pushes/filter: every push with its state, attempts, last error and what the shop did. */
export const shopPushList: ListSpec<PushRow, ShopPush> = {
  source: (db, extra) =>
    db
      .select({ ...pushColumns, ...extra })
      .from(jobs)
      .$dynamic() as never,
  fields: {
    id: jobs.id,
    kind: pushColumns.kind,
    item_no: pushColumns.item_no,
    variant_code: pushColumns.variant_code,
    state: jobs.state,
    attempts: jobs.attempts,
    run_at: jobs.run_at,
    last_error: jobs.last_error,
    operation: pushColumns.operation,
    requested_by: pushColumns.requested_by,
    created_at: jobs.created_at,
    updated_at: jobs.updated_at,
  },
  filterable: [
    'id',
    'kind',
    'item_no',
    'variant_code',
    'state',
    'last_error',
    'operation',
    'requested_by',
    'created_at',
    'updated_at',
  ],
  sortable: ['id', 'kind', 'item_no', 'state', 'attempts', 'run_at', 'created_at', 'updated_at'],
  defaultSort: { field: 'id', direction: 'desc' },
  key: jobs.id,
  map: (row) => ({
    ...row,
    kind: row.kind as ShopPushKind,
    remote_id: row.remote_id === null ? null : Number(row.remote_id),
  }),
};

export async function readPushes(db: DbOrTx, ids: number[]): Promise<ShopPush[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(pushColumns)
    .from(jobs)
    .where(and(isShopJob, inArray(jobs.id, ids)))
    .orderBy(jobs.id);
  return rows.map((row) => shopPushList.map!(row as PushRow));
}

/** A push asked for again runs as soon as possible; a failing one starts a fresh set of attempts. */
async function hurry(db: DbOrTx, where: SQL | undefined): Promise<void> {
  await db
    .update(jobs)
    .set({
      // Never later than it was: a waiting push keeps its place in the queue.
      run_at: sql`least(${jobs.run_at}, now())`,
      attempts: sql`case when ${jobs.state} = 'failed' then 0 else ${jobs.attempts} end`,
      state: sql`case when ${jobs.state} = 'failed' then 'pending' else ${jobs.state} end`,
      updated_at: stampNow(),
    })
    .where(and(isShopJob, inArray(jobs.state, ['pending', 'failed']), where));
}

/** A push asked for while the same one is being sent may have read the item before the change: it gets one follow-up. */
const followUpKey = (key: string) => `${key}:next`;

/** Queues one push in the caller's transaction; answers the live push for that target (new or reused). */
export async function queuePush(tx: DbOrTx, payload: ShopPushPayload): Promise<{ job: JobRow; created: boolean }> {
  let key = pushKey(payload);
  const [current] = await tx
    .select({ state: jobs.state })
    .from(jobs)
    .where(and(isShopJob, eq(jobs.key, key), inArray(jobs.state, ['pending', 'running', 'failed'])));
  if (current?.state === 'running') key = followUpKey(key);
  const before = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isShopJob, eq(jobs.key, key), inArray(jobs.state, ['pending', 'running', 'failed'])));
  if (before.length > 0) await hurry(tx, eq(jobs.key, key));
  const job = await enqueue(tx, { queue: SHOP_QUEUE, key, payload, maxAttempts: SHOP_MAX_ATTEMPTS });
  return { job, created: before.length === 0 };
}

export async function queuedAnswer(db: DbOrTx, ids: number[], created: number): Promise<ShopPushQueued> {
  return { count: ids.length, new_count: created, job_ids: ids, pushes: await readPushes(db, ids.slice(0, 100)) };
}

/** sync all: one product push per item of the master, in one statement (a catalogue may hold thousands). */
export async function queueAllProducts(tx: DbOrTx, requestedBy: string): Promise<{ ids: number[]; created: number }> {
  await hurry(tx, like(jobs.key, 'item:%'));
  const inserted = await tx.execute(sql`
    insert into ${jobs} (queue, key, payload, max_attempts, run_at)
    select ${SHOP_QUEUE}, 'item:' || i.item_no,
           jsonb_build_object('kind', 'product', 'item_no', i.item_no, 'requested_by', ${requestedBy}::text),
           ${SHOP_MAX_ATTEMPTS}, now()
    from ${items} i
    order by i.item_no
    on conflict do nothing
    returning id`);
  const live = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .innerJoin(items, eq(jobs.key, sql`'item:' || ${items.item_no}`))
    .where(and(isShopJob, inArray(jobs.state, ['pending', 'running', 'failed'])))
    .orderBy(jobs.id);
  return { ids: live.map((r) => Number(r.id)), created: rowsOf(inserted).length };
}

function rowsOf(result: unknown): unknown[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as unknown[];
}

/** Retry of pushes from the push screen: only shop jobs that failed or died; answers how many run again. */
export async function retryPushes(db: DbOrTx, ids: number[]): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ state: 'pending', attempts: 0, run_at: stampNow(), last_error: null, updated_at: stampNow() })
    .where(
      and(
        isShopJob,
        inArray(jobs.id, ids),
        inArray(jobs.state, ['failed', 'dead']),
        // A dead push whose target was pushed again since: the newer push is the one that counts.
        sql`not exists (select 1 from ${jobs} as live where live.queue = ${jobs.queue} and live.key = ${jobs.key} and live.id <> ${jobs.id} and live.state in ('pending', 'running', 'failed'))`,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

/** A product push of this item that has not finished yet (prices and variants wait for it). */
export async function pendingProductPush(db: DbOrTx, itemNo: string, exceptId: number): Promise<JobRow | undefined> {
  const productKey = pushKey({ kind: 'product', item_no: itemNo });
  const [row] = await db
    .select()
    .from(jobs)
    .where(
      and(
        isShopJob,
        inArray(jobs.key, [productKey, followUpKey(productKey)]),
        inArray(jobs.state, ['pending', 'running', 'failed']),
        sql`${jobs.id} <> ${exceptId}`,
      ),
    )
    .orderBy(jobs.id)
    .limit(1);
  return row;
}
