import { and, asc, eq, sql } from 'drizzle-orm';
import {
  businessDate,
  numberSeriesPrefix,
  rangeNumber,
  type NumberRange,
  type NumberRangeList,
  type numberRangeReserve,
} from '@fp/contract';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { businessRule } from '../../http/errors.js';
import { takeNextNumber } from '../number-series/service.js';
import { numberSeries } from '../number-series/schema.js';
import { salesOrders } from '../sales/schema.js';
import { users } from '../auth/schema.js';
import { counterNumberRanges } from './schema.js';

// Device number ranges (issue 19, README.md here "Offline"): a device that may sell offline reserves numbers of its
// franchise's sales order series in advance and gives them to its offline sales in order. The reservation moves the
// series past the range under the series' row lock (the lock every number taker queues on), so no other sale and no
// other range can take them; a range is written once (append-only table) and never given back.

type RangeRow = typeof counterNumberRanges.$inferSelect;

/** The numbers of a range used by sales that reached the server (one statement for all the ranges). */
async function usedCounts(db: DbOrTx, rows: readonly RangeRow[]): Promise<Map<number, { used: number; max: number }>> {
  const out = new Map<number, { used: number; max: number }>();
  if (rows.length === 0) return out;
  // The number's 6-digit counter (a CASE, so a number of another form never fails the cast).
  const counter = sql`(case when right(o.device_doc_no, 6) ~ '^[0-9]{6}$' then right(o.device_doc_no, 6)::int end)`;
  const found = await db.execute(sql`
    select r.id, count(o.pos_so_no)::int as used, coalesce(max(${counter}), 0)::int as max
    from counter_number_ranges r
    left join sales_orders o on o.offline_device = r.offline_device::text and o.device_doc_no <> ''
      and left(o.device_doc_no, length(o.device_doc_no) - 6) = r.prefix
      and ${counter} between r.first and r.last
    where r.id in (${sql.join(
      rows.map((r) => sql`${r.id}`),
      sql`, `,
    )})
    group by r.id`);
  const list = (Array.isArray(found) ? found : ((found as { rows?: unknown[] }).rows ?? [])) as {
    id: number;
    used: number;
    max: number;
  }[];
  for (const r of list) out.set(Number(r.id), { used: Number(r.used), max: Number(r.max) });
  return out;
}

function toRange(r: RangeRow, used: { used: number; max: number } | undefined, by: string): NumberRange {
  const size = r.last - r.first + 1;
  const u = used?.used ?? 0;
  // The device uses its numbers in order: the next is the one after the highest used (or the first).
  const next = used && used.max >= r.first ? used.max + 1 : r.first;
  return {
    id: r.id,
    offline_device: r.offline_device,
    franchise_code: r.franchise_code,
    location_code: r.location_code,
    prefix: r.prefix,
    first: r.first,
    last: r.last,
    first_no: rangeNumber(r.prefix, r.first),
    last_no: rangeNumber(r.prefix, r.last),
    used: u,
    left: size - u,
    next_no: next <= r.last ? rangeNumber(r.prefix, next) : '',
    reserved_by: by,
    created_at: r.created_at,
  };
}

/** The device's ranges in the caller's franchise (another franchise's device shows nothing), oldest first. */
export async function listNumberRanges(db: DbOrTx, auth: Auth, device: string): Promise<NumberRangeList> {
  const rows = await db
    .select({ range: counterNumberRanges, by: sql<string>`coalesce(${users.username}, '')` })
    .from(counterNumberRanges)
    .leftJoin(users, eq(users.user_id, counterNumberRanges.reserved_by))
    .where(
      and(eq(counterNumberRanges.offline_device, device), auth.scope.franchise(counterNumberRanges.franchise_code)),
    )
    .orderBy(asc(counterNumberRanges.id));
  const used = await usedCounts(
    db,
    rows.map((r) => r.range),
  );
  const items = rows.map((r) => toRange(r.range, used.get(r.range.id), r.by));
  return { offline_device: device, items, left: items.reduce((s, r) => s + r.left, 0) };
}

/**
 * POST /api/counter-sales/number-ranges: the next `count` numbers of the franchise's SO series of the business
 * year, for the device. takeNextNumber locks the series row and takes the first; the rest move last_no under the same
 * lock, in the same transaction — so parallel reservations and sales queue and never overlap.
 */
export async function reserveNumberRange(
  tx: Tx,
  auth: Auth,
  franchise: string,
  body: z.output<typeof numberRangeReserve>,
): Promise<NumberRange> {
  const day = businessDate();
  const year = Number(day.slice(0, 4));
  const firstNo = await takeNextNumber(tx, { franchiseCode: franchise, documentType: 'SO', date: day });
  const prefix = numberSeriesPrefix(franchise, 'SO', year);
  const first = Number(firstNo.slice(-6));
  const last = first + body.count - 1;
  if (last > 999_999)
    throw businessRule(
      `The sales order series ${prefix} has fewer than ${body.count} numbers left`,
      'series_full',
      'count',
    );
  if (body.count > 1)
    await tx
      .update(numberSeries)
      .set({ last_no: last, updated_at: sql`now()` })
      .where(and(eq(numberSeries.prefix, prefix), eq(numberSeries.franchise_code, franchise)));
  // Reserved numbers are not a sale's: a device that numbers a sale proves it against this row.
  const [row] = await tx
    .insert(counterNumberRanges)
    .values({
      franchise_code: franchise,
      location_code: body.location_code,
      offline_device: body.offline_device,
      year,
      prefix,
      first,
      last,
      reserved_by: auth.userId || null,
    })
    .returning();
  return toRange(row!, undefined, auth.username);
}

/**
 * The device number of an offline sale must be one of the device's numbers in the franchise (422 naming
 * device_doc_no otherwise) and not yet used by another sale (422 naming it too). Answers the number the order takes.
 */
export async function assertDeviceNumber(tx: Tx, franchise: string, device: string, docNo: string): Promise<string> {
  const m = /^(.*-SO-\d{2}-)(\d{6})$/.exec(docNo);
  const n = m ? Number(m[2]) : NaN;
  const [range] = m
    ? await tx
        .select({ id: counterNumberRanges.id })
        .from(counterNumberRanges)
        .where(
          and(
            eq(counterNumberRanges.offline_device, device),
            eq(counterNumberRanges.franchise_code, franchise),
            eq(counterNumberRanges.prefix, m[1]!),
            sql`${n} between ${counterNumberRanges.first} and ${counterNumberRanges.last}`,
          ),
        )
    : [];
  if (!range)
    throw businessRule(
      `Device number ${docNo} is not in a range reserved for device ${device} in franchise ${franchise}`,
      'device_number_unknown',
      'device_doc_no',
    );
  // Two sales sent at once with one number (a copied device): the second waits for the first and is refused.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`device_doc_no:${docNo}`}))`);
  const [used] = await tx
    .select({ no: salesOrders.pos_so_no })
    .from(salesOrders)
    .where(eq(salesOrders.pos_so_no, docNo));
  if (used)
    throw businessRule(`Device number ${docNo} is already used by another sale`, 'device_number_used', 'device_doc_no');
  return docNo;
}
