import { z } from 'zod';
import { decimalIssue, messages, requiredText, type DecimalRule } from './validators.js';
import { parseStrictDate } from './common.js';
import { priceSources } from './constants.js';

// Shared pieces of the catalogue payloads (items, item prices, categories).

/** A decimal given as a number or a string ("125000", "1.05"); becomes a plain decimal string. */
export const decimalInput = (_field: string, o: DecimalRule) =>
  z
    .union([z.number({ error: messages.isNumber }), z.string({ error: messages.isNumber })], {
      error: messages.isNumber,
    })
    .transform((v, ctx) => {
      // The same rule and messages as the forms (decimalIssue); the API takes a plain decimal ("1.25").
      const plain = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim();
      const issue = /^-?\d+(\.\d+)?$/.test(plain) ? decimalIssue(plain, o) : messages.isNumber;
      if (issue) {
        ctx.addIssue({ code: 'custom', message: issue, path: [] });
        return z.NEVER;
      }
      return plain.replace(/^(-?)0+(?=\d)/, '$1');
    });

/** VND amount: 0 … 999.999.999.999, at most 2 decimals. */
export const moneyInput = (field = 'unit_price') => decimalInput(field, { min: 0, max: 999_999_999_999, scale: 2 });

/** A date as YYYY-MM-DD or DD-MM-YYYY (product.md 5); becomes YYYY-MM-DD. */
export const dateInput = () =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((v, ctx) => {
      const iso = parseStrictDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: 'Please enter a date as DD-MM-YYYY' });
        return z.NEVER;
      }
      return iso;
    });

/** Item numbers and codes are kept upper-case, as the ERP writes them. */
export const codeInput = () =>
  requiredText(30)
    .regex(/^[A-Za-z0-9._\-/]*$/, 'Use letters, digits and . _ - / only')
    .transform((s) => s.toUpperCase());

/** Where an effective price came from (priceOf); its label is options.priceSource.<value>. */
export type PriceSource = (typeof priceSources)[number];
