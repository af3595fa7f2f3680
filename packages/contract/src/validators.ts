import { z } from 'zod';

export { check, maxLengths, messages, type MaxLength } from './messages.js';
import { check, messages, type MaxLength } from './messages.js';

/**
 * A number typed in a form or sent as text, as a canonical decimal ("1.2"); null when it is not a number.
 * With a comma the comma is the decimal mark and dots group thousands (German style, "1.234,5"); without one a
 * single dot is the decimal mark ("1.2").
 */
export function parseDecimalText(v: string | number): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  let s = v.trim();
  if (s.includes(',')) {
    if (!check.isNumber(s)) return null;
    s = s.replace(/\./g, '').replace(',', '.');
  }
  return /^-?\d+(\.\d+)?$/.test(s) ? s.replace(/^(-?)0+(?=\d)/, '$1') : null;
}

export type DecimalRule = { min: number; max: number; scale: number; minExclusive?: boolean };

/** The message for a decimal outside its rule (not a number, too many decimals, out of range), or null. */
export function decimalIssue(v: string | number, o: DecimalRule): string | null {
  const s = parseDecimalText(v);
  if (s === null) return messages.isNumber;
  const [, frac = ''] = s.split('.');
  if (frac.length > o.scale) return messages.decimals(o.scale);
  const n = Number(s);
  if (n < o.min || n > o.max || (o.minExclusive && n === o.min)) return messages.range(o.min, o.max);
  return null;
}

/** A required trimmed string of at most `max` characters. */
export const requiredText = (max: MaxLength = 255) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));

/** An optional string of at most `max` characters; empty stays empty. */
export const optionalText = (max: MaxLength = 255) =>
  z.string().trim().max(max, messages.maxLength(max)).optional().default('');

export const phone = () =>
  z.string({ error: messages.required }).trim().min(1, messages.required).refine(check.phone, messages.phone);

export const email = () => z.string().trim().max(80, messages.maxLength(80)).refine(check.email, messages.email);

export const password = () =>
  z.string({ error: messages.required }).min(1, messages.required).refine(check.password, messages.password);

export const numberText = () => z.string().refine(check.number, messages.number);

export const range = (min: number, max: number) =>
  z.number({ error: messages.isNumber }).min(min, messages.range(min, max)).max(max, messages.range(min, max));
