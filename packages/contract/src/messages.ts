// product.md 5: every validator's exact message and plain predicate; forms and server share these. Zod-free
// (the web app's first load imports them through `@fp/contract/web`); the zod schemas are in validators.ts.
export const messages = {
  required: 'This is required field!',
  phone: 'Please enter a valid phone number!',
  email: 'Please enter a valid email!',
  password: 'Minimum 8 characters and include at least one alphabetic and at least one numeric character!',
  number: 'Number is not valid! Please enter a number and maximum 14 characters',
  maxLength: (n: number) => `Maximum ${n} characters!`,
  range: (min: number, max: number) => `Please enter between ${min} and ${max}`,
  isNumber: 'Please enter number!',
  /** Not in product.md 5's table; worded in its style. */
  decimals: (n: number) => `Please enter at most ${n} decimals!`,
  ip: 'Please enter a valid IP address such as 192.168.1.50!',
} as const;

export const maxLengths = [30, 32, 40, 80, 100, 150, 200, 250, 255, 500] as const;
export type MaxLength = (typeof maxLengths)[number];

const phonePattern = /^(0|84|\+84)[1-9][0-9]{8}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
const isNumberPattern = /^-?(\d{1,3}(\.\d{3})*|\d+)(,\d+)?$/;
const ipv4Pattern = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const ipv6Group = /^[0-9a-f]{1,4}$/i;

/** An IPv6 literal (no zone): eight groups, or fewer around one `::`; an IPv4 tail counts as two groups. */
function isIpv6(v: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(v)) return false;
  let s = v;
  if (s.includes('.')) {
    const lastColon = s.lastIndexOf(':');
    if (lastColon < 0 || !ipv4Pattern.test(s.slice(lastColon + 1))) return false;
    s = `${s.slice(0, lastColon + 1)}0:0`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return false;
  const parts = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  if (!parts.every((g) => ipv6Group.test(g))) return false;
  return halves.length === 2 ? parts.length < 8 : parts.length === 8;
}

/** Plain predicates, used by form rules in the web app and by the zod schemas in validators.ts. */
export const check = {
  required: (v: unknown) => !(v === undefined || v === null || (typeof v === 'string' && v.trim() === '')),
  phone: (v: string) => v.length > 9 && phonePattern.test(v),
  email: (v: string) => v === '' || emailPattern.test(v),
  password: (v: string) => passwordPattern.test(v),
  number: (v: string) => {
    const digits = v.replace(/[.,]/g, '');
    return /^\d+$/.test(digits) && v.length < 14;
  },
  maxLength: (v: string, n: number) => v.length <= n,
  range: (v: number, min: number, max: number) => v >= min && v <= max,
  isNumber: (v: string) => isNumberPattern.test(v),
  /** An IPv4 or IPv6 address literal (host names are not addresses). */
  ip: (v: string) => ipv4Pattern.test(v) || isIpv6(v),
  /** A whole number from min to max (text as typed or a number). */
  integerIn: (v: string | number, min: number, max: number) => {
    const s = String(v).trim();
    return /^-?\d{1,16}$/.test(s) && Number(s) >= min && Number(s) <= max;
  },
};

/** calls.md 8: the default error text when the server gives none. */
export const DEFAULT_ERROR = 'System Error! Please contact Administrator to support!';
