// The catalogue behind the Magento test server: products, attributes, option values and configurable links
// in memory, with Magento's rules and error bodies. Not modelled: store-view scoped values (every write is
// global), stock, media, ACL roles.

export interface TestAttributeOption {
  label: string;
  value: string;
}

export interface TestAttribute {
  attribute_id: number;
  attribute_code: string;
  default_frontend_label: string;
  frontend_input: 'select' | 'text';
  options: TestAttributeOption[];
}

export interface TestConfigurableOption {
  id: number;
  attribute_id: string;
  label: string;
  position: number;
  values: { value_index: number }[];
}

export interface TestProduct {
  id: number;
  sku: string;
  name: string;
  attribute_set_id: number;
  price: number;
  status: number;
  visibility: number;
  type_id: string;
  created_at: string;
  updated_at: string;
  custom_attributes: Map<string, unknown>;
  website_ids: number[];
  category_ids: string[];
  /** Base prices of stores other than 0. */
  store_prices: Map<number, number>;
  configurable_options: TestConfigurableOption[];
  child_ids: number[];
}

export interface MagentoCatalogueOptions {
  attributes?: TestAttribute[];
  categories?: { id: number; name: string }[];
  attributeSetIds?: number[];
}

export const STORES: Record<string, number> = { admin: 0, all: 0, default: 1 };
const MAX_SKU_LENGTH = 64;
const SELLABLE_BY_BASE_PRICE = new Set(['simple', 'virtual', 'bundle', 'downloadable']);

const notFoundProduct = {
  message: "The product that was requested doesn't exist. Verify the product and try again.",
};

interface MagentoErrorBody {
  message: string;
  parameters?: unknown[] | Record<string, unknown>;
  errors?: { message: string }[];
}

export class MagentoFault extends Error {
  constructor(
    readonly status: number,
    readonly body: MagentoErrorBody,
  ) {
    super(body.message);
  }
}

function fault(status: number, message: string, parameters?: unknown[] | Record<string, unknown>): MagentoFault {
  return new MagentoFault(status, parameters === undefined ? { message } : { message, parameters });
}

function defaultAttributes(): TestAttribute[] {
  return [
    {
      attribute_id: 93,
      attribute_code: 'color',
      default_frontend_label: 'Color',
      frontend_input: 'select',
      options: [
        { label: ' ', value: '' },
        { label: 'Đen', value: '49' },
      ],
    },
    {
      attribute_id: 144,
      attribute_code: 'size',
      default_frontend_label: 'Size',
      frontend_input: 'select',
      options: [
        { label: ' ', value: '' },
        { label: 'S', value: '167' },
      ],
    },
    {
      attribute_id: 150,
      attribute_code: 'material',
      default_frontend_label: 'Material',
      frontend_input: 'text',
      options: [],
    },
  ];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function labelMatch(a: string, b: string): boolean {
  return a.normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();
}

export type MagentoCatalogue = ReturnType<typeof createMagentoCatalogue>;

export function createMagentoCatalogue(options: MagentoCatalogueOptions = {}) {
  const attributes = new Map(
    (options.attributes ?? defaultAttributes()).map((a) => [a.attribute_code, structuredClone(a)]),
  );
  const categories = options.categories ?? [
    { id: 2, name: 'Default Category' },
    { id: 3, name: 'Áo' },
    { id: 4, name: 'Quần' },
  ];
  const attributeSetIds = new Set(options.attributeSetIds ?? [4, 9]);
  const products = new Map<string, TestProduct>();
  let nextProductId = 1;
  let nextOptionValue = 200;
  let nextConfigurableOptionId = 1;

  const byId = (id: number) => [...products.values()].find((p) => p.id === id);
  const attributeById = (id: number) => [...attributes.values()].find((a) => a.attribute_id === id);
  const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);

  function requireProduct(sku: string): TestProduct {
    const product = products.get(sku);
    if (!product) throw fault(404, notFoundProduct.message);
    return product;
  }

  function productJson(p: TestProduct) {
    const extension: Record<string, unknown> = {
      website_ids: p.website_ids,
      category_links: p.category_ids.map((id) => ({ position: 0, category_id: id })),
    };
    if (p.type_id === 'configurable') {
      extension.configurable_product_options = p.configurable_options.map((o) => ({ ...o, product_id: p.id }));
      extension.configurable_product_links = p.child_ids;
    }
    return {
      id: p.id,
      sku: p.sku,
      name: p.name,
      attribute_set_id: p.attribute_set_id,
      price: p.price,
      status: p.status,
      visibility: p.visibility,
      type_id: p.type_id,
      created_at: p.created_at,
      updated_at: p.updated_at,
      extension_attributes: extension,
      product_links: [],
      options: [],
      media_gallery_entries: [],
      tier_prices: [],
      custom_attributes: [...p.custom_attributes].map(([attribute_code, value]) => ({ attribute_code, value })),
    };
  }

  // POST /products and PUT /products/{sku} both save: create when the SKU is new, merge when it exists.
  function saveProduct(sku: string, input: Record<string, unknown>): TestProduct {
    const existing = products.get(sku);
    if (sku.length > MAX_SKU_LENGTH) throw fault(400, 'SKU length should be %1 characters maximum.', [MAX_SKU_LENGTH]);
    if (!existing && (typeof input.name !== 'string' || input.name.trim() === '')) {
      throw fault(400, 'The "%1" attribute value is empty. Set the attribute and try again.', ['name']);
    }
    const setId = input.attribute_set_id ?? existing?.attribute_set_id ?? 4;
    if (!attributeSetIds.has(Number(setId))) {
      throw fault(400, 'Invalid value of "%value" provided for the %fieldName field.', {
        fieldName: 'attribute_set_id',
        value: setId,
      });
    }
    const typeId = input.type_id ?? existing?.type_id ?? 'simple';
    if (typeof typeId !== 'string' || !['simple', 'virtual', 'configurable'].includes(typeId)) {
      throw fault(400, 'Invalid value of "%value" provided for the %fieldName field.', {
        fieldName: 'type_id',
        value: typeId,
      });
    }
    if (input.price !== undefined && !(Number(input.price) >= 0)) {
      throw fault(400, 'Invalid value of "%value" provided for the %fieldName field.', {
        fieldName: 'price',
        value: input.price,
      });
    }
    const custom = new Map(existing?.custom_attributes);
    for (const entry of Array.isArray(input.custom_attributes) ? input.custom_attributes : []) {
      if (isRecord(entry) && typeof entry.attribute_code === 'string') custom.set(entry.attribute_code, entry.value);
    }
    const name = typeof input.name === 'string' ? input.name : (existing?.name ?? '');
    if (!custom.has('url_key')) custom.set('url_key', name.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
    const urlKey = custom.get('url_key');
    for (const other of products.values()) {
      if (other.sku !== sku && other.custom_attributes.get('url_key') === urlKey) {
        throw fault(400, 'URL key for specified store already exists.');
      }
    }
    const extension = isRecord(input.extension_attributes) ? input.extension_attributes : {};
    const product: TestProduct = existing ?? {
      id: nextProductId++,
      sku,
      name,
      attribute_set_id: Number(setId),
      price: 0,
      status: 1,
      visibility: 4,
      type_id: typeId,
      created_at: now(),
      updated_at: now(),
      custom_attributes: custom,
      website_ids: [],
      category_ids: [],
      store_prices: new Map(),
      configurable_options: [],
      child_ids: [],
    };
    product.name = name;
    product.attribute_set_id = Number(setId);
    product.type_id = typeId;
    if (input.price !== undefined) product.price = Number(input.price);
    if (input.status !== undefined) product.status = Number(input.status);
    if (input.visibility !== undefined) product.visibility = Number(input.visibility);
    product.custom_attributes = custom;
    if (Array.isArray(extension.website_ids)) product.website_ids = extension.website_ids.map(Number);
    if (Array.isArray(extension.category_links)) {
      product.category_ids = extension.category_links.filter(isRecord).map((link) => String(link.category_id));
    }
    if (Array.isArray(extension.configurable_product_links))
      product.child_ids = extension.configurable_product_links.map(Number);
    if (typeId !== 'configurable') {
      product.configurable_options = [];
      product.child_ids = [];
    }
    product.updated_at = now();
    products.set(sku, product);
    return product;
  }

  function requireAttribute(code: string): TestAttribute {
    const attribute = attributes.get(code);
    if (!attribute) {
      throw fault(404, 'The attribute with a "%1" attributeCode doesn\'t exist. Verify the attribute and try again.', [
        code,
      ]);
    }
    return attribute;
  }

  function basePrices(body: Record<string, unknown>) {
    const failed: { message: string; parameters: unknown[] }[] = [];
    for (const row of Array.isArray(body.prices) ? body.prices.filter(isRecord) : []) {
      const sku = String(row.sku ?? '');
      const price = Number(row.price);
      const storeId = Number(row.store_id ?? 0);
      const product = products.get(sku);
      let ok = true;
      if (!product || !SELLABLE_BY_BASE_PRICE.has(product.type_id)) {
        failed.push({ message: 'Invalid attribute %fieldName = %fieldValue.', parameters: ['SKU', sku] });
        ok = false;
      }
      if (!(price >= 0)) {
        failed.push({
          message: 'Invalid attribute %fieldName = %fieldValue.',
          parameters: ['Price', String(row.price)],
        });
        ok = false;
      }
      if (!Object.values(STORES).includes(storeId)) {
        failed.push({
          message: 'Requested store is not found. Row ID: SKU = %SKU, Store ID: %storeId.',
          parameters: [sku, String(storeId)],
        });
        ok = false;
      }
      if (ok && product) {
        if (storeId === 0) product.price = price;
        else product.store_prices.set(storeId, price);
      }
    }
    return failed;
  }

  function addChild(parentSku: string, body: Record<string, unknown>) {
    const parent = requireProduct(parentSku);
    const child = requireProduct(String(body.childSku ?? ''));
    if (parent.child_ids.includes(child.id)) throw fault(400, 'The product is already attached.');
    if (parent.type_id !== 'configurable' || parent.configurable_options.length === 0) {
      throw fault(400, "The parent product doesn't have configurable product options.");
    }
    const codes = parent.configurable_options.map((o) => attributeById(Number(o.attribute_id))?.attribute_code ?? '');
    for (const code of codes) {
      if (!child.custom_attributes.get(code)) {
        throw fault(400, 'The child product doesn\'t have the "%1" attribute value. Verify the value and try again.', [
          code,
        ]);
      }
    }
    const signature = (p: TestProduct) => codes.map((c) => String(p.custom_attributes.get(c))).join('|');
    const twin = parent.child_ids.map(byId).find((p) => p && signature(p) === signature(child));
    if (twin) throw fault(400, 'Products "%1" and "%2" have the same set of attribute values.', [twin.sku, child.sku]);
    parent.child_ids.push(child.id);
    return true;
  }

  function addConfigurableOption(parentSku: string, body: Record<string, unknown>) {
    const option = isRecord(body.option) ? body.option : {};
    const problems: string[] = [];
    if (!option.attribute_id) problems.push('Option attribute ID is not specified.');
    if (!option.label) problems.push('Option label is not specified.');
    const values = Array.isArray(option.values) ? option.values.filter(isRecord) : [];
    if (values.length === 0) problems.push('Option values are not specified.');
    if (problems.length > 0) {
      throw new MagentoFault(400, {
        message: 'One or more input exceptions have occurred.',
        errors: problems.map((message) => ({ message })),
      });
    }
    const parent = requireProduct(parentSku);
    if (!['simple', 'virtual', 'configurable'].includes(parent.type_id)) throw fault(400, 'Incompatible product type');
    if (!attributeById(Number(option.attribute_id))) {
      throw fault(404, 'The attribute with a "%1" attributeId doesn\'t exist. Verify the attribute and try again.', [
        String(option.attribute_id),
      ]);
    }
    if (parent.configurable_options.some((o) => Number(o.attribute_id) === Number(option.attribute_id))) {
      throw fault(400, 'Product already has this option');
    }
    parent.type_id = 'configurable';
    const id = nextConfigurableOptionId++;
    parent.configurable_options.push({
      id,
      attribute_id: String(option.attribute_id),
      label: String(option.label),
      position: Number(option.position ?? parent.configurable_options.length),
      values: values.map((v) => ({ value_index: Number(v.value_index) })),
    });
    return id;
  }

  function route(method: string, parts: string[], query: URLSearchParams, body: unknown): unknown {
    const input = isRecord(body) ? body : {};
    const [, second, third] = parts;
    const key = `${method} ${parts.map((p, i) => (i === 0 || ['attributes', 'options', 'all', 'children', 'child', 'base-prices', 'list'].includes(p) ? p : '*')).join('/')}`;
    switch (key) {
      case 'GET products': {
        const pageSize = Number(query.get('searchCriteria[pageSize]') ?? 20);
        const items = [...products.values()].slice(0, pageSize).map(productJson);
        return { items, search_criteria: { filter_groups: [], page_size: pageSize }, total_count: products.size };
      }
      case 'GET products/*':
        return productJson(requireProduct(second));
      case 'POST products':
      case 'PUT products/*': {
        if (!isRecord(input.product))
          throw fault(400, '"%fieldName" is required. Enter and try again.', { fieldName: 'product' });
        const sku = method === 'PUT' ? second : String(input.product.sku ?? '');
        if (sku === '')
          throw fault(400, 'The "%1" attribute value is empty. Set the attribute and try again.', ['sku']);
        return productJson(saveProduct(sku, input.product));
      }
      case 'POST products/base-prices':
        return basePrices(input);
      case 'GET products/attributes/*':
        return { ...requireAttribute(third), is_user_defined: true, scope: 'global', entity_type_id: '4' };
      case 'POST products/attributes/*/options': {
        const attribute = requireAttribute(third);
        if (attribute.frontend_input !== 'select') {
          throw fault(400, 'The "%1" attribute doesn\'t work with options.', [attribute.attribute_code]);
        }
        const option = isRecord(input.option) ? input.option : {};
        const label = typeof option.label === 'string' ? option.label.trim() : '';
        if (label === '') throw fault(400, 'The attribute option label is empty. Enter the value and try again.');
        if (attribute.options.some((o) => o.value !== '' && labelMatch(o.label, label))) {
          throw fault(400, 'Admin store attribute option label "%1" is already exists.', [label]);
        }
        const value = String(nextOptionValue++);
        attribute.options.push({ label, value });
        return value;
      }
      case 'GET configurable-products/*/options/all': {
        const parent = requireProduct(second);
        if (parent.type_id !== 'configurable')
          throw fault(400, 'Only implemented for configurable product: %1', [second]);
        return parent.configurable_options.map((o) => ({ ...o, product_id: parent.id }));
      }
      case 'POST configurable-products/*/options':
        return addConfigurableOption(second, input);
      case 'GET configurable-products/*/children': {
        const parent = requireProduct(second);
        if (parent.type_id !== 'configurable') return [];
        return parent.child_ids
          .map(byId)
          .filter((p): p is TestProduct => p !== undefined)
          .map(productJson);
      }
      case 'POST configurable-products/*/child':
        return addChild(second, input);
      case 'GET categories/list': {
        const field = query.get('searchCriteria[filter_groups][0][filters][0][field]');
        const value = query.get('searchCriteria[filter_groups][0][filters][0][value]');
        const items = categories
          .filter((c) => field !== 'name' || value === null || c.name === value)
          .map((c) => ({
            id: c.id,
            parent_id: c.id === 2 ? 1 : 2,
            name: c.name,
            is_active: true,
            level: c.id === 2 ? 1 : 2,
          }));
        return { items, search_criteria: {}, total_count: items.length };
      }
      default:
        throw fault(404, 'Request does not match any route.');
    }
  }

  function aclResource(parts: string[]): string {
    if (parts[0] === 'categories') return 'Magento_Catalog::categories';
    if (parts[1] === 'attributes') return 'Magento_Catalog::attributes_attributes';
    return 'Magento_Catalog::products';
  }

  return {
    route,
    aclResource,
    product: (sku: string) => products.get(sku),
    children: (sku: string) =>
      (products.get(sku)?.child_ids ?? []).map((id) => byId(id)?.sku).filter((s): s is string => s !== undefined),
    attribute: (code: string) => attributes.get(code),
  };
}
