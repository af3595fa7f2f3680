import { createShop } from '../config.js';
import type { ShopPort, ShopProduct, ShopVariant } from '../port.js';
import type { MagentoTestServer } from './magento-test-server.js';

// Test data with overrides, in the shape the item service will hand to the shop.

export function variantOf(
  itemNo: string,
  code: string,
  attributes: Record<string, string>,
  overrides: Partial<ShopVariant> = {},
): ShopVariant {
  return {
    sku: `${itemNo}-${code}`,
    variant_code: code,
    name: `Áo thun ${Object.values(attributes).join(' ')}`,
    price: '199000',
    attributes,
    ...overrides,
  };
}

export function itemOf(overrides: Partial<ShopProduct> = {}): ShopProduct {
  return {
    sku: 'SP0001',
    name: 'Áo thun cổ tròn',
    description: 'Cotton 100%',
    price: '199000',
    status: 'enabled',
    visibility: 'catalog_search',
    variants: [],
    ...overrides,
  };
}

export function magentoShopFor(server: MagentoTestServer, env: Record<string, string> = {}): ShopPort {
  return createShop({
    SHOP_MODE: 'magento',
    MAGENTO_BASE_URL: server.baseUrl,
    MAGENTO_TOKEN: server.token,
    MAGENTO_TIMEOUT_MS: '2000',
    ...env,
  });
}

/** Catches the rejection so a test can look at the error's fields. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the push to fail, but it succeeded');
}
