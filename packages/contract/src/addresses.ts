import { z } from 'zod';
import { listRequest } from './filter.js';
import { check, messages, optionalText, requiredText } from './validators.js';
import { int32, version } from './common.js';

// calls.md 7.7: post codes and districts come from one lookup; `table_code` says which.
// post_code rows are the 63 provinces (official GSO code, e.g. 01 Hà Nội); address_district rows are the
// districts (official 3-digit code) and carry their province's code in `post_code`.
export const addressTableCodes = ['post_code', 'address_district'] as const;
export type AddressTableCode = (typeof addressTableCodes)[number];

export const addressFilterRequest = listRequest.extend({
  table_code: z.enum(addressTableCodes, { error: `table_code must be one of ${addressTableCodes.join(', ')}` }),
  use_local: z.boolean({ error: 'use_local must be true or false' }).default(true),
});
export type AddressFilterRequest = z.input<typeof addressFilterRequest>;

export const addressUnit = z.object({
  table_code: z.enum(addressTableCodes),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  full_name: z.string(),
  type: z.string(),
  /** The province code: the row's own code for a province, its province for a district. */
  post_code: z.string(),
  province_name: z.string(),
  country_region_code: z.string(),
});
export type AddressUnit = z.infer<typeof addressUnit>;

/** An optional phone: empty passes, anything else must be a valid mobile number (product.md 5). */
export const optionalPhone = () =>
  z
    .string()
    .trim()
    .optional()
    .default('')
    .refine((v) => v === '' || check.phone(v), messages.phone);

const code = () => requiredText(30).transform((s) => s.toUpperCase());
const optionalCode = () =>
  z
    .string()
    .trim()
    .max(30, messages.maxLength(30))
    .optional()
    .default('')
    .transform((s) => s.toUpperCase());

// Ship-to addresses (calls.md 7.7). country_region_code is accepted but always stored as VNM.
const shipToFields = {
  name: requiredText(100),
  name_2: optionalText(100),
  address: requiredText(100),
  address_2: optionalText(100),
  district_code: optionalText(30),
  post_code: optionalText(30),
  contact: optionalText(100),
  phone_no: optionalPhone(),
  country_region_code: z.string().optional(),
};

export const shipToAddress = z.object({
  id: int32(),
  code: z.string(),
  customer_no: z.string(),
  franchise_code: z.string(),
  name: z.string(),
  name_2: z.string(),
  address: z.string(),
  address_2: z.string(),
  district_code: z.string(),
  district_name: z.string(),
  post_code: z.string(),
  province_name: z.string(),
  contact: z.string(),
  phone_no: z.string(),
  country_region_code: z.string(),
  is_temporary: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShipToAddress = z.infer<typeof shipToAddress>;

/** code is optional: an empty code gets the customer's next one (SA001, SA002, …). */
export const shipToAddressCreate = z.object({ code: optionalCode(), customer_no: code(), ...shipToFields });
export const shipToAddressTemporaryCreate = z.object({
  code: optionalCode(),
  phone_no_customer: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine(check.phone, messages.phone),
  /** Needed by head office when the same phone is a customer of several franchises. */
  franchise_code: optionalText(30),
  ...shipToFields,
});
export const shipToAddressUpdate = z.object({
  customer_no: code(),
  code: code(),
  version,
  name: shipToFields.name.optional(),
  name_2: z.string().trim().max(100, messages.maxLength(100)).optional(),
  address: shipToFields.address.optional(),
  address_2: z.string().trim().max(100, messages.maxLength(100)).optional(),
  district_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
  post_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
  contact: z.string().trim().max(100, messages.maxLength(100)).optional(),
  phone_no: z
    .string()
    .trim()
    .refine((v) => v === '' || check.phone(v), messages.phone)
    .optional(),
  country_region_code: z.string().optional(),
});

// Shipping agents and their services (calls.md 7.7).
export const shippingAgent = z.object({ code: z.string(), name: z.string() });
export type ShippingAgent = z.infer<typeof shippingAgent>;

export const shippingAgentService = z.object({
  id: int32(),
  code: z.string(),
  shipping_agent_code: z.string(),
  shipping_agent_name: z.string(),
  description: z.string(),
  post_code: z.string(),
  district_code: z.string(),
  is_temporary: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingAgentService = z.infer<typeof shippingAgentService>;

const serviceFields = {
  shipping_agent_code: code(),
  description: requiredText(100),
  post_code: optionalText(30),
  district_code: optionalText(30),
};
export const shippingAgentServiceCreate = z.object({ code: code(), ...serviceFields });
/** A one-off service for a single delivery; code is generated (TMP0001, …) when empty. */
export const shippingAgentServiceTemporaryCreate = z.object({ code: optionalCode(), ...serviceFields });
export const shippingAgentServiceUpdate = z.object({
  shipping_agent_code: code(),
  code: code(),
  version,
  description: requiredText(100).optional(),
  post_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
  district_code: z.string().trim().max(30, messages.maxLength(30)).optional(),
});
