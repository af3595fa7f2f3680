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
} as const;

export const maxLengths = [30, 32, 40, 80, 100, 150, 200, 250, 255, 500] as const;
export type MaxLength = (typeof maxLengths)[number];

const phonePattern = /^(0|84|\+84)[1-9][0-9]{8}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/;
const isNumberPattern = /^-?(\d{1,3}(\.\d{3})*|\d+)(,\d+)?$/;

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
};

/** calls.md 8: the default error text when the server gives none. */
export const DEFAULT_ERROR = 'System Error! Please contact Administrator to support!';
