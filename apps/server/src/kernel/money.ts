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

// The arithmetic itself is the contract's (one copy, shared with the offline counter: @fp/contract/pricing).
export { D, sum, toMoney, toQty, vatContained } from '@fp/contract/pricing';
