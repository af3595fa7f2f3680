import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { businessTimeZone } from './business-date.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

const germanNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** calls.md 9: numbers German-style with at most 2 decimals: 1234567.5 -> "1.234.567,5". */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // Intl formats a decimal string exactly, so numeric columns never pass through a float.
  return germanNumber.format(value as unknown as number);
}

const germanPercent = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

/** A percentage German-style with 2 decimals and its sign: 10 -> "10,00 %". */
export function formatPercent(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `${germanPercent.format(value as unknown as number)} %`;
}

const germanWhole = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0, roundingMode: 'trunc' });

/**
 * Loyalty points as the customer can use them: whole points, German-style; a fraction earned is not shown (it is
 * not redeemable either): 82.75 -> "82", 1234 -> "1.234".
 */
export function formatPoints(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return germanWhole.format(value as unknown as number);
}

/**
 * A person's name as every screen, print and export shows it: Vietnamese order, family name first. `firstname`
 * holds the name written first (the family name, "Phạm"), `lastname` the rest ("Minh Tuấn"): "Phạm Minh Tuấn".
 * Without either, the username. The server's SQL for lists it sorts and filters by name is `displayNameSql`
 * (apps/server/src/kernel/names.ts), the same order.
 */
export function displayName(u: {
  firstname?: string | null;
  lastname?: string | null;
  username?: string | null;
}): string {
  const name = [u.firstname, u.lastname]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || (u.username ?? '');
}

/** Parses German-style input ("1.234,5") to a plain decimal string ("1234.5"), or null if not a number. */
export function parseGermanNumber(text: string): string | null {
  const t = text.trim();
  if (!/^-?(\d{1,3}(\.\d{3})*|\d+)(,\d+)?$/.test(t)) return null;
  return t.replace(/\./g, '').replace(',', '.');
}

export const DATE_DISPLAY = 'DD-MM-YYYY';
export const DATE_ISO = 'YYYY-MM-DD';

const dateOnly = /^\d{4}-\d{2}-\d{2}$/;

/** A timestamp as wall-clock time in the business time zone (never the browser's or the server's zone). */
function inBusinessZone(value: string | Date): dayjs.Dayjs | null {
  const d = dayjs(value);
  return d.isValid() ? d.tz(businessTimeZone()) : null;
}

/** Dates show DD-MM-YYYY; a date (YYYY-MM-DD) as it is, a timestamp as its day in the business time zone. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && dateOnly.test(value)) {
    const d = dayjs(value, DATE_ISO, true);
    return d.isValid() ? d.format(DATE_DISPLAY) : '';
  }
  return inBusinessZone(value)?.format(DATE_DISPLAY) ?? '';
}

/** Timestamps show DD-MM-YYYY HH:mm:ss in the business time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  return inBusinessZone(value)?.format(`${DATE_DISPLAY} HH:mm:ss`) ?? '';
}

/** product.md 5: date input DD/MM/YYYY with - or / as separator; returns ISO YYYY-MM-DD or null. */
export function parseDateInput(text: string): string | null {
  const t = text.trim();
  if (!/^\d{2}[-/]\d{2}[-/]\d{4}$/.test(t)) return null;
  const d = dayjs(t.replace(/\//g, '-'), 'DD-MM-YYYY', true);
  return d.isValid() ? d.format(DATE_ISO) : null;
}
