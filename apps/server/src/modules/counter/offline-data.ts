import { and, asc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm';
import { businessDate, type OfflineData, type OfflineItem, type OfflinePromotion } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { Scope } from '../../http/scope.js';
import { D, toMoney, toQty } from '../../kernel/money.js';
import { categories } from '../categories/schema.js';
import { customers } from '../customers/schema.js';
import { devices } from '../devices/schema.js';
import { fees } from '../fees/schema.js';
import { franchises, locations } from '../franchises/schema.js';
import { itemDocuments } from '../item-documents/schema.js';
import { pricesOf } from '../items/price.js';
import { franchiseItems, items, itemVariants } from '../items/schema.js';
import { itemLedgerEntries } from '../ledger/schema.js';
import { birthdayPromotionUses, redeemablePointEntries } from '../loyalty/schema.js';
import { couponUses, promotions } from '../promotions/schema.js';
import { maySellOnCredit } from '../sales/credit.js';
import { mayDiscountAboveLimit, mayOverridePrice } from '../sales/limits.js';
import { allowNegativeStock, counterSettings } from '../system/settings.js';
import { listNumberRanges } from './ranges.js';

// GET /api/counter-sales/offline-data (issue 19, README.md here "Offline"): everything the counter needs to sell at a
// store without the server, read in a handful of set-based statements: the franchise's item list priced for today
// by the one price function (pricesOf: item prices, the franchise's rate, the list price), the promotions in force,
// the fees, the store's customers with their points, the user's grants and limits, the printer, the device's ranges.

/** The pages the counter works on for a user: their grants with the buttons they hold on each (from the session). */
function accessOf(auth: Auth): OfflineData['access'] {
  return {
    is_admin: auth.isAdmin,
    pages: auth.grants.map((g) => ({
      page: g.page_url,
      level: g.permission_type === 'edit' ? 'edit' : 'view',
      buttons: auth.buttons.filter((b) => b.startsWith(`${g.page_url}#`)).map((b) => b.slice(g.page_url.length + 1)),
    })),
  };
}

async function itemsOf(db: DbOrTx, franchise: string, location: string, day: string): Promise<OfflineItem[]> {
  const rows = await db
    .select({
      item_no: items.item_no,
      description: items.description,
      barcode: items.barcode,
      base_unit_of_measure: items.base_unit_of_measure,
      vat_percent: items.vat_percent,
      category: items.category_id,
      category_parent: categories.parent_id,
    })
    .from(franchiseItems)
    .innerJoin(items, eq(items.item_no, franchiseItems.item_no))
    .leftJoin(categories, eq(categories.id, items.category_id))
    .where(and(eq(franchiseItems.franchise_code, franchise), eq(items.blocked, false)))
    .orderBy(asc(franchiseItems.sort), asc(items.item_no));
  if (rows.length === 0) return [];
  const itemNos = rows.map((r) => r.item_no);
  const [variants, pictures, stock] = await Promise.all([
    db
      .select({
        item_no: itemVariants.item_no,
        variant_code: itemVariants.variant_code,
        description: itemVariants.description,
      })
      .from(itemVariants)
      .where(and(inArray(itemVariants.item_no, itemNos), eq(itemVariants.blocked, false)))
      .orderBy(asc(itemVariants.item_no), asc(itemVariants.variant_code)),
    db
      .select({ item_no: itemDocuments.item_no, web_url: itemDocuments.web_url })
      .from(itemDocuments)
      .where(
        and(
          inArray(itemDocuments.item_no, itemNos),
          eq(itemDocuments.document_type, 'image'),
          sql`${itemDocuments.web_url} <> ''`,
        ),
      ),
    db
      .select({
        item_no: itemLedgerEntries.item_no,
        variant_code: itemLedgerEntries.variant_code,
        on_hand: sql<string>`sum(${itemLedgerEntries.quantity})::text`,
      })
      .from(itemLedgerEntries)
      .where(and(eq(itemLedgerEntries.location_code, location), inArray(itemLedgerEntries.item_no, itemNos)))
      .groupBy(itemLedgerEntries.item_no, itemLedgerEntries.variant_code),
  ]);
  // One price statement for every item and variant (the price a counter line gets today, quantity 1).
  const asks = [
    ...rows.map((r) => ({ itemNo: r.item_no, variantCode: '' })),
    ...variants.map((v) => ({ itemNo: v.item_no, variantCode: v.variant_code })),
  ];
  const prices = await pricesOf(db, {
    franchiseCode: franchise,
    date: day,
    lines: asks.map((a) => ({ ...a, quantity: '1' })),
  });
  const priceOf = new Map(asks.map((a, i) => [`${a.itemNo}\u0000${a.variantCode}`, prices[i]!.unit_price]));
  // On hand of the item at the store, its variants together (decimal, never a float).
  const onHand = new Map<string, string>();
  for (const s of stock) onHand.set(s.item_no, toQty(D(onHand.get(s.item_no)).plus(s.on_hand)));
  return rows.map((r) => ({
    item_no: r.item_no,
    description: r.description,
    barcode: r.barcode,
    base_unit_of_measure: r.base_unit_of_measure,
    vat_percent: r.vat_percent,
    unit_price: priceOf.get(`${r.item_no}\u0000`) ?? '0.00',
    category: r.category === null ? null : String(r.category),
    category_parent: r.category_parent === null ? null : String(r.category_parent),
    picture_urls: pictures.filter((p) => p.item_no === r.item_no).map((p) => p.web_url),
    variants: variants
      .filter((v) => v.item_no === r.item_no)
      .map((v) => ({
        variant_code: v.variant_code,
        description: v.description,
        unit_price: priceOf.get(`${r.item_no}\u0000${v.variant_code}`) ?? '0.00',
      })),
    on_hand: onHand.get(r.item_no) ?? '0',
  }));
}

/** The automatic promotions and coupons in force today for the franchise, with the uses a coupon has left. */
async function promotionsOf(db: DbOrTx, franchise: string, day: string): Promise<OfflinePromotion[]> {
  const rows = await db
    .select({
      promotion: promotions,
      used: sql<number>`(select count(*) from ${couponUses} where ${couponUses.promotion_id} = ${promotions.id})`.mapWith(
        Number,
      ),
    })
    .from(promotions)
    .where(
      and(
        eq(promotions.is_active, true),
        lte(promotions.valid_from, day),
        gte(promotions.valid_to, day),
        sql`(cardinality(${promotions.franchise_codes}) = 0 or ${franchise} = any(${promotions.franchise_codes}))`,
      ),
    )
    .orderBy(asc(promotions.id));
  return rows.map(({ promotion: p, used }) => ({
    id: p.id,
    kind: p.kind,
    code: p.code,
    coupon_code: p.coupon_code,
    description: p.description,
    discount_type: p.discount_type as OfflinePromotion['discount_type'],
    discount_value: toMoney(p.discount_value),
    scope: p.scope as OfflinePromotion['scope'],
    scope_values: p.scope_values,
    min_order_amount: toMoney(p.min_order_amount),
    valid_from: p.valid_from,
    valid_to: p.valid_to,
    franchise_codes: p.franchise_codes,
    priority: p.priority,
    is_active: p.is_active,
    usage_limit: p.usage_limit,
    usage_left: p.usage_limit === null ? null : Math.max(0, p.usage_limit - used),
  }));
}

/** The franchise's customers of the store (or of no store) with their redeemable points (one grouped statement). */
async function customersOf(db: DbOrTx, franchise: string, location: string): Promise<OfflineData['customers']> {
  const points = db
    .select({
      customer_no: redeemablePointEntries.customer_no,
      total: sql<string>`sum(${redeemablePointEntries.points})`.as('total'),
    })
    .from(redeemablePointEntries)
    .groupBy(redeemablePointEntries.customer_no)
    .as('points');
  // The latest year each customer took the birthday promotion (once a year: pricing birthdayVerdict).
  const birthday = db
    .select({
      customer_no: birthdayPromotionUses.customer_no,
      year: sql<number | null>`max(${birthdayPromotionUses.year})`.as('year'),
    })
    .from(birthdayPromotionUses)
    .groupBy(birthdayPromotionUses.customer_no)
    .as('birthday');
  const rows = await db
    .select({
      customer_no: customers.customer_no,
      name: customers.name,
      phone_no: customers.phone_no,
      birth_date: customers.birth_date,
      temporary: customers.is_temporary,
      points: sql<string>`coalesce(${points.total}, 0)::text`,
      birthday_used_year: birthday.year,
    })
    .from(customers)
    .leftJoin(points, eq(points.customer_no, customers.customer_no))
    .leftJoin(birthday, eq(birthday.customer_no, customers.customer_no))
    .where(
      and(
        eq(customers.franchise_code, franchise),
        or(eq(customers.location_code, location), eq(customers.location_code, '')),
      ),
    )
    .orderBy(asc(customers.customer_no));
  return rows.map((r) => ({
    customer_no: r.customer_no,
    name: r.name,
    phone_no: r.phone_no,
    points_balance: toQty(r.points),
    birth_date: r.birth_date === '0001-01-01' ? null : r.birth_date,
    birthday_used_year: r.birthday_used_year === null ? null : Number(r.birthday_used_year),
    temporary: r.temporary,
  }));
}

/** GET /api/counter-sales/offline-data for a location of the caller's franchise (checked by the route). */
export async function offlineDataOf(
  db: DbOrTx,
  auth: Auth,
  franchise: string,
  location: string,
  device: string | undefined,
): Promise<OfflineData> {
  const day = businessDate();
  const [[f], [loc], itemList, promotionList, feeList, customerList, settings, negative, [printer], ranges] =
    await Promise.all([
      db.select().from(franchises).where(eq(franchises.customer_no, franchise)),
      db.select().from(locations).where(eq(locations.location_code, location)),
      itemsOf(db, franchise, location, day),
      promotionsOf(db, franchise, day),
      db.select().from(fees).where(eq(fees.is_active, true)).orderBy(asc(fees.fee_code)),
      customersOf(db, franchise, location),
      counterSettings(db),
      allowNegativeStock(db),
      db
        .select()
        .from(devices)
        .where(and(eq(devices.device_type, 'PRINTER'), new Scope(franchise).location(devices.location_code)))
        .orderBy(sql`${devices.location_code} = ${location} desc`, asc(devices.id))
        .limit(1),
      device ? listNumberRanges(db, auth, device) : Promise.resolve(null),
    ]);
  return {
    generated_at: new Date().toISOString(),
    business_date: day,
    franchise: {
      franchise_code: franchise,
      name: f?.name ?? '',
      tax_code: f?.tp_no ?? '',
      cash_needs_open_shift: f?.cash_needs_open_shift ?? false,
      allow_negative_stock: negative,
    },
    location: {
      location_code: location,
      name: loc?.name ?? '',
      address: loc?.address ?? '',
      phone_no: loc?.phone_no ?? '',
    },
    items: itemList,
    promotions: promotionList,
    birthday_discount_percent: toMoney(settings.birthday_discount_percent),
    point_value: String(settings.loyalty_point_value),
    fees: feeList.map((x) => ({
      fee_code: x.fee_code,
      description: x.description,
      amount: x.amount,
      vat_percent: x.vat_percent,
    })),
    customers: customerList,
    access: accessOf(auth),
    limits: {
      max_line_discount_percent: toMoney(settings.max_line_discount_percent),
      may_override_price: auth.isAdmin || mayOverridePrice(auth),
      may_discount_above_limit: auth.isAdmin || mayDiscountAboveLimit(auth),
      may_sell_on_credit: auth.isAdmin || maySellOnCredit(auth),
    },
    printer: printer
      ? {
          id: printer.id,
          device_name: printer.device_name,
          device_code: printer.device_code,
          ip: printer.device_data.ip,
          port: printer.device_data.port,
        }
      : null,
    number_ranges: ranges,
  };
}
