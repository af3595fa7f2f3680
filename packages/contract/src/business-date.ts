/**
 * The business day: every "today" of the product (price dates, birthday months, number series years, date
 * filters, displayed times) is taken in one time zone, the network's, not the server's or the browser's.
 * Zod-free and dependency-free (Intl only), so the web's light entry can import it.
 *
 * The zone is Asia/Ho_Chi_Minh unless the server starts with BUSINESS_TIME_ZONE (it calls setBusinessTimeZone once
 * at start); every function also takes the zone as an explicit last parameter.
 */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Ho_Chi_Minh';

let currentZone = DEFAULT_BUSINESS_TIME_ZONE;

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the business time zone of this process (server start: BUSINESS_TIME_ZONE). Throws on an unknown zone. */
export function setBusinessTimeZone(zone: string): void {
  if (!isValidTimeZone(zone)) throw new Error(`Unknown time zone: ${zone}`);
  currentZone = zone;
}

export function businessTimeZone(): string {
  return currentZone;
}

let clock: () => Date = () => new Date();

/**
 * Replaces "now" of the functions below when they are called without an instant (null: the real clock again). The
 * server's demo seed writes its history through the real postings on past days this way (server kernel/as-of.ts).
 */
export function setBusinessClock(next: (() => Date) | null): void {
  clock = next ?? (() => new Date());
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The last instant's answer (to the second): a request asks for "today" several times (Intl is slow). */
let last = { zone: '', second: NaN, text: '' };

/** The wall-clock time of an instant in the business time zone, as YYYY-MM-DDTHH:mm:ss (no offset). */
export function businessDateTime(now: Date | number | string = clock(), zone: string = currentZone): string {
  const at = now instanceof Date ? now : new Date(now);
  const second = Math.floor(at.getTime() / 1000);
  if (second === last.second && zone === last.zone) return last.text;
  const parts = partsFormatter(zone).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const text = `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
  if (!Number.isNaN(second)) last = { zone, second, text };
  return text;
}

/** The business day of an instant as YYYY-MM-DD (default: now, in the business time zone). */
export function businessDate(now: Date | number = clock(), zone: string = currentZone): string {
  return businessDateTime(now, zone).slice(0, 10);
}

/** The business year of an instant (default: now). */
export function businessYear(now: Date | number = clock(), zone: string = currentZone): number {
  return Number(businessDate(now, zone).slice(0, 4));
}
