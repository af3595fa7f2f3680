import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createShop, readShopSettings, ShopConfigError } from './config.js';
import { formatMagentoMessage, readMagentoError } from './magento-client.js';
import { ShopError } from './port.js';
import { failureOf, itemOf, variantOf } from './test-support/builders.js';
import { startMagentoTestServer, type MagentoTestServer } from './test-support/magento-test-server.js';

describe('none mode', () => {
  let server: MagentoTestServer;
  beforeEach(async () => {
    server = await startMagentoTestServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it('is the default and sends nothing, even with Magento settings present', async () => {
    const shop = createShop({ MAGENTO_BASE_URL: server.baseUrl, MAGENTO_TOKEN: server.token });
    expect(shop.mode).toBe('none');
    const item = itemOf({ variants: [variantOf('SP0001', 'A', { color: 'Đỏ' })] });
    await expect(shop.pushProduct(item)).resolves.toMatchObject({ mode: 'none', operation: 'skipped', sku: 'SP0001' });
    await expect(shop.pushPrices('SP0001', [{ sku: 'SP0001', price: '1000' }])).resolves.toMatchObject({
      mode: 'none',
      operation: 'skipped',
    });
    await expect(shop.pushVariant('SP0001', item.variants[0])).resolves.toMatchObject({
      operation: 'skipped',
      sku: 'SP0001-A',
    });
    expect(await shop.ping()).toBe(true);
    expect(server.requests).toEqual([]);
  });

  it('still refuses data no shop would take', async () => {
    const shop = createShop({ SHOP_MODE: 'none' });
    const error = await failureOf(shop.pushProduct(itemOf({ price: '12,5' })));
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ retryable: false, kind: 'invalid' });
  });
});

describe('settings', () => {
  it('names every missing Magento setting', () => {
    expect(() => createShop({ SHOP_MODE: 'magento' })).toThrow(ShopConfigError);
    expect(() => createShop({ SHOP_MODE: 'magento' })).toThrow(/MAGENTO_BASE_URL and MAGENTO_TOKEN/);
    expect(() => createShop({ SHOP_MODE: 'magento', MAGENTO_BASE_URL: 'https://shop.example.vn' })).toThrow(
      /needs MAGENTO_TOKEN/,
    );
  });

  it('refuses an unknown mode and a base URL that already has /rest', () => {
    expect(() => createShop({ SHOP_MODE: 'shopify' })).toThrow(/SHOP_MODE must be none or magento/);
    expect(() =>
      createShop({ SHOP_MODE: 'magento', MAGENTO_BASE_URL: 'https://shop.example.vn/rest/V1', MAGENTO_TOKEN: 't' }),
    ).toThrow(/without \/rest/);
    expect(() => createShop({ SHOP_MODE: 'magento', MAGENTO_BASE_URL: 'shop.example.vn', MAGENTO_TOKEN: 't' })).toThrow(
      /MAGENTO_BASE_URL/,
    );
    expect(() =>
      createShop({
        SHOP_MODE: 'magento',
        MAGENTO_BASE_URL: 'https://s.vn',
        MAGENTO_TOKEN: 't',
        MAGENTO_TIMEOUT_MS: '0',
      }),
    ).toThrow(/MAGENTO_TIMEOUT_MS/);
  });

  it('fills the defaults', () => {
    expect(
      readShopSettings({ SHOP_MODE: ' Magento ', MAGENTO_BASE_URL: 'https://shop.example.vn/', MAGENTO_TOKEN: 't' }),
    ).toEqual({
      mode: 'magento',
      baseUrl: 'https://shop.example.vn',
      token: 't',
      storeCode: 'default',
      timeoutMs: 10000,
      websiteIds: [1],
    });
  });
});

describe('Magento messages', () => {
  it('fills %1-style parameters from a list', () => {
    expect(formatMagentoMessage('The child product doesn\'t have the "%1" attribute value.', ['color'])).toBe(
      'The child product doesn\'t have the "color" attribute value.',
    );
  });

  it('fills named parameters from an object, and from a list in order of appearance', () => {
    expect(formatMagentoMessage("The consumer isn't authorized to access %resources.", { resources: 'X::y' })).toBe(
      "The consumer isn't authorized to access X::y.",
    );
    expect(formatMagentoMessage('Invalid attribute %fieldName = %fieldValue.', ['SKU', 'A-1'])).toBe(
      'Invalid attribute SKU = A-1.',
    );
  });

  it('keeps the reasons of an InputException', () => {
    expect(
      readMagentoError({
        message: 'One or more input exceptions have occurred.',
        errors: [{ message: '"%fieldName" is required.', parameters: { fieldName: 'sku' } }],
      }),
    ).toBe('One or more input exceptions have occurred. "sku" is required.');
  });
});
