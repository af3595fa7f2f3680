import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { businessDate, businessYear, LIST_TOTAL_CAP, type PageGrant } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { postingFaults, postingSteps } from '../../kernel/posting.js';
import { categories } from '../categories/schema.js';
import { locations } from '../franchises/schema.js';
import { itemUnits, itemVariants, items } from '../items/schema.js';
import { itemLedgerEntries } from '../ledger/schema.js';
import { onHand, postItemEntries } from '../ledger/service.js';
import { compactRollUps } from '../reports/rollups.js';
import { addStock, makeItem, makeStore } from '../sales/posting/test-support.js';
import { warehouseEntries, warehouseTransferLines, warehouseTransfers } from './schema.js';
import { itemStockTotals, type ItemStockBody } from './stock.js';
import { Scope } from '../../http/scope.js';
import type { Auth } from '../../http/context.js';

const ctx = useTestApp({ ITEM_IMAGE_PATH_URL: 'https://img.example.com/items/' });
const yy = String(businessYear()).slice(-2);
let admin: Client;
let editor: Client;
let viewer: Client;
let otherEditor: Client;
let A: Awaited<ReturnType<typeof makeStore>>;
let B: Awaited<ReturnType<typeof makeStore>>;
const A2 = 'WHA-02';

const grant = (level: 'view' | 'edit'): PageGrant[] => [{ page_url: '/warehouseEntries', permission_type: level }];

beforeAll(async () => {
  admin = await ctx.t.admin();
  A = await makeStore(ctx.t, 'WHA');
  B = await makeStore(ctx.t, 'WHB');
  await ctx.t.services.db.insert(locations).values({ location_code: A2, customer_no: 'WHA', name: 'Second store' });
  editor = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'WHA', pages: grant('edit') })).client;
  viewer = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'WHA', pages: grant('view') })).client;
  otherEditor = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'WHB', pages: grant('edit') })).client;
});
afterEach(async () => {
  postingFaults.clear();
  await admin.op('config.update', { body: { allow_negative_stock: false } });
});

const db = () => ctx.t.services.db;
const stockAt = (itemNo: string, locationCode: string, variantCode = '') =>
  onHand(db(), { locationCode, itemNo, variantCode });

async function footprint() {
  const r = await db().execute<Record<string, string>>(sql`select
    (select count(*) from warehouse_entries)::text as entries,
    (select coalesce(sum(version), 0) from warehouse_entries)::text as versions,
    (select count(*) from warehouse_entries where status = 'posted')::text as posted,
    (select count(*) from warehouse_transfers)::text as transfers,
    (select count(*) from warehouse_transfer_lines)::text as transfer_lines,
    (select count(*) from item_ledger_entries)::text as item_entries,
    (select coalesce(sum(last_no), 0)::text from number_series) as numbers`);
  const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
  return rows[0];
}

async function addEntry(
  c: Client,
  o: Partial<{
    item_no: string;
    entry_type: 'positive_adjmt' | 'negative_adjmt';
    quantity: string;
    location_code: string;
    unit_of_measure: string;
    variant_code: string;
    posting_date: string;
  }> & { item_no: string },
) {
  const res = await c.op('warehouseEntries.create', {
    body: { entry_type: 'positive_adjmt', quantity: '1', reason_code: 'COUNT', location_code: A.location_code, ...o },
  });
  expect(res.statusCode, JSON.stringify(res.envelope)).toBe(201);
  return res.data;
}

describe('warehouse entries: add, update, remove', () => {
  it('adds an open entry with defaults from the item (unit, description, business date)', async () => {
    const item = await makeItem(ctx.t);
    await db().insert(itemUnits).values({ item_no: item, code: 'BOX', qty_per_unit_of_measure: '12' });
    const e = await addEntry(editor, { item_no: item, quantity: '2', unit_of_measure: 'BOX' });
    expect(e).toMatchObject({
      franchise_code: 'WHA',
      location_code: A.location_code,
      item_no: item,
      variant_code: '',
      description: `Item ${item}`,
      unit_of_measure: 'BOX',
      entry_type: 'positive_adjmt',
      quantity: '2',
      quantity_base: '24',
      reason_code: 'COUNT',
      posting_date: businessDate(),
      status: 'open',
      document_no: '',
      version: 1,
    });
    const plain = await addEntry(editor, { item_no: item, location_code: undefined });
    expect(plain).toMatchObject({ location_code: 'WHA', unit_of_measure: 'PCS', quantity_base: '1' });
  });

  it('refuses what is wrong with exact messages naming the field', async () => {
    const item = await makeItem(ctx.t);
    const create = (body: Record<string, unknown>) =>
      editor.post('/api/warehouse/entries', {
        entry_type: 'positive_adjmt',
        quantity: '1',
        reason_code: 'COUNT',
        item_no: item,
        ...body,
      });
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ reason_code: '' }, 400, 'reason_code', 'This is required field!'],
      [{ reason_code: undefined }, 400, 'reason_code', 'This is required field!'],
      [{ item_no: '' }, 400, 'item_no', 'This is required field!'],
      [{ item_no: 'NOPE' }, 400, 'item_no', 'Item NOPE not found'],
      [{ variant_code: 'XX' }, 400, 'variant_code', `Item ${item} has no variant XX`],
      [{ unit_of_measure: 'CRATE' }, 400, 'unit_of_measure', `Item ${item} has no unit of measure CRATE`],
      [{ location_code: B.location_code }, 404, 'location_code', 'Location not found'],
      [{ location_code: 'NOWHERE' }, 404, 'location_code', 'Location not found'],
      [{ franchise_code: 'WHB' }, 404, 'franchise_code', 'Franchise not found'],
    ];
    const before = await footprint();
    for (const [body, status, field, msg] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.envelope.errors[0], JSON.stringify(body)).toMatchObject({ field, msg });
    }
    for (const quantity of ['0', '-1', 'x']) {
      const res = await create({ quantity });
      expect(res.statusCode).toBe(400);
      expect(res.envelope.errors[0].field).toBe('quantity');
    }
    const bad = await create({ entry_type: 'transfer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({
      field: 'entry_type',
      msg: 'entry_type must be one of positive_adjmt, negative_adjmt',
    });
    expect(await footprint()).toEqual(before);
  });

  it('updates an open entry with its version; stale 409, another franchise 404', async () => {
    const item = await makeItem(ctx.t);
    const other = await makeItem(ctx.t);
    const e = await addEntry(editor, { item_no: item });
    const res = await editor.op('warehouseEntries.update', {
      body: { id: e.id, version: e.version, quantity: '5', entry_type: 'negative_adjmt', item_no: other },
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      quantity: '5',
      entry_type: 'negative_adjmt',
      item_no: other,
      description: `Item ${other}`,
      version: 2,
    });
    const stale = await editor.op('warehouseEntries.update', { body: { id: e.id, version: 1, quantity: '6' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0]).toMatchObject({ code: 'stale_version', field: 'version' });
    const moved = await editor.op('warehouseEntries.update', {
      body: { id: e.id, version: 2, location_code: B.location_code },
    });
    expect(moved.statusCode).toBe(404);
    expect(moved.envelope.errors[0]).toMatchObject({ field: 'location_code', msg: 'Location not found' });
    const foreign = await otherEditor.op('warehouseEntries.update', { body: { id: e.id, version: 2, quantity: '9' } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ msg: 'Warehouse entry not found', field: 'id' });
    const [row] = await db().select().from(warehouseEntries).where(eq(warehouseEntries.id, e.id));
    expect(row).toMatchObject({ quantity: '5.00000', version: 2, location_code: A.location_code });
  });

  it('removes open entries by ids; another franchise 404 naming the id, nothing removed', async () => {
    const item = await makeItem(ctx.t);
    const e1 = await addEntry(editor, { item_no: item });
    const e2 = await addEntry(editor, { item_no: item });
    const foreign = await otherEditor.op('warehouseEntries.remove', { body: { ids: [e1.id] } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.envelope.errors[0]).toMatchObject({ msg: 'Warehouse entry not found', field: 'ids.0' });
    const mixed = await editor.op('warehouseEntries.remove', { body: { ids: [e1.id, 999999] } });
    expect(mixed.statusCode).toBe(404);
    expect(mixed.envelope.errors[0].field).toBe('ids.1');
    const ok = await editor.op('warehouseEntries.remove', { body: { ids: [e1.id, e2.id] } });
    expect(ok.statusCode).toBe(200);
    expect(ok.data).toEqual({ removed: 2 });
    expect(await db().select().from(warehouseEntries).where(eq(warehouseEntries.id, e1.id))).toHaveLength(0);
  });

  it('lists only the caller’s franchise, filters and exports', async () => {
    const item = await makeItem(ctx.t);
    const mine = await addEntry(editor, { item_no: item, quantity: '3' });
    const theirs = (
      await otherEditor.op('warehouseEntries.create', {
        body: { item_no: item, entry_type: 'positive_adjmt', quantity: '4', reason_code: 'X' },
      })
    ).data;
    const list = await editor.op('warehouseEntries.list', {
      body: { filters: [{ field: 'item_no', value: item, condition_type: 'eq' }] },
    });
    expect(list.data.items.map((e) => e.id)).toEqual([mine.id]);
    const all = await admin.op('warehouseEntries.list', {
      body: { filters: [{ field: 'item_no', value: item, condition_type: 'eq' }] },
    });
    expect(all.data.items.map((e) => e.id).sort()).toEqual([mine.id, theirs.id].sort());
    const xlsx = await editor.post('/api/warehouse/entries/filter/export', {});
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('a view-only user is refused every change (403) and nothing changes', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...A, item_no: item, quantity: '5' });
    const e = await addEntry(editor, { item_no: item });
    const before = await footprint();
    const calls = [
      viewer.op('warehouseEntries.create', {
        body: { item_no: item, entry_type: 'positive_adjmt', quantity: '1', reason_code: 'X' },
      }),
      viewer.op('warehouseEntries.update', { body: { id: e.id, version: e.version, quantity: '2' } }),
      viewer.op('warehouseEntries.remove', { body: { ids: [e.id] } }),
      viewer.op('warehouseEntries.post', { body: { ids: [e.id] } }),
      viewer.op('warehouse.transfer', {
        body: { location_from: A.location_code, location_to: A2, items: [{ item_no: item, quantity: '1' }] },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect(await footprint()).toEqual(before);
    expect((await viewer.op('warehouseEntries.list', { body: {} })).statusCode).toBe(200);
    const nobody = (await ctx.t.makeUser({ role: 'Store Staff', customer_no: 'WHA' })).client;
    expect((await nobody.op('warehouse.onHand', { body: {} })).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/warehouse/on-hand', {})).statusCode).toBe(401);
  });
});

describe('posting warehouse entries', () => {
  it('posts entries together under one WE number: ledger entries with sign and base quantity', async () => {
    const item = await makeItem(ctx.t);
    await db().insert(itemUnits).values({ item_no: item, code: 'BOX', qty_per_unit_of_measure: '6' });
    await db().insert(itemVariants).values({ item_no: item, variant_code: 'RED', description: 'Red' });
    const e1 = await addEntry(editor, { item_no: item, quantity: '2', unit_of_measure: 'BOX' });
    const e2 = await addEntry(editor, { item_no: item, quantity: '1', variant_code: 'RED' });
    const e3 = await addEntry(editor, { item_no: item, quantity: '5', entry_type: 'negative_adjmt' });
    const res = await editor.op('warehouseEntries.post', { body: { ids: [e3.id, e1.id, e2.id] } });
    expect(res.statusCode, JSON.stringify(res.envelope)).toBe(200);
    const no = res.data.document_no;
    expect(no).toMatch(new RegExp(`^WHA-WE-${yy}-\\d{6}$`));
    expect(res.data.posting_count).toBe(3);
    expect(res.data.entries.map((e) => [e.id, e.status, e.document_no, e.version])).toEqual([
      [e1.id, 'posted', no, 2],
      [e2.id, 'posted', no, 2],
      [e3.id, 'posted', no, 2],
    ]);
    const ledger = await db()
      .select()
      .from(itemLedgerEntries)
      .where(eq(itemLedgerEntries.document_no, no))
      .orderBy(itemLedgerEntries.document_line_no);
    expect(ledger.map((l) => [l.entry_type, l.document_type, l.document_line_no, l.variant_code, l.quantity])).toEqual([
      ['positive_adjmt', 'warehouse_entry', e1.id, '', '12.00000'],
      ['positive_adjmt', 'warehouse_entry', e2.id, 'RED', '1.00000'],
      ['negative_adjmt', 'warehouse_entry', e3.id, '', '-5.00000'],
    ]);
    expect(await stockAt(item, A.location_code)).toBe('7');
    expect(await stockAt(item, A.location_code, 'RED')).toBe('1');

    // Posted entries never change: refused by the calls (422) and by the database.
    const again = await editor.op('warehouseEntries.post', { body: { ids: [e1.id] } });
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0]).toMatchObject({
      code: 'status_not_allowed',
      field: 'ids.0',
      msg: `Warehouse entry ${e1.id} is already posted (${no})`,
    });
    const upd = await editor.op('warehouseEntries.update', { body: { id: e1.id, version: 2, quantity: '9' } });
    expect(upd.statusCode).toBe(422);
    expect(upd.envelope.errors[0]).toMatchObject({ code: 'status_not_allowed', field: 'id' });
    const rm = await editor.op('warehouseEntries.remove', { body: { ids: [e2.id] } });
    expect(rm.statusCode).toBe(422);
    expect(rm.envelope.errors[0]).toMatchObject({ code: 'status_not_allowed', field: 'ids.0' });
    await expect(
      db().update(warehouseEntries).set({ quantity: '99' }).where(eq(warehouseEntries.id, e1.id)),
    ).rejects.toThrow();
    await expect(db().delete(warehouseEntries).where(eq(warehouseEntries.id, e1.id))).rejects.toThrow();
  });

  it('another franchise’s ids are 404 and nothing posts', async () => {
    const item = await makeItem(ctx.t);
    const e = await addEntry(editor, { item_no: item });
    const before = await footprint();
    const res = await otherEditor.op('warehouseEntries.post', { body: { ids: [e.id] } });
    expect(res.statusCode).toBe(404);
    expect(res.envelope.errors[0]).toMatchObject({ msg: 'Warehouse entry not found', field: 'ids.0' });
    expect(await footprint()).toEqual(before);
  });

  it('refuses a negative adjustment past on hand (net of the positive ones), unless allow_negative_stock', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...A, item_no: item, quantity: '3' });
    const plus = await addEntry(editor, { item_no: item, quantity: '1' });
    const minus = await addEntry(editor, { item_no: item, quantity: '5', entry_type: 'negative_adjmt' });
    const before = await footprint();
    const res = await editor.op('warehouseEntries.post', { body: { ids: [plus.id, minus.id] } });
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toEqual({
      code: 'insufficient_stock',
      field: 'ids.1',
      msg: `Item ${item} at ${A.location_code}: only 3 on hand, 4 to take out`,
    });
    expect(await footprint()).toEqual(before);
    // Net: +1 −4 = −3 of 3 on hand is fine.
    await editor.op('warehouseEntries.update', { body: { id: minus.id, version: 1, quantity: '4' } });
    const ok = await editor.op('warehouseEntries.post', { body: { ids: [plus.id, minus.id] } });
    expect(ok.statusCode).toBe(200);
    expect(await stockAt(item, A.location_code)).toBe('0');

    const more = await addEntry(editor, { item_no: item, quantity: '2', entry_type: 'negative_adjmt' });
    expect((await editor.op('warehouseEntries.post', { body: { ids: [more.id] } })).statusCode).toBe(422);
    await admin.op('config.update', { body: { allow_negative_stock: true } });
    expect((await editor.op('warehouseEntries.post', { body: { ids: [more.id] } })).statusCode).toBe(200);
    expect(await stockAt(item, A.location_code)).toBe('-2');
    await addStock(ctx.t, { ...A, item_no: item, quantity: '2' }); // the books want no negative stock left behind
  });

  it('a failure after each posting step leaves nothing behind', async () => {
    const item = await makeItem(ctx.t);
    const e = await addEntry(editor, { item_no: item, quantity: '4' });
    for (const step of postingSteps) {
      postingFaults.clear();
      postingFaults.add(`warehouse_entries:${step}`);
      const before = await footprint();
      const res = await editor.op('warehouseEntries.post', { body: { ids: [e.id] } });
      expect(res.statusCode, step).toBe(500);
      expect(await footprint(), step).toEqual(before);
    }
    postingFaults.clear();
    expect((await editor.op('warehouseEntries.post', { body: { ids: [e.id] } })).statusCode).toBe(200);
  });
});

describe('warehouse transfer', () => {
  it('moves stock between two locations of the franchise: one WT, two ledger entries per line', async () => {
    const item = await makeItem(ctx.t);
    await db().insert(itemUnits).values({ item_no: item, code: 'BOX', qty_per_unit_of_measure: '10' });
    await addStock(ctx.t, { ...A, item_no: item, quantity: '25' });
    const res = await editor.op('warehouse.transfer', {
      body: {
        location_from: A.location_code,
        location_to: A2,
        items: [
          { item_no: item, quantity: '2', unit_of_measure: 'BOX' },
          { item_no: item, quantity: '3' },
        ],
      },
    });
    expect(res.statusCode, JSON.stringify(res.envelope)).toBe(201);
    expect(res.data).toMatchObject({
      franchise_code: 'WHA',
      location_from: A.location_code,
      location_to: A2,
      posting_date: businessDate(),
      lines: [
        { line_no: 10000, quantity: '2', quantity_base: '20', unit_of_measure: 'BOX' },
        { line_no: 20000, quantity: '3', quantity_base: '3', unit_of_measure: 'PCS' },
      ],
    });
    expect(res.data.document_no).toMatch(new RegExp(`^WHA-WT-${yy}-\\d{6}$`));
    const ledger = await db()
      .select()
      .from(itemLedgerEntries)
      .where(eq(itemLedgerEntries.document_no, res.data.document_no))
      .orderBy(itemLedgerEntries.id);
    expect(ledger.map((l) => [l.entry_type, l.document_type, l.document_line_no, l.location_code, l.quantity])).toEqual(
      [
        ['transfer', 'warehouse_transfer', 10000, A.location_code, '-20.00000'],
        ['transfer', 'warehouse_transfer', 10000, A2, '20.00000'],
        ['transfer', 'warehouse_transfer', 20000, A.location_code, '-3.00000'],
        ['transfer', 'warehouse_transfer', 20000, A2, '3.00000'],
      ],
    );
    expect(await stockAt(item, A.location_code)).toBe('2');
    expect(await stockAt(item, A2)).toBe('23');
    await expect(db().delete(warehouseTransferLines)).rejects.toThrow();
    await expect(db().update(warehouseTransfers).set({ description: 'x' })).rejects.toThrow();
  });

  it('refuses: same location 400, another franchise’s location 404, past on hand 422 unless allowed', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...A, item_no: item, quantity: '1' });
    const transfer = (c: Client, body: Record<string, unknown>) =>
      c.post('/api/warehouse/transfer', {
        location_from: A.location_code,
        location_to: A2,
        items: [{ item_no: item, quantity: '1' }],
        ...body,
      });
    const before = await footprint();
    const cases: [Client, Record<string, unknown>, number, string, string][] = [
      [editor, { location_to: A.location_code }, 400, 'location_to', 'The locations must differ'],
      [editor, { location_to: B.location_code }, 404, 'location_to', 'Location not found'],
      [editor, { location_from: B.location_code }, 404, 'location_from', 'Location not found'],
      [otherEditor, {}, 404, 'location_from', 'Location not found'],
      [editor, { items: [] }, 400, 'items', 'items must not be empty'],
      [editor, { items: [{ item_no: 'NOPE', quantity: '1' }] }, 400, 'items.0.item_no', 'Item NOPE not found'],
      [
        editor,
        {
          items: [
            { item_no: item, quantity: '1' },
            { item_no: item, quantity: '1' },
          ],
        },
        422,
        'items.0.quantity',
        `Item ${item} at ${A.location_code}: only 1 on hand, 2 to transfer`,
      ],
      [admin, { franchise_code: 'WHB' }, 404, 'location_from', 'Location not found'],
    ];
    for (const [c, body, status, field, msg] of cases) {
      const res = await transfer(c, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.envelope.errors[0], JSON.stringify(body)).toMatchObject({ field, msg });
    }
    expect(await footprint()).toEqual(before);
    await admin.op('config.update', { body: { allow_negative_stock: true } });
    const ok = await transfer(editor, { items: [{ item_no: item, quantity: '4' }] });
    expect(ok.statusCode).toBe(201);
    expect(await stockAt(item, A.location_code)).toBe('-3');
    await addStock(ctx.t, { ...A, item_no: item, quantity: '3' }); // the books want no negative stock left behind
  });

  it('a failure after each posting step leaves nothing behind', async () => {
    const item = await makeItem(ctx.t);
    await addStock(ctx.t, { ...A, item_no: item, quantity: '5' });
    for (const step of postingSteps) {
      postingFaults.clear();
      postingFaults.add(`warehouse_transfer:${step}`);
      const before = await footprint();
      const res = await editor.op('warehouse.transfer', {
        body: { location_from: A.location_code, location_to: A2, items: [{ item_no: item, quantity: '1' }] },
      });
      expect(res.statusCode, step).toBe(500);
      expect(await footprint(), step).toEqual(before);
    }
  });
});

describe('on hand', () => {
  it('Σ item ledger per location, item and variant of the caller’s franchise; zero rows hidden by default', async () => {
    const [cat] = await db()
      .insert(categories)
      .values({ code: 'WHCAT', name: 'Stock category' })
      .returning({ id: categories.id });
    const item = await makeItem(ctx.t);
    await db().update(items).set({ category_id: cat.id }).where(eq(items.item_no, item));
    await db().insert(itemVariants).values({ item_no: item, variant_code: 'BLUE', description: 'Blue' });
    await addStock(ctx.t, { ...A, item_no: item, quantity: '4' });
    await addStock(ctx.t, { ...A, item_no: item, quantity: '1.5' });
    await addStock(ctx.t, { ...A, item_no: item, variant_code: 'BLUE', quantity: '2' });
    await addStock(ctx.t, { ...A, location_code: A2, item_no: item, quantity: '3' });
    await addStock(ctx.t, { ...A, location_code: A2, item_no: item, quantity: '-3' });
    await addStock(ctx.t, { ...B, item_no: item, quantity: '9' });
    const byItem = { filters: [{ field: 'item_no', value: item, condition_type: 'eq' as const }] };
    const res = await editor.op('warehouse.onHand', { body: byItem });
    expect(res.statusCode).toBe(200);
    expect(res.data.total_count).toBe(2);
    expect(res.data.items).toEqual([
      {
        franchise_code: 'WHA',
        location_code: A.location_code,
        item_no: item,
        variant_code: '',
        description: `Item ${item}`,
        category_code: 'WHCAT',
        unit_of_measure: 'PCS',
        quantity: '5.5',
        image_url: `https://img.example.com/items/${item}.jpg`,
      },
      expect.objectContaining({ variant_code: 'BLUE', description: `Item ${item} - Blue`, quantity: '2' }),
    ]);
    const withZero = await editor.op('warehouse.onHand', { body: { ...byItem, include_zero: true } });
    expect(withZero.data.items.map((r) => [r.location_code, r.variant_code, r.quantity])).toEqual([
      [A.location_code, '', '5.5'],
      [A.location_code, 'BLUE', '2'],
      [A2, '', '0'],
    ]);
    const filtered = await editor.op('warehouse.onHand', {
      body: {
        filters: [
          { field: 'category_code', value: 'WHCAT', condition_type: 'eq' },
          { field: 'variant_code', value: 'BLUE', condition_type: 'eq' },
          { field: 'location_code', value: A.location_code, condition_type: 'eq' },
        ],
      },
    });
    expect(filtered.data.items.map((r) => r.quantity)).toEqual(['2']);
    const all = await admin.op('warehouse.onHand', {
      body: { ...byItem, sort_order: { field: 'quantity', direction: 'desc' } },
    });
    expect(all.data.items.map((r) => [r.franchise_code, r.quantity])).toEqual([
      ['WHB', '9'],
      ['WHA', '5.5'],
      ['WHA', '2'],
    ]);
    // The report is the same list.
    const report = await editor.op('stockReports.onHand', { body: byItem });
    expect(report.data).toEqual(res.data);
    const bad = await editor.op('warehouse.onHand', {
      body: { filters: [{ field: 'price', value: '1', condition_type: 'eq' }] },
    });
    expect(bad.statusCode).toBe(400);
    const xlsx = await editor.post('/api/reports/on-hand/export', byItem);
    expect(xlsx.statusCode).toBe(200);
  });

  it('path config answers the image path URL', async () => {
    const res = await viewer.op('warehouse.pathConfig');
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ image_path_url: 'https://img.example.com/items/' });
  });
});

describe('item stock', () => {
  it('opening, in, out and closing per location and item between two dates, with totals', async () => {
    const item = await makeItem(ctx.t);
    const other = await makeItem(ctx.t);
    const entry = async (o: { item_no: string; date: string; quantity: string; location?: string }) => {
      const e = await addEntry(editor, {
        item_no: o.item_no,
        location_code: o.location ?? A.location_code,
        posting_date: o.date,
        quantity: o.quantity.replace('-', ''),
        entry_type: o.quantity.startsWith('-') ? 'negative_adjmt' : 'positive_adjmt',
      });
      expect((await editor.op('warehouseEntries.post', { body: { ids: [e.id] } })).statusCode).toBe(200);
    };
    // Hand-computed fixture: before the range 10 − 2 = 8; in the range +5 +1, −3; after the range +100 (ignored).
    await entry({ item_no: item, date: '2025-03-01', quantity: '10' });
    await entry({ item_no: item, date: '2025-03-09', quantity: '-2' });
    await entry({ item_no: item, date: '2025-03-10', quantity: '5' }); // first day of the range
    await entry({ item_no: item, date: '2025-03-15', quantity: '-3' });
    await entry({ item_no: item, date: '2025-03-20', quantity: '1' }); // last day of the range
    await entry({ item_no: item, date: '2025-03-21', quantity: '100' });
    await entry({ item_no: other, date: '2025-03-12', quantity: '4', location: A2 });
    await entry({ item_no: other, date: '2025-02-01', quantity: '7' });
    const body = {
      from_date: '10-03-2025',
      to_date: '2025-03-20',
      filters: [{ field: 'item_no', value: `${item}|${other}`, condition_type: 'eq' as const }],
      sort_order: { field: 'item_no', direction: 'asc' as const },
    };
    const res = await editor.op('warehouse.itemStock', { body });
    expect(res.statusCode, JSON.stringify(res.envelope)).toBe(200);
    const rows = res.data.items.map((r) => [
      r.item_no,
      r.location_code,
      r.opening,
      r.quantity_in,
      r.quantity_out,
      r.closing,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [item, A.location_code, '8', '6', '3', '11'],
        [other, A2, '0', '4', '0', '4'],
        [other, A.location_code, '7', '0', '0', '7'],
      ]),
    );
    expect(rows).toHaveLength(3);
    const totals = await editor.op('warehouse.itemStockTotals', { body });
    expect(totals.data).toEqual({ opening: '15', quantity_in: '10', quantity_out: '3', closing: '22', rows: 3 });
    const report = await editor.op('stockReports.inventory', { body });
    expect(report.data.items).toEqual(res.data.items);
    // A day before anything: no rows unless include_zero.
    const early = { ...body, from_date: '2020-01-01', to_date: '2020-01-31' };
    expect((await editor.op('warehouse.itemStock', { body: early })).data.items).toEqual([]);
    // Another franchise sees none of it.
    expect((await otherEditor.op('warehouse.itemStock', { body })).data.items).toEqual([]);
    const reversed = await editor.op('warehouse.itemStock', {
      body: { ...body, from_date: '2025-03-21', to_date: '2025-03-20' },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.envelope.errors[0]).toMatchObject({
      field: 'to_date',
      msg: 'To date must not be before from date',
    });
    const missing = await editor.post('/api/warehouse/item-stock', { to_date: '2025-03-20' });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0]).toMatchObject({ field: 'from_date', msg: 'This is required field!' });
  });

  it('item stock and on hand equal sums over the ledger (store and head office, mid-history period, compacted or not)', async () => {
    const items3 = [await makeItem(ctx.t), await makeItem(ctx.t), await makeItem(ctx.t)];
    const places = [
      { franchise_code: 'WHA', location_code: A.location_code },
      { franchise_code: 'WHA', location_code: A2 },
      { franchise_code: 'WHB', location_code: B.location_code },
    ];
    // 60 days of movements: several entries of one position and day in one statement (in and out mixed), and single
    // entries in statements of their own (delta rows of the roll-ups before compaction).
    const entries = [];
    for (let d = 0; d < 60; d++) {
      const posting_date = new Date(Date.UTC(2024, 0, 1 + d)).toISOString().slice(0, 10);
      for (const [i, item_no] of items3.entries())
        for (const [j, p] of places.entries()) {
          if ((d + i + j) % 3 === 0) continue;
          const quantity = (d + i * 7 + j * 3) % 5 === 0 ? `-${1 + ((d + i) % 3)}` : `${1 + ((d * 3 + j) % 7)}.5`;
          entries.push({ entry_type: 'adjmt', ...p, item_no, variant_code: '', quantity, posting_date });
        }
    }
    let n = 0;
    for (let k = 0; k < entries.length; k += 25) {
      await postItemEntries(
        db(),
        entries.slice(k, k + 25).map((e) => ({ ...e, document_type: 'test', document_no: `WHSUM-${n++}` })),
      );
    }
    for (const e of entries.filter((_, k) => k % 17 === 0)) {
      await postItemEntries(db(), [{ ...e, quantity: '-0.25', document_type: 'test', document_no: `WHSUM-${n++}` }]);
    }
    const from = '2024-01-20';
    const to = '2024-02-10';
    const expected = async (franchise: string | null) => {
      const r = await db().execute<Record<string, string>>(sql`
        select franchise_code, location_code, item_no,
          sum(quantity) filter (where posting_date < ${from}::date)::numeric::text as opening,
          coalesce(sum(quantity) filter (where posting_date >= ${from}::date and quantity > 0), 0)::text as quantity_in,
          coalesce(-sum(quantity) filter (where posting_date >= ${from}::date and quantity < 0), 0)::text as quantity_out,
          sum(quantity)::text as closing
        from item_ledger_entries
        where item_no in (${sql.join(
          items3.map((i) => sql`${i}`),
          sql`, `,
        )}) and posting_date <= ${to}::date and (${franchise}::text is null or franchise_code = ${franchise})
        group by 1, 2, 3 order by 2, 3`);
      const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
      const q = (v: string | null) => String(Number(v ?? 0));
      return rows.map((x) => [
        x.franchise_code,
        x.location_code,
        x.item_no,
        q(x.opening),
        q(x.quantity_in),
        q(x.quantity_out),
        q(x.closing),
      ]);
    };
    const onHandExpected = async (franchise: string | null) => {
      const r = await db().execute<Record<string, string>>(sql`
        select location_code, item_no, sum(quantity)::text as quantity from item_ledger_entries
        where item_no in (${sql.join(
          items3.map((i) => sql`${i}`),
          sql`, `,
        )}) and (${franchise}::text is null or franchise_code = ${franchise})
        group by 1, 2 having sum(quantity) <> 0 order by 1, 2`);
      const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
      return rows.map((x) => [x.location_code, x.item_no, String(Number(x.quantity))]);
    };
    const filters = [{ field: 'item_no', value: items3.join('|'), condition_type: 'eq' as const }];
    const answers = async () => {
      const out: unknown[] = [];
      for (const [c, franchise] of [
        [editor, 'WHA'],
        [admin, null],
      ] as const) {
        const stock = await c.op('warehouse.itemStock', {
          body: { from_date: from, to_date: to, filters, pagination: { page: 1, size: 100 } },
        });
        expect(stock.statusCode, JSON.stringify(stock.envelope)).toBe(200);
        const got = stock.data.items.map((r) => [
          r.franchise_code,
          r.location_code,
          r.item_no,
          String(Number(r.opening)),
          String(Number(r.quantity_in)),
          String(Number(r.quantity_out)),
          String(Number(r.closing)),
        ]);
        const want = await expected(franchise);
        expect(want.length).toBe(franchise ? 6 : 9);
        expect(got).toEqual(want);
        const onHandRes = await c.op('warehouse.onHand', { body: { filters, pagination: { page: 1, size: 100 } } });
        const gotOnHand = onHandRes.data.items.map((r) => [r.location_code, r.item_no, String(Number(r.quantity))]);
        expect(gotOnHand).toEqual(await onHandExpected(franchise));
        // The totals row: the sums of the listed rows and their number; with a condition on a figure (closing above the middle one),
        // those of the rows the list keeps under it.
        const sums = (rows: typeof stock.data.items) => {
          const add = (k: 'opening' | 'quantity_in' | 'quantity_out' | 'closing') =>
            String(rows.reduce((a, r) => a + Number(r[k]), 0));
          return {
            opening: add('opening'),
            quantity_in: add('quantity_in'),
            quantity_out: add('quantity_out'),
            closing: add('closing'),
            rows: rows.length,
          };
        };
        const figures = (t: {
          opening: string;
          quantity_in: string;
          quantity_out: string;
          closing: string;
          rows: number;
        }) => ({
          opening: String(Number(t.opening)),
          quantity_in: String(Number(t.quantity_in)),
          quantity_out: String(Number(t.quantity_out)),
          closing: String(Number(t.closing)),
          rows: t.rows,
        });
        const totals = await c.op('warehouse.itemStockTotals', { body: { from_date: from, to_date: to, filters } });
        expect(totals.statusCode, JSON.stringify(totals.envelope)).toBe(200);
        expect(totals.data.rows_capped).toBeUndefined();
        expect(figures(totals.data)).toEqual(sums(stock.data.items));
        const middle = stock.data.items.map((r) => Number(r.closing)).sort((a, b) => a - b)[
          stock.data.items.length >> 1
        ];
        const byClosing = [
          ...filters,
          { field: 'closing', value: String(middle + 0.1), condition_type: 'gteq' as const },
        ];
        const kept = await c.op('warehouse.itemStock', {
          body: { from_date: from, to_date: to, filters: byClosing, pagination: { page: 1, size: 100 } },
        });
        expect(kept.data.items.length).toBeGreaterThan(0);
        expect(kept.data.items.length).toBeLessThan(stock.data.items.length);
        const keptTotals = await c.op('warehouse.itemStockTotals', {
          body: { from_date: from, to_date: to, filters: byClosing },
        });
        expect(figures(keptTotals.data)).toEqual(sums(kept.data.items));
        out.push(stock.data.items, onHandRes.data.items);
      }
      return out;
    };
    // include_zero: exactly the positions with an entry up to to_date, none before the first entry.
    const listed = async (from_date: string, to_date: string) => {
      const res = await admin.op('warehouse.itemStock', {
        body: { from_date, to_date, filters, include_zero: true, pagination: { page: 1, size: 100 } },
      });
      expect(res.statusCode).toBe(200);
      return res.data.items.map((r) => `${r.location_code} ${r.item_no}`);
    };
    const ledgerPositions = async (to_date: string) => {
      const r = await db().execute<Record<string, string>>(sql`
        select distinct location_code || ' ' || item_no as p from item_ledger_entries
        where item_no in (${sql.join(
          items3.map((i) => sql`${i}`),
          sql`, `,
        )}) and posting_date <= ${to_date}::date order by 1`);
      const rows = Array.isArray(r) ? r : (r as unknown as { rows: Record<string, string>[] }).rows;
      return rows.map((x) => x.p);
    };
    expect(await listed('2023-12-01', '2023-12-31')).toEqual([]);
    const firstDay = await ledgerPositions('2024-01-01');
    expect(firstDay.length).toBeGreaterThan(0);
    expect(firstDay.length).toBeLessThan(9);
    expect((await listed('2023-12-01', '2024-01-01')).sort()).toEqual([...firstDay].sort());
    const before = await answers();
    expect(await compactRollUps(db())).toBeGreaterThan(0);
    expect(await answers()).toEqual(before);
  });

  it('totals over more positions than a list counts: every figure summed, the rows capped at LIST_TOTAL_CAP', async () => {
    class Rollback extends Error {}
    const body = { from_date: '2031-02-01', to_date: '2031-02-28', filters: [], include_zero: false };
    const seen: unknown[] = [];
    await db()
      .transaction(async (tx) => {
        // LIST_TOTAL_CAP + 1 positions (one item each): 2 in before February, 3 in and 1 out in it.
        await tx.execute(sql`insert into item_ledger_entries (entry_type, franchise_code, location_code, item_no,
            variant_code, quantity, document_type, document_no, posting_date)
          select 'positive_adjmt', 'WHA', ${A.location_code}, 'CAP-' || g, '', q, 'test', 'CAP-' || g || '-' || d, d
          from generate_series(1, ${LIST_TOTAL_CAP + 1}) g,
            (values (2, date '2031-01-15'), (3, date '2031-02-10'), (-1, date '2031-02-20')) v(q, d)`);
        const auth = { scope: new Scope(null) } as Auth;
        seen.push(await itemStockTotals(tx, auth, { ...body, pagination: { page: 1, size: 1 } } as ItemStockBody));
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    const n = LIST_TOTAL_CAP + 1;
    expect(seen).toEqual([expect.objectContaining({ rows: LIST_TOTAL_CAP, rows_capped: true })]);
    // The figures are those of every position (and whatever else the tests above left before March 2031).
    const [t] = seen as { opening: string; quantity_in: string; quantity_out: string }[];
    expect(Number(t.quantity_in)).toBe(3 * n);
    expect(Number(t.quantity_out)).toBe(n);
    expect(Number(t.opening)).toBeGreaterThanOrEqual(2 * n);
  });

  it('the books balance after everything above', async () => {
    const results = await checkBooks(db());
    expect(
      results.filter((r) => r.violations > 0).map((r) => [r.name, r.examples]),
      'violations',
    ).toEqual([]);
    expect(totalViolations(results)).toBe(0);
  });
});
