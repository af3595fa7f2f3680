import { describe, expect, it } from 'vitest';
import type { ShopPush, ShopPushQueued, ShopWebsiteItem } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { seedItem } from './test-support/catalogue-builders.js';

// The default shop (SHOP_MODE unset = none): pushes are queued, run and recorded, and nothing is sent.

const ctx = useTestApp({ JOB_POLL_MS: '3600000' });

describe('shop mode none', () => {
  it('records every push as done and skipped, visible in the push list', async () => {
    const admin = await ctx.t.admin();
    await seedItem(ctx.t.services.db, {
      item_no: 'NO100',
      description: 'Áo khoác',
      variants: [{ variant_code: 'DO-M', description: 'color: Đỏ, size: M' }],
    });
    expect((await admin.get<{ mode: string; reachable: boolean }>('/api/shop/status')).data).toEqual({
      mode: 'none',
      reachable: true,
    });

    const item = await admin.put<ShopPushQueued>('/api/shop/items/NO100');
    const prices = await admin.put<ShopPushQueued>('/api/shop/items/NO100/prices');
    const variant = await admin.put<ShopPushQueued>('/api/shop/variants/DO-M');
    const all = await admin.put<ShopPushQueued>('/api/shop/sync-all');
    for (const res of [item, prices, variant, all]) expect(res.statusCode).toBe(200);
    // sync all finds the item's push still waiting and reuses it.
    expect(all.data).toMatchObject({ count: 1, new_count: 0, job_ids: item.data.job_ids });

    expect(await ctx.t.services.jobs.drain()).toBe(3);
    const list = await admin.post<{ items: ShopPush[]; total_count: number }>('/api/shop/pushes/filter', {
      sort_order: { field: 'id', direction: 'asc' },
    });
    expect(list.data.total_count).toBe(3);
    expect(list.data.items.map((p) => [p.kind, p.state, p.mode, p.operation])).toEqual([
      ['product', 'done', 'none', 'skipped'],
      ['prices', 'done', 'none', 'skipped'],
      ['variant', 'done', 'none', 'skipped'],
    ]);
    expect(list.data.items.map((p) => p.detail)).toEqual([
      'online shop mode is none: 1 variant(s) not sent',
      'online shop mode is none: 2 price(s) not sent',
      'online shop mode is none: variant of NO100 not sent',
    ]);

    const exported = await admin.post('/api/shop/pushes/filter/export', {
      filters: [{ field: 'kind', value: 'prices' }],
    });
    expect(exported.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe('prices');
  });

  it('lists the items a tablet can open in the shop, searched by number or name, without blocked ones', async () => {
    const db = ctx.t.services.db;
    await seedItem(db, {
      item_no: 'WEB1',
      description: 'Giày thể thao',
      unit_price: '1250000.5',
      category: { code: 'GIAY', name: 'Giày' },
    });
    await seedItem(db, { item_no: 'WEB2', description: 'Giày sandal', blocked: true });
    const staff = await ctx.t.makeUser({
      customer_no: 'F001',
      pages: [{ page_url: '/tablet/website', permission_type: 'view' }],
    });
    const found = await staff.client.post<{ items: ShopWebsiteItem[]; total_count: number }>(
      '/api/shop/website-items/filter',
      {
        filters: [{ field: 'search', value: 'giày', condition_type: 'like' }],
      },
    );
    expect(found.statusCode).toBe(200);
    expect(found.data.items).toEqual([
      { item_no: 'WEB1', description: 'Giày thể thao', unit_price: '1250000.50', category_name: 'Giày' },
    ]);
    const byNo = await staff.client.post<{ items: ShopWebsiteItem[] }>('/api/shop/website-items/filter', {
      filters: [{ field: 'search', value: 'web1', condition_type: 'like' }],
    });
    expect(byNo.data.items.map((i) => i.item_no)).toEqual(['WEB1']);
    const nobody = await ctx.t.makeUser({});
    expect((await nobody.client.post('/api/shop/website-items/filter', {})).statusCode).toBe(403);
    expect((await ctx.t.anon.post('/api/shop/website-items/filter', {})).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('documents the four pushes with their paths and the variant body', async () => {
    const res = await ctx.t.anon.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    type Op = {
      summary?: string;
      requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
    };
    const paths = (JSON.parse(res.body) as { paths: Record<string, Record<string, Op>> }).paths;
    for (const p of [
      '/api/shop/sync-all',
      '/api/shop/items/{item_no}',
      '/api/shop/items/{item_no}/prices',
      '/api/shop/variants/{variant_code}',
    ]) {
      expect(paths[p]?.put, p).toBeDefined();
    }
    const variant = paths['/api/shop/variants/{variant_code}'].put;
    expect(variant.summary).toContain('Variant codes may repeat across items');
    expect(Object.keys(variant.requestBody?.content['application/json'].schema.properties ?? {})).toEqual(['item_no']);
    for (const p of ['/api/shop/pushes/filter', '/api/shop/pushes/retry', '/api/shop/website-items/filter'])
      expect(paths[p]?.post, p).toBeDefined();
  });
});
