import { DEFAULT_STORE_CODE, DEFAULT_TIMEOUT_MS, MagentoShop } from './magento-shop.js';
import { NoneShop } from './none-shop.js';
import type { ShopPort } from './port.js';

export type ShopEnv = Readonly<Record<string, string | undefined>>;

export type ShopSettings =
  | { mode: 'none' }
  | { mode: 'magento'; baseUrl: string; token: string; storeCode: string; timeoutMs: number; websiteIds: number[] };

/** A setting that stops the server from starting; the message names the variables to fix. */
export class ShopConfigError extends Error {
  override readonly name = 'ShopConfigError';
}

function value(env: ShopEnv, name: string): string | undefined {
  const text = env[name]?.trim();
  return text === '' ? undefined : text;
}

function readBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ShopConfigError(`MAGENTO_BASE_URL "${raw}" is not a URL (e.g. https://shop.example.vn).`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ShopConfigError(`MAGENTO_BASE_URL must start with https:// or http://, not ${url.protocol}.`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ShopConfigError('MAGENTO_BASE_URL must be the bare shop address, without credentials, query or #.');
  }
  const root = url.href.replace(/\/+$/, '');
  // The connector adds /rest/{store}/V1 itself; a copied API address would double it.
  if (/\/rest(\/|$)/i.test(url.pathname)) {
    throw new ShopConfigError(`MAGENTO_BASE_URL must be the shop root, without /rest (got ${root}).`);
  }
  return root;
}

/** Reads SHOP_MODE and, for magento, the MAGENTO_* settings; throws ShopConfigError naming what is missing or wrong. */
export function readShopSettings(env: ShopEnv): ShopSettings {
  const mode = (value(env, 'SHOP_MODE') ?? 'none').toLowerCase();
  if (mode === 'none') return { mode: 'none' };
  if (mode !== 'magento') throw new ShopConfigError(`SHOP_MODE must be none or magento, not "${mode}".`);

  const missing = ['MAGENTO_BASE_URL', 'MAGENTO_TOKEN'].filter((name) => value(env, name) === undefined);
  if (missing.length > 0) {
    throw new ShopConfigError(
      `SHOP_MODE=magento needs ${missing.join(' and ')}; set ${missing.length > 1 ? 'them' : 'it'} or use SHOP_MODE=none.`,
    );
  }
  const storeCode = value(env, 'MAGENTO_STORE_CODE') ?? DEFAULT_STORE_CODE;
  if (!/^[a-z][a-z0-9_]*$/i.test(storeCode)) {
    throw new ShopConfigError(`MAGENTO_STORE_CODE "${storeCode}" is not a Magento store code (letters, digits, _).`);
  }
  const timeoutText = value(env, 'MAGENTO_TIMEOUT_MS');
  const timeoutMs = timeoutText === undefined ? DEFAULT_TIMEOUT_MS : Number(timeoutText);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new ShopConfigError(`MAGENTO_TIMEOUT_MS "${timeoutText}" must be a positive whole number of milliseconds.`);
  }
  const websiteText = value(env, 'MAGENTO_WEBSITE_IDS') ?? '1';
  const websiteIds = websiteText.split(',').map((part) => Number(part.trim()));
  if (websiteIds.some((id) => !Number.isInteger(id) || id <= 0)) {
    throw new ShopConfigError(
      `MAGENTO_WEBSITE_IDS "${websiteText}" must be website ids separated by commas, e.g. 1 or 1,2.`,
    );
  }
  return {
    mode: 'magento',
    baseUrl: readBaseUrl(value(env, 'MAGENTO_BASE_URL') ?? ''),
    token: value(env, 'MAGENTO_TOKEN') ?? '',
    storeCode,
    timeoutMs,
    websiteIds,
  };
}

/** The shop the server pushes to, chosen by SHOP_MODE (none by default). */
export function createShop(env: ShopEnv = process.env): ShopPort {
  const settings = readShopSettings(env);
  if (settings.mode === 'none') return new NoneShop();
  return new MagentoShop(settings);
}
