import i18n from './index';

/**
 * The spec's fixed validator messages (product.md 5, `messages` of @fp/contract) in the interface language: English
 * is the spec's exact text (i18n.test.ts compares them), Vietnamese is vi.json's. Read when a form renders or
 * validates, never at module load, so a language switch reaches them.
 */
export const msg = {
  get required() {
    return i18n.t('messages.required');
  },
  get phone() {
    return i18n.t('messages.phone');
  },
  get email() {
    return i18n.t('messages.email');
  },
  get password() {
    return i18n.t('messages.password');
  },
  get number() {
    return i18n.t('messages.number');
  },
  get isNumber() {
    return i18n.t('messages.isNumber');
  },
  get ip() {
    return i18n.t('messages.ip');
  },
  maxLength: (n: number) => i18n.t('messages.maxLength', { n }),
  range: (min: number, max: number) => i18n.t('messages.range', { min, max }),
  decimals: (n: number) => i18n.t('messages.decimals', { n }),
};

type Fixed = 'required' | 'phone' | 'email' | 'password' | 'number' | 'isNumber' | 'ip';
const fixed: readonly Fixed[] = ['required', 'phone', 'email', 'password', 'number', 'isNumber', 'ip'];
const counted: { pattern: RegExp; key: string; names: string[] }[] = [
  { pattern: /^Maximum (\d+) characters!$/, key: 'messages.maxLength', names: ['n'] },
  { pattern: /^Please enter between (-?[\d.]+) and (-?[\d.]+)$/, key: 'messages.range', names: ['min', 'max'] },
  { pattern: /^Please enter at most (\d+) decimals!$/, key: 'messages.decimals', names: ['n'] },
];

/**
 * A message of the contract's schemas in the interface language when it is one of the spec's fixed messages
 * (`messages` of @fp/contract: the form rules built from zod schemas, components/zod-rules.ts); any other text, such
 * as a field-specific message of a schema, as it is.
 */
export function specText(text: string): string {
  const en = i18n.getFixedT('en');
  const name = fixed.find((k) => en(`messages.${k}`) === text);
  if (name) return msg[name];
  for (const c of counted) {
    const m = c.pattern.exec(text);
    if (m) return i18n.t(c.key, Object.fromEntries(c.names.map((n, i) => [n, m[i + 1]])));
  }
  return text;
}
