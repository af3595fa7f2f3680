import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ShopPush, ShopPushQueued } from '@fp/contract';
import { createTestApp, type Client, type TestApp } from '../../../test/helpers.js';
import { jobs } from '../../jobs/schema.js';
import { startMagentoTestServer, type MagentoTestServer } from './test-support/magento-test-server.js';
import { seedItem, setItemPrice } from './test-support/catalogue-builders.js';

// calls.md 7.17 through HTTP, with SHOP_MODE=magento against the Magento-shaped test server on 127.0.0.1.

let shop: MagentoTestServer;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  shop = await startMagentoTestServer();
  t = await createTestApp({
    SHOP_MODE: 'magento',
    MAGENTO_BASE_URL: shop.baseUrl,
    MAGENTO_TOKEN: shop.token,
    MAGENTO_TIMEOUT_MS: '2000',
    JOB_POLL_MS: '3600000',
  });
  admin = await t.admin();
  await seedItem(t.services.db, {
    item_no: 'AT100',
    description: 'Áo thun basic',
    unit_price: '199000',
    category: { code: 'AO-THUN', name: 'Áo thun', parent: { code: 'AO', name: 'Áo' } },
    variants: [
      { variant_code: 'DO-M', description: 'Đỏ / M' },
      { variant_code: 'DEN-S', description: 'Đen / S', unit_price: '209000' },
      { variant_code: 'OLD', description: 'Xanh / L', blocked: true },
    ],
  });
  await seedItem(t.services.db, { item_no: 'SP200', description: 'Mũ lưỡi trai', unit_price: '150000.50' });
});

afterAll(async () => {
  await t?.close();
  await shop?.close();
});

beforeEach(async () => {
  // Each test starts with the shop up and no pushes left waiting from the one before.
  await shop.up().catch(() => undefined);
  await t.services.db.delete(jobs);
});

const drain = () => t.services.jobs.drain();
const pushesOf = async (filters: { field: string; value: string }[] = []) =>
  (await admin.post<{ items: ShopPush[]; total_count: number }>('/api/shop/pushes/filter', { filters })).data;
const creates = (sku: string) =>
  shop.requests.filter(
    (r) =>
      r.method === 'POST' && r.path === 'products' && (r.body as { product?: { sku?: string } })?.product?.sku === sku,
  );

describe('one item', () => {
  it('queues a push that creates the configurable product with its variants, price and categories', async () => {
    const res = await admin.put<ShopPushQueued>('/api/shop/items/at100');
    expect(res.statusCode).toBe(200);
    expect(res.data.count).toBe(1);
    expect(res.data.new_count).toBe(1);
    expect(res.data.pushes[0]).toMatchObject({
      kind: 'product',
      item_no: 'AT100',
      state: 'pending',
      attempts: 0,
      requested_by: 'admin',
    });
    expect(shop.product('AT100')).toBeUndefined();

    expect(await drain()).toBe(1);
    const product = shop.product('AT100');
    expect(product).toMatchObject({ name: 'Áo thun basic', type_id: 'configurable', status: 1, visibility: 4 });
    // The blocked variant is not sold, so it is not sent.
    expect(shop.children('AT100').sort()).toEqual(['AT100-DEN-S', 'AT100-DO-M']);
    expect(shop.product('AT100-DEN-S')).toMatchObject({ price: 209000, name: 'Áo thun basic Đen / S' });
    expect(shop.product('AT100-DO-M')).toMatchObject({ price: 199000 });
    expect(shop.product('AT100-OLD')).toBeUndefined();
    // "Áo" is a shop category, "Áo thun" is not: linked to the one it has, the other reported.
    expect(product?.category_ids).toEqual(['3']);

    const [push] = (await pushesOf([{ field: 'item_no', value: 'AT100' }])).items;
    expect(push).toMatchObject({
      id: res.data.job_ids[0],
      state: 'done',
      mode: 'magento',
      operation: 'created',
      remote_id: product?.id,
      last_error: null,
    });
    expect(push.detail).toContain('categories not in the shop: Áo thun');
  });

  it('reuses the push already waiting for the same item instead of queueing a second', async () => {
    const first = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    const again = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    expect(again.data.job_ids).toEqual(first.data.job_ids);
    expect(again.data.new_count).toBe(0);
    expect((await pushesOf([{ field: 'item_no', value: 'SP200' }])).total_count).toBe(1);
    await drain();
    expect(shop.product('SP200')).toMatchObject({ type_id: 'simple', price: 150000.5, name: 'Mũ lưỡi trai' });
    // Done: the next push is a new one, and updates the product by SKU.
    const later = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    expect(later.data.job_ids[0]).not.toBe(first.data.job_ids[0]);
    await drain();
    expect((await pushesOf([{ field: 'id', value: String(later.data.job_ids[0]) }])).items[0]).toMatchObject({
      state: 'done',
      operation: 'updated',
    });
    expect(creates('SP200')).toHaveLength(1);
  });

  it('queues one follow-up when the item is pushed again while its push is being sent', async () => {
    const first = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    // The runner has claimed it and may have read the item already: a change made now needs a push of its own.
    await t.services.db.update(jobs).set({ state: 'running' }).where(eq(jobs.id, first.data.job_ids[0]));
    const second = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    const third = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    expect(second.data.new_count).toBe(1);
    expect(second.data.job_ids[0]).not.toBe(first.data.job_ids[0]);
    expect(third.data).toMatchObject({ new_count: 0, job_ids: second.data.job_ids });
    expect(await drain()).toBe(1);
    expect((await pushesOf([{ field: 'id', value: String(second.data.job_ids[0]) }])).items[0]).toMatchObject({
      state: 'done',
      item_no: 'SP200',
    });
  });

  it('names a bad item number and answers 404 for an unknown one, queueing nothing', async () => {
    const bad = await admin.put('/api/shop/items/A%20B');
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({
      field: 'item_no',
      msg: 'item_no may hold letters, digits and . _ - / only',
    });
    const missing = await admin.put('/api/shop/items/NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.envelope.errors[0].msg).toBe('Item NOPE not found');
    expect((await pushesOf()).total_count).toBe(0);
  });
});

describe('prices and variants', () => {
  it('sends the current list prices of the item and its variants', async () => {
    await admin.put('/api/shop/items/AT100');
    await admin.put('/api/shop/items/SP200');
    await drain();
    await setItemPrice(t.services.db, 'AT100', '189000');
    await setItemPrice(t.services.db, 'SP200', '145000');

    const res = await admin.put<ShopPushQueued>('/api/shop/items/AT100/prices');
    expect(res.statusCode).toBe(200);
    expect(res.data.pushes[0]).toMatchObject({ kind: 'prices', item_no: 'AT100', state: 'pending' });
    await admin.put('/api/shop/items/SP200/prices');
    await drain();
    // DO-M has no price of its own: it follows the item's list price. DEN-S keeps its own.
    expect(shop.product('AT100-DO-M')?.price).toBe(189000);
    expect(shop.product('AT100-DEN-S')?.price).toBe(209000);
    expect(shop.product('SP200')?.price).toBe(145000);
    const [push] = (
      await pushesOf([
        { field: 'kind', value: 'prices' },
        { field: 'item_no', value: 'AT100' },
      ])
    ).items;
    expect(push).toMatchObject({ state: 'done', operation: 'prices' });
    expect(push.detail).toContain('price of configurable AT100 comes from its variants');
    await setItemPrice(t.services.db, 'AT100', '199000');
    await setItemPrice(t.services.db, 'SP200', '150000.50');
  });

  it('a prices push for an item the shop does not have goes dead with the reason', async () => {
    await seedItem(t.services.db, { item_no: 'NEW1' });
    await admin.put('/api/shop/items/NEW1/prices');
    await drain();
    const [push] = (await pushesOf([{ field: 'item_no', value: 'NEW1' }])).items;
    expect(push).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'Item NEW1 is not in the online shop yet; push the item before its prices.',
    });
  });

  it('pushes one variant, naming its item, and links it to the product', async () => {
    await admin.put('/api/shop/items/AT100');
    await drain();
    await seedItem(t.services.db, {
      item_no: 'QJ300',
      description: 'Quần jean',
      variants: [{ variant_code: 'DO-M', description: 'Đỏ / M' }],
    });
    await t.services.db
      .insert((await import('../items/schema.js')).itemVariants)
      .values({ item_no: 'AT100', variant_code: 'TRANG-L', description: 'Trắng / L' });

    const res = await admin.put<ShopPushQueued>('/api/shop/variants/trang-l', {});
    expect(res.statusCode).toBe(200);
    expect(res.data.pushes[0]).toMatchObject({ kind: 'variant', item_no: 'AT100', variant_code: 'TRANG-L' });
    await drain();
    expect(shop.children('AT100')).toContain('AT100-TRANG-L');
    expect(shop.product('AT100-TRANG-L')).toMatchObject({ price: 199000, visibility: 1 });

    // DO-M now belongs to two items: the item must be named.
    const ambiguous = await admin.put('/api/shop/variants/DO-M', {});
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.envelope.errors[0]).toMatchObject({
      field: 'item_no',
      msg: 'Variant DO-M belongs to several items (AT100, QJ300); name the item in item_no',
    });
    const named = await admin.put<ShopPushQueued>('/api/shop/variants/DO-M', { item_no: 'AT100' });
    expect(named.data.pushes[0]).toMatchObject({ item_no: 'AT100', variant_code: 'DO-M' });

    const unknown = await admin.put('/api/shop/variants/NOPE', { item_no: 'AT100' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.envelope.errors[0].msg).toBe('Variant NOPE of item AT100 not found');
    const blocked = await admin.put('/api/shop/variants/OLD', { item_no: 'AT100' });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.envelope.errors[0].msg).toBe('Variant OLD of item AT100 is blocked');
    const badBody = await admin.put('/api/shop/variants/DO-M', { item_no: '' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.envelope.errors[0]).toMatchObject({ field: 'item_no', msg: 'This is required field!' });
  });

  it('a variant of an item the shop does not have goes dead with the reason', async () => {
    await seedItem(t.services.db, { item_no: 'NEW2', variants: [{ variant_code: 'X1', description: 'Đỏ / M' }] });
    await admin.put('/api/shop/variants/X1', { item_no: 'NEW2' });
    await drain();
    const [push] = (await pushesOf([{ field: 'item_no', value: 'NEW2' }])).items;
    expect(push).toMatchObject({
      state: 'dead',
      last_error: 'Item NEW2 is not in the online shop yet; push the item, which sends its variants too.',
    });
  });
});

describe('sync all', () => {
  it('queues one push per item and sends them all', async () => {
    const waiting = await admin.put<ShopPushQueued>('/api/shop/items/SP200');
    const res = await admin.put<ShopPushQueued>('/api/shop/sync-all', { sync_all: true });
    expect(res.statusCode).toBe(200);
    const itemCount = (await t.services.db.select().from((await import('../items/schema.js')).items)).length;
    expect(res.data.count).toBe(itemCount);
    // SP200 already had a push waiting: it is part of the answer, not queued twice.
    expect(res.data.new_count).toBe(itemCount - 1);
    expect(res.data.job_ids).toContain(waiting.data.job_ids[0]);
    await drain();
    const done = await pushesOf([{ field: 'state', value: 'done' }]);
    expect(done.total_count).toBe(itemCount);
    const all = await t.services.db.select().from((await import('../items/schema.js')).items);
    for (const item of all) expect(shop.product(item.item_no)).toBeDefined();
    expect((await admin.put('/api/shop/sync-all', { sync_all: 'yes' })).envelope.errors[0]).toMatchObject({
      field: 'sync_all',
      msg: 'sync_all must be true or false',
    });
  });
});

describe('an outage', () => {
  it('delays a push while the shop is down and sends it exactly once when it is back', async () => {
    await seedItem(t.services.db, { item_no: 'DOWN1', description: 'Túi xách', unit_price: '350000' });
    await shop.down();
    const res = await admin.put<ShopPushQueued>('/api/shop/items/DOWN1');
    expect(res.statusCode).toBe(200);
    await admin.put('/api/shop/items/DOWN1/prices');
    await drain();
    let list = await pushesOf([{ field: 'item_no', value: 'DOWN1' }]);
    const product = list.items.find((p) => p.kind === 'product')!;
    const prices = list.items.find((p) => p.kind === 'prices')!;
    expect(product).toMatchObject({ state: 'failed', attempts: 1 });
    expect(product.last_error).toContain('The online shop cannot be reached');
    expect(new Date(product.run_at).getTime()).toBeGreaterThan(Date.now());
    // Prices wait for the item's own push rather than fail against a shop without the product.
    expect(prices).toMatchObject({ state: 'failed' });
    expect(prices.last_error).toBe(`Waiting for push #${product.id} of item DOWN1 to reach the online shop.`);
    // Nothing is due before the backoff: draining again sends nothing.
    expect(await drain()).toBe(0);

    await shop.up();
    const retried = await admin.post<{ retried: number }>('/api/shop/pushes/retry', { ids: [product.id, prices.id] });
    expect(retried.data.retried).toBe(2);
    await drain();
    list = await pushesOf([{ field: 'item_no', value: 'DOWN1' }]);
    expect(list.items.map((p) => p.state)).toEqual(['done', 'done']);
    expect(shop.product('DOWN1')).toMatchObject({ name: 'Túi xách', price: 350000 });
    expect(creates('DOWN1')).toHaveLength(1);
  });

  it('retries a shop fault (503) and goes dead at once on a refusal that needs a fix', async () => {
    await seedItem(t.services.db, { item_no: 'FAULT1' });
    shop.failNext(1, 503);
    await admin.put('/api/shop/items/FAULT1');
    await drain();
    let [push] = (await pushesOf([{ field: 'item_no', value: 'FAULT1' }])).items;
    expect(push.state).toBe('failed');
    // Pushing again while it waits runs it now with fresh attempts.
    const again = await admin.put<ShopPushQueued>('/api/shop/items/FAULT1');
    expect(again.data.job_ids).toEqual([push.id]);
    expect(again.data.pushes[0]).toMatchObject({ state: 'pending', attempts: 0 });
    await drain();
    [push] = (await pushesOf([{ field: 'item_no', value: 'FAULT1' }])).items;
    expect(push.state).toBe('done');

    // Variants whose descriptions give different attributes: the shop cannot build options from them.
    await seedItem(t.services.db, {
      item_no: 'BAD1',
      variants: [
        { variant_code: 'A', description: 'Đỏ / M' },
        { variant_code: 'B', description: 'Đen' },
      ],
    });
    await admin.put('/api/shop/items/BAD1');
    await drain();
    [push] = (await pushesOf([{ field: 'item_no', value: 'BAD1' }])).items;
    expect(push).toMatchObject({
      state: 'dead',
      attempts: 1,
      last_error: 'Variants of BAD1 must all have the same attributes (color,size).',
    });
    expect(shop.product('BAD1')).toBeUndefined();

    // Pushed again after it died: a new push; retrying the dead one then leaves it alone (the new one counts).
    const fresh = await admin.put<ShopPushQueued>('/api/shop/items/BAD1');
    expect(fresh.data.job_ids[0]).not.toBe(push.id);
    const retried = await admin.post<{ retried: number }>('/api/shop/pushes/retry', { ids: [push.id] });
    expect(retried.statusCode).toBe(200);
    expect(retried.data.retried).toBe(0);
  });
});

describe('access', () => {
  it('refuses without a session, without edit on /items, and store users; nothing is queued', async () => {
    expect((await t.anon.put('/api/shop/items/AT100')).statusCode).toBe(401);
    expect((await t.anon.post('/api/shop/pushes/filter', {})).statusCode).toBe(401);
    const viewer = await t.makeUser({ pages: [{ page_url: '/items', permission_type: 'view' }] });
    const store = await t.makeUser({ customer_no: 'F001', pages: [{ page_url: '/items', permission_type: 'edit' }] });
    for (const client of [viewer.client, store.client]) {
      expect((await client.put('/api/shop/items/AT100')).statusCode).toBe(403);
      expect((await client.put('/api/shop/items/AT100/prices')).statusCode).toBe(403);
      expect((await client.put('/api/shop/variants/DO-M', { item_no: 'AT100' })).statusCode).toBe(403);
      expect((await client.put('/api/shop/sync-all')).statusCode).toBe(403);
      expect((await client.post('/api/shop/pushes/filter', {})).statusCode).toBe(403);
    }
    expect((await store.client.put('/api/shop/items/AT100')).envelope.errors[0].msg).toBe(
      'Only head office users may push to the online shop',
    );
    expect((await pushesOf()).total_count).toBe(0);

    const editor = await t.makeUser({ pages: [{ page_url: '/items', permission_type: 'edit' }] });
    expect((await editor.client.put('/api/shop/items/AT100')).statusCode).toBe(200);
    const watcher = await t.makeUser({ pages: [{ page_url: '/shopPushes', permission_type: 'view' }] });
    const seen = await watcher.client.post<{ items: ShopPush[] }>('/api/shop/pushes/filter', {});
    expect(seen.statusCode).toBe(200);
    expect(seen.data.items).toHaveLength(1);
    expect((await watcher.client.post('/api/shop/pushes/retry', { ids: [seen.data.items[0].id] })).statusCode).toBe(
      403,
    );
    expect((await watcher.client.get<{ mode: string; reachable: boolean }>('/api/shop/status')).data).toEqual({
      mode: 'magento',
      reachable: true,
    });
  });

  it('only retries shop pushes, and names bad input', async () => {
    const [other] = await t.services.db.insert(jobs).values({ queue: 'erp', payload: {}, state: 'dead' }).returning();
    const res = await admin.post<{ retried: number }>('/api/shop/pushes/retry', { ids: [other.id] });
    expect(res.data.retried).toBe(0);
    const [row] = await t.services.db.select().from(jobs).where(eq(jobs.id, other.id));
    expect(row.state).toBe('dead');
    const empty = await admin.post('/api/shop/pushes/retry', { ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.envelope.errors[0]).toMatchObject({ field: 'ids', msg: 'ids must not be empty' });
    const unknownFilter = await admin.post('/api/shop/pushes/filter', { filters: [{ field: 'payload', value: 'x' }] });
    expect(unknownFilter.statusCode).toBe(400);
    expect(unknownFilter.envelope.errors[0].msg).toBe('Unknown filter field: payload');
  });
});
