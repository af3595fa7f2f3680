import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShopError, type ShopPort } from './port.js';
import { failureOf, itemOf, magentoShopFor } from './test-support/builders.js';
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

describe('refusals that need a fix (not retryable)', () => {
  it('a wrong token gives Magento reason, readable', async () => {
    const wrong = magentoShopFor(server, { MAGENTO_TOKEN: 'revoked-token' });
    const error = await failureOf(wrong.pushProduct(itemOf()));
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ retryable: false, status: 401, kind: 'http' });
    expect((error as Error).message).toBe("The consumer isn't authorized to access Magento_Catalog::products.");
    expect((error as Error).message).not.toContain('revoked-token');
    expect(await wrong.ping()).toBe(false);
    expect(server.product('SP0001')).toBeUndefined();
  });

  it('a validation error gives the message with its %1 parameter filled in', async () => {
    const error = await failureOf(shop.pushProduct(itemOf({ sku: `SP${'9'.repeat(63)}` })));
    expect(error).toMatchObject({ retryable: false, status: 400, request: 'POST /V1/products' });
    expect((error as Error).message).toBe('SKU length should be 64 characters maximum.');
  });

  it('a validation error with named parameters is filled in too', async () => {
    const error = await failureOf(shop.pushProduct(itemOf({ attribute_set_id: 99 })));
    expect(error).toMatchObject({ retryable: false, status: 400 });
    expect((error as Error).message).toBe('Invalid value of "99" provided for the attribute_set_id field.');
  });

  it('a base URL that is not the shop root is not mistaken for a missing product', async () => {
    const misplaced = magentoShopFor(server, { MAGENTO_BASE_URL: `${server.baseUrl}/magento` });
    const error = await failureOf(misplaced.pushProduct(itemOf()));
    expect(error).toMatchObject({ retryable: false, status: 404, request: 'GET /V1/products/SP0001' });
    expect((error as Error).message).toContain('check MAGENTO_BASE_URL');
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('an unknown store code is reported as such', async () => {
    const error = await failureOf(magentoShopFor(server, { MAGENTO_STORE_CODE: 'vn_hcm' }).pushProduct(itemOf()));
    expect(error).toMatchObject({ retryable: false, status: 404 });
    expect((error as Error).message).toContain("The store that was requested wasn't found.");
  });
});

describe('outages (retryable, then the same push succeeds)', () => {
  it('shop down: connection refused, then up again', async () => {
    await server.down();
    const error = await failureOf(shop.pushProduct(itemOf()));
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({ retryable: true, kind: 'network' });
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(await shop.ping()).toBe(false);

    await server.up();
    expect(await shop.ping()).toBe(true);
    await expect(shop.pushProduct(itemOf())).resolves.toMatchObject({ operation: 'created' });
    expect(server.product('SP0001')?.name).toBe('Áo thun cổ tròn');
  });

  it('503 maintenance page', async () => {
    server.failNext(1, 503);
    const error = await failureOf(shop.pushProduct(itemOf()));
    expect(error).toMatchObject({ retryable: true, kind: 'http', status: 503 });
    expect((error as Error).message).toBe(
      'The online shop answered GET /V1/products/SP0001 with HTTP 503 Service Unavailable.',
    );
    await expect(shop.pushProduct(itemOf())).resolves.toMatchObject({ operation: 'created' });
  });

  it('500 with a Magento report id', async () => {
    server.failNext(1, 500, { match: { method: 'POST' } });
    const error = await failureOf(shop.pushProduct(itemOf()));
    expect(error).toMatchObject({ retryable: true, status: 500 });
    expect((error as Error).message).toContain('Report ID: webapi-');
  });

  it('429 throttling, with the wait the shop asked for', async () => {
    server.failNext(1, 429);
    const error = await failureOf(shop.pushPrices('SP0001', [{ sku: 'SP0001', price: '1' }]));
    expect(error).toMatchObject({ retryable: true, status: 429, retryAfterMs: 2000 });
  });

  it('a timeout after the shop saved the product: the retry updates it, never a second product', async () => {
    const quick = magentoShopFor(server, { MAGENTO_TIMEOUT_MS: '200' });
    server.delayNext(1, 600, { method: 'POST', path: 'products' });
    const error = await failureOf(quick.pushProduct(itemOf()));
    expect(error).toMatchObject({ retryable: true, kind: 'timeout' });
    // The shop finishes the request the client gave up on.
    await expect.poll(() => server.product('SP0001')).toBeDefined();

    await expect(quick.pushProduct(itemOf({ price: '205000' }))).resolves.toMatchObject({ operation: 'updated' });
    expect(server.requests.filter((r) => r.method === 'POST' && r.path === 'products')).toHaveLength(1);
    expect(server.product('SP0001')?.price).toBe(205000);
  });
});
