import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';

dayjs.extend(customParseFormat);

const germanNumber = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** calls.md 9: numbers German-style with at most 2 decimals: 1234567.5 -> "1.234.567,5". */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  // Intl formats a decimal string exactly, so numeric columns never pass through a float.
  return germanNumber.format(value as unknown as number);
}

/** Parses German-style input ("1.234,5") to a plain decimal string ("1234.5"), or null if not a number. */
export function parseGermanNumber(text: string): string | null {
  const t = text.trim();
  if (!/^-?(\d{1,3}(\.\d{3})*|\d+)(,\d+)?$/.test(t)) return null;
  return t.replace(/\./g, '').replace(',', '.');
}

export const DATE_DISPLAY = 'DD-MM-YYYY';
export const DATE_ISO = 'YYYY-MM-DD';

/** Dates show DD-MM-YYYY; accepts ISO dates and timestamps. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_DISPLAY) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(`${DATE_DISPLAY} HH:mm:ss`) : '';
}

/** product.md 5: date input DD/MM/YYYY with - or / as separator; returns ISO YYYY-MM-DD or null. */
export function parseDateInput(text: string): string | null {
  const t = text.trim();
  if (!/^\d{2}[-/]\d{2}[-/]\d{4}$/.test(t)) return null;
  const d = dayjs(t.replace(/\//g, '-'), 'DD-MM-YYYY', true);
  return d.isValid() ? d.format(DATE_ISO) : null;
}
