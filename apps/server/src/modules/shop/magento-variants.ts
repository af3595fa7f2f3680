import { z } from 'zod';
import { segment, type MagentoClient } from './magento-client.js';
import { isShopError, ShopError, type ShopVariant } from './port.js';
import { labelKey } from './validate.js';

// Configurable products in Magento: select attributes with option values, options on the parent, children linked.

const attributeSchema = z.object({
  attribute_id: z.coerce.number().int(),
  attribute_code: z.string(),
  frontend_input: z.string().nullish(),
  default_frontend_label: z.string().nullish(),
  options: z.array(z.object({ label: z.coerce.string(), value: z.coerce.string() })).nullish(),
});
type MagentoAttribute = z.infer<typeof attributeSchema>;

const configurableOptionSchema = z.object({
  id: z.coerce.number().int().optional(),
  attribute_id: z.coerce.number().int(),
  label: z.string().nullish(),
});

const childSchema = z.object({ sku: z.string() });

export interface ResolvedAttribute {
  code: string;
  id: number;
  label: string;
  /** labelKey(label) → Magento option id. */
  optionIds: Map<string, string>;
}

export interface ResolvedAttributes {
  /** In the order the variants name them, which is the order of the options on the parent. */
  attributes: ResolvedAttribute[];
  /** Labels this push added to the shop's attributes. */
  createdValues: string[];
}

function optionIdsOf(attribute: MagentoAttribute): Map<string, string> {
  const ids = new Map<string, string>();
  // Magento lists an empty placeholder option first; it is not a value.
  for (const option of attribute.options ?? []) if (option.value !== '') ids.set(labelKey(option.label), option.value);
  return ids;
}

async function loadAttribute(client: MagentoClient, code: string): Promise<MagentoAttribute> {
  const attribute = await client.find(
    { method: 'GET', path: `/products/attributes/${segment(code)}`, scope: 'all' },
    attributeSchema,
  );
  if (!attribute) {
    throw new ShopError(
      `The online shop has no product attribute "${code}"; create it as a dropdown and add it to the attribute set.`,
      { kind: 'http', retryable: false, status: 404 },
    );
  }
  if (attribute.frontend_input !== 'select') {
    throw new ShopError(
      `The online shop attribute "${code}" is a ${attribute.frontend_input ?? 'plain'} field; variants need a dropdown.`,
      { kind: 'http', retryable: false },
    );
  }
  return attribute;
}

async function addOptionValue(client: MagentoClient, code: string, label: string): Promise<string> {
  const request = {
    method: 'POST' as const,
    path: `/products/attributes/${segment(code)}/options`,
    scope: 'all' as const,
    body: { option: { label: label.normalize('NFC').trim(), sort_order: 0, is_default: false } },
  };
  try {
    // Magento 2.4 answers the new option id; 2.3 answered "id_<id>".
    const answer = String(await client.send(request, z.union([z.string(), z.number()]))).replace(/^id_/, '');
    if (/^\d+$/.test(answer)) return answer;
  } catch (error) {
    // Another push may have added the same label in between: Magento then refuses it as a duplicate.
    if (!isShopError(error) || error.retryable) throw error;
    const existing = optionIdsOf(await loadAttribute(client, code)).get(labelKey(label));
    if (existing) return existing;
    throw error;
  }
  const created = optionIdsOf(await loadAttribute(client, code)).get(labelKey(label));
  if (!created) {
    throw new ShopError(`The online shop did not keep the value "${label}" of attribute "${code}".`, {
      kind: 'protocol',
      retryable: false,
    });
  }
  return created;
}

/** Looks up each attribute the variants use and adds the option values the shop does not have yet. */
export async function resolveAttributes(client: MagentoClient, variants: ShopVariant[]): Promise<ResolvedAttributes> {
  const codes: string[] = [];
  for (const variant of variants)
    for (const code of Object.keys(variant.attributes)) if (!codes.includes(code)) codes.push(code);
  const attributes: ResolvedAttribute[] = [];
  const createdValues: string[] = [];
  for (const code of codes) {
    const attribute = await loadAttribute(client, code);
    const optionIds = optionIdsOf(attribute);
    for (const variant of variants) {
      const label = variant.attributes[code];
      if (label === undefined || optionIds.has(labelKey(label))) continue;
      optionIds.set(labelKey(label), await addOptionValue(client, code, label));
      createdValues.push(`${code}=${label.trim()}`);
    }
    attributes.push({ code, id: attribute.attribute_id, label: attribute.default_frontend_label || code, optionIds });
  }
  return { attributes, createdValues };
}

/** The child's custom_attributes: each attribute set to its option id. */
export function variantAttributeValues(
  variant: ShopVariant,
  resolved: ResolvedAttributes,
): { attribute_code: string; value: string }[] {
  return resolved.attributes
    .filter((attribute) => variant.attributes[attribute.code] !== undefined)
    .map((attribute) => ({
      attribute_code: attribute.code,
      value: attribute.optionIds.get(labelKey(variant.attributes[attribute.code])) ?? '',
    }));
}

/** Adds the parent's configurable options that are missing; existing ones already admit any value a child carries. */
export async function ensureConfigurableOptions(
  client: MagentoClient,
  parentSku: string,
  resolved: ResolvedAttributes,
  variants: ShopVariant[],
): Promise<string[]> {
  const path = `/configurable-products/${segment(parentSku)}/options`;
  const existing = await client.send({ method: 'GET', path: `${path}/all` }, z.array(configurableOptionSchema));
  const added: string[] = [];
  for (const [position, attribute] of resolved.attributes.entries()) {
    if (existing.some((option) => option.attribute_id === attribute.id)) continue;
    const valueIds = new Set<string>();
    for (const variant of variants) {
      const label = variant.attributes[attribute.code];
      const id = label === undefined ? undefined : attribute.optionIds.get(labelKey(label));
      if (id) valueIds.add(id);
    }
    const option = {
      attribute_id: String(attribute.id),
      label: attribute.label,
      position,
      is_use_default: true,
      values: [...valueIds].map((id) => ({ value_index: Number(id) })),
    };
    try {
      await client.send({ method: 'POST', path, body: { option } }, z.unknown());
    } catch (error) {
      // A concurrent push added it first; the option is there either way.
      if (!(isShopError(error) && error.status === 400 && /already has this option/i.test(error.message))) throw error;
    }
    added.push(attribute.code);
  }
  return added;
}

/** Links the children not linked yet; "already attached" counts as linked so a retried push never doubles. */
export async function linkChildren(
  client: MagentoClient,
  parentSku: string,
  childSkus: string[],
): Promise<{ linked: string[]; alreadyLinked: string[] }> {
  const base = `/configurable-products/${segment(parentSku)}`;
  const current = await client.send({ method: 'GET', path: `${base}/children` }, z.array(childSchema));
  const currentSkus = new Set(current.map((child) => child.sku));
  const linked: string[] = [];
  const alreadyLinked: string[] = [];
  for (const childSku of childSkus) {
    if (currentSkus.has(childSku)) {
      alreadyLinked.push(childSku);
      continue;
    }
    try {
      await client.send({ method: 'POST', path: `${base}/child`, body: { childSku } }, z.unknown());
      linked.push(childSku);
    } catch (error) {
      if (!(isShopError(error) && error.status === 400 && /already attached/i.test(error.message))) throw error;
      alreadyLinked.push(childSku);
    }
  }
  return { linked, alreadyLinked };
}
