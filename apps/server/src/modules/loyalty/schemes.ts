import Decimal from 'decimal.js';
import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_LOYALTY_SCHEME, type LoyaltyScheme } from '@fp/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { WriteBatch } from '../../kernel/batch.js';
import { loyaltySchemes, rankingPointEntries } from './schema.js';

/** The network's tiers by ranking points (reference data; Silver is the default of calls.md 9). */
export const SCHEMES = [
  { code: DEFAULT_LOYALTY_SCHEME, description: 'Thành viên Bạc', min_ranking_points: '0', sort: 1 },
  { code: 'Gold', description: 'Thành viên Vàng', min_ranking_points: '5000', sort: 2 },
  { code: 'Platinum', description: 'Thành viên Bạch Kim', min_ranking_points: '15000', sort: 3 },
  { code: 'Diamond', description: 'Thành viên Kim Cương', min_ranking_points: '30000', sort: 4 },
];

const loaded = new WeakMap<object, Promise<void>>();
/** Inserts the default schemes once per database; existing rows (edited thresholds) are kept. */
export function ensureLoyaltySchemes(db: Db): Promise<void> {
  let p = loaded.get(db);
  if (!p) {
    p = db
      .insert(loyaltySchemes)
      .values(SCHEMES)
      .onConflictDoNothing()
      .then(() => undefined)
      .catch((e) => {
        loaded.delete(db);
        throw e;
      });
    loaded.set(db, p);
  }
  return p;
}

export async function listSchemes(db: DbOrTx): Promise<LoyaltyScheme[]> {
  return db.select().from(loyaltySchemes).orderBy(asc(loyaltySchemes.sort));
}

export async function rankingPointsOf(db: DbOrTx, customerNo: string): Promise<string> {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${rankingPointEntries.points}), 0)::text` })
    .from(rankingPointEntries)
    .where(eq(rankingPointEntries.customer_no, customerNo));
  return new Decimal(r.total).toFixed();
}

/** The highest scheme the points reach (Silver when none is configured), and how far the next one is. */
export async function schemeFor(db: DbOrTx, rankingPoints: string) {
  return schemeAmong(await listSchemes(db), rankingPoints);
}

/** schemeFor among schemes already read (in `sort` order). */
export function schemeAmong(
  schemes: readonly Pick<LoyaltyScheme, 'code' | 'min_ranking_points'>[],
  rankingPoints: string,
) {
  const points = new Decimal(rankingPoints);
  let scheme = DEFAULT_LOYALTY_SCHEME;
  let next: Pick<LoyaltyScheme, 'code' | 'min_ranking_points'> | null = null;
  for (const s of schemes) {
    if (points.gte(s.min_ranking_points)) scheme = s.code;
    else if (!next) next = s;
  }
  return {
    scheme,
    next_scheme: next?.code ?? null,
    points_to_next_scheme: next ? new Decimal(next.min_ranking_points).minus(points).toFixed() : null,
  };
}

/** Posts ranking points for an order (a later sales issue calls this; negative points reverse). */
export async function postRankingPoints(
  tx: DbOrTx,
  e: { customer_no: string; franchise_code: string; pos_so_no: string; points: string; document_no?: string },
  /** A posting's WriteBatch (kernel/batch.ts): the INSERT joins the posting's one statement instead of running. */
  batch?: WriteBatch,
): Promise<void> {
  const points = new Decimal(e.points);
  const row: typeof rankingPointEntries.$inferInsert = {
    ...e,
    points: points.toFixed(2),
    entry_type: points.isNegative() ? 'reversed' : 'earned',
  };
  if (batch) batch.insert(rankingPointEntries, [row]);
  else await tx.insert(rankingPointEntries).values(row);
}
