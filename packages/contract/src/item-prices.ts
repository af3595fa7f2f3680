import { z } from 'zod';
import { messages, optionalText, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { codeInput, dateInput, decimalInput, moneyInput } from './catalogue-common.js';
import { priceSources } from './constants.js';

// calls.md 7.8 item prices: price lists holding item prices. An item price names the item, optionally a variant
// ('' = every variant), the unit, the franchise (null = every franchise), the price, a minimum quantity and its
// validity; pinned prices head the tablet price screens in their sort order.

export const itemPrice = z.object({
  id: int32(),
  price_list_code: z.string(),
  price_list_name: z.string(),
  item_no: z.string(),
  item_description: z.string(),
  variant_code: z.string(),
  unit_of_measure: z.string(),
  /** null = every franchise. */
  franchise_code: z.string().nullable(),
  unit_price: z.string(),
  /** Applies from this quantity on (quantity break); 1 = any sale. */
  minimum_quantity: z.string(),
  valid_from: z.string(),
  /** null = open-ended. */
  valid_to: z.string().nullable(),
  pinned: z.boolean(),
  sort: int32(),
  /** The item's list price, for comparison. */
  list_price: z.string(),
  version: int32(),
  updated_at: z.string(),
});
export type ItemPrice = z.infer<typeof itemPrice>;

export const priceList = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price_count: int32(),
  pinned_count: int32(),
  franchise_count: int32(),
  first_valid_from: z.string().nullable(),
  last_valid_to: z.string().nullable(),
  version: int32(),
  updated_at: z.string(),
});
export type PriceList = z.infer<typeof priceList>;

const sort = int32({ error: messages.isNumber })
  .min(0, messages.range(0, 1000000))
  .max(1000000, messages.range(0, 1000000));
const franchiseCode = z
  .string()
  .trim()
  .max(30, messages.maxLength(30))
  .nullable()
  .transform((s) => (s ? s.toUpperCase() : null));
const upper = z
  .string()
  .trim()
  .max(30, messages.maxLength(30))
  .transform((s) => s.toUpperCase());
const validTo = z.union([dateInput(), z.literal('').transform(() => null), z.null()]);

const priceFields = {
  item_no: requiredText(30).transform((s) => s.toUpperCase()),
  /** '' = every variant of the item. */
  variant_code: upper,
  /** Defaults to the item's base unit. */
  unit_of_measure: upper,
  franchise_code: franchiseCode,
  unit_price: moneyInput(),
  minimum_quantity: decimalInput('minimum_quantity', { min: 0, max: 1_000_000, scale: 5, minExclusive: true }),
  valid_from: dateInput(),
  valid_to: validTo,
  pinned: z.boolean(),
  sort,
};

/** POST /api/item-prices. A new price_list_code creates the list (named price_list_name, else the code). */
export const itemPriceCreate = z.object({
  price_list_code: codeInput(),
  price_list_name: optionalText(100),
  item_no: priceFields.item_no,
  variant_code: priceFields.variant_code.optional().default(''),
  unit_of_measure: priceFields.unit_of_measure.optional().default(''),
  franchise_code: priceFields.franchise_code.optional().default(null),
  unit_price: priceFields.unit_price,
  minimum_quantity: priceFields.minimum_quantity.optional().default('1'),
  valid_from: priceFields.valid_from,
  valid_to: priceFields.valid_to.optional().default(null),
  pinned: priceFields.pinned.optional().default(false),
  sort: priceFields.sort.optional().default(0),
});
export type ItemPriceCreate = z.output<typeof itemPriceCreate>;

/** PUT /api/item-prices: id, the version last read, and what changes. */
export const itemPriceUpdate = z.object({
  id: int32({ error: messages.required }).positive(),
  version,
  variant_code: priceFields.variant_code.optional(),
  unit_of_measure: priceFields.unit_of_measure.optional(),
  franchise_code: priceFields.franchise_code.optional(),
  unit_price: priceFields.unit_price.optional(),
  minimum_quantity: priceFields.minimum_quantity.optional(),
  valid_from: priceFields.valid_from.optional(),
  valid_to: priceFields.valid_to.optional(),
  pinned: priceFields.pinned.optional(),
  sort: priceFields.sort.optional(),
});
export type ItemPriceUpdate = z.output<typeof itemPriceUpdate>;

export const itemPriceIds = z.object({ ids: z.array(int32().positive()).min(1, 'ids must not be empty') });
export const itemPriceRemoveResult = z.object({ removed: int32() });

/** POST /api/item-prices/import: puts the items of these prices into a sub-category. */
export const itemPriceImport = z.object({
  ids: z.array(int32().positive()).min(1, 'ids must not be empty'),
  subCategoryId: int32({ error: messages.required }).positive(),
});
export const itemPriceImportResult = z.object({
  sub_category_id: int32(),
  items: int32(),
  item_nos: z.array(z.string()),
});

/** POST /api/item-prices/delete: a whole price list and its prices. */
export const priceListDelete = z.object({ price_list_code: requiredText(30).transform((s) => s.toUpperCase()) });
export const priceListDeleteResult = z.object({ price_list_code: z.string(), removed: int32() });

/** GET /api/item-prices/view?price_list_code= : one price list with its prices. */
export const priceListView = z.object({ price_list_code: requiredText(30).transform((s) => s.toUpperCase()) });
export const priceListViewResult = z.object({ price_list: priceList, prices: z.array(itemPrice) });

/**
 * POST /api/item-prices/sync-from-view: copies the ERP's sales prices (its sales-price view) into a price
 * list; prices whose validity would overlap another list's are skipped and reported.
 */
export const itemPriceSyncFromView = z.object({
  price_list_code: codeInput(),
  price_list_name: optionalText(100),
});
export const itemPriceSyncResult = z.object({
  price_list_code: z.string(),
  sync_log_id: int32(),
  created: int32(),
  updated: int32(),
  skipped: z.array(
    z.object({
      item_no: z.string(),
      variant_code: z.string(),
      franchise_code: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});

/** A pinned price with today's effective price for the caller's franchise (tablet price screens). */
export const pinnedPrice = itemPrice.extend({
  effective_price: z.string(),
  price_source: z.enum(priceSources),
});
