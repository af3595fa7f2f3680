import { z } from 'zod';
import { messages, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { dateInput, decimalInput, moneyInput } from './catalogue-common.js';
import { appliedPromotionKinds, promotionDiscountTypes, promotionKinds, promotionScopes } from './constants.js';

// Promotions and coupons (issue 9; api.md Sales "promotions and coupons"): the catalogue head office keeps, and what
// the counter does with it on an order (auto promotion on/off, coupon check/apply/remove, birthday promotion).
// The rules of which one applies are in apps/server/src/modules/promotions/README.md.

// The option lists (promotionKinds, promotionDiscountTypes, promotionScopes, appliedPromotionKinds) are zod-free, in
// constants.ts, so their labels can be checked and shown without zod.

const money = z.string();
const code30 = (field: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(30, messages.maxLength(30))
    .regex(/^[A-Za-z0-9._\-/]*$/, `${field} may use letters, digits and . _ - / only`)
    .transform((s) => s.toUpperCase());

export const promotion = z.object({
  id: int32(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(promotionKinds),
  /** A coupon's code (upper-case, unique); '' for an automatic promotion. */
  coupon_code: z.string(),
  discount_type: z.enum(promotionDiscountTypes),
  /** A percent (0 < v ≤ 100) or an amount in VND. */
  discount_value: money,
  scope: z.enum(promotionScopes),
  /** Category ids (a category covers its sub-categories) or item numbers; [] for scope all. */
  scope_values: z.array(z.string()),
  min_order_amount: money,
  valid_from: z.string(),
  valid_to: z.string(),
  /** The franchises it applies to; [] = every franchise. */
  franchise_codes: z.array(z.string()),
  /** Coupons: how many orders may use it; null = unlimited. */
  usage_limit: int32().nullable(),
  /** Orders that use the coupon now (coupon uses; released when removed or the order is canceled). */
  used_count: int32(),
  priority: int32(),
  is_active: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Promotion = z.infer<typeof promotion>;

const promotionFields = {
  code: code30('code'),
  description: requiredText(250),
  kind: z.enum(promotionKinds, { error: 'kind must be auto or coupon' }),
  coupon_code: z
    .string()
    .trim()
    .max(30, messages.maxLength(30))
    .regex(/^[A-Za-z0-9._\-/]*$/, 'coupon_code may use letters, digits and . _ - / only')
    .transform((s) => s.toUpperCase()),
  discount_type: z.enum(promotionDiscountTypes, { error: 'discount_type must be percent or amount' }),
  discount_value: decimalInput('discount_value', { min: 0, max: 999_999_999_999, scale: 2, minExclusive: true }),
  scope: z.enum(promotionScopes, { error: 'scope must be all, category or item' }),
  scope_values: z
    .array(
      z.union([z.string(), z.number()]).transform((v) => String(v).trim().toUpperCase()),
      {
        error: 'scope_values must be a list',
      },
    )
    .max(500, 'scope_values: at most 500 values'),
  min_order_amount: moneyInput('min_order_amount'),
  valid_from: dateInput(),
  valid_to: dateInput(),
  franchise_codes: z
    .array(z.string().trim().min(1, messages.required).max(30, messages.maxLength(30)), {
      error: 'franchise_codes must be a list',
    })
    .max(500, 'franchise_codes: at most 500 values'),
  usage_limit: int32({ error: 'usage_limit must be a whole number' })
    .positive('usage_limit must be more than 0')
    .nullable(),
  priority: int32({ error: 'priority must be a whole number' }).min(0, 'priority must be 0 or more'),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
};

/**
 * POST /api/promotions. Rules across fields (checked by the server, each naming its field): a coupon needs a
 * coupon_code, an automatic promotion has none and no usage_limit; a percent is at most 100; valid_to is not before
 * valid_from; scope category/item names at least one value.
 */
export const promotionCreate = z.object({
  ...promotionFields,
  coupon_code: promotionFields.coupon_code.optional().default(''),
  scope: promotionFields.scope.optional().default('all'),
  scope_values: promotionFields.scope_values.optional().default([]),
  min_order_amount: promotionFields.min_order_amount.optional().default('0'),
  franchise_codes: promotionFields.franchise_codes.optional().default([]),
  usage_limit: promotionFields.usage_limit.optional().default(null),
  priority: promotionFields.priority.optional().default(0),
  is_active: promotionFields.is_active.optional().default(true),
});
export type PromotionCreate = z.input<typeof promotionCreate>;

/** PUT /api/promotions: the id, the version last read, and the fields that change (absent = unchanged). */
export const promotionUpdate = z.object({
  id: int32({ error: 'id is required' }).positive(),
  version,
  code: promotionFields.code.optional(),
  description: promotionFields.description.optional(),
  kind: promotionFields.kind.optional(),
  coupon_code: promotionFields.coupon_code.optional(),
  discount_type: promotionFields.discount_type.optional(),
  discount_value: promotionFields.discount_value.optional(),
  scope: promotionFields.scope.optional(),
  scope_values: promotionFields.scope_values.optional(),
  min_order_amount: promotionFields.min_order_amount.optional(),
  valid_from: promotionFields.valid_from.optional(),
  valid_to: promotionFields.valid_to.optional(),
  franchise_codes: promotionFields.franchise_codes.optional(),
  usage_limit: promotionFields.usage_limit.optional(),
  priority: promotionFields.priority.optional(),
  is_active: promotionFields.is_active.optional(),
});
export type PromotionUpdate = z.input<typeof promotionUpdate>;

/** POST /api/promotions/remove: deleted when no order ever used it, else deactivated (is_active false). */
export const promotionRemove = z.object({ id: int32({ error: 'id is required' }).positive(), version });
export const promotionRemoveResult = z.object({
  id: int32(),
  /** deleted: never used, gone; deactivated: orders used it, kept inactive for their history. */
  outcome: z.enum(['deleted', 'deactivated']),
});

// ---------- on a sales order ----------

/** One promotion applied to an order (the order answer's applied_promotions). */
export const appliedPromotion = z.object({
  kind: z.enum(appliedPromotionKinds),
  /** null for the birthday promotion (it is not in the catalogue). */
  promotion_id: int32().nullable(),
  code: z.string(),
  description: z.string(),
  amount: money,
});
export type AppliedPromotion = z.infer<typeof appliedPromotion>;

const orderRef = {
  pos_so_no: z.string({ error: messages.required }).trim().min(1, messages.required),
  version,
};

/** PUT /api/sales-orders/auto-promotion. */
export const salesAutoPromotion = z.object({
  ...orderRef,
  auto_promotion: z.boolean({ error: 'auto_promotion must be true or false' }),
});

/** PUT /api/sales-orders/birthday-promotion. */
export const salesBirthdayPromotion = z.object({
  ...orderRef,
  loyalty_birthday_used: z.boolean({ error: 'loyalty_birthday_used must be true or false' }),
});

const couponCode = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(30, messages.maxLength(30))
  .transform((s) => s.toUpperCase());

/** POST /api/sales-orders/coupon-check: nothing changes. */
export const salesCouponCheck = z.object({
  pos_so_no: orderRef.pos_so_no,
  coupon_code: couponCode,
});
export const salesCouponCheckResult = z.object({
  valid: z.boolean(),
  /** Why not (or, when valid, what it does), e.g. "Coupon SALE10 expired on 2026-01-31". */
  reason: z.string(),
  /** What the coupon would take off this order now ('0.00' when not valid). */
  discount: money,
});
export type SalesCouponCheckResult = z.infer<typeof salesCouponCheckResult>;

/** PUT /api/sales-orders/coupon: applies a coupon (validated like the check, counted once per order). */
export const salesCouponApply = z.object({ ...orderRef, coupon_code: couponCode });
/** POST /api/sales-orders/coupon/remove: takes the coupon off an open order and gives its use back. */
export const salesCouponRemove = z.object(orderRef);
