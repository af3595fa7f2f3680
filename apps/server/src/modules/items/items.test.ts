import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../../../test/helpers.js';
import { syncLogs } from '../../erp/schema.js';
import { barcodeMessage } from '@fp/contract';
import { makeFranchise, makeItem, makePrice, syncInto, uniq } from './test-support/builders.js';

const ctx = useTestApp();

type Row = {
  item_no: string;
  franchise_code: string | null;
  price_rate: string | null;
  sort: number | null;
  effective_price: string;
  price_source: string;
  price_list: string | null;
  version: number | null;
  variant_count: number;
};
type List = { items: Row[]; total_count: number };
const byFranchise = (f: string, extra: unknown[] = [], sort?: unknown) => ({
  filters: [{ field: 'franchise_code', value: f, condition_type: 'eq' }, ...extra],
  ...(sort ? { sort_order: sort } : {}),
});

describe('item master', () => {
  it('creates an item with variants and units, reads it back and updates it with its version', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post<{
      item_no: string;
      unit_price: string;
      version: number;
      variants: unknown[];
      units: unknown[];
    }>('/api/items', {
      item_no: 'ao-thun-01',
      description: 'Áo thun cotton',
      base_unit_of_measure: 'pcs',
      unit_price: 199000,
      variants: [
        { variant_code: 'S', description: 'Size S' },
        { variant_code: 'XL', description: 'Size XL', unit_price: '219000' },
      ],
      units: [{ code: 'box', qty_per_unit_of_measure: '10' }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ item_no: 'AO-THUN-01', unit_price: '199000.00', base_unit_of_measure: 'PCS' });
    expect(res.data.variants).toEqual([
      { variant_code: 'S', description: 'Size S', unit_price: null, blocked: false },
      { variant_code: 'XL', description: 'Size XL', unit_price: '219000.00', blocked: false },
    ]);
    expect(res.data.units).toEqual([{ code: 'BOX', qty_per_unit_of_measure: '10.00000' }]);

    const got = await admin.get<{ description: string }>('/api/items/AO-THUN-01');
    expect(got.data.description).toBe('Áo thun cotton');

    const upd = await admin.put<{ unit_price: string; version: number; variants: unknown[] }>('/api/items', {
      item_no: 'AO-THUN-01',
      version: res.data.version,
      unit_price: '205000',
      variants: [],
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.data).toMatchObject({ unit_price: '205000.00', version: res.data.version + 1, variants: [] });
    const stale = await admin.put('/api/items', { item_no: 'AO-THUN-01', version: res.data.version, unit_price: '1' });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.put('/api/items', { item_no: 'NOPE', version: 1, unit_price: '1' })).statusCode).toBe(404);
    expect((await admin.get('/api/items/NOPE')).statusCode).toBe(404);
    const dup = await admin.post('/api/items', {
      item_no: 'AO-THUN-01',
      description: 'x',
      base_unit_of_measure: 'PCS',
      unit_price: 1,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.envelope.errors[0].field).toBe('item_no');
  });

  it('names every bad field and writes nothing', async () => {
    const admin = await ctx.t.admin();
    const res = await admin.post('/api/items', {
      item_no: '',
      description: '',
      base_unit_of_measure: 'PCS',
      unit_price: 'abc',
      variants: [
        { variant_code: 'A', description: 'a' },
        { variant_code: 'A', description: 'b' },
      ],
    });
    expect(res.statusCode).toBe(400);
    const msg = (f: string) => res.envelope.errors.find((e) => e.field === f)?.msg;
    expect(msg('item_no')).toBe('This is required field!');
    expect(msg('description')).toBe('This is required field!');
    expect(msg('unit_price')).toBe('Please enter number!');
    expect(msg('variants.1')).toBe('Variant A is listed twice');
    const neg = await admin.post('/api/items', {
      item_no: 'NEG',
      description: 'x',
      base_unit_of_measure: 'PCS',
      unit_price: -5,
    });
    expect(neg.envelope.errors[0]).toMatchObject({
      field: 'unit_price',
      msg: 'Please enter between 0 and 999999999999',
    });
    const cat = await admin.post('/api/items', {
      item_no: 'NOCAT',
      description: 'x',
      base_unit_of_measure: 'PCS',
      unit_price: 1,
      category_id: 99999,
    });
    expect(cat.envelope.errors[0]).toMatchObject({ field: 'category_id', msg: 'Category 99999 does not exist' });
    const baseUnit = await admin.post('/api/items', {
      item_no: 'BASEU',
      description: 'x',
      base_unit_of_measure: 'PCS',
      unit_price: 1,
      units: [{ code: 'PCS', qty_per_unit_of_measure: 2 }],
    });
    expect(baseUnit.envelope.errors[0].field).toBe('units.0.code');
    for (const no of ['NEG', 'NOCAT', 'BASEU']) expect((await admin.get(`/api/items/${no}`)).statusCode).toBe(404);
  });

  it('lets only head office change the master', async () => {
    const f = await makeFranchise(ctx.t);
    const store = await ctx.t.makeUser({ customer_no: f, pages: [{ page_url: '/items', permission_type: 'edit' }] });
    const viewer = await ctx.t.makeUser({ pages: [{ page_url: '/items', permission_type: 'view' }] });
    const body = { item_no: uniq('X'), description: 'x', base_unit_of_measure: 'PCS', unit_price: 1 };
    expect((await store.client.post('/api/items', body)).statusCode).toBe(403);
    expect((await viewer.client.post('/api/items', body)).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/items', body)).statusCode).toBe(401);
    expect((await (await ctx.t.admin()).get(`/api/items/${body.item_no}`)).statusCode).toBe(404);
  });
});

describe('item barcodes (issue 18)', () => {
  it('keeps a GTIN per item, finds the item by it in the list and the counter finds it too; a bad one names the field', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const gtin = `893${Date.now().toString().slice(-10)}`;
    const item_no = uniq('BC');
    const res = await admin.post<{ barcode: string }>('/api/items', {
      item_no,
      description: 'Nước suối 500ml',
      base_unit_of_measure: 'CHAI',
      unit_price: '6000',
      barcode: gtin,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data.barcode).toBe(gtin);
    await syncInto(admin, f, item_no);

    // The counter's scanner: an exact barcode in the franchise's list, and the search also matches it.
    const store = await ctx.t.makeUser({ customer_no: f, pages: [{ page_url: '/counter', permission_type: 'edit' }] });
    const exact = await store.client.post<{ items: (Row & { barcode: string })[]; total_count: number }>(
      '/api/items/filter',
      {
        filters: [{ field: 'barcode', value: gtin, condition_type: 'eq' }],
      },
    );
    expect(exact.statusCode).toBe(200);
    expect(exact.data.items.map((r) => [r.item_no, r.barcode])).toEqual([[item_no, gtin]]);
    const search = await store.client.post<List>('/api/items/filter', {
      filters: [{ field: 'search', value: gtin.slice(-6), condition_type: 'like' }],
    });
    expect(search.data.items.map((r) => r.item_no)).toContain(item_no);

    // Head office changes it; a code that is no GTIN is refused, naming the field, and nothing changes.
    const got = await admin.get<{ version: number; barcode: string }>(`/api/items/${item_no}`);
    const bad = await admin.put('/api/items', { item_no, version: got.data.version, barcode: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'barcode', msg: barcodeMessage });
    const other = `${gtin.slice(0, 12)}9`;
    const ok = await admin.put<{ barcode: string }>('/api/items', {
      item_no,
      version: got.data.version,
      barcode: other,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.data.barcode).toBe(other);
  });
});

describe('franchise item lists', () => {
  it('sync fills the list, records a sync log, and sync-item-no adds one item', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const a = await makeItem(admin);
    const blocked = await makeItem(admin, { blocked: true });
    const res = await admin.post<{
      status: string;
      franchise_items_added: number;
      sync_log_id: number;
      items_seen: number;
    }>('/api/items/sync', { franchise_code: f });
    expect(res.statusCode).toBe(200);
    expect(res.data.status).toBe('success');
    expect(res.data.items_seen).toBeGreaterThanOrEqual(2);
    const list = await admin.post<List>('/api/items/filter', byFranchise(f, [], undefined));
    const nos = list.data.items.map((r) => r.item_no);
    expect(nos).toContain(a);
    expect(nos).not.toContain(blocked);
    expect(res.data.franchise_items_added).toBe(list.data.total_count);
    const [log] = await ctx.t.services.db.select().from(syncLogs).where(eq(syncLogs.id, res.data.sync_log_id));
    expect(log).toMatchObject({ table_code: 'item', action: 'sync_all', status: 'success', username: 'admin' });
    // A second sync adds nothing.
    expect(
      (await admin.post<{ franchise_items_added: number }>('/api/items/sync', { franchise_code: f })).data
        .franchise_items_added,
    ).toBe(0);

    const g = await makeFranchise(ctx.t);
    const one = await admin.post<{ franchise_items_added: number }>('/api/items/sync-item-no', {
      item_no: a.toLowerCase(),
      franchise_code: g,
    });
    expect(one.data.franchise_items_added).toBe(1);
    expect((await admin.post<List>('/api/items/filter', byFranchise(g))).data.items.map((r) => r.item_no)).toEqual([a]);
    const missing = await admin.post('/api/items/sync-item-no', { item_no: 'NOPE', franchise_code: g });
    expect(missing.statusCode).toBe(404);
    const noItem = await admin.post('/api/items/sync-item-no', { franchise_code: g });
    expect(noItem.envelope.errors[0]).toMatchObject({ field: 'item_no', msg: 'This is required field!' });
    expect((await admin.post('/api/items/sync', { franchise_code: 'NOWHERE' })).statusCode).toBe(404);
  });

  it('updates the price rate of one item or all, and the list shows the effective price and its source', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const a = await makeItem(admin, { unit_price: '100000' });
    const b = await makeItem(admin, { unit_price: '50000' });
    await syncInto(admin, f, a);
    await syncInto(admin, f, b);
    const one = await admin.post('/api/items/update-price-rate', {
      franchise_code: f,
      item_no: a,
      price_rate: '1.2',
      update_all: false,
    });
    expect(one.statusCode).toBe(200);
    expect(one.data).toEqual({ franchise_code: f, updated: 1, price_rate: '1.2' });
    let rows = (await admin.post<List>('/api/items/filter', byFranchise(f))).data.items;
    expect(rows.find((r) => r.item_no === a)).toMatchObject({
      price_rate: '1.2000',
      effective_price: '120000.00',
      price_source: 'price_rate',
    });
    expect(rows.find((r) => r.item_no === b)).toMatchObject({ price_rate: '1.0000', effective_price: '50000.00' });

    const all = await admin.post<{ updated: number }>('/api/items/update-price-rate', {
      franchise_code: f,
      update_all: true,
      price_rate: 0.9,
    });
    expect(all.data.updated).toBe(2);
    rows = (
      await admin.post<List>('/api/items/filter', byFranchise(f, [], { field: 'effective_price', direction: 'desc' }))
    ).data.items;
    expect(rows.map((r) => [r.item_no, r.effective_price])).toEqual([
      [a, '90000.00'],
      [b, '45000.00'],
    ]);

    // An item price overrides the rate; the row names the list.
    await makePrice(admin, { price_list_code: 'PROMO', item_no: b, unit_price: '39000', valid_from: '2020-01-01' });
    const rowB = (await admin.post<List>('/api/items/filter', byFranchise(f, [{ field: 'item_no', value: b }]))).data
      .items[0];
    expect(rowB).toMatchObject({ effective_price: '39000.00', price_source: 'item_price', price_list: 'PROMO' });

    // The item master view (no franchise): list price or an all-franchise item price.
    const master = (
      await admin.post<List>('/api/items/filter', {
        filters: [{ field: 'item_no', value: `${a}|${b}` }],
        sort_order: { field: 'item_no', direction: 'asc' },
      })
    ).data.items;
    const expected = [
      [a, null, '100000.00', 'list_price'],
      [b, null, '39000.00', 'item_price'],
    ].sort((x, y) => (String(x[0]) < String(y[0]) ? -1 : 1));
    expect(master.map((r) => [r.item_no, r.franchise_code, r.effective_price, r.price_source])).toEqual(expected);
  });

  it('refuses bad rates, unknown items and stale versions, naming the field', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const a = await makeItem(admin);
    await syncInto(admin, f, a);
    const bad = await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: a, price_rate: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'price_rate', msg: 'Please enter between 0.01 and 10' });
    // The same rule and words as the /items forms (contract PRICE_RATE_RULE): 100 is refused, never clamped to 10.
    const all = await admin.post('/api/items/update-price-rate', {
      franchise_code: f,
      update_all: true,
      price_rate: '100',
    });
    expect(all.envelope.errors[0]).toMatchObject({ field: 'price_rate', msg: 'Please enter between 0.01 and 10' });
    const scale = await admin.post('/api/items/update-price-rate', {
      franchise_code: f,
      item_no: a,
      price_rate: '1.23456',
    });
    expect(scale.envelope.errors[0]).toMatchObject({ field: 'price_rate', msg: 'Please enter at most 4 decimals!' });
    const text = await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: a, price_rate: 'x' });
    expect(text.envelope.errors[0]).toMatchObject({ field: 'price_rate', msg: 'Please enter number!' });
    const noItem = await admin.post('/api/items/update-price-rate', { franchise_code: f, price_rate: 1 });
    expect(noItem.envelope.errors[0]).toMatchObject({ field: 'item_no', msg: 'This is required field!' });
    const noFranchise = await admin.post('/api/items/update-price-rate', { item_no: a, price_rate: 1 });
    expect(noFranchise.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'This is required field!' });
    expect(
      (await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: 'NOPE', price_rate: 1 }))
        .statusCode,
    ).toBe(404);
    const row = (await admin.post<List>('/api/items/filter', byFranchise(f))).data.items[0];
    expect(
      (
        await admin.post('/api/items/update-price-rate', {
          franchise_code: f,
          item_no: a,
          price_rate: 1.5,
          version: row.version,
        })
      ).statusCode,
    ).toBe(200);
    const stale = await admin.post('/api/items/update-price-rate', {
      franchise_code: f,
      item_no: a,
      price_rate: 2,
      version: row.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.post<List>('/api/items/filter', byFranchise(f))).data.items[0].price_rate).toBe('1.5000');
  });

  it('sorts in one call (ordered list or explicit numbers) and removes items from the list', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const [a, b, c] = [await makeItem(admin), await makeItem(admin), await makeItem(admin)];
    for (const n of [a, b, c]) await syncInto(admin, f, n);
    const sorted = await admin.put('/api/items/sort', { franchise_code: f, items: [c, a, b], sort: 10 });
    expect(sorted.statusCode).toBe(200);
    let rows = (await admin.post<List>('/api/items/filter', byFranchise(f))).data.items;
    expect(rows.map((r) => [r.item_no, r.sort])).toEqual([
      [c, 10],
      [a, 11],
      [b, 12],
    ]);
    await admin.put('/api/items/sort', { franchise_code: f, items: [{ item_no: b, sort: 1 }] });
    rows = (await admin.post<List>('/api/items/filter', byFranchise(f))).data.items;
    expect(rows.map((r) => r.item_no)).toEqual([b, c, a]);
    // One unknown item: nothing moves.
    const bad = await admin.put('/api/items/sort', { franchise_code: f, items: [a, 'NOPE'] });
    expect(bad.statusCode).toBe(404);
    const twice = await admin.put('/api/items/sort', { franchise_code: f, items: [a, a] });
    expect(twice.statusCode).toBe(400);
    expect((await admin.put('/api/items/sort', { franchise_code: f, items: [] })).envelope.errors[0]).toMatchObject({
      field: 'items',
    });
    expect((await admin.post<List>('/api/items/filter', byFranchise(f))).data.items.map((r) => r.item_no)).toEqual([
      b,
      c,
      a,
    ]);

    const removeBad = await admin.post('/api/items/remove', { franchise_code: f, item_nos: [a, 'NOPE'] });
    expect(removeBad.statusCode).toBe(404);
    const removed = await admin.post('/api/items/remove', { franchise_code: f, item_nos: [a] });
    expect(removed.data).toEqual({ franchise_code: f, removed: 1 });
    expect((await admin.post<List>('/api/items/filter', byFranchise(f))).data.items.map((r) => r.item_no)).toEqual([
      b,
      c,
    ]);
    // Clients of the original call may name the items `items`.
    expect((await admin.post('/api/items/remove', { franchise_code: f, items: [b] })).data).toEqual({
      franchise_code: f,
      removed: 1,
    });
    expect((await admin.post<List>('/api/items/filter', byFranchise(f))).data.items.map((r) => r.item_no)).toEqual([c]);
    expect(
      (await admin.post('/api/items/remove', { franchise_code: f, item_nos: [] })).envelope.errors[0],
    ).toMatchObject({ field: 'item_nos', msg: 'item_nos must not be empty' });
  });

  it("scopes store users to their own franchise's list and refuses what their pages do not allow", async () => {
    const admin = await ctx.t.admin();
    const mine = await makeFranchise(ctx.t);
    const other = await makeFranchise(ctx.t);
    const a = await makeItem(admin);
    const b = await makeItem(admin);
    await syncInto(admin, mine, a);
    await syncInto(admin, other, b);
    const manager = await ctx.t.makeUser({
      customer_no: mine,
      pages: [{ page_url: '/items', permission_type: 'edit' }],
    });
    const tablet = await ctx.t.makeUser({
      customer_no: mine,
      pages: [{ page_url: '/tablet/itemPrice', permission_type: 'view' }],
    });
    const none = await ctx.t.makeUser({ customer_no: mine });

    const own = await manager.client.post<List>('/api/items/filter', {});
    expect(own.data.items.map((r) => r.item_no)).toEqual([a]);
    expect(own.data.items[0].franchise_code).toBe(mine);
    const peek = await manager.client.post<List>('/api/items/filter', byFranchise(other));
    expect(peek.data.total_count).toBe(0);
    expect((await tablet.client.post<List>('/api/items/filter', {})).data.items.map((r) => r.item_no)).toEqual([a]);

    // Writes: own franchise by default; another franchise is a 404 and changes nothing.
    expect(
      (await manager.client.post('/api/items/update-price-rate', { item_no: a, price_rate: 1.3 })).statusCode,
    ).toBe(200);
    const cross = await manager.client.post('/api/items/update-price-rate', {
      franchise_code: other,
      item_no: b,
      price_rate: 3,
    });
    expect(cross.statusCode).toBe(404);
    expect((await admin.post<List>('/api/items/filter', byFranchise(other))).data.items[0].price_rate).toBe('1.0000');

    const before = (await admin.post<List>('/api/items/filter', byFranchise(mine))).data.items[0];
    expect((await tablet.client.post('/api/items/update-price-rate', { item_no: a, price_rate: 5 })).statusCode).toBe(
      403,
    );
    expect((await tablet.client.put('/api/items/sort', { items: [a] })).statusCode).toBe(403);
    expect((await tablet.client.post('/api/items/remove', { item_nos: [a] })).statusCode).toBe(403);
    expect((await tablet.client.post('/api/items/sync', {})).statusCode).toBe(403);
    expect((await none.client.post('/api/items/filter', {})).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/items/filter', {})).statusCode).toBe(401);
    expect((await admin.post<List>('/api/items/filter', byFranchise(mine))).data.items[0]).toEqual(before);
  });

  it('rejects unknown filter and sort fields and exports the filtered list', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const a = await makeItem(admin, { description: 'Nước mắm Phú Quốc', unit_price: '45000' });
    await syncInto(admin, f, a);
    const bad = await admin.post('/api/items/filter', { filters: [{ field: 'secret', value: 1 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0].msg).toBe('Unknown filter field: secret');
    const search = await admin.post<List>(
      '/api/items/filter',
      byFranchise(f, [{ field: 'search', value: 'mắm', condition_type: 'like' }]),
    );
    expect(search.data.items.map((r) => r.item_no)).toEqual([a]);
    const res = await admin.post('/api/items/filter/export', byFranchise(f));
    expect(res.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(8).value).toBe('Effective Price');
    expect(ws.getRow(2).getCell(1).value).toBe(a);
    expect(ws.getRow(2).getCell(8).value).toBe(45000);
  });
});

describe('OpenAPI', () => {
  it('documents every catalogue operation', async () => {
    const res = await ctx.t.anon.get<unknown>('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys((JSON.parse(res.body) as { paths: Record<string, unknown> }).paths);
    for (const p of [
      '/api/items/filter',
      '/api/items/sync',
      '/api/items/sync-item-no',
      '/api/items/update-price-rate',
      '/api/items/remove',
      '/api/items/sort',
      '/api/items',
      '/api/items/price',
      '/api/item-prices/filter',
      '/api/item-prices/price-lists/filter',
      '/api/item-prices/import',
      '/api/item-prices',
      '/api/item-prices/remove',
      '/api/item-prices/pinned',
      '/api/item-prices/delete',
      '/api/item-prices/sync-from-view',
      '/api/item-prices/view',
      '/api/categories',
      '/api/categories/remove',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});
