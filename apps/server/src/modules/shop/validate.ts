import { ShopError, type ShopPrice, type ShopProduct, type ShopVariant } from './port.js';

// A decimal VND amount as the contract writes it: digits, an optional fraction, never negative.
const decimalPattern = /^\d{1,14}(\.\d{1,6})?$/;

function invalid(message: string): ShopError {
  return new ShopError(message, { kind: 'invalid', retryable: false });
}

function requireText(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${what} is empty.`);
  return value;
}

/** The amount as a JSON number; VND with at most 6 decimals stays exact enough for Magento's decimal(20,6). */
export function priceToNumber(price: unknown, what: string): number {
  if (typeof price !== 'string' || !decimalPattern.test(price.trim())) {
    throw invalid(`${what} "${String(price)}" is not a price (a non-negative decimal such as 150000 or 150000.50).`);
  }
  return Number(price.trim());
}

/** Attribute labels compare the way Magento matches option labels: same letters, any case, any Unicode form. */
export function labelKey(label: string): string {
  return label.normalize('NFC').trim().toLocaleLowerCase('vi');
}

function attributeSignature(variant: ShopVariant): string {
  return Object.keys(variant.attributes).sort().join(',');
}

export function validateVariant(variant: ShopVariant, parentSku: string): void {
  const sku = requireText(variant.sku, 'Variant SKU');
  requireText(variant.variant_code, `Variant code of ${sku}`);
  requireText(variant.name, `Name of variant ${sku}`);
  priceToNumber(variant.price, `Price of variant ${sku}`);
  if (sku === parentSku) throw invalid(`Variant SKU ${sku} is the same as its item's SKU.`);
  const entries = Object.entries(variant.attributes ?? {});
  if (entries.length === 0) throw invalid(`Variant ${sku} has no attributes (e.g. color, size) to tell it apart.`);
  for (const [code, label] of entries) {
    if (!/^[a-zA-Z][a-zA-Z0-9_]{0,59}$/.test(code))
      throw invalid(`Variant ${sku}: "${code}" is not a shop attribute code.`);
    requireText(label, `Variant ${sku}: value of ${code}`);
  }
}

export function validateProduct(product: ShopProduct): void {
  const sku = requireText(product.sku, 'Item SKU');
  requireText(product.name, `Name of ${sku}`);
  priceToNumber(product.price, `Price of ${sku}`);
  if (product.status !== 'enabled' && product.status !== 'disabled') {
    throw invalid(`Status of ${sku} must be enabled or disabled.`);
  }
  if (product.visibility !== 'catalog_search' && product.visibility !== 'not_visible') {
    throw invalid(`Visibility of ${sku} must be catalog_search or not_visible.`);
  }
  if (
    product.attribute_set_id !== undefined &&
    !(Number.isInteger(product.attribute_set_id) && product.attribute_set_id > 0)
  ) {
    throw invalid(`Attribute set of ${sku} must be a positive whole number.`);
  }
  for (const name of product.category_names ?? []) requireText(name, `A category name of ${sku}`);
  const variants = product.variants ?? [];
  const skus = new Set<string>();
  const combinations = new Set<string>();
  for (const variant of variants) {
    validateVariant(variant, sku);
    if (skus.has(variant.sku)) throw invalid(`Variant SKU ${variant.sku} appears twice in ${sku}.`);
    skus.add(variant.sku);
    // Magento links a child only when it has a value for every configurable attribute of the parent.
    if (attributeSignature(variant) !== attributeSignature(variants[0])) {
      throw invalid(`Variants of ${sku} must all have the same attributes (${attributeSignature(variants[0])}).`);
    }
    const combination = Object.keys(variant.attributes)
      .sort()
      .map((code) => `${code}=${labelKey(variant.attributes[code])}`)
      .join('|');
    if (combinations.has(combination)) {
      throw invalid(`Two variants of ${sku} have the same attribute values (${combination}).`);
    }
    combinations.add(combination);
  }
}

export function validatePrices(sku: string, prices: ShopPrice[]): void {
  requireText(sku, 'Item SKU');
  if (!Array.isArray(prices)) throw invalid(`Prices of ${sku} are missing.`);
  for (const price of prices) {
    const priceSku = requireText(price.sku, `A price SKU of ${sku}`);
    priceToNumber(price.price, `Price of ${priceSku}`);
    if (price.store_id !== undefined && !(Number.isInteger(price.store_id) && price.store_id >= 0)) {
      throw invalid(`Store id of the ${priceSku} price must be a whole number, 0 or more.`);
    }
  }
}
