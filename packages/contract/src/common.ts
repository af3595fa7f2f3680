import { z } from 'zod';

/** PostgreSQL's integer: every whole number a request carries fits it (issue 7: no 500 for 2147483648). */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;
const int32Message = (min: number) => `Please enter between ${min} and ${INT32_MAX}`;

type NumberParams = Parameters<typeof z.number>[0];

/** A whole number within int32; chain .min/.max/.positive for narrower ranges. */
export const int32 = (params?: NumberParams) =>
  z.number(params).int().min(INT32_MIN, int32Message(INT32_MIN)).max(INT32_MAX, int32Message(INT32_MIN));

/** int32 from a path or query string ("12"); the integer message names what was expected. */
export const coercedInt32 = (params?: NumberParams, intMessage?: string) =>
  z.coerce
    .number(params)
    .int(intMessage)
    .min(INT32_MIN, int32Message(INT32_MIN))
    .max(INT32_MAX, int32Message(INT32_MIN));

export const id = z.coerce.number({ error: 'id must be a number' }).int().positive().max(INT32_MAX, int32Message(1));
export const version = int32({ error: 'version is required' }).min(0);
export const timestamp = z.string();
export const idParam = z.object({ id });
export const okData = z.object({ ok: z.boolean() });
export const idsBody = z.object({ ids: z.array(int32().positive()).min(1, 'ids must not be empty') });

// ---- dates: one strict parser for schemas and the filter builder (PostgreSQL must never see a date it refuses)

const ymd = /^(\d{4})-(\d{2})-(\d{2})$/;
const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;
const isoTime = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function realDate(y: number, m: number, d: number): boolean {
  if (y < 1 || y > 9999 || m < 1 || m > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[m - 1];
}

/**
 * A calendar date as YYYY-MM-DD (ISO) or DD-MM-YYYY / DD/MM/YYYY (product.md 5), years 0001–9999, no 30 February;
 * returns the ISO form or null. Nothing else is a date (no "1 Jan 2024", no "2024-1-1").
 */
export function parseStrictDate(text: string): string | null {
  const t = text.trim();
  const m = ymd.exec(t);
  const parts = m
    ? [m[1], m[2], m[3]]
    : (() => {
        const d = dmy.exec(t);
        return d ? [d[3], d[2], d[1]] : null;
      })();
  if (!parts) return null;
  const [y, mo, d] = parts.map(Number);
  return realDate(y, mo, d) ? `${parts[0]}-${parts[1]}-${parts[2]}` : null;
}

/** A date (as parseStrictDate) or an ISO timestamp with a valid time and optional zone; returns it normalised or null. */
export function parseStrictDateTime(text: string): string | null {
  const date = parseStrictDate(text);
  if (date) return date;
  const m = isoTime.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  if (!realDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  if (m[7] && m[7] !== 'Z') {
    const z = m[7].replace(':', '');
    if (Number(z.slice(1, 3)) > 14 || Number(z.slice(3)) > 59) return null;
  }
  return text.trim().replace(' ', 'T');
}

const dateMessage = 'Please enter a valid date (DD-MM-YYYY)';

/** A required date in a request: DD-MM-YYYY or YYYY-MM-DD in, ISO YYYY-MM-DD out. */
export const dateText = (message = dateMessage) =>
  z.string({ error: message }).transform((v, ctx) => {
    const d = parseStrictDate(v);
    if (d === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return d;
  });
