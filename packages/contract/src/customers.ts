import { z } from 'zod';
import { check, email, messages, optionalText, requiredText } from './validators.js';
import { businessDate } from './business-date.js';
import { int32, parseStrictDate, version } from './common.js';
import { EMPTY_BIRTH_DATE } from './constants.js';
import { shipToAddress } from './addresses.js';

/** A mobile phone as product.md 5 defines it; the message is the validator's. */
export const phoneNo = () =>
  z.string({ error: messages.required }).trim().min(1, messages.required).refine(check.phone, messages.phone);

/** National form of a Vietnamese mobile: +84912… and 84912… become 0912…, so every spelling finds one customer. */
export function normalizePhone(v: string): string {
  const t = v.trim();
  if (t.startsWith('+84')) return `0${t.slice(3)}`;
  if (t.startsWith('84') && t.length === 11) return `0${t.slice(2)}`;
  return t;
}

/** Birth dates: empty means unknown (0001-01-01); YYYY-MM-DD, DD-MM-YYYY or DD/MM/YYYY, not in the future. */
export const birthDate = () =>
  z
    .string({ error: 'birth_date must be a date (DD-MM-YYYY or YYYY-MM-DD)' })
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return EMPTY_BIRTH_DATE;
      const iso = parseStrictDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: 'birth_date must be a date (DD-MM-YYYY or YYYY-MM-DD)' });
        return z.NEVER;
      }
      if (iso !== EMPTY_BIRTH_DATE && iso > businessDate()) {
        ctx.addIssue({ code: 'custom', message: 'birth_date cannot be in the future' });
        return z.NEVER;
      }
      return iso;
    });

export const customer = z.object({
  customer_no: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  name: z.string(),
  phone_no: z.string(),
  email: z.string(),
  address: z.string(),
  address_2: z.string(),
  district_code: z.string(),
  post_code: z.string(),
  country_region_code: z.string(),
  birth_date: z.string(),
  prefix: z.string(),
  channel: z.string(),
  is_temporary: z.boolean(),
  referral_code: z.string(),
  referred_by_code: z.string(),
  referral_pos_so_no: z.string(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Customer = z.infer<typeof customer>;

export const phoneParam = z.object({ phone_no: z.string() });
export const customerNoPathParam = z.object({ customer_no: z.string().trim().min(1, messages.required) });
/** Head office picks the franchise when a phone is a customer of several. */
export const franchiseQuery = z.object({ franchise_code: z.string().trim().optional() });

// calls.md 7.13 create-temporary. country_region_code is accepted but always stored as VNM.
export const customerTemporaryCreate = z.object({
  address: optionalText(100),
  address_2: optionalText(100),
  birth_date: birthDate(),
  country_region_code: z.string().optional(),
  district_code: optionalText(30),
  email: email().optional().default(''),
  location_code: optionalText(30),
  name: requiredText(100),
  phone_no: phoneNo(),
  post_code: optionalText(30),
  /** The customer setup (channel) by its prefix (KH when empty); the number itself comes from the CUS number series. */
  prefix: optionalText(30),
  /** Required for head office; a store user's own franchise when empty. */
  franchise_code: optionalText(30),
  /** Optional: the referral code of the customer who referred this one. */
  referred_by_code: optionalText(30),
});
export type CustomerTemporaryCreate = z.input<typeof customerTemporaryCreate>;

/** Identifies one customer by number, or by phone within a franchise (customer records are keyed by phone_no). */
export const customerKey = z
  .object({
    customer_no: z.string().trim().optional(),
    phone_no: z.string().trim().optional(),
    franchise_code: z.string().trim().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.customer_no && !v.phone_no) ctx.addIssue({ code: 'custom', message: messages.required, path: ['phone_no'] });
    else if (!v.customer_no && v.phone_no && !check.phone(v.phone_no))
      ctx.addIssue({ code: 'custom', message: messages.phone, path: ['phone_no'] });
  });
export type CustomerKey = z.input<typeof customerKey>;

export const customerDetailsRequest = customerKey;

export const loyaltyBalance = z.object({
  scheme: z.string(),
  next_scheme: z.string().nullable(),
  ranking_points: z.string(),
  points_to_next_scheme: z.string().nullable(),
  redeemable_points: z.string(),
  referral_code: z.string(),
  referred_by_code: z.string(),
  birthday_promotion_eligible: z.boolean(),
  birthday_promotion_reason: z.string(),
});
export type LoyaltyBalance = z.infer<typeof loyaltyBalance>;

export const customerDetailsPos = z.object({
  customer,
  ship_to_addresses: z.array(shipToAddress),
  loyalty: loyaltyBalance,
});
export type CustomerDetailsPos = z.infer<typeof customerDetailsPos>;

// Customer records (customer records screen).
export const customerRecord = customer.extend({
  district_name: z.string(),
  province_name: z.string(),
  referred_by_customer_no: z.string(),
  referred_by_name: z.string(),
});
export type CustomerRecord = z.infer<typeof customerRecord>;

export const customerRecordInfo = customerRecord.extend({
  loyalty: loyaltyBalance,
  ship_to_addresses: z.array(shipToAddress),
});
export type CustomerRecordInfo = z.infer<typeof customerRecordInfo>;

/** The key (customer_no, or phone_no when no customer_no), the version read, and the fields to change. */
export const customerRecordUpdate = z
  .object({
    customer_no: z.string().trim().optional(),
    phone_no: z.string().trim().optional(),
    franchise_code: z.string().trim().optional(),
    version,
    name: requiredText(100).optional(),
    email: email().optional(),
    address: z.string().trim().max(100, messages.maxLength(100)).optional(),
    address_2: z.string().trim().max(100, messages.maxLength(100)).optional(),
    district_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
    post_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
    location_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
    birth_date: birthDate().optional(),
    referred_by_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
    is_temporary: z.boolean().optional(),
    country_region_code: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.customer_no && !v.phone_no) ctx.addIssue({ code: 'custom', message: messages.required, path: ['phone_no'] });
    if (v.phone_no && !check.phone(v.phone_no))
      ctx.addIssue({ code: 'custom', message: messages.phone, path: ['phone_no'] });
  });

export const referralCheckRequest = z.object({
  phone_no: phoneNo(),
  pos_so_no: requiredText(30),
  franchise_code: z.string().trim().optional(),
});
export const referralCheckResult = z.object({
  valid: z.boolean(),
  message: z.string(),
  customer_no: z.string(),
  referral_code: z.string(),
  referrer_customer_no: z.string(),
  referrer_name: z.string(),
  pos_so_no: z.string(),
});
export type ReferralCheckResult = z.infer<typeof referralCheckResult>;

// Customer setup (product.md 3): number prefix per channel.
export const customerSetup = z.object({
  id: int32(),
  name: z.string(),
  prefix: z.string(),
  channel: z.string(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomerSetup = z.infer<typeof customerSetup>;

const prefixText = () =>
  requiredText(30)
    .transform((s) => s.toUpperCase())
    .refine((s) => /^[A-Z0-9_-]+$/.test(s), 'prefix may hold only letters, digits, - and _');
export const customerSetupCreate = z.object({
  name: requiredText(100),
  prefix: prefixText(),
  channel: requiredText(30),
});
export const customerSetupUpdate = z.object({
  id: int32({ error: 'id is required' }).positive(),
  version,
  name: requiredText(100).optional(),
  prefix: prefixText().optional(),
  channel: requiredText(30).optional(),
});
/** Channels offered by the customer setup form: the sales types (product.md 3). */
export const customerChannels = [
  'STEP IN STORE',
  'FACEBOOK STORE',
  'ZALO STORE',
  'HOTLINE STORE',
  'TIKTOKSHOP',
  'HOTLINE',
  'ZALO',
  'WEBSITE',
  'FACEBOOK',
  'SHOPEE',
] as const;
export const DEFAULT_CUSTOMER_PREFIX = 'KH';

/** The stores a customer may belong to, for the counter's pickers (scoped to the caller's franchise). */
export const customerStore = z.object({
  franchise_code: z.string(),
  franchise_name: z.string(),
  location_code: z.string(),
  location_name: z.string(),
  /** The franchise's rule: cash at the counter needs an open shift (the counter asks to open one first). */
  cash_needs_open_shift: z.boolean(),
});
export type CustomerStore = z.infer<typeof customerStore>;
