import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { makeFranchise, makeItem, makePrice, uniq } from '../items/test-support/builders.js';

const ctx = useTestApp();

type Price = {
  id: number;
  version: number;
  price_list_code: string;
  item_no: string;
  unit_price: string;
  unit_of_measure: string;
  franchise_code: string | null;
  valid_from: string;
  valid_to: string | null;
  pinned: boolean;
  sort: number;
  list_price: string;
  item_description: string;
};
type List<T> = { items: T[]; total_count: number };

describe('item prices', () => {
  it('adds a price (creating its list), reads it in the filter, updates it with its version and removes it', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const itemNo = await makeItem(admin, { unit_price: '120000' });
    const list = uniq('PL');
    const res = await admin.post<Price>('/api/item-prices', {
      price_list_code: list,
      price_list_name: 'Khuyến mãi Tết',
      item_no: itemNo,
      franchise_code: f,
      unit_price: '99000',
      valid_from: '01-01-2026',
      valid_to: '2026-02-15',
      pinned: true,
      sort: 3,
    });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({
      price_list_code: list,
      item_no: itemNo,
      unit_of_measure: 'PCS',
      franchise_code: f,
      unit_price: '99000.00',
      valid_from: '2026-01-01',
      valid_to: '2026-02-15',
      pinned: true,
      sort: 3,
      list_price: '120000.00',
      variant_code: '',
      minimum_quantity: '1.00000',
    });

    const found = await admin.post<List<Price>>('/api/item-prices/filter', {
      filters: [{ field: 'price_list_code', value: list }],
    });
    expect(found.data.items.map((p) => p.id)).toEqual([res.data.id]);
    const lists = await admin.post<
      List<{
        code: string;
        name: string;
        price_count: number;
        pinned_count: number;
        first_valid_from: string;
        last_valid_to: string;
      }>
    >('/api/item-prices/price-lists/filter', { filters: [{ field: 'code', value: list }] });
    expect(lists.data.items[0]).toMatchObject({
      code: list,
      name: 'Khuyến mãi Tết',
      price_count: 1,
      pinned_count: 1,
      first_valid_from: '2026-01-01',
      last_valid_to: '2026-02-15',
    });

    const upd = await admin.put<Price>('/api/item-prices', {
      id: res.data.id,
      version: res.data.version,
      unit_price: 95000,
      valid_to: null,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.data).toMatchObject({ unit_price: '95000.00', valid_to: null, version: res.data.version + 1 });
    const stale = await admin.put('/api/item-prices', { id: res.data.id, version: res.data.version, unit_price: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.envelope.errors[0].code).toBe('stale_version');
    expect((await admin.put('/api/item-prices', { id: 999999, version: 1, unit_price: 1 })).statusCode).toBe(404);

    const view = await admin.get<{ price_list: { code: string }; prices: Price[] }>(
      `/api/item-prices/view?price_list_code=${list}`,
    );
    expect(view.data.price_list.code).toBe(list);
    expect(view.data.prices.map((p) => p.unit_price)).toEqual(['95000.00']);
    expect((await admin.get('/api/item-prices/view?price_list_code=NOPE')).statusCode).toBe(404);

    const gone = await admin.post('/api/item-prices/remove', { ids: [res.data.id, 999999] });
    expect(gone.statusCode).toBe(404);
    expect((await admin.post('/api/item-prices/remove', { ids: [res.data.id] })).data).toEqual({ removed: 1 });
    expect(
      (
        await admin.post<List<Price>>('/api/item-prices/filter', {
          filters: [{ field: 'price_list_code', value: list }],
        })
      ).data.total_count,
    ).toBe(0);
  });

  it('refuses overlapping validity for the same item, variant and franchise with a clear message', async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const itemNo = await makeItem(admin, { variants: [{ variant_code: 'RED', description: 'Đỏ' }] });
    const first = await makePrice(admin, {
      price_list_code: 'A',
      item_no: itemNo,
      franchise_code: f,
      valid_from: '2026-01-01',
      valid_to: '2026-03-31',
    });
    const clash = await admin.post('/api/item-prices', {
      price_list_code: 'B',
      item_no: itemNo,
      franchise_code: f,
      unit_price: 1,
      valid_from: '2026-03-31',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.envelope.errors[0]).toEqual({
      code: 'overlapping_validity',
      field: 'valid_from',
      msg: `Item ${itemNo} (all variants, ${f}) already has a price valid 01-01-2026 to 31-03-2026 in price list A; validity periods must not overlap`,
    });
    // Adjacent periods, another variant, another franchise and all franchises are fine.
    expect(
      (
        await admin.post('/api/item-prices', {
          price_list_code: 'B',
          item_no: itemNo,
          franchise_code: f,
          unit_price: 1,
          valid_from: '2026-04-01',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await admin.post('/api/item-prices', {
          price_list_code: 'B',
          item_no: itemNo,
          variant_code: 'RED',
          franchise_code: f,
          unit_price: 1,
          valid_from: '2026-02-01',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await admin.post('/api/item-prices', {
          price_list_code: 'B',
          item_no: itemNo,
          unit_price: 1,
          valid_from: '2026-02-01',
        })
      ).statusCode,
    ).toBe(201);
    // An open-ended price overlaps everything after it; an update that would overlap is refused too.
    const open = await admin.post('/api/item-prices', {
      price_list_code: 'B',
      item_no: itemNo,
      franchise_code: f,
      unit_price: 1,
      valid_from: '2025-01-01',
    });
    expect(open.statusCode).toBe(409);
    const move = await admin.put('/api/item-prices', { id: first.id, version: first.version, valid_to: '2026-04-15' });
    expect(move.statusCode).toBe(409);
    expect(move.envelope.errors[0].code).toBe('overlapping_validity');
  });

  it('names bad fields: dates, price, unknown item, variant, unit and franchise', async () => {
    const admin = await ctx.t.admin();
    const itemNo = await makeItem(admin);
    const res = await admin.post('/api/item-prices', {
      price_list_code: '',
      item_no: '',
      unit_price: 'x',
      valid_from: '31-02-2026',
    });
    expect(res.statusCode).toBe(400);
    const msg = (f: string) => res.envelope.errors.find((e) => e.field === f)?.msg;
    expect(msg('price_list_code')).toBe('This is required field!');
    expect(msg('item_no')).toBe('This is required field!');
    expect(msg('unit_price')).toBe('Please enter number!');
    expect(msg('valid_from')).toBe('Please enter a date as DD-MM-YYYY');
    const base = { price_list_code: 'BAD', item_no: itemNo, unit_price: 1, valid_from: '2026-01-01' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ valid_to: '2025-12-31' }, 'valid_to', 'valid_to must be on or after valid_from'],
      [{ item_no: 'NOPE' }, 'item_no', 'Item NOPE does not exist'],
      [{ variant_code: 'blue' }, 'variant_code', `Item ${itemNo} has no variant BLUE`],
      [{ unit_of_measure: 'pallet' }, 'unit_of_measure', `Item ${itemNo} has no unit PALLET`],
      [{ franchise_code: 'NOWHERE' }, 'franchise_code', 'Franchise NOWHERE does not exist'],
      [{ minimum_quantity: 0 }, 'minimum_quantity', 'Please enter between 0 and 1000000'],
    ];
    for (const [extra, field, text] of cases) {
      const r = await admin.post('/api/item-prices', { ...base, ...extra });
      expect(r.statusCode, field).toBe(400);
      expect(r.envelope.errors[0]).toMatchObject({ field, msg: text });
    }
    expect(
      (
        await admin.post<List<Price>>('/api/item-prices/filter', {
          filters: [{ field: 'price_list_code', value: 'BAD' }],
        })
      ).data.total_count,
    ).toBe(0);
  });

  it('pinned list, import into a sub-category and deleting a whole list', async () => {
    const admin = await ctx.t.admin();
    const list = uniq('PIN');
    const a = await makeItem(admin);
    const b = await makeItem(admin);
    const pa = await makePrice(admin, { price_list_code: list, item_no: a, pinned: true, sort: 2 });
    const pb = await makePrice(admin, { price_list_code: list, item_no: b, pinned: true, sort: 1 });
    await makePrice(admin, {
      price_list_code: list,
      item_no: a,
      unit_of_measure: 'PCS',
      valid_from: '2019-01-01',
      valid_to: '2019-12-31',
    });
    const pinned = await admin.post<List<Price>>('/api/item-prices/pinned', {
      filters: [{ field: 'price_list_code', value: list }],
    });
    expect(pinned.data.items.map((p) => p.id)).toEqual([pb.id, pa.id]);

    const cat = await admin.post<{ id: number }>('/api/categories', { code: uniq('C'), name: 'Đồ uống' });
    const sub = await admin.post<{ id: number }>('/api/categories', {
      code: uniq('S'),
      name: 'Trà',
      parent_id: cat.data.id,
    });
    const notSub = await admin.post('/api/item-prices/import', { ids: [pa.id], subCategoryId: cat.data.id });
    expect(notSub.statusCode).toBe(400);
    expect(notSub.envelope.errors[0].field).toBe('subCategoryId');
    const imp = await admin.post('/api/item-prices/import', { ids: [pa.id, pb.id], subCategoryId: sub.data.id });
    expect(imp.statusCode).toBe(200);
    expect(imp.data).toEqual({ sub_category_id: sub.data.id, items: 2, item_nos: [a, b].sort() });
    expect((await admin.get<{ category_id: number }>(`/api/items/${a}`)).data.category_id).toBe(sub.data.id);
    expect(
      (await admin.post('/api/item-prices/import', { ids: [], subCategoryId: sub.data.id })).envelope.errors[0],
    ).toMatchObject({ field: 'ids', msg: 'ids must not be empty' });

    const del = await admin.post('/api/item-prices/delete', { price_list_code: list });
    expect(del.data).toEqual({ price_list_code: list, removed: 3 });
    expect((await admin.post('/api/item-prices/delete', { price_list_code: list })).statusCode).toBe(404);
    expect(
      (
        await admin.post<List<unknown>>('/api/item-prices/price-lists/filter', {
          filters: [{ field: 'code', value: list }],
        })
      ).data.total_count,
    ).toBe(0);
  });

  it('sync from view copies the ERP sales prices into a list and skips what would overlap', async () => {
    const admin = await ctx.t.admin();
    const a = await makeItem(admin);
    const src = uniq('SRC');
    await makePrice(admin, { price_list_code: src, item_no: a, unit_price: '77000', valid_from: '2026-06-01' });
    const again = await admin.post<{ created: number; updated: number; skipped: unknown[] }>(
      '/api/item-prices/sync-from-view',
      { price_list_code: src },
    );
    expect(again.statusCode).toBe(200);
    expect(again.data.created).toBe(0);
    const other = await admin.post<{ created: number; skipped: { item_no: string; reason: string }[] }>(
      '/api/item-prices/sync-from-view',
      { price_list_code: uniq('DST') },
    );
    expect(other.data.created).toBe(0);
    expect(other.data.skipped.find((s) => s.item_no === a)?.reason).toContain(`in price list ${src}`);
  });

  it('scopes store users and refuses writes without head office edit rights, changing nothing', async () => {
    const admin = await ctx.t.admin();
    const mine = await makeFranchise(ctx.t);
    const other = await makeFranchise(ctx.t);
    const itemNo = await makeItem(admin);
    const list = uniq('SC');
    await makePrice(admin, { price_list_code: list, item_no: itemNo, franchise_code: mine, valid_from: '2026-01-01' });
    await makePrice(admin, { price_list_code: list, item_no: itemNo, franchise_code: other, valid_from: '2026-01-01' });
    const all = await makePrice(admin, { price_list_code: list, item_no: itemNo, valid_from: '2026-01-01' });
    const store = await ctx.t.makeUser({ customer_no: mine, pages: [{ page_url: '/items', permission_type: 'edit' }] });
    const tablet = await ctx.t.makeUser({
      customer_no: mine,
      pages: [{ page_url: '/tabletItemPrice', permission_type: 'view' }],
    });
    const seen = await tablet.client.post<List<Price>>('/api/item-prices/filter', {
      filters: [{ field: 'price_list_code', value: list }],
      sort_order: { field: 'id', direction: 'asc' },
    });
    expect(seen.data.items.map((p) => p.franchise_code)).toEqual([mine, null]);
    expect(
      (
        await store.client.post('/api/item-prices', {
          price_list_code: list,
          item_no: itemNo,
          unit_price: 1,
          valid_from: '2030-01-01',
        })
      ).statusCode,
    ).toBe(403);
    expect((await tablet.client.post('/api/item-prices/remove', { ids: [all.id] })).statusCode).toBe(403);
    expect((await store.client.post('/api/item-prices/delete', { price_list_code: list })).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/item-prices/filter', {})).statusCode).toBe(401);
    expect((await (await ctx.t.makeUser({})).client.post('/api/item-prices/filter', {})).statusCode).toBe(403);
    expect(
      (
        await admin.post<List<Price>>('/api/item-prices/filter', {
          filters: [{ field: 'price_list_code', value: list }],
        })
      ).data.total_count,
    ).toBe(3);
  });
});
