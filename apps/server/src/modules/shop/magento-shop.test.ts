import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopError, type ShopPort } from './port.js';
import { failureOf, itemOf, magentoShopFor, variantOf } from './test-support/builders.js';
import { startMagentoTestServer, type MagentoTestServer } from './test-support/magento-test-server.js';

let server: MagentoTestServer;
let shop: ShopPort;

beforeEach(async () => {
  server = await startMagentoTestServer();
  shop = magentoShopFor(server);
});

afterEach(async () => {
  await server.close();
});

function labels(code: string): string[] {
  return (server.attribute(code)?.options ?? []).filter((o) => o.value !== '').map((o) => o.label);
}

function writesSince(mark: number): string[] {
  return server.requests
    .slice(mark)
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}`);
}

const twoVariants = () =>
  itemOf({
    sku: 'AT100',
    name: 'Áo thun basic',
    variants: [
      variantOf('AT100', 'DO-M', { color: 'Đỏ', size: 'M' }),
      variantOf('AT100', 'DEN-S', { color: 'Đen', size: 'S' }, { price: '209000' }),
    ],
  });

describe('simple product', () => {
  it('is created, then updated by SKU on the second push', async () => {
    const first = await shop.pushProduct(itemOf({ category_names: ['Áo', 'Phụ kiện'] }));
    expect(first).toMatchObject({ mode: 'magento', operation: 'created', sku: 'SP0001' });
    expect(first.detail).toContain('categories not in the shop: Phụ kiện');
    const created = server.product('SP0001');
    expect(created).toMatchObject({
      name: 'Áo thun cổ tròn',
      price: 199000,
      status: 1,
      visibility: 4,
      type_id: 'simple',
    });
    expect(created?.attribute_set_id).toBe(4);
    expect(created?.website_ids).toEqual([1]);
    expect(created?.category_ids).toEqual(['3']);
    expect(created?.custom_attributes.get('description')).toBe('Cotton 100%');
    expect(created?.custom_attributes.get('url_key')).toBe('ao-thun-co-tron-sp0001');
    expect(first.remote_id).toBe(created?.id);

    const second = await shop.pushProduct(
      itemOf({ name: 'Áo thun cổ tròn 2026', price: '179000.50', status: 'disabled', visibility: 'not_visible' }),
    );
    expect(second).toMatchObject({ operation: 'updated', remote_id: first.remote_id });
    expect(server.product('SP0001')).toMatchObject({
      name: 'Áo thun cổ tròn 2026',
      price: 179000.5,
      status: 2,
      visibility: 1,
    });
    // Categories were not named this time, so the shop keeps its own.
    expect(server.product('SP0001')?.category_ids).toEqual(['3']);
  });

  it('gives each product its own URL key, so two items with the same name both go in', async () => {
    await shop.pushProduct(itemOf({ sku: 'SP0001' }));
    await expect(shop.pushProduct(itemOf({ sku: 'SP0002' }))).resolves.toMatchObject({ operation: 'created' });
  });

  it('pushes through the configured store view', async () => {
    const storeShop = magentoShopFor(server, { MAGENTO_STORE_CODE: 'all' });
    await storeShop.pushProduct(itemOf());
    expect(new Set(server.requests.map((r) => r.storeCode))).toEqual(new Set(['all']));
  });
});

describe('configurable product', () => {
  it('creates the children, the options and the missing option values, and links each child', async () => {
    const result = await shop.pushProduct(twoVariants());
    expect(result).toMatchObject({ mode: 'magento', operation: 'created', sku: 'AT100' });
    expect(result.detail).toContain('option values added: color=Đỏ, size=M');

    const parent = server.product('AT100');
    expect(parent).toMatchObject({ type_id: 'configurable', visibility: 4 });
    expect(parent?.configurable_options.map((o) => [o.attribute_id, o.position])).toEqual([
      ['93', 0],
      ['144', 1],
    ]);
    expect(server.children('AT100')).toEqual(['AT100-DO-M', 'AT100-DEN-S']);
    // Đen and S were already in the shop; only Đỏ and M are new.
    expect(labels('color')).toEqual(['Đen', 'Đỏ']);
    expect(labels('size')).toEqual(['S', 'M']);

    const red = server.product('AT100-DO-M');
    const redId = server.attribute('color')?.options.find((o) => o.label === 'Đỏ')?.value;
    expect(red).toMatchObject({ type_id: 'simple', visibility: 1, status: 1, price: 199000 });
    expect(red?.custom_attributes.get('color')).toBe(redId);
    expect(server.product('AT100-DEN-S')?.custom_attributes.get('color')).toBe('49');
    expect(server.product('AT100-DEN-S')?.price).toBe(209000);
  });

  it('changes nothing structural when pushed again: no second option value, option or link', async () => {
    await shop.pushProduct(twoVariants());
    const mark = server.requests.length;
    const again = await shop.pushProduct(twoVariants());

    expect(again.operation).toBe('updated');
    expect(again.detail).toContain('0 links added, 2 already linked');
    expect(writesSince(mark)).toEqual(['PUT products/AT100', 'PUT products/AT100-DO-M', 'PUT products/AT100-DEN-S']);
    expect(server.children('AT100')).toEqual(['AT100-DO-M', 'AT100-DEN-S']);
    expect(labels('color')).toEqual(['Đen', 'Đỏ']);
    expect(server.product('AT100')?.configurable_options).toHaveLength(2);
  });

  it('matches option labels whatever their case or Unicode form', async () => {
    // "Đỏ" in decomposed form and lower case is still the Đen/Đỏ list's Đỏ, not a new value.
    await shop.pushProduct(twoVariants());
    const variant = variantOf('AT100', 'DO-L', { color: 'đỏ'.normalize('NFD'), size: 'L' });
    await shop.pushVariant('AT100', variant);
    expect(labels('color')).toEqual(['Đen', 'Đỏ']);
  });

  it('finishes the links on the next push after failing half way', async () => {
    server.failNext(1, 503, { match: { method: 'POST', path: 'configurable-products/AT100/child' } });
    const error = await failureOf(shop.pushProduct(twoVariants()));
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ retryable: true, status: 503 });
    expect(server.children('AT100')).toEqual([]);

    await expect(shop.pushProduct(twoVariants())).resolves.toMatchObject({ operation: 'updated' });
    expect(server.children('AT100')).toEqual(['AT100-DO-M', 'AT100-DEN-S']);
    expect(labels('size')).toEqual(['S', 'M']);
  });

  it('stops before writing any product when a variant names an attribute the shop lacks', async () => {
    const item = twoVariants();
    item.variants = item.variants.map((v) => ({ ...v, attributes: { ...v.attributes, fit: 'Slim' } }));
    const error = await failureOf(shop.pushProduct(item));
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toContain('no product attribute "fit"');
    expect(server.product('AT100')).toBeUndefined();
  });

  it('refuses a variant attribute that is not a dropdown', async () => {
    const item = itemOf({ variants: [variantOf('SP0001', 'C', { material: 'Cotton' })] });
    const error = await failureOf(shop.pushProduct(item));
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toContain('"material"');
  });
});

describe('one variant', () => {
  it('creates the child and links it to an existing configurable parent, once', async () => {
    await shop.pushProduct(twoVariants());
    const white = variantOf('AT100', 'TRANG-L', { color: 'Trắng', size: 'L' }, { price: '219000' });

    const first = await shop.pushVariant('AT100', white);
    expect(first).toMatchObject({ mode: 'magento', operation: 'created', sku: 'AT100-TRANG-L' });
    expect(first.remote_id).toBe(server.product('AT100-TRANG-L')?.id);
    expect(server.children('AT100')).toEqual(['AT100-DO-M', 'AT100-DEN-S', 'AT100-TRANG-L']);

    const second = await shop.pushVariant('AT100', { ...white, price: '229000' });
    expect(second.operation).toBe('updated');
    expect(server.product('AT100-TRANG-L')?.price).toBe(229000);
    expect(server.children('AT100')).toHaveLength(3);
    expect(labels('color').filter((l) => l === 'Trắng')).toHaveLength(1);
  });

  it('makes a parent pushed as a simple product configurable', async () => {
    await shop.pushProduct(itemOf({ sku: 'QJ200', attribute_set_id: 9 }));
    const result = await shop.pushVariant('QJ200', variantOf('QJ200', '30', { size: 'S' }));
    expect(result.detail).toContain('QJ200 made configurable');
    expect(server.product('QJ200')?.type_id).toBe('configurable');
    expect(server.product('QJ200-30')?.attribute_set_id).toBe(9);
    expect(server.children('QJ200')).toEqual(['QJ200-30']);
  });

  it('refuses, without retry, a variant whose item is not in the shop', async () => {
    const error = await failureOf(shop.pushVariant('NOPE', variantOf('NOPE', 'X', { size: 'S' })));
    expect(error).toMatchObject({ retryable: false, status: 404 });
    expect(server.product('NOPE-X')).toBeUndefined();
  });
});

describe('prices of one item', () => {
  it('sets the base price in global scope and per store', async () => {
    await shop.pushProduct(itemOf());
    const result = await shop.pushPrices('SP0001', [
      { sku: 'SP0001', price: '189000' },
      { sku: 'SP0001', price: '185000', store_id: 1 },
    ]);
    expect(result).toMatchObject({ mode: 'magento', operation: 'prices', sku: 'SP0001' });
    expect(server.product('SP0001')?.price).toBe(189000);
    expect(server.product('SP0001')?.store_prices.get(1)).toBe(185000);
    const call = server.requests.find((r) => r.path === 'products/base-prices');
    expect(call?.storeCode).toBe('all');
  });

  it('sets the variants of a configurable item and leaves its own price to them', async () => {
    await shop.pushProduct(twoVariants());
    const result = await shop.pushPrices('AT100', [
      { sku: 'AT100', price: '150000' },
      { sku: 'AT100-DO-M', price: '159000' },
      { sku: 'AT100-DEN-S', price: '169000' },
    ]);
    expect(result.detail).toContain('2 prices sent');
    expect(server.product('AT100-DO-M')?.price).toBe(159000);
    expect(server.product('AT100-DEN-S')?.price).toBe(169000);
  });

  it('reports refused rows with their Magento reasons, without retry', async () => {
    await shop.pushProduct(itemOf());
    const error = await failureOf(shop.pushPrices('SP0001', [{ sku: 'SP0001-XX', price: '1000' }]));
    expect(error).toMatchObject({ retryable: false });
    expect((error as Error).message).toContain('Invalid attribute SKU = SP0001-XX.');
  });

  it('refuses a price that is not a decimal before sending anything', async () => {
    const mark = server.requests.length;
    const error = await failureOf(shop.pushPrices('SP0001', [{ sku: 'SP0001', price: '-5' }]));
    expect(error).toMatchObject({ retryable: false, kind: 'invalid' });
    expect(server.requests.length).toBe(mark);
  });
});
