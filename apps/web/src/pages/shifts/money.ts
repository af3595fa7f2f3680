import type { Rule } from 'antd/es/form';
import { formatNumber, messages } from '@fp/contract/web';
import { plainAmount } from '../../components/MoneyInput';

// Amounts counted in the drawer are typed in MoneyInput ("1.250.000" shown, "1250000" held); the API takes plain
// decimals. The difference shown live is computed in whole cents (exact up to 10^12 VND); the server records its own.

export { plainAmount };

export const cents = (plain: string | number | null | undefined) => Math.round(Number(plain ?? 0) * 100);

/** counted − expected, German-formatted, or '' while the counted amount is not a number. */
export function differenceOf(counted: string | undefined, expected: string | null | undefined): string {
  const c = plainAmount(counted);
  if (c === null) return '';
  return formatNumber((cents(c) - cents(expected)) / 100);
}

/** The sign of counted − expected (−1 short, 0 even, 1 over), or null while not a number. */
export function differenceSign(counted: string | undefined, expected: string | null | undefined): number | null {
  const c = plainAmount(counted);
  if (c === null) return null;
  return Math.sign(cents(c) - cents(expected));
}

/**
 * The contract's rules of an amount field (rulesFrom) for a field typed German-style: each validator sees the plain
 * figure, so the form refuses exactly what the server refuses and says it in the contract's words.
 */
export function germanAmountRules(rules: Rule[]): Rule[] {
  return rules.map((r) => {
    if (typeof r !== 'object' || !r.validator) return r;
    const inner = r.validator;
    return {
      ...r,
      validator: (rule, value: unknown, callback) => {
        if (typeof value !== 'string' || value.trim() === '') return inner(rule, value, callback);
        const plain = plainAmount(value);
        if (plain === null) return Promise.reject(new Error(messages.isNumber));
        return inner(rule, plain, callback);
      },
    } as Rule;
  });
}
