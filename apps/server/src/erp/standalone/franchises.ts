import { businessYear } from '@fp/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { franchises, locations } from '../../modules/franchises/schema.js';
import { generateNumberSeries } from '../../modules/number-series/service.js';
import { franchiseSetupOf, type ErpFranchise, type ErpFranchises, type ErpListQuery } from '../port.js';
import { etagOf, readPaging, toPage } from './paging.js';
import { stampNow } from '../../db/clock.js';

type Row = typeof franchises.$inferSelect;

export function toErpFranchise(f: Row, stores: (typeof locations.$inferSelect)[]): ErpFranchise {
  return {
    etag: etagOf(f.version),
    system_id: String(f.id),
    customer_no: f.customer_no,
    ...franchiseSetupOf(f),
    locations: stores
      .filter((l) => l.customer_no === f.customer_no)
      .map((l) => ({
        location_code: l.location_code,
        name: l.name,
        address: l.address,
        district_code: l.district_code,
        phone_no: l.phone_no,
        is_active: l.is_active,
      })),
  };
}

/** Standalone: the franchises table is the record. */
export function standaloneFranchises(db: Db): ErpFranchises {
  const withStores = async (d: DbOrTx, rows: Row[]) => {
    if (rows.length === 0) return [];
    const stores = await d
      .select()
      .from(locations)
      .where(
        inArray(
          locations.customer_no,
          rows.map((r) => r.customer_no),
        ),
      )
      .orderBy(asc(locations.location_code));
    return rows.map((r) => toErpFranchise(r, stores));
  };
  const one = async (d: DbOrTx, where: ReturnType<typeof eq>) => {
    const [row] = await d.select().from(franchises).where(where).orderBy(asc(franchises.customer_no)).limit(1);
    return row ? (await withStores(d, [row]))[0] : null;
  };
  return {
    async list(q: ErpListQuery = {}) {
      const { top, skip } = readPaging(q);
      const conds = [q.since ? gt(franchises.updated_at, q.since) : undefined];
      for (const [k, v] of Object.entries(q.filter ?? {})) {
        const col = (franchises as unknown as Record<string, unknown>)[k];
        if (col) conds.push(eq(col as typeof franchises.customer_no, v as string));
      }
      const rows = await db
        .select()
        .from(franchises)
        .where(and(...conds))
        .orderBy(asc(franchises.customer_no))
        .limit(top + 1)
        .offset(skip);
      return toPage('franchises', await withStores(db, rows), top, skip);
    },
    get: (customerNo) => one(db, eq(franchises.customer_no, customerNo)),
    findByPhone: (phoneNo) => one(db, eq(franchises.phone_no, phoneNo)),
    async sync(customerNo) {
      // Derived data: the current year's number series (idempotent) and the sync stamp.
      const year = businessYear();
      const series = await generateNumberSeries(db, { franchiseCode: customerNo, year });
      const [stores] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(locations)
        .where(eq(locations.customer_no, customerNo));
      await db.update(franchises).set({ last_synced_at: stampNow() }).where(eq(franchises.customer_no, customerNo));
      return {
        records: 1,
        message: `Franchise ${customerNo} refreshed: ${stores.n} store(s), ${series.created} new number series for ${year}`,
      };
    },
  };
}
