import { z } from 'zod';
import { formatMagentoMessage, MagentoClient, segment } from './magento-client.js';
import {
  ensureConfigurableOptions,
  linkChildren,
  resolveAttributes,
  variantAttributeValues,
  type ResolvedAttributes,
} from './magento-variants.js';
import {
  ShopError,
  type ShopPort,
  type ShopPrice,
  type ShopProduct,
  type ShopPushResult,
  type ShopVariant,
} from './port.js';
import { labelKey, priceToNumber, validatePrices, validateProduct, validateVariant } from './validate.js';

export interface MagentoShopOptions {
  /** Shop root, e.g. https://shop.example.vn. */
  baseUrl: string;
  /** Integration access token (System → Integrations), sent as a Bearer token. */
  token: string;
  /** Store view for catalogue writes; `default` when absent. */
  storeCode?: string;
  /** Per request; 10 s when absent. */
  timeoutMs?: number;
  /** Websites a new product is assigned to; [1] (the main website) when absent. */
  websiteIds?: number[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_STORE_CODE = 'default';
// Magento's stock "Default" attribute set.
export const DEFAULT_ATTRIBUTE_SET_ID = 4;

const STATUS = { enabled: 1, disabled: 2 } as const;
const VISIBILITY = { catalog_search: 4, not_visible: 1 } as const;

const productSchema = z.object({
  id: z.coerce.number().int(),
  sku: z.string(),
  attribute_set_id: z.coerce.number().int().nullish(),
  status: z.coerce.number().int().nullish(),
  type_id: z.string().nullish(),
});

const categoryListSchema = z.object({
  items: z.array(z.object({ id: z.coerce.number().int(), name: z.string().nullish() })).nullish(),
});

// base-prices answers 200 with the rows it refused, each a Magento message.
const priceFailuresSchema = z.array(
  z.object({
    message: z.string(),
    parameters: z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
  }),
);

interface ProductWrite {
  sku: string;
  name?: string;
  price?: number;
  status?: number;
  visibility?: number;
  type_id?: 'simple' | 'configurable';
  attribute_set_id?: number;
  custom_attributes?: { attribute_code: string; value: string }[];
  extension_attributes?: { category_links?: { position: number; category_id: string }[]; website_ids?: number[] };
}

interface Upserted {
  operation: 'created' | 'updated';
  id: number;
  attributeSetId?: number;
}

/** A URL key Magento will not refuse as a duplicate: the name's letters without Vietnamese marks, plus the SKU. */
export function urlKeyFor(name: string, sku: string): string {
  const slug = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[đĐ]/g, 'd')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [slug(name), slug(sku)].filter((part) => part !== '').join('-');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** Magento 2 REST over an integration token; each push is idempotent, so the queue may repeat it after any failure. */
export class MagentoShop implements ShopPort {
  readonly mode = 'magento' as const;
  private readonly client: MagentoClient;
  private readonly websiteIds: number[];

  constructor(options: MagentoShopOptions) {
    this.client = new MagentoClient({
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      token: options.token,
      storeCode: options.storeCode ?? DEFAULT_STORE_CODE,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
    this.websiteIds = options.websiteIds ?? [1];
  }

  async ping(): Promise<boolean> {
    try {
      // Needs the same Magento_Catalog::products right as the pushes, unlike the store endpoints.
      await this.client.send(
        { method: 'GET', path: '/products?searchCriteria[pageSize]=1&searchCriteria[currentPage]=1' },
        z.unknown(),
      );
      return true;
    } catch {
      return false;
    }
  }

  async pushProduct(product: ShopProduct): Promise<ShopPushResult> {
    validateProduct(product);
    const variants = product.variants ?? [];
    const details: string[] = [];
    // Resolve attributes first, so an unknown attribute stops the push before any product is written.
    const resolved = variants.length > 0 ? await resolveAttributes(this.client, variants) : undefined;
    const categoryLinks = await this.categoryLinks(product.category_names, details);
    const parent = await this.upsert(
      {
        sku: product.sku,
        name: product.name,
        price: priceToNumber(product.price, `Price of ${product.sku}`),
        status: STATUS[product.status],
        visibility: VISIBILITY[product.visibility],
        type_id: resolved ? 'configurable' : 'simple',
        attribute_set_id: product.attribute_set_id,
        custom_attributes:
          product.description === undefined
            ? undefined
            : [{ attribute_code: 'description', value: product.description }],
        extension_attributes: categoryLinks === undefined ? undefined : { category_links: categoryLinks },
      },
      product.attribute_set_id ?? DEFAULT_ATTRIBUTE_SET_ID,
    );
    if (resolved) {
      const created: string[] = [];
      for (const variant of variants) {
        const child = await this.upsertVariant(variant, resolved, STATUS[product.status], {
          always: product.attribute_set_id,
          onCreate: parent.attributeSetId,
        });
        if (child.operation === 'created') created.push(variant.sku);
      }
      details.push(`${plural(variants.length, 'variant')} (${created.length} created)`);
      details.push(...(await this.configure(product.sku, resolved, variants)));
    }
    return {
      mode: 'magento',
      operation: parent.operation,
      sku: product.sku,
      remote_id: parent.id,
      detail: details.length > 0 ? details.join('; ') : undefined,
    };
  }

  async pushVariant(parentSku: string, variant: ShopVariant): Promise<ShopPushResult> {
    validateVariant(variant, parentSku);
    const parent = await this.client.find({ method: 'GET', path: `/products/${segment(parentSku)}` }, productSchema);
    if (!parent) {
      throw new ShopError(
        `Item ${parentSku} is not in the online shop yet; push the item, which sends its variants too.`,
        {
          kind: 'http',
          retryable: false,
          status: 404,
        },
      );
    }
    const details: string[] = [];
    const resolved = await resolveAttributes(this.client, [variant]);
    const child = await this.upsertVariant(variant, resolved, parent.status ?? STATUS.enabled, {
      onCreate: parent.attribute_set_id ?? undefined,
    });
    if (parent.type_id !== 'configurable') {
      // The item gained its first variant after it was pushed as a simple product.
      await this.client.send(
        {
          method: 'PUT',
          path: `/products/${segment(parentSku)}`,
          body: { product: { sku: parentSku, type_id: 'configurable' } },
        },
        productSchema,
      );
      details.push(`${parentSku} made configurable`);
    }
    details.push(...(await this.configure(parentSku, resolved, [variant])));
    return {
      mode: 'magento',
      operation: child.operation,
      sku: variant.sku,
      remote_id: child.id,
      detail: details.join('; '),
    };
  }

  async pushPrices(sku: string, prices: ShopPrice[]): Promise<ShopPushResult> {
    validatePrices(sku, prices);
    if (prices.length === 0) return { mode: 'magento', operation: 'skipped', sku, detail: 'no prices to send' };
    const details: string[] = [];
    let rows = prices;
    if (prices.some((price) => price.sku === sku)) {
      const item = await this.client.find({ method: 'GET', path: `/products/${segment(sku)}` }, productSchema);
      if (!item) {
        throw new ShopError(`Item ${sku} is not in the online shop yet; push the item before its prices.`, {
          kind: 'http',
          retryable: false,
          status: 404,
        });
      }
      // base-prices refuses configurable SKUs: their price comes from the variants.
      if (item.type_id === 'configurable') {
        rows = prices.filter((price) => price.sku !== sku);
        details.push(`price of configurable ${sku} comes from its variants`);
      }
    }
    if (rows.length > 0) {
      // Global scope: store_id in each row picks the store; 0 is the price every store uses by default.
      const failures = await this.client.send(
        {
          method: 'POST',
          path: '/products/base-prices',
          scope: 'all',
          body: {
            prices: rows.map((price) => ({
              sku: price.sku,
              price: priceToNumber(price.price, `Price of ${price.sku}`),
              store_id: price.store_id ?? 0,
            })),
          },
        },
        z.union([priceFailuresSchema, z.boolean(), z.null()]),
      );
      if (Array.isArray(failures) && failures.length > 0) {
        const reasons = failures.map((failure) => formatMagentoMessage(failure.message, failure.parameters));
        throw new ShopError(
          `The online shop refused ${plural(failures.length, 'price')} of ${sku}: ${reasons.join(' ')}`,
          {
            kind: 'http',
            retryable: false,
            request: 'POST /V1/products/base-prices',
          },
        );
      }
    }
    details.unshift(`${plural(rows.length, 'price')} sent`);
    return { mode: 'magento', operation: 'prices', sku, detail: details.join('; ') };
  }

  /** GET by SKU, then POST to create or PUT to update; fields left undefined keep their shop value. */
  private async upsert(write: ProductWrite, attributeSetIdOnCreate: number): Promise<Upserted> {
    const path = `/products/${segment(write.sku)}`;
    const current = await this.client.find({ method: 'GET', path }, productSchema);
    if (current) {
      const saved = await this.client.send({ method: 'PUT', path, body: { product: write } }, productSchema);
      return { operation: 'updated', id: saved.id, attributeSetId: saved.attribute_set_id ?? undefined };
    }
    const product: ProductWrite = {
      ...write,
      attribute_set_id: write.attribute_set_id ?? attributeSetIdOnCreate,
      // Set once at creation: Magento derives the URL key from the name and refuses a second product with the same one.
      custom_attributes: [
        ...(write.custom_attributes ?? []),
        { attribute_code: 'url_key', value: urlKeyFor(write.name ?? '', write.sku) },
      ],
      extension_attributes: { ...write.extension_attributes, website_ids: this.websiteIds },
    };
    const saved = await this.client.send({ method: 'POST', path: '/products', body: { product } }, productSchema);
    return { operation: 'created', id: saved.id, attributeSetId: saved.attribute_set_id ?? product.attribute_set_id };
  }

  private async upsertVariant(
    variant: ShopVariant,
    resolved: ResolvedAttributes,
    status: number,
    // `always` is sent on every push; `onCreate` (the parent's set) only when the child is new.
    attributeSet: { always?: number; onCreate?: number },
  ): Promise<Upserted> {
    return this.upsert(
      {
        sku: variant.sku,
        name: variant.name,
        price: priceToNumber(variant.price, `Price of variant ${variant.sku}`),
        status,
        // Sold through the parent's option picker, never listed on its own.
        visibility: VISIBILITY.not_visible,
        type_id: 'simple',
        attribute_set_id: attributeSet.always,
        custom_attributes: variantAttributeValues(variant, resolved),
      },
      attributeSet.onCreate ?? DEFAULT_ATTRIBUTE_SET_ID,
    );
  }

  private async configure(parentSku: string, resolved: ResolvedAttributes, variants: ShopVariant[]): Promise<string[]> {
    const details: string[] = [];
    if (resolved.createdValues.length > 0) details.push(`option values added: ${resolved.createdValues.join(', ')}`);
    const options = await ensureConfigurableOptions(this.client, parentSku, resolved, variants);
    if (options.length > 0) details.push(`options added: ${options.join(', ')}`);
    const links = await linkChildren(
      this.client,
      parentSku,
      variants.map((variant) => variant.sku),
    );
    details.push(`${plural(links.linked.length, 'link')} added, ${links.alreadyLinked.length} already linked`);
    return details;
  }

  /** Category ids for the names; a name the shop does not have is reported, not fatal, so prices still flow. */
  private async categoryLinks(
    names: string[] | undefined,
    details: string[],
  ): Promise<{ position: number; category_id: string }[] | undefined> {
    if (names === undefined) return undefined;
    const links: { position: number; category_id: string }[] = [];
    const missing: string[] = [];
    for (const name of names) {
      const query = new URLSearchParams({
        'searchCriteria[filter_groups][0][filters][0][field]': 'name',
        'searchCriteria[filter_groups][0][filters][0][value]': name,
        'searchCriteria[filter_groups][0][filters][0][condition_type]': 'eq',
      });
      const found = await this.client.send(
        { method: 'GET', path: `/categories/list?${query.toString()}` },
        categoryListSchema,
      );
      // MySQL's eq ignores case, so the shop may answer "áo" for "Áo"; compare the same way.
      const ids = (found.items ?? [])
        .filter((item) => labelKey(item.name ?? '') === labelKey(name))
        .map((item) => item.id);
      if (ids.length === 0) {
        missing.push(name);
        continue;
      }
      // Two categories may share a name under different parents; the oldest one is the stable pick.
      const id = String(Math.min(...ids));
      if (!links.some((link) => link.category_id === id)) links.push({ position: 0, category_id: id });
    }
    if (missing.length > 0) details.push(`categories not in the shop: ${missing.join(', ')}`);
    // Only unknown names: keep the shop's categories rather than clear them over a typo.
    return names.length > 0 && links.length === 0 ? undefined : links;
  }
}
