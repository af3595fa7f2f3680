import { z } from 'zod';
import { messages, optionalText, type MaxLength } from './validators.js';
import { int32, version } from './common.js';
import { dateInput } from './catalogue-common.js';
import { listRequest } from './filter.js';
import { quantityInput } from './sales.js';
import { warehouseEntryTypes } from './constants.js';
import { warehouseEntryStatuses, type WarehouseEntryStatus } from './machines.js';
import { documentMessages } from './documents.js';

// Warehouse and stock (calls.md 7.10; api.md "Consignment, warehouse, money"; issue 10). A store's stock is the item
// ledger: nothing else holds a quantity. Warehouse entries are a journal of positive and negative adjustments, added,
// edited and removed while open, then posted together (POST /api/warehouse/entries/post {ids}: one WE number per call)
// into the ledger; a posted entry never changes. A warehouse transfer moves stock between two locations of the same
// franchise in one posting (WT, two ledger entries per line). On hand = Σ item ledger per location, item and variant;
// item stock = opening, in, out and closing per item and location between two dates. Quantities are decimal strings.

export type WarehouseEntryType = (typeof warehouseEntryTypes)[number];
export { warehouseEntryStatuses, type WarehouseEntryStatus };

/** Exact messages the server answers and the screens show (the web shows them as they come). */
export const warehouseMessages = {
  notFound: 'Warehouse entry not found',
  /** 422 naming `ids` (or the entry's field on update/remove). */
  posted: documentMessages.warehouseEntryPosted,
  locationNotFound: 'Location not found',
  /** 400 naming location_to. */
  sameLocation: 'The locations must differ',
  /** 400 naming to_date. */
  dateOrder: 'To date must not be before from date',
  /** 422 naming quantity / items.<i>.unit_of_measure. */
  unknownUnit: (item: string, unit: string) => `Item ${item} has no unit of measure ${unit}`,
  unknownItem: (item: string) => `Item ${item} not found`,
  unknownVariant: (item: string, variant: string) => `Item ${item} has no variant ${variant}`,
} as const;

const t = (max: MaxLength) => optionalText(max).optional();
const patchText = (max: MaxLength) => z.string().trim().max(max, messages.maxLength(max)).optional();
const requiredText = (max: MaxLength) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.maxLength(max));
const entryType = z.enum(warehouseEntryTypes, { error: `entry_type must be one of ${warehouseEntryTypes.join(', ')}` });

// ---------- warehouse entries (the journal) ----------

/**
 * A new adjustment. `location_code`: a location of the caller's franchise (default: the user's store). The unit of
 * measure defaults to the item's base unit; the ledger gets quantity × qty per unit (base units), + for
 * positive_adjmt, − for negative_adjmt. `reason_code` is the reason of the adjustment as text (required).
 */
export const warehouseEntryCreate = z.object({
  /** Head office names the franchise; a store user's is their own. */
  franchise_code: t(30),
  location_code: t(30),
  item_no: requiredText(30),
  variant_code: t(30),
  unit_of_measure: t(30),
  entry_type: entryType,
  /** > 0; the sign comes from entry_type. */
  quantity: quantityInput('quantity'),
  reason_code: requiredText(100),
  /** Default: the item's description. */
  description: t(250),
  /** Default: the business date. */
  posting_date: z.union([dateInput(), z.literal('').transform(() => null), z.null()]).optional(),
});
export type WarehouseEntryCreate = z.input<typeof warehouseEntryCreate>;

/** Change an open entry (absent fields stay unchanged). */
export const warehouseEntryUpdate = z.object({
  id: int32().positive(),
  version,
  location_code: patchText(30),
  item_no: requiredText(30).optional(),
  variant_code: patchText(30),
  unit_of_measure: patchText(30),
  entry_type: entryType.optional(),
  quantity: quantityInput('quantity').optional(),
  reason_code: requiredText(100).optional(),
  description: patchText(250),
  posting_date: dateInput().optional(),
});
export type WarehouseEntryUpdate = z.input<typeof warehouseEntryUpdate>;

/** Remove open entries, or post them (one WE number for all of them). */
export const warehouseEntryIds = z.object({
  ids: z.array(int32().positive()).min(1, 'ids must not be empty').max(500, 'At most 500 ids'),
});
export type WarehouseEntryIds = z.input<typeof warehouseEntryIds>;

export const warehouseEntry = z.object({
  id: z.number(),
  franchise_code: z.string(),
  location_code: z.string(),
  item_no: z.string(),
  variant_code: z.string(),
  /** The entry's text; default: the item's description (and the variant's, when there is one). */
  description: z.string(),
  unit_of_measure: z.string(),
  entry_type: z.enum(warehouseEntryTypes),
  /** As entered (> 0), in unit_of_measure. */
  quantity: z.string(),
  /** quantity × qty per unit of measure. */
  quantity_base: z.string(),
  reason_code: z.string(),
  posting_date: z.string(),
  status: z.enum(warehouseEntryStatuses),
  /** The WE number once posted, '' while open. */
  document_no: z.string(),
  posted_at: z.string().nullable(),
  created_at: z.string(),
  version: z.number(),
});
export type WarehouseEntry = z.output<typeof warehouseEntry>;
/** The rows of the journal list (filterable and sortable by every field). */
export const warehouseEntryListItem = warehouseEntry;

export const warehouseEntryRemoved = z.object({ removed: z.number() });
export const warehouseEntriesPosted = z.object({
  /** The WE number of this posting. */
  document_no: z.string(),
  posting_count: z.number(),
  entries: z.array(warehouseEntryListItem),
});
export type WarehouseEntriesPosted = z.output<typeof warehouseEntriesPosted>;

// ---------- transfer ----------

export const warehouseTransferLine = z.object({
  item_no: requiredText(30),
  variant_code: t(30),
  /** Default: the item's base unit. */
  unit_of_measure: t(30),
  quantity: quantityInput('quantity'),
});
export const warehouseTransfer = z.object({
  /** Head office names the franchise; a store user's is their own. */
  franchise_code: t(30),
  location_from: requiredText(30),
  location_to: requiredText(30),
  items: z.array(warehouseTransferLine).min(1, 'items must not be empty').max(500, 'At most 500 items'),
  /** Default: the business date. */
  posting_date: z.union([dateInput(), z.literal('').transform(() => null), z.null()]).optional(),
  description: t(250),
});
export type WarehouseTransferInput = z.input<typeof warehouseTransfer>;

export const warehouseTransferPosted = z.object({
  id: z.number(),
  /** The WT number. */
  document_no: z.string(),
  franchise_code: z.string(),
  location_from: z.string(),
  location_to: z.string(),
  posting_date: z.string(),
  description: z.string(),
  lines: z.array(
    z.object({
      line_no: z.number(),
      item_no: z.string(),
      variant_code: z.string(),
      description: z.string(),
      unit_of_measure: z.string(),
      quantity: z.string(),
      quantity_base: z.string(),
    }),
  ),
});
export type WarehouseTransferPosted = z.output<typeof warehouseTransferPosted>;

// ---------- on hand and item stock ----------

/** On hand: the standard list request; rows whose quantity is 0 are left out unless include_zero. */
export const onHandRequest = listRequest.extend({ include_zero: z.boolean().optional().default(false) });
export type OnHandRequest = z.input<typeof onHandRequest>;

/**
 * One stock position: Σ item ledger (base units). Filterable: franchise_code, location_code, item_no, variant_code,
 * description, category_code, quantity (sortable the same).
 */
export const onHandRow = z.object({
  franchise_code: z.string(),
  location_code: z.string(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  category_code: z.string(),
  /** The item's base unit. */
  unit_of_measure: z.string(),
  quantity: z.string(),
  /** The item's picture (path config + item no + .jpg), null when no path is configured. */
  image_url: z.string().nullable(),
});
export type OnHandRow = z.output<typeof onHandRow>;

const dateRange = {
  from_date: dateInput(),
  to_date: dateInput(),
};
/** from_date ≤ to_date (400 naming to_date). */
const checkRange = <T extends { from_date: string; to_date: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.from_date > v.to_date)
    ctx.addIssue({ code: 'custom', message: warehouseMessages.dateOrder, path: ['to_date'] });
};

/** Item stock between two dates (inclusive, business dates); rows with nothing at all are left out unless include_zero. */
export const itemStockRequest = listRequest
  .extend({ ...dateRange, include_zero: z.boolean().optional().default(false) })
  .superRefine(checkRange);
export type ItemStockRequest = z.input<typeof itemStockRequest>;

/**
 * Per franchise, location, item and variant: opening = Σ before from_date; quantity_in = Σ positive entries in the
 * range, quantity_out = Σ negative entries in the range (as a positive number); closing = opening + in − out.
 * Filterable: franchise_code, location_code, item_no, variant_code, description, category_code.
 */
export const itemStockRow = z.object({
  franchise_code: z.string(),
  location_code: z.string(),
  item_no: z.string(),
  variant_code: z.string(),
  description: z.string(),
  category_code: z.string(),
  unit_of_measure: z.string(),
  opening: z.string(),
  quantity_in: z.string(),
  quantity_out: z.string(),
  closing: z.string(),
});
export type ItemStockRow = z.output<typeof itemStockRow>;

/** The totals of the same filtered rows (the totals row of the screens); pagination and sort are ignored. */
export const itemStockTotals = z.object({
  opening: z.string(),
  quantity_in: z.string(),
  quantity_out: z.string(),
  closing: z.string(),
  /** The rows summed, counted as a list counts them: LIST_TOTAL_CAP when rows_capped. */
  rows: z.number(),
  /** There are more rows than `rows` (LIST_TOTAL_CAP): the count stopped there, the figures are those of all rows. */
  rows_capped: z.boolean().optional(),
});
export type ItemStockTotals = z.output<typeof itemStockTotals>;

/** GET /api/warehouse/path-config: where item pictures are (ITEM_IMAGE_PATH_URL; '' = none). */
export const warehousePathConfig = z.object({ image_path_url: z.string() });
export type WarehousePathConfig = z.output<typeof warehousePathConfig>;

/** An item's picture URL under the configured path (null when none is configured). */
export function itemImageUrl(imagePathUrl: string, itemNo: string): string | null {
  if (!imagePathUrl) return null;
  return `${imagePathUrl.replace(/\/+$/, '')}/${encodeURIComponent(itemNo)}.jpg`;
}
