import { z } from 'zod';
import { check, email, messages, range, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { bankAccountNoMessage, bankBinMessage } from './vietqr-messages.js';

// product.md 3 Franchise; api.md "Franchises, number series, addresses".

export const location = z.object({
  id: int32(),
  location_code: z.string(),
  customer_no: z.string(),
  name: z.string(),
  address: z.string(),
  district_code: z.string(),
  district_name: z.string(),
  city: z.string(),
  phone_no: z.string(),
  is_active: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Location = z.infer<typeof location>;

export const franchise = z.object({
  id: int32(),
  customer_no: z.string(),
  name: z.string(),
  address: z.string(),
  address_2: z.string(),
  district_code: z.string(),
  district_name: z.string(),
  city: z.string(),
  post_code: z.string(),
  region_code: z.string(),
  phone_no: z.string(),
  email: z.string(),
  contact: z.string(),
  tp_no: z.string(),
  ss_no: z.string(),
  vendor_no: z.string(),
  vendor_name: z.string(),
  buy_from_code: z.string(),
  buy_from_address: z.string(),
  receipt_lead_time: int32(),
  header_campaign: z.string(),
  header_costcenter: z.string(),
  header_channel: z.string(),
  header_department: z.string(),
  header_factory: z.string(),
  line_campaign: z.string(),
  line_costcenter: z.string(),
  line_gen_bus_posting_group: z.string(),
  batch_name: z.string(),
  consignment_location_code: z.string(),
  consignment_warehouse_code: z.string(),
  consignment_intransit_code: z.string(),
  /** The store's bank account (issue 11): its code in the books, the NAPAS BIN, number and holder (VietQR). */
  bank_account_code: z.string(),
  bank_bin: z.string(),
  bank_account_no: z.string(),
  bank_account_name: z.string(),
  /** Cash at the counter needs an open shift at the location (issue 17). */
  cash_needs_open_shift: z.boolean(),
  is_active: z.boolean(),
  last_synced_at: z.string().nullable(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Franchise = z.infer<typeof franchise>;

/** GET /api/franchises/{customer_no}: the franchise with its stores. */
export const franchiseDetail = franchise.extend({ locations: z.array(location) });
export type FranchiseDetail = z.infer<typeof franchiseDetail>;

const text = (max: 30 | 100 | 250) => z.string({ error: `Must be text` }).trim().max(max, messages.maxLength(max));
/** A phone that may be empty; anything else must be a Vietnamese mobile number (product.md 5). */
const phoneOrEmpty = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || check.phone(v), messages.phone);

/** The editable fields (without defaults: an update leaves absent fields as they are). */
const franchiseFields = {
  name: requiredText(100),
  address: text(100),
  address_2: text(100),
  district_code: text(30),
  district_name: text(100),
  city: text(30),
  post_code: text(30),
  region_code: text(30),
  phone_no: phoneOrEmpty(),
  email: email(),
  contact: text(100),
  tp_no: text(30),
  ss_no: text(30),
  vendor_no: text(30),
  vendor_name: text(100),
  buy_from_code: text(30),
  buy_from_address: text(250),
  /** Days from order to requested receipt. */
  receipt_lead_time: range(0, 365).int(messages.isNumber),
  header_campaign: text(30),
  header_costcenter: text(30),
  header_channel: text(30),
  header_department: text(30),
  header_factory: text(30),
  line_campaign: text(30),
  line_costcenter: text(30),
  line_gen_bus_posting_group: text(30),
  batch_name: text(30),
  consignment_location_code: text(30),
  consignment_warehouse_code: text(30),
  consignment_intransit_code: text(30),
  /** The store's bank account (issue 11): transfer and card receipts post to bank_account_code; VietQR names the rest. */
  bank_account_code: text(30),
  bank_bin: z
    .string({ error: 'Must be text' })
    .trim()
    .refine((v) => v === '' || /^\d{6}$/.test(v), bankBinMessage),
  bank_account_no: z
    .string({ error: 'Must be text' })
    .trim()
    .refine((v) => v === '' || /^[A-Za-z0-9]{1,19}$/.test(v), bankAccountNoMessage),
  bank_account_name: text(100),
  /** Cash at the counter needs an open shift at the location (issue 17). */
  cash_needs_open_shift: z.boolean({ error: 'cash_needs_open_shift must be true or false' }),
  is_active: z.boolean({ error: 'is_active must be true or false' }),
};
type Fields = typeof franchiseFields;
export const franchiseFieldNames = Object.keys(franchiseFields) as (keyof Fields)[];

const withDefaults = Object.fromEntries(
  Object.entries(franchiseFields as Record<string, z.ZodType>).map(([k, v]) => {
    if (k === 'name') return [k, v];
    if (k === 'receipt_lead_time') return [k, v.optional().default(0)];
    if (k === 'is_active') return [k, v.optional().default(true)];
    if (k === 'cash_needs_open_shift') return [k, v.optional().default(false)];
    return [k, v.optional().default('')];
  }),
) as { name: Fields['name'] } & { [K in Exclude<keyof Fields, 'name'>]: z.ZodDefault<z.ZodOptional<Fields[K]>> };

const allOptional = Object.fromEntries(Object.entries(franchiseFields).map(([k, v]) => [k, v.optional()])) as {
  [K in keyof Fields]: z.ZodOptional<Fields[K]>;
};

export const customerNo = () =>
  requiredText(30)
    .regex(/^[A-Za-z0-9_.-]+$/, 'customer_no may contain letters, digits and . _ - only')
    .transform((s) => s.toUpperCase());

/** POST /api/franchises. vendor_no/vendor_name default to the configured default vendor when left empty. */
export const franchiseCreate = z.object({ customer_no: customerNo(), ...withDefaults });
export type FranchiseCreate = z.input<typeof franchiseCreate>;

/** PUT /api/franchises: by customer_no, carrying the version last read; absent fields stay as they are. */
export const franchiseUpdate = z.object({
  customer_no: requiredText(30).transform((s) => s.toUpperCase()),
  version,
  ...allOptional,
});
export type FranchiseUpdate = z.input<typeof franchiseUpdate>;

export const franchiseDelete = z.object({
  customer_nos: z
    .array(
      requiredText(30).transform((s) => s.toUpperCase()),
      { error: 'customer_nos is required' },
    )
    .min(1, 'customer_nos must not be empty'),
});
export const franchiseDeleteResult = z.object({ deleted: z.array(z.string()) });

export const customerNoParam = z.object({ customer_no: requiredText(30).transform((s) => s.toUpperCase()) });

/** POST /api/franchises/sync (calls.md 7.6: phone_no). */
export const franchiseSync = z.object({
  phone_no: z.string({ error: messages.required }).trim().min(1, messages.required).refine(check.phone, messages.phone),
});

/** POST /api/franchises/erp-customer: by customer_no or phone_no. */
export const erpCustomerQuery = z
  .object({
    customer_no: z.string().trim().max(30, messages.maxLength(30)).optional().default(''),
    phone_no: z
      .string()
      .trim()
      .refine((v) => v === '' || check.phone(v), messages.phone)
      .optional()
      .default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.customer_no && !v.phone_no)
      ctx.addIssue({ code: 'custom', path: ['customer_no'], message: messages.required });
  });

/** A customer as the ERP knows it (Business Central `customers`), returned by erp-customer. */
export const erpCustomer = z.object({
  customer_no: z.string(),
  name: z.string(),
  address: z.string(),
  address_2: z.string(),
  district_code: z.string(),
  city: z.string(),
  post_code: z.string(),
  country_region_code: z.string(),
  phone_no: z.string(),
  email: z.string(),
  contact: z.string(),
  is_franchise: z.boolean(),
  blocked: z.boolean(),
  etag: z.string(),
});
export type ErpCustomer = z.infer<typeof erpCustomer>;
