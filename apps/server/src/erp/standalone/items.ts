import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { categories } from '../../modules/categories/schema.js';
import { itemPrices } from '../../modules/item-prices/schema.js';
import { items, itemUnits, itemVariants } from '../../modules/items/schema.js';
import type { ErpItem, ErpItems } from '../port.js';
import { etagOf, readPaging, toPage } from './paging.js';

type ItemRow = Omit<typeof items.$inferSelect, 'vat_percent'> & { category_code: string | null };

async function withChildren(d: DbOrTx, rows: ItemRow[]): Promise<ErpItem[]> {
  if (rows.length === 0) return [];
  const nos = rows.map((r) => r.item_no);
  const variants = await d
    .select()
    .from(itemVariants)
    .where(inArray(itemVariants.item_no, nos))
    .orderBy(asc(itemVariants.variant_code));
  const units = await d.select().from(itemUnits).where(inArray(itemUnits.item_no, nos)).orderBy(asc(itemUnits.code));
  return rows.map((r) => ({
    etag: etagOf(r.version),
    system_id: r.item_no,
    item_no: r.item_no,
    description: r.description,
    base_unit_of_measure: r.base_unit_of_measure,
    unit_price: r.unit_price,
    item_category_code: r.category_code ?? '',
    blocked: r.blocked,
    gtin: r.barcode,
    variants: variants
      .filter((v) => v.item_no === r.item_no)
      .map((v) => ({ variant_code: v.variant_code, description: v.description, blocked: v.blocked })),
    units_of_measure: [
      { code: r.base_unit_of_measure, qty_per_unit_of_measure: '1' },
      ...units
        .filter((u) => u.item_no === r.item_no && u.code !== r.base_unit_of_measure)
        .map((u) => ({ code: u.code, qty_per_unit_of_measure: u.qty_per_unit_of_measure })),
    ],
  }));
}

/**
 * Standalone items and prices: the catalogue tables are the record (items with variants and units of measure,
 * item prices). A sync has nothing to pull from outside; the catalogue's sync still refreshes franchise item lists.
 */
export function standaloneItems(db: Db): ErpItems {
  const select = (d: DbOrTx) =>
    d
      .select({
        item_no: items.item_no,
        description: items.description,
        description_2: items.description_2,
        barcode: items.barcode,
        base_unit_of_measure: items.base_unit_of_measure,
        unit_price: items.unit_price,
        category_id: items.category_id,
        blocked: items.blocked,
        version: items.version,
        created_at: items.created_at,
        updated_at: items.updated_at,
        category_code: categories.code,
      })
      .from(items)
      .leftJoin(categories, eq(categories.id, items.category_id));
  return {
    async list(q = {}) {
      const { top, skip } = readPaging(q);
      const where = and(
        q.since ? gt(items.updated_at, q.since) : undefined,
        q.filter?.item_no ? eq(items.item_no, String(q.filter.item_no)) : undefined,
      );
      const rows = await select(db)
        .where(where)
        .orderBy(asc(items.item_no))
        .limit(top + 1)
        .offset(skip);
      const page = toPage('items', rows, top, skip);
      return { value: await withChildren(db, page.value), nextLink: page.nextLink };
    },
    async get(itemNo) {
      const rows = await select(db).where(eq(items.item_no, itemNo));
      return (await withChildren(db, rows))[0] ?? null;
    },
    async listPrices(q = {}) {
      const { top, skip } = readPaging(q);
      const itemNo = q.item_no ?? (q.filter?.item_no !== undefined ? String(q.filter.item_no) : undefined);
      const where = and(
        itemNo ? eq(itemPrices.item_no, itemNo) : undefined,
        q.since ? gt(itemPrices.updated_at, q.since) : undefined,
      );
      const rows = await db
        .select()
        .from(itemPrices)
        .where(where)
        .orderBy(asc(itemPrices.id))
        .limit(top + 1)
        .offset(skip);
      return toPage(
        'item-prices',
        rows.map((p) => ({
          etag: etagOf(p.version),
          system_id: String(p.id),
          item_no: p.item_no,
          variant_code: p.variant_code,
          unit_of_measure: p.unit_of_measure,
          sales_code: p.franchise_code ?? '',
          unit_price: p.unit_price,
          starting_date: p.valid_from,
          ending_date: p.valid_to,
        })),
        top,
        skip,
      );
    },
    async sync(opts) {
      const n = opts.itemNo
        ? (await this.get(opts.itemNo))
          ? 1
          : 0
        : (await db.select({ item_no: items.item_no }).from(items)).length;
      return { records: n, message: 'Standalone: the catalogue is the record; nothing to pull' };
    },
  };
}
