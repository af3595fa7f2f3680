import { z } from 'zod';
import { int32, parseStrictDate, version } from './common.js';
import { messages, optionalText, requiredText } from './validators.js';
import { REDEEMABLE_POINT_SOURCE, redeemablePointEntryTypes } from './constants.js';

export const redeemablePointSources = [REDEEMABLE_POINT_SOURCE, 'Website'] as const;
export type RedeemablePointEntryType = (typeof redeemablePointEntryTypes)[number];

/** Points: a positive decimal with at most 2 decimals, as a number or a decimal string. */
export const pointsAmount = (field: string) =>
  z
    .union([z.number(), z.string()], { error: messages.isNumber })
    .transform((v) => String(v).trim())
    .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), messages.isNumber)
    // Only a number gets the second message, so one field never carries two.
    .refine((s) => !/^\d+(\.\d{1,2})?$/.test(s) || Number(s) > 0, `${field} must be greater than 0`);

const nonNegativePoints = z
  .union([z.number(), z.string()], { error: messages.isNumber })
  .transform((v) => String(v).trim())
  .refine((s) => /^\d+(\.\d{1,2})?$/.test(s), messages.isNumber);

export const redeemablePointEntry = z.object({
  id: int32(),
  customer_no: z.string(),
  customer_name: z.string(),
  franchise_code: z.string(),
  referral_code: z.string(),
  pos_so_no: z.string(),
  website_no: z.string(),
  source: z.string(),
  entry_type: z.string(),
  /** Signed: earned and reversals of used are positive, used is negative. */
  points: z.string(),
  reverses_id: int32().nullable(),
  description: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type RedeemablePointEntry = z.infer<typeof redeemablePointEntry>;

/** A customer by customer_no, or by their own referral_code when no customer_no is given. */
const customerRef = {
  customer_no: z.string().trim().optional().default(''),
  referral_code: z.string().trim().optional().default(''),
};
/** customer_no or referral_code; checked even when other fields fail, so every missing field is named at once. */
const hasCustomer = (v: { customer_no?: unknown; referral_code?: unknown }) =>
  Boolean(v.customer_no || v.referral_code);
const customerRequired = { message: messages.required, path: ['customer_no'], when: () => true };

export const redeemablePointTotalRequest = z
  .object({ ...customerRef, bc_points_used: nonNegativePoints.optional().default('0') })
  .refine(hasCustomer, customerRequired);
export const redeemablePointTotal = z.object({
  customer_no: z.string(),
  referral_code: z.string(),
  earned: z.string(),
  used: z.string(),
  reversed: z.string(),
  /** The sum of the ledger. */
  total: z.string(),
  /** Points the ERP reports as used but not yet in this ledger. */
  bc_points_used: z.string(),
  /** total − bc_points_used, never below 0: what the customer may redeem now. */
  available: z.string(),
});
export type RedeemablePointTotal = z.infer<typeof redeemablePointTotal>;

export const redeemablePointAdd = z
  .object({
    pos_so_no: requiredText(30),
    ...customerRef,
    redeemable_point_used: pointsAmount('redeemable_point_used'),
    source: z
      .enum(redeemablePointSources, { error: `source must be one of ${redeemablePointSources.join(', ')}` })
      .default(REDEEMABLE_POINT_SOURCE),
    website_no: optionalText(30),
    /** When pos_so_no names a sales order of this system: its version (stale → 409), if the caller knows it. */
    version: version.optional(),
  })
  .refine(hasCustomer, customerRequired);

export const redeemablePointRemove = z
  .object({
    order_number: requiredText(30),
    source: z
      .enum(redeemablePointSources, { error: `source must be one of ${redeemablePointSources.join(', ')}` })
      .default(REDEEMABLE_POINT_SOURCE),
    ...customerRef,
    /** When order_number names a sales order of this system: its version (stale → 409), if the caller knows it. */
    version: version.optional(),
  })
  .refine(hasCustomer, customerRequired);
export const redeemablePointRemoveResult = z.object({
  reversed: z.array(redeemablePointEntry),
  total: redeemablePointTotal,
});

export const loyaltyScheme = z.object({
  code: z.string(),
  description: z.string(),
  min_ranking_points: z.string(),
  sort: int32(),
});
export type LoyaltyScheme = z.infer<typeof loyaltyScheme>;

export const birthdayPromotionQuery = z.object({
  date: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseStrictDate(v) !== null, 'date must be YYYY-MM-DD')
    .optional(),
});
export const birthdayPromotionEligibility = z.object({
  customer_no: z.string(),
  eligible: z.boolean(),
  reason: z.string(),
  birth_date: z.string(),
  year: int32(),
  used_on_pos_so_no: z.string(),
});
export type BirthdayPromotionEligibility = z.infer<typeof birthdayPromotionEligibility>;
export const redeemablePointAddResult = z.object({ entry: redeemablePointEntry, total: redeemablePointTotal });
