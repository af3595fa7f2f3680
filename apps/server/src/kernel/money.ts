import Decimal from 'decimal.js';
import { numeric } from 'drizzle-orm/pg-core';

// Money and quantities (ARCHITECTURE "Data"): numeric columns, decimal.js arithmetic, never JS floats.
// Precision, chosen once: money numeric(18,2) (VND, at most 2 decimals as shown); quantities numeric(18,5)
// (units of measure such as 0.25 kg); percents numeric(5,2). Rounding is half-up to the column's scale.

/** A money column: numeric(18,2). */
export const money = (name: string) => numeric(name, { precision: 18, scale: 2 });
/** A quantity column: numeric(18,5). */
export const qty = (name: string) => numeric(name, { precision: 18, scale: 5 });
/** A percent column: numeric(5,2). */
export const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

export const D = (v: Decimal.Value | null | undefined) => new Decimal(v ?? 0);
/** Money rounded half-up to 2 decimals, as the column stores it ("1234.50"). */
export const toMoney = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
/** A quantity rounded half-up to 5 decimals, without trailing zeros ("1.5"). */
export const toQty = (v: Decimal.Value) => new Decimal(v).toDecimalPlaces(5, Decimal.ROUND_HALF_UP).toString();
/** Sum of decimal strings. */
export const sum = (values: Iterable<Decimal.Value>) => {
  let s = new Decimal(0);
  for (const v of values) s = s.plus(v);
  return s;
};
/** The VAT contained in a VAT-inclusive amount (retail prices include VAT): amount × rate / (100 + rate). */
export const vatContained = (amount: Decimal.Value, vatPercent: Decimal.Value) =>
  toMoney(new Decimal(amount).mul(vatPercent).div(new Decimal(100).plus(vatPercent)));
