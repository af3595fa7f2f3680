import Decimal from 'decimal.js';
import { and, desc, eq, inArray, isNull, lte, or, gte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { businessDate, type PriceSource } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { itemPrices } from '../item-prices/schema.js';
import { franchiseItems, items, itemUnits, itemVariants } from './schema.js';

/**
 * The price of an item for a franchise on a date — the one rule every sales document uses.
 *
 * Precedence (first that applies wins):
 *   1. an item price (any price list) for this franchise
 *   2. an item price for every franchise (franchise_code null)
 *      Within 1 and 2 an item price applies when its item and unit match, its variant is the asked one or ''
 *      (every variant), date is within valid_from…valid_to and quantity ≥ minimum_quantity; among several the
 *      variant-specific one wins, then the highest minimum_quantity (quantity breaks), then the latest
 *      valid_from, then the newest row.
 *   3. list price × the franchise's price rate, when the item is in the franchise's item list (Item Franchise)
 *   4. list price
 * The list price is the variant's own price if it has one, else the item's, per base unit; for another unit it
 * is multiplied by that unit's qty_per_unit_of_measure. Results are rounded half-up to 2 decimals.
 */
export type PriceParams = {
  /** YYYY-MM-DD; today when absent. */
  date?: string;
  franchiseCode: string | null;
  itemNo: string;
  variantCode?: string;
  quantity?: Decimal.Value;
  /** Defaults to the item's base unit. */
  unit?: string;
};
export type PriceOf = {
  unit_price: string;
  source: PriceSource;
  price_list?: string;
  item_price_id?: number;
  rate?: string;
  unit: string;
};

const round2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
/** The price date when none is given: the business date (contract `businessDate`). */
export const today = (now: Date = new Date()) => businessDate(now);

/** Conditions under which an item price row applies (rules 1–2), shared by priceOf and the item list. */
export function applicablePrice(o: {
  itemNo: SQLWrapper | string;
  franchise: SQLWrapper | string | null;
  variant: string;
  unit: SQLWrapper | string;
  quantity: string;
  date: SQLWrapper | string;
}): SQL {
  return and(
    eq(itemPrices.item_no, o.itemNo as never),
    o.variant ? inArray(itemPrices.variant_code, ['', o.variant]) : eq(itemPrices.variant_code, ''),
    eq(itemPrices.unit_of_measure, o.unit as never),
    o.franchise === null
      ? isNull(itemPrices.franchise_code)
      : or(isNull(itemPrices.franchise_code), eq(itemPrices.franchise_code, o.franchise as never)),
    lte(itemPrices.valid_from, o.date as never),
    or(isNull(itemPrices.valid_to), gte(itemPrices.valid_to, o.date as never)),
    lte(itemPrices.minimum_quantity, o.quantity),
  )!;
}

/** The precedence of rules 1–2 as an ORDER BY. */
export const pricePrecedence = (): SQL[] => [
  sql`(${itemPrices.franchise_code} is null)`,
  sql`(${itemPrices.variant_code} = '')`,
  desc(itemPrices.minimum_quantity),
  desc(itemPrices.valid_from),
  desc(itemPrices.id),
];

export async function priceOf(db: DbOrTx, p: PriceParams): Promise<PriceOf> {
  const date = p.date ?? today();
  const variant = p.variantCode ?? '';
  const quantity = new Decimal(p.quantity ?? 1);
  if (!quantity.isFinite() || quantity.lte(0)) throw badRequest('quantity must be more than 0', 'quantity');

  const [it] = await db
    .select({
      base: items.base_unit_of_measure,
      unit_price: items.unit_price,
      variant_price: itemVariants.unit_price,
      variant_code: itemVariants.variant_code,
    })
    .from(items)
    .leftJoin(itemVariants, and(eq(itemVariants.item_no, items.item_no), eq(itemVariants.variant_code, variant)))
    .where(eq(items.item_no, p.itemNo));
  if (!it) throw notFound(`Item ${p.itemNo}`);
  if (variant && !it.variant_code) throw badRequest(`Item ${p.itemNo} has no variant ${variant}`, 'variant_code');
  const unit = p.unit || it.base;
  let perUnit = new Decimal(1);
  if (unit !== it.base) {
    const [u] = await db
      .select()
      .from(itemUnits)
      .where(and(eq(itemUnits.item_no, p.itemNo), eq(itemUnits.code, unit)));
    if (!u) throw badRequest(`Item ${p.itemNo} has no unit ${unit}`, 'unit');
    perUnit = new Decimal(u.qty_per_unit_of_measure);
  }

  const [best] = await db
    .select({ id: itemPrices.id, unit_price: itemPrices.unit_price, price_list: itemPrices.price_list_code })
    .from(itemPrices)
    .where(
      applicablePrice({
        itemNo: p.itemNo,
        franchise: p.franchiseCode,
        variant,
        unit,
        quantity: quantity.toString(),
        date,
      }),
    )
    .orderBy(...pricePrecedence())
    .limit(1);
  if (best)
    return {
      unit_price: round2(new Decimal(best.unit_price)).toFixed(2),
      source: 'item_price',
      price_list: best.price_list,
      item_price_id: best.id,
      unit,
    };

  const list = new Decimal(it.variant_price ?? it.unit_price).mul(perUnit);
  if (p.franchiseCode) {
    const [fi] = await db
      .select({ rate: franchiseItems.price_rate })
      .from(franchiseItems)
      .where(and(eq(franchiseItems.franchise_code, p.franchiseCode), eq(franchiseItems.item_no, p.itemNo)));
    if (fi)
      return {
        unit_price: round2(list.mul(fi.rate)).toFixed(2),
        source: 'price_rate',
        rate: new Decimal(fi.rate).toString(),
        unit,
      };
  }
  return { unit_price: round2(list).toFixed(2), source: 'list_price', unit };
}
