import { AsyncLocalStorage } from 'node:async_hooks';
import { businessDate, setBusinessClock } from '@fp/contract';

// "Today" as of a past business day, for the demo seed's history (seed/history.ts): inside `asOfDay(date, fn)` every
// businessDate() / businessYear() without an argument answers that day, so the real postings (order dates, posting
// dates, number series years, shift business dates) write the past day as they would have on it. Only the code run
// inside `fn` sees it (AsyncLocalStorage): requests served meanwhile keep the real clock. The pinned clock runs on
// from the middle of that day as real time passes, so the order of events stays as it was written. Every timestamp
// written meanwhile (created_at, updated_at, opened_at, processed_at, closed_at, posted_at: db/clock.ts) reads it
// too, so past days read as past days in every report.

const pinned = new AsyncLocalStorage<{ at: number; started: number }>();

/** The as-of clock when running inside `asOfDay`, else null (the real clock). */
export function pinnedNow(): Date | null {
  const p = pinned.getStore();
  return p ? new Date(p.at + (Date.now() - p.started)) : null;
}
let installed = false;

/** An instant that lies on `date` (YYYY-MM-DD) in the business time zone, around its middle. */
function instantOn(date: string): Date {
  const at = [5, 12, 0, 18, 23].map((h) => new Date(`${date}T${String(h).padStart(2, '0')}:00:00Z`));
  const found = at.find((d) => businessDate(d) === date);
  if (!found) throw new Error(`No instant found on ${date}`);
  return found;
}

/** Runs `fn` as if it were the business day `date` (YYYY-MM-DD). */
export function asOfDay<T>(date: string, fn: () => Promise<T>): Promise<T> {
  if (!installed) {
    setBusinessClock(() => pinnedNow() ?? new Date());
    installed = true;
  }
  return pinned.run({ at: instantOn(date).getTime(), started: Date.now() }, fn);
}
