// The online shop as the job layer sees it (calls.md 7.17): `none` records pushes, `magento` sends them.

export type ShopMode = 'none' | 'magento';

export interface ShopVariant {
  /** item_no + '-' + variant_code. */
  sku: string;
  variant_code: string;
  name: string;
  /** VND, decimal as a string. */
  price: string;
  /** Shop attribute code → option label, e.g. { color: 'Đỏ', size: 'M' }. */
  attributes: Record<string, string>;
}

export interface ShopProduct {
  /** The item_no. */
  sku: string;
  name: string;
  description?: string;
  /** VND, decimal as a string. */
  price: string;
  status: 'enabled' | 'disabled';
  visibility: 'catalog_search' | 'not_visible';
  /** Names of existing shop categories; left as they are in the shop when absent. */
  category_names?: string[];
  attribute_set_id?: number;
  /** Non-empty makes the product configurable, each variant a linked simple product. */
  variants: ShopVariant[];
}

export interface ShopPrice {
  sku: string;
  /** VND, decimal as a string. */
  price: string;
  /** Shop store id; 0 (all stores) when absent. */
  store_id?: number;
}

export interface ShopPushResult {
  mode: ShopMode;
  operation: 'created' | 'updated' | 'prices' | 'skipped';
  sku: string;
  remote_id?: number;
  /** What else happened, fit to show in the push history. */
  detail?: string;
}

export interface ShopPort {
  readonly mode: ShopMode;
  /** Creates or updates the product by SKU, with its variants when it has any. */
  pushProduct(product: ShopProduct): Promise<ShopPushResult>;
  /** Sets the base prices of one item and its variants. */
  pushPrices(sku: string, prices: ShopPrice[]): Promise<ShopPushResult>;
  /** Creates or updates one variant and links it to its parent, which must already be in the shop. */
  pushVariant(parentSku: string, variant: ShopVariant): Promise<ShopPushResult>;
  /** True when the shop answers and accepts the credentials; never throws. */
  ping(): Promise<boolean>;
}

/** network: no answer; timeout: answer too slow; http: the shop refused; invalid: refused before sending; protocol: an answer we cannot read. */
export type ShopErrorKind = 'network' | 'timeout' | 'http' | 'invalid' | 'protocol';

export interface ShopErrorDetails {
  kind: ShopErrorKind;
  retryable: boolean;
  /** HTTP status the shop answered with. */
  status?: number;
  /** From Retry-After, when the shop sent one. */
  retryAfterMs?: number;
  /** `METHOD /V1/path` of the failed request, without host or token. */
  request?: string;
  cause?: unknown;
}

export class ShopError extends Error {
  override readonly name = 'ShopError';
  /** True when the same push may succeed later unchanged (outage, throttling); false when it needs a fix. */
  readonly retryable: boolean;
  readonly kind: ShopErrorKind;
  readonly status?: number;
  readonly retryAfterMs?: number;
  readonly request?: string;

  constructor(message: string, details: ShopErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.retryable = details.retryable;
    this.kind = details.kind;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
    this.request = details.request;
  }
}

export function isShopError(error: unknown): error is ShopError {
  return error instanceof ShopError;
}

/** Timeouts, throttling and server faults pass; every other 4xx means the request itself must change. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
