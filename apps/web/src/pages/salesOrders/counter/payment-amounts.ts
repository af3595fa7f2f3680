import { formatNumber, parseGermanNumber } from '@fp/contract/web';

// Amounts typed at the counter are German-style ("250.000", "1.234,5"); the API takes plain decimals ("250000").
// The change shown live is computed in whole cents (amounts up to 10^12 VND stay exact); the server computes the
// stored one.

/** A typed amount as a plain decimal string, or null when it is not a number. */
export const plainAmount = (typed: string | undefined | null): string | null =>
  typed === undefined || typed === null || typed.trim() === '' ? null : parseGermanNumber(typed);

const cents = (plain: string) => Math.round(Number(plain) * 100);

/** tendered − amount as a German-formatted figure, or '' while either is not a number. */
export function changeOf(tendered: string | undefined, amount: string | undefined): string {
  const t = plainAmount(tendered);
  const a = plainAmount(amount);
  if (t === null || a === null) return '';
  return formatNumber((cents(t) - cents(a)) / 100);
}

/** Whether typed `tendered` covers typed `amount`. */
export function covers(tendered: string | undefined, amount: string | undefined): boolean {
  const t = plainAmount(tendered);
  const a = plainAmount(amount);
  return t !== null && a !== null && cents(t) >= cents(a);
}
