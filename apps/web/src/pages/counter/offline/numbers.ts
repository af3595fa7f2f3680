import type { NumberRange } from '@fp/contract';
import { call } from '../../../api/client';
import { db, deviceId } from './db';

// The device's sale numbers (issue 19): ranges of the franchise's sales order series reserved for this device
// (POST /api/counter-sales/number-ranges) while online, used in order by its offline sales. The ranges and the last
// number taken of each are kept in IndexedDB; a number is taken inside one IndexedDB transaction, so two tabs never
// take the same one, and never again after a reload.

/** Reserve more when fewer are left than this; the counter warns the cashier below it. */
export const NUMBERS_LOW = 20;
const RESERVE_COUNT = 50;

type LocalRange = Pick<NumberRange, 'id' | 'prefix' | 'first' | 'last'> & {
  /** The last number of the range this device took (first − 1 before any). */
  taken: number;
};
type Numbers = { ranges: LocalRange[] };

const keyOf = (franchise: string) => `numbers|${franchise}`;
const format = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;

async function read(franchise: string): Promise<Numbers> {
  const row = await db.meta.get(keyOf(franchise));
  return (row?.value as Numbers | undefined) ?? { ranges: [] };
}

const leftOf = (n: Numbers) => n.ranges.reduce((sum, r) => sum + Math.max(0, r.last - r.taken), 0);

/** How many numbers this device has left for the franchise's offline sales. */
export async function numbersLeft(franchise: string): Promise<number> {
  return leftOf(await read(franchise));
}

/**
 * Takes in the ranges the server knows for this device (offline data, a reservation). A range already known keeps
 * what this device took of it; the server's `used` count moves it on too (a sale of this device that reached the
 * server from another copy of its storage).
 */
export async function mergeRanges(franchise: string, ranges: NumberRange[]) {
  await db.transaction('rw', db.meta, async () => {
    const now = await read(franchise);
    const byId = new Map(now.ranges.map((r) => [r.id, r]));
    for (const r of ranges) {
      if (r.franchise_code !== franchise) continue;
      const known = byId.get(r.id);
      const serverTaken = r.first - 1 + r.used;
      byId.set(r.id, {
        id: r.id,
        prefix: r.prefix,
        first: r.first,
        last: r.last,
        taken: Math.max(known?.taken ?? r.first - 1, serverTaken),
      });
    }
    const merged = [...byId.values()].sort((a, b) => a.id - b.id).filter((r) => r.taken < r.last);
    await db.meta.put({ key: keyOf(franchise), value: { ranges: merged } satisfies Numbers });
  });
}

/** Reserves more numbers when the device has fewer than NUMBERS_LOW left (online only; a failure waits for later). */
export async function topUpNumbers(franchise: string, location: string): Promise<number> {
  const left = await numbersLeft(franchise);
  if (left >= NUMBERS_LOW) return left;
  const range = await call('counterSales.reserveNumbers', {
    body: { offline_device: await deviceId(), location_code: location, count: RESERVE_COUNT },
  });
  await mergeRanges(franchise, [range]);
  return numbersLeft(franchise);
}

/** Takes the device's next number (in order; null when none is left). */
export async function takeNumber(franchise: string): Promise<string | null> {
  return db.transaction('rw', db.meta, async () => {
    const now = await read(franchise);
    const range = now.ranges.find((r) => r.taken < r.last);
    if (!range) return null;
    range.taken += 1;
    await db.meta.put({ key: keyOf(franchise), value: now });
    return format(range.prefix, range.taken);
  });
}
