import { z } from 'zod';
import { int32 } from './common.js';
import { requiredText } from './validators.js';

// Selling offline (issue 19; api.md "Counter", extended): the number ranges a device reserves of its franchise's
// sales order series, everything the counter needs to sell without the server, and the store manager's list of the
// counter sales the server flagged when they came back.

/** What the server noticed about a counter sale that had already been handed over (an offline sale). */
export const counterSaleFlags = ['stock_short', 'price_changed', 'promotion_changed', 'no_open_shift'] as const;
export type CounterSaleFlag = (typeof counterSaleFlags)[number];

/** A device's id: a UUID the device made for itself (kept in its storage). */
export const offlineDeviceId = (field = 'offline_device') => z.uuid({ error: `${field} must be a UUID` });

/** How many numbers a reservation takes when the body names none, and the bounds. */
export const NUMBER_RANGE_DEFAULT = 50;
export const NUMBER_RANGE_MAX = 500;
/** The counter warns the cashier when the device has fewer numbers left than this. */
export const NUMBER_RANGE_LOW = 10;

/** POST /api/counter-sales/number-ranges. */
export const numberRangeReserve = z.object({
  offline_device: offlineDeviceId(),
  location_code: requiredText(30),
  count: int32({ error: 'count must be a whole number' })
    .min(1, 'count must be at least 1')
    .max(NUMBER_RANGE_MAX, `count must be at most ${NUMBER_RANGE_MAX}`)
    .optional()
    .default(NUMBER_RANGE_DEFAULT),
});
export type NumberRangeReserve = z.input<typeof numberRangeReserve>;

/**
 * A range of a franchise's sales order series reserved for one device: the numbers `prefix` + `first`..`last`
 * (6 digits, as the series formats them: `first_no`..`last_no`), used in order by the device's offline sales.
 */
export const numberRange = z.object({
  id: int32(),
  offline_device: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  /** The series' prefix (`<franchise>-SO-<yy>-`); a number is prefix + the 6-digit counter. */
  prefix: z.string(),
  first: int32(),
  last: int32(),
  first_no: z.string(),
  last_no: z.string(),
  /** Numbers of the range already used by sales that reached the server. */
  used: int32(),
  /** Numbers of the range not yet used by a sale that reached the server. */
  left: int32(),
  /** The range's first number not used yet ('' when all are used). */
  next_no: z.string(),
  reserved_by: z.string(),
  created_at: z.string(),
});
export type NumberRange = z.infer<typeof numberRange>;

/** GET /api/counter-sales/number-ranges?offline_device= */
export const numberRangeQuery = z.object({ offline_device: offlineDeviceId() });
export const numberRangeList = z.object({
  offline_device: z.string(),
  items: z.array(numberRange),
  /** Numbers left over all the device's ranges. */
  left: int32(),
});
export type NumberRangeList = z.infer<typeof numberRangeList>;

/** The number at `n` of a range: the series' format (number-series.ts formatSeriesNumber). */
export const rangeNumber = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;

// ---------- offline data ----------

/** GET /api/counter-sales/offline-data?location_code=&offline_device= */
export const offlineDataQuery = z.object({
  location_code: requiredText(30),
  /** The device asking: its number ranges come with the answer. */
  offline_device: offlineDeviceId().optional(),
});

export const offlineItemVariant = z.object({
  variant_code: z.string(),
  description: z.string(),
  /** The variant's price for this store (price list, the franchise's price rate), VAT included. */
  unit_price: z.string(),
});

/** An item sellable at the store, priced as the server prices a counter line today. */
export const offlineItem = z.object({
  item_no: z.string(),
  description: z.string(),
  barcode: z.string(),
  base_unit_of_measure: z.string(),
  vat_percent: z.string(),
  /** The price a line gets (VAT included), as POST /api/counter-sales would price it today. */
  unit_price: z.string(),
  /** The item's category and its parent (promotions scoped to categories). */
  category: z.string().nullable(),
  category_parent: z.string().nullable(),
  picture_urls: z.array(z.string()),
  variants: z.array(offlineItemVariant),
  /** On hand at the store when the data was made (information: an offline sale is never refused for stock). */
  on_hand: z.string(),
});
export type OfflineItem = z.infer<typeof offlineItem>;

/** An active promotion with what the pricing rules (pricing.ts) need; `usage_left` for coupons with a limit. */
export const offlinePromotion = z.object({
  id: int32(),
  kind: z.enum(['auto', 'coupon']),
  code: z.string(),
  coupon_code: z.string(),
  description: z.string(),
  discount_type: z.enum(['percent', 'amount']),
  discount_value: z.string(),
  scope: z.enum(['all', 'category', 'item']),
  scope_values: z.array(z.string()),
  min_order_amount: z.string(),
  valid_from: z.string(),
  valid_to: z.string(),
  franchise_codes: z.array(z.string()),
  priority: int32(),
  is_active: z.boolean(),
  usage_limit: int32().nullable(),
  /** Uses left (null: no limit). */
  usage_left: int32().nullable(),
});
export type OfflinePromotion = z.infer<typeof offlinePromotion>;

export const offlineFee = z.object({
  fee_code: z.string(),
  description: z.string(),
  amount: z.string(),
  vat_percent: z.string(),
});

export const offlineCustomer = z.object({
  customer_no: z.string(),
  name: z.string(),
  phone_no: z.string(),
  /** Redeemable points left. */
  points_balance: z.string(),
  /** YYYY-MM-DD or null (the birthday promotion). */
  birth_date: z.string().nullable(),
  /** The latest year the customer took the birthday promotion (null: never): once a year (pricing birthdayVerdict). */
  birthday_used_year: z.number().int().nullable(),
  temporary: z.boolean(),
});

export const offlinePage = z.object({
  page: z.string(),
  level: z.enum(['view', 'edit']),
  /** The buttons the user holds on the page (empty: all the page's buttons). */
  buttons: z.array(z.string()),
});

export const offlineData = z.object({
  generated_at: z.string(),
  /** The business date (Asia/Ho_Chi_Minh) the prices and promotions were read for. */
  business_date: z.string(),
  franchise: z.object({
    franchise_code: z.string(),
    name: z.string(),
    /** The franchise's tax number (tp_no), printed on the receipt. */
    tax_code: z.string(),
    cash_needs_open_shift: z.boolean(),
    /** Whether the franchise may sell below zero stock online (offline sales are never refused for stock). */
    allow_negative_stock: z.boolean(),
  }),
  location: z.object({ location_code: z.string(), name: z.string(), address: z.string(), phone_no: z.string() }),
  items: z.array(offlineItem),
  promotions: z.array(offlinePromotion),
  /** The birthday promotion's percent (counter settings). */
  birthday_discount_percent: z.string(),
  /** What one redeemable point is worth in money. */
  point_value: z.string(),
  fees: z.array(offlineFee),
  customers: z.array(offlineCustomer),
  /** The user's pages the counter uses, with their buttons. */
  access: z.object({ is_admin: z.boolean(), pages: z.array(offlinePage) }),
  /** The cashier's limits (sales/limits.ts): the counter checks them as the server does. */
  limits: z.object({
    max_line_discount_percent: z.string(),
    may_override_price: z.boolean(),
    may_discount_above_limit: z.boolean(),
    may_sell_on_credit: z.boolean(),
  }),
  /** The store's printer (null: none set up; the counter prints with the browser's dialog). */
  printer: z
    .object({ id: int32(), device_name: z.string(), device_code: z.string(), ip: z.string(), port: int32() })
    .nullable(),
  /** The device's number ranges (empty without offline_device). */
  number_ranges: numberRangeList.nullable(),
});
export type OfflineData = z.infer<typeof offlineData>;

// ---------- flagged sales ----------

/** One row of POST /api/counter-sales/flagged/filter. */
export const flaggedCounterSale = z.object({
  pos_so_no: z.string(),
  client_id: z.string(),
  franchise_code: z.string(),
  location_code: z.string(),
  /** When the customer paid (the device's clock). */
  sold_at: z.string().nullable(),
  /** When the sale reached the server and was posted. */
  posted_at: z.string(),
  offline_device: z.string(),
  device_doc_no: z.string(),
  flags: z.array(z.enum(counterSaleFlags)),
  customer_no: z.string(),
  customer_name: z.string(),
  grand_total: z.string(),
  cashier: z.string(),
  reviewed: z.boolean(),
  reviewed_by: z.string(),
  reviewed_at: z.string().nullable(),
});
export type FlaggedCounterSale = z.infer<typeof flaggedCounterSale>;

/** POST /api/counter-sales/flagged/review */
export const flaggedCounterSaleReview = z.object({ pos_so_no: requiredText(30) });
