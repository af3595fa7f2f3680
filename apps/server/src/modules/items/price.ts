import Decimal from 'decimal.js';
import { and, desc, eq, inArray, isNull, lte, or, gte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { businessDate, type PriceSource } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import { param, preparedSql } from '../../db/prepared.js';
import { AppError, badRequest } from '../../http/errors.js';
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
  /** '' = the every-variant prices only; a value (or an expression) also that variant's. */
  variant: SQLWrapper | string;
  unit: SQLWrapper | string;
  quantity: SQLWrapper | string;
  date: SQLWrapper | string;
}): SQL {
  return and(
    eq(itemPrices.item_no, o.itemNo as never),
    typeof o.variant !== 'string'
      ? sql`${itemPrices.variant_code} in ('', ${o.variant})`
      : o.variant
        ? inArray(itemPrices.variant_code, ['', o.variant])
        : eq(itemPrices.variant_code, ''),
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

/** One line of a batch: as PriceParams without the date and franchise, which the batch shares. */
export type PriceLine = Pick<PriceParams, 'itemNo' | 'variantCode' | 'quantity' | 'unit'>;
export type PricesParams = { date?: string; franchiseCode: string | null; lines: PriceLine[] };

/** The price of one item (the GET /api/items/price call): pricesOf for one line, errors naming the plain field. */
export async function priceOf(db: DbOrTx, p: PriceParams): Promise<PriceOf> {
  const [one] = await pricesFor(db, { date: p.date, franchiseCode: p.franchiseCode, lines: [p] }, (_i, f) => f);
  return one;
}

/**
 * The prices of a document's lines, in their order, by the rules of priceOf (one implementation). One prepared
 * statement whatever the number of lines: the lines as json rows joined to items, the asked variant and unit, the best
 * applicable item price (a LATERAL subquery ordered by the precedence) and the franchise's rate. An error names
 * the line: `lines.<i>.item_no` (404), `lines.<i>.variant_code`, `lines.<i>.unit`, `lines.<i>.quantity` (400).
 */
export async function pricesOf(db: DbOrTx, p: PricesParams): Promise<PriceOf[]> {
  return pricesFor(db, p, (i, f) => `lines.${i}.${f}`);
}

/** A row of pricesSql: a line's item, variant, unit, best item price and franchise rate (numbers as text). */
export type PriceRow = {
  i: number;
  item_no: string | null;
  base: string | null;
  unit_price: string | null;
  variant_code: string | null;
  variant_price: string | null;
  per_unit: string | null;
  price_id: number | null;
  price: string | null;
  price_list: string | null;
  rate: string | null;
};

/**
 * The prices of lines (`lines`: json rows of i, item_no, variant, unit, qty) for a franchise (null: none) on a date,
 * one PriceRow per line, in the lines' order. The lines travel as one json parameter and the franchise and date as
 * parameters, so the text is the same for any number of lines and franchise or none: a prepared statement, and one
 * PostgreSQL plans once (json_to_recordset tells the planner nothing about the number of lines, so its generic plan
 * is as good as one made per call; arrays in `unnest` would have it plan every call). A null franchise matches no
 * franchise's price or rate, so only the prices for every franchise apply (rule 2).
 */
export const pricesSql = (linesJson: SQL, franchise: SQL, date: SQL): SQL => {
  const unit = sql`coalesce(nullif(l.unit, ''), ${items.base_unit_of_measure})`;
  return sql`
    select l.i, ${items.item_no} as item_no, ${items.base_unit_of_measure} as base,
      ${items.unit_price}::text as unit_price, ${itemVariants.variant_code} as variant_code,
      ${itemVariants.unit_price}::text as variant_price, ${itemUnits.qty_per_unit_of_measure}::text as per_unit,
      best.id as price_id, best.unit_price::text as price, best.price_list_code as price_list,
      (select ${franchiseItems.price_rate} from ${franchiseItems}
        where ${franchiseItems.franchise_code} = ${franchise}
          and ${franchiseItems.item_no} = l.item_no)::text as rate
    from json_to_recordset(${linesJson}) as l(i int, item_no text, variant text, unit text, qty numeric)
    left join ${items} on ${items.item_no} = l.item_no
    left join ${itemVariants} on ${itemVariants.item_no} = l.item_no and ${itemVariants.variant_code} = l.variant
    left join ${itemUnits} on ${itemUnits.item_no} = l.item_no and ${itemUnits.code} = ${unit}
    left join lateral (
      select ${itemPrices.id} as id, ${itemPrices.unit_price} as unit_price, ${itemPrices.price_list_code} as price_list_code
      from ${itemPrices}
      where ${applicablePrice({
        itemNo: sql`l.item_no`,
        franchise,
        variant: sql`l.variant`,
        unit,
        quantity: sql`l.qty`,
        date,
      })}
      order by ${sql.join(pricePrecedence(), sql`, `)}
      limit 1
    ) best on true
    order by l.i`;
};

const pricesStatement = preparedSql<PriceRow>('fp_prices_of_lines', () =>
  pricesSql(param('lines', 'json'), param('franchise', 'text'), param('date', 'date')),
);

type PriceField = (i: number, name: 'item_no' | 'variant_code' | 'unit' | 'quantity') => string;
type PriceInput = ReturnType<typeof priceInput>;

/**
 * What pricesSql is given for `p`: the lines as json, the date. A line whose quantity is not more than 0 goes
 * without one (it matches no quantity break) and its 400 naming `field(i, 'quantity')` is thrown when its price is
 * asked (pricesFromRows).
 */
export function priceInput(p: PricesParams, field: PriceField) {
  const lines = p.lines.map((l, i) => {
    let quantity: Decimal | undefined;
    try {
      quantity = new Decimal(l.quantity ?? 1);
    } catch {
      quantity = undefined;
    }
    if (quantity && (!quantity.isFinite() || quantity.lte(0))) quantity = undefined;
    const bad = quantity ? undefined : () => badRequest('quantity must be more than 0', field(i, 'quantity'));
    return { itemNo: l.itemNo, variant: l.variantCode ?? '', unit: l.unit ?? '', quantity, bad };
  });
  const json = JSON.stringify(
    lines.map((l, i) => ({
      i,
      item_no: l.itemNo,
      variant: l.variant,
      unit: l.unit,
      qty: l.quantity ? l.quantity.toFixed() : null,
    })),
  );
  return { lines, json, date: p.date ?? today() };
}

/** The price of each line from pricesSql's rows (by line, on demand): rules 1–4, or the line's error. */
export function pricesFromRows(input: PriceInput, rows: readonly PriceRow[], field: PriceField) {
  const byLine = new Map(rows.map((r) => [Number(r.i), r]));
  return (i: number): PriceOf => {
    const l = input.lines[i];
    if (l.bad) throw l.bad();
    const r = byLine.get(i)!;
    if (r.item_no === null) throw new AppError(404, 'not_found', `Item ${l.itemNo} not found`, field(i, 'item_no'));
    if (l.variant && r.variant_code === null)
      throw badRequest(`Item ${l.itemNo} has no variant ${l.variant}`, field(i, 'variant_code'));
    const base = String(r.base);
    const unitOf = l.unit || base;
    if (unitOf !== base && r.per_unit === null)
      throw badRequest(`Item ${l.itemNo} has no unit ${unitOf}`, field(i, 'unit'));
    if (r.price_id !== null && r.price !== null)
      return {
        unit_price: round2(new Decimal(String(r.price))).toFixed(2),
        source: 'item_price',
        price_list: String(r.price_list),
        item_price_id: Number(r.price_id),
        unit: unitOf,
      };
    const perUnit = unitOf === base ? new Decimal(1) : new Decimal(String(r.per_unit));
    const list = new Decimal(String(r.variant_price ?? r.unit_price)).mul(perUnit);
    if (r.rate !== null)
      return {
        unit_price: round2(list.mul(String(r.rate))).toFixed(2),
        source: 'price_rate',
        rate: new Decimal(String(r.rate)).toString(),
        unit: unitOf,
      };
    return { unit_price: round2(list).toFixed(2), source: 'list_price', unit: unitOf };
  };
}

async function pricesFor(db: DbOrTx, p: PricesParams, field: PriceField): Promise<PriceOf[]> {
  if (p.lines.length === 0) return [];
  const input = priceInput(p, field);
  // A bad quantity is refused before the statement, as the first line's error in line order.
  for (const l of input.lines) if (l.bad) throw l.bad();
  const rows = await pricesStatement(db, { lines: input.json, franchise: p.franchiseCode, date: input.date });
  const priceAt = pricesFromRows(input, rows, field);
  return input.lines.map((_l, i) => priceAt(i));
}
