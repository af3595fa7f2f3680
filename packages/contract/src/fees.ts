import { z } from 'zod';
import { messages, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { moneyInput } from './catalogue-common.js';
import { percentInput } from './sales.js';

// The fee catalogue (calls.md 7.14, api.md: POST /api/fees/filter · add · remove · PUT /api/fees) and fees on a
// sales order (calls.md 7.12: POST /api/sales-orders/fees · PUT … · POST …/fees/remove; product.md 3 Fee record).
// Amounts are VAT included, decimal strings with 2 decimals.

export const DEFAULT_FEE_VAT_PERCENT = '10';

export const fee = z.object({
  id: int32(),
  fee_code: z.string(),
  description: z.string(),
  /** The default amount on an order, VAT included. */
  amount: z.string(),
  vat_percent: z.string(),
  is_active: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Fee = z.infer<typeof fee>;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** A required money amount: absent is "This is required field!", otherwise moneyInput's messages. */
const requiredMoney = (field: string) =>
  z
    .unknown()
    .refine((v) => !isBlank(v), messages.required)
    .pipe(moneyInput(field));
const active = z.boolean({ error: 'is_active must be true or false' });

export const feeCreate = z.object({
  fee_code: requiredText(30)
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z0-9_.-]+$/.test(s), 'fee_code may contain only letters, digits, -, _ and .'),
  description: requiredText(250),
  amount: requiredMoney('amount'),
  vat_percent: percentInput('vat_percent').optional().default(DEFAULT_FEE_VAT_PERCENT),
  is_active: active.optional().default(true),
});
export type FeeCreate = z.input<typeof feeCreate>;

/** PUT /api/fees: the fee by id with the version last read; an absent field keeps its value (the code never changes). */
export const feeUpdate = z.object({
  id: int32().positive(),
  version,
  description: requiredText(250).optional(),
  amount: moneyInput('amount').optional(),
  vat_percent: percentInput('vat_percent').optional(),
  is_active: active.optional(),
});
export type FeeUpdate = z.input<typeof feeUpdate>;

/** POST /api/fees/remove: fees by id; a fee used on any sales order is refused (set it inactive instead). */
export const feeRemove = z.object({
  ids: z
    .array(int32().positive(), { error: 'ids must be a list of fee ids' })
    .min(1, 'ids must not be empty')
    .max(500, 'ids must have at most 500 entries'),
});
export const feeRemoveResult = z.object({ removed: int32() });

// ---- Fees on a sales order ----

const docRef = { pos_so_no: requiredText(30), version };

/** POST /api/sales-orders/fees: a catalogue fee on an open order; amount and description default to the catalogue's. */
export const salesFeeAdd = z.object({
  ...docRef,
  fee_code: requiredText(30).transform((s) => s.toUpperCase()),
  amount: moneyInput('amount').optional(),
  description: z.string().trim().max(250, messages.maxLength(250)).optional(),
});
export type SalesFeeAdd = z.input<typeof salesFeeAdd>;

/** PUT /api/sales-orders/fees: one fee line of an open order (absent keeps; '' description is the catalogue's). */
export const salesFeeUpdate = z.object({
  ...docRef,
  line_no: int32().positive(),
  amount: moneyInput('amount').optional(),
  description: z.string().trim().max(250, messages.maxLength(250)).optional(),
});
export type SalesFeeUpdate = z.input<typeof salesFeeUpdate>;

/** POST /api/sales-orders/fees/remove: fee lines (line_nos) of an open order. */
export const salesFeeRemove = z.object({
  ...docRef,
  line_nos: z.array(int32().positive()).min(1, 'line_nos must not be empty').max(500),
});
export type SalesFeeRemove = z.input<typeof salesFeeRemove>;
