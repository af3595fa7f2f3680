import { formatNumber } from '@fp/contract/web';
import { plainAmount } from '../../../components/MoneyInput';

// Amounts typed at the counter are typed in MoneyInput ("250.000" shown, "250000" held); the API takes plain
// decimals. The change shown live is computed in whole cents (amounts up to 10^12 VND stay exact); the server
// computes the stored one.

export { plainAmount };

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
