import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';

const ctx = useTestApp({ SEED_DEMO: 'true' });

describe('demo catalogue', () => {
  it('seeds a few hundred items in a category tree, two price lists, pinned prices and the store item lists', async () => {
    const admin = await ctx.t.admin();
    const master = await admin.post<{ total_count: number }>('/api/items/filter', {});
    expect(master.data.total_count).toBeGreaterThan(250);
    const tree = await admin.get<{ name: string; children: { name: string }[] }[]>('/api/categories');
    expect(tree.data.map((c) => c.name)).toEqual(['Thực phẩm', 'Đồ uống', 'Hóa mỹ phẩm', 'Thời trang', 'Gia dụng']);
    const lists = await admin.post<{ items: { code: string; price_count: number; pinned_count: number }[] }>(
      '/api/item-prices/price-lists/filter',
      {},
    );
    expect(lists.data.items.map((l) => l.code)).toEqual(['HN-CUAHANG', 'KM-TET']);
    expect(lists.data.items.every((l) => l.pinned_count > 0)).toBe(true);
    // A Hà Nội manager sees the store's list at its rate.
    const hn = await ctx.t.as('hanoi.manager', 'Demo1234');
    const rows = await hn.post<{
      items: {
        item_no: string;
        price_source: string;
        effective_price: string;
        unit_price: string;
        price_rate: string;
      }[];
      total_count: number;
    }>('/api/items/filter', {
      filters: [{ field: 'price_source', value: 'price_rate' }],
      pagination: { page: 1, size: 1 },
    });
    expect(rows.statusCode).toBe(200);
    expect(rows.data.items[0].price_rate).toBe('1.0500');
    const tablet = await hn.get('/api/categories');
    expect(tablet.statusCode).toBe(200);
  });
});
