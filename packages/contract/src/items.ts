import { z } from 'zod';
import { messages, optionalText, requiredText } from './validators.js';
import { int32, version } from './common.js';
import { codeInput, dateInput, decimalInput, moneyInput } from './catalogue-common.js';
import { priceSources } from './constants.js';

// calls.md 7.8 (franchise items) and the item master (issue 4): items with variants and units of measure,
// each franchise's item list ("Item Franchise") with its price rate and sort order.

export const ITEM_FRANCHISE = 'Item Franchise';
export const PRICE_RATE_MIN = 0.01;
export const PRICE_RATE_MAX = 10;

export const itemVariant = z.object({
  variant_code: z.string(),
  description: z.string(),
  /** The variant's own list price; the item's list price applies when null. */
  unit_price: z.string().nullable(),
  blocked: z.boolean(),
});
export type ItemVariant = z.infer<typeof itemVariant>;

export const itemUnit = z.object({
  code: z.string(),
  /** How many base units one of this unit holds. */
  qty_per_unit_of_measure: z.string(),
});
export type ItemUnit = z.infer<typeof itemUnit>;

/** The item master row. */
export const item = z.object({
  item_no: z.string(),
  description: z.string(),
  description_2: z.string(),
  /** The GTIN printed as the item's barcode (EAN-8/UPC-A/EAN-13/GTIN-14), '' when it has none. */
  barcode: z.string(),
  base_unit_of_measure: z.string(),
  /** List price per base unit, VND. */
  unit_price: z.string(),
  category_id: int32().nullable(),
  blocked: z.boolean(),
  version: int32(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Item = z.infer<typeof item>;

export const itemDetail = item.extend({
  category_code: z.string().nullable(),
  category_name: z.string().nullable(),
  variants: z.array(itemVariant),
  units: z.array(itemUnit),
});
export type ItemDetail = z.infer<typeof itemDetail>;

const variantInput = z.object({
  variant_code: codeInput(),
  description: requiredText(100),
  unit_price: moneyInput('unit_price').nullish(),
  blocked: z.boolean().optional().default(false),
});
const unitInput = z.object({
  code: codeInput(),
  qty_per_unit_of_measure: decimalInput('qty_per_unit_of_measure', {
    min: 0,
    max: 1_000_000,
    scale: 5,
    minExclusive: true,
  }),
});

const uniqueBy =
  <T>(key: (t: T) => string, what: string) =>
  (list: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    list.forEach((t, i) => {
      const k = key(t);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message: `${what} ${k} is listed twice`, path: [i] });
      seen.add(k);
    });
  };

/** A GTIN as scanners read it: 8, 12, 13 or 14 digits (empty = no barcode). */
export const GTIN_PATTERN = /^(\d{8}|\d{12,14})$/;
export const barcodeMessage = 'barcode must be a GTIN of 8, 12, 13 or 14 digits';

const itemFields = {
  description: requiredText(100),
  description_2: optionalText(100),
  barcode: z
    .string({ error: barcodeMessage })
    .trim()
    .refine((s) => s === '' || GTIN_PATTERN.test(s), barcodeMessage)
    .optional(),
  base_unit_of_measure: codeInput(),
  unit_price: moneyInput(),
  category_id: int32({ error: 'category_id must be a number' }).positive().nullish(),
  blocked: z.boolean().optional(),
  variants: z.array(variantInput).superRefine(uniqueBy((v) => v.variant_code, 'Variant')),
  /** Units other than the base unit (the base unit always counts 1). */
  units: z.array(unitInput).superRefine(uniqueBy((u) => u.code, 'Unit')),
};

/** POST /api/items: the admin form's create. */
export const itemCreate = z.object({
  item_no: codeInput(),
  ...itemFields,
  blocked: itemFields.blocked.default(false),
  variants: itemFields.variants.default([]),
  units: itemFields.units.default([]),
});
export type ItemCreate = z.output<typeof itemCreate>;
/** PUT /api/items: variants and units, when given, replace the item's lists. */
export const itemUpdate = z.object({ item_no: codeInput(), version, ...itemFields }).partial({
  description: true,
  description_2: true,
  barcode: true,
  base_unit_of_measure: true,
  unit_price: true,
  category_id: true,
  blocked: true,
  variants: true,
  units: true,
});
export type ItemUpdate = z.output<typeof itemUpdate>;
export const itemNoParam = z.object({
  item_no: z
    .string()
    .min(1)
    .transform((s) => s.toUpperCase()),
});

/** One row of POST /api/items/filter: the item with the effective price for the franchise in view. */
export const itemRow = z.object({
  item_no: z.string(),
  description: z.string(),
  description_2: z.string(),
  barcode: z.string(),
  base_unit_of_measure: z.string(),
  category_id: int32().nullable(),
  category_code: z.string().nullable(),
  category_name: z.string().nullable(),
  parent_category_id: int32().nullable(),
  parent_category_name: z.string().nullable(),
  blocked: z.boolean(),
  variant_count: int32(),
  /** List price, VND. */
  unit_price: z.string(),
  /** The franchise whose view this row is (its item list); null = the item master. */
  franchise_code: z.string().nullable(),
  /** Item Franchise row: its rate, sort and version (null outside a franchise's list). */
  item_franchise_id: int32().nullable(),
  price_rate: z.string().nullable(),
  sort: int32().nullable(),
  version: int32().nullable(),
  /** Today's price of one base unit for that franchise (priceOf), and where it came from. */
  effective_price: z.string(),
  price_source: z.enum(priceSources),
  price_list: z.string().nullable(),
  pinned: z.boolean(),
  updated_at: z.string(),
});
export type ItemRow = z.infer<typeof itemRow>;

const franchiseCode = z
  .string()
  .trim()
  .min(1, messages.required)
  .max(30, messages.maxLength(30))
  .transform((s) => s.toUpperCase());
/** The rule of a franchise's price rate; the /items forms check the same (decimalIssue). */
export const PRICE_RATE_RULE = { min: PRICE_RATE_MIN, max: PRICE_RATE_MAX, scale: 4 } as const;
const priceRate = decimalInput('price_rate', PRICE_RATE_RULE);

/** POST /api/items/update-price-rate: one item (item_no) or the franchise's whole list (update_all). */
export const updatePriceRate = z
  .object({
    /** Head office names the franchise; a store user's own franchise is used when absent. */
    franchise_code: franchiseCode.optional(),
    update_all: z.boolean().optional().default(false),
    item_no: z
      .string()
      .trim()
      .transform((s) => s.toUpperCase())
      .optional(),
    price_rate: priceRate,
    /** The Item Franchise version last read (single item); a stale one is refused. */
    version: version.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.update_all && !v.item_no) ctx.addIssue({ code: 'custom', message: messages.required, path: ['item_no'] });
  });
export const updatePriceRateResult = z.object({ franchise_code: z.string(), updated: int32(), price_rate: z.string() });

/** POST /api/items/remove: takes items out of a franchise's item list (`item_nos`; `items` or one `item_no` also read). */
export const removeItems = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object' || 'item_nos' in v) return v;
    const o = v as Record<string, unknown>;
    if (Array.isArray(o.items)) return { ...o, item_nos: o.items };
    if (typeof o.item_no === 'string') return { ...o, item_nos: [o.item_no] };
    return v;
  },
  z.object({
    franchise_code: franchiseCode.optional(),
    item_nos: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .transform((s) => s.toUpperCase()),
        { error: messages.required },
      )
      .min(1, 'item_nos must not be empty'),
  }),
);
export const removeItemsResult = z.object({ franchise_code: z.string(), removed: int32() });

/**
 * PUT /api/items/sort: `items` in their new order (item numbers; they get sort, sort+1, …) or explicit
 * `{ item_no, sort }` pairs. One call, one transaction.
 */
export const sortItems = z.object({
  franchise_code: franchiseCode.optional(),
  items: z.union(
    [
      z
        .array(
          z
            .string()
            .trim()
            .min(1)
            .transform((s) => s.toUpperCase()),
        )
        .min(1, 'items must not be empty'),
      z
        .array(
          z.object({
            item_no: z
              .string()
              .trim()
              .min(1)
              .transform((s) => s.toUpperCase()),
            sort: int32({ error: messages.isNumber })
              .min(0, messages.range(0, 1_000_000))
              .max(1_000_000, messages.range(0, 1_000_000)),
          }),
        )
        .min(1, 'items must not be empty'),
    ],
    { error: 'items must be a list of item numbers or of { item_no, sort }' },
  ),
  /** The sort number of the first item when `items` is a plain list (e.g. the first row of the page). */
  sort: int32({ error: messages.isNumber })
    .min(0, messages.range(0, 1_000_000))
    .max(1_000_000, messages.range(0, 1_000_000))
    .optional()
    .default(1),
});
export const sortItemsResult = z.object({ franchise_code: z.string(), updated: int32() });

/** POST /api/items/sync and /api/items/sync-item-no. */
export const syncItems = z.object({ franchise_code: franchiseCode.optional() });
export const syncItemNo = z.object({
  item_no: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((s) => s.toUpperCase()),
  franchise_code: franchiseCode.optional(),
});
/** What a sync did; the entry is also kept in the sync logs (table_code item). */
export const itemSyncResult = z.object({
  sync_log_id: int32(),
  status: z.enum(['success', 'failed']),
  items_seen: int32(),
  items_created: int32(),
  items_updated: int32(),
  franchise_items_added: int32(),
  franchises: int32(),
  message: z.string(),
});
export type ItemSyncResult = z.infer<typeof itemSyncResult>;

/** GET /api/items/price?item_no=&variant_code=&unit=&quantity=&date=&franchise_code= : priceOf over HTTP. */
export const priceQuery = z.object({
  item_no: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((s) => s.toUpperCase()),
  variant_code: z
    .string()
    .trim()
    .optional()
    .default('')
    .transform((s) => s.toUpperCase()),
  unit: z
    .string()
    .trim()
    .optional()
    .transform((s) => (s ? s.toUpperCase() : undefined)),
  quantity: decimalInput('quantity', { min: 0, max: 1_000_000_000, scale: 5, minExclusive: true })
    .optional()
    .default('1'),
  date: dateInput().optional(),
  franchise_code: franchiseCode.optional(),
});
export const priceResult = z.object({
  item_no: z.string(),
  variant_code: z.string(),
  unit: z.string(),
  quantity: z.string(),
  date: z.string(),
  franchise_code: z.string().nullable(),
  unit_price: z.string(),
  line_amount: z.string(),
  source: z.enum(priceSources),
  price_list: z.string().optional(),
  item_price_id: int32().optional(),
  rate: z.string().optional(),
});
export type PriceResult = z.infer<typeof priceResult>;
