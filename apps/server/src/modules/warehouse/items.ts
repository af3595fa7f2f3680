import { messages, warehouseMessages } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import { AppError, badRequest } from '../../http/errors.js';
import { Scope } from '../../http/scope.js';
import { itemFactsOf } from '../items/facts.js';

// What the warehouse calls name: the franchise and its locations, and catalogue items with a variant and a unit.

const locationNotFound = (field: string) => new AppError(404, 'not_found', warehouseMessages.locationNotFound, field);

/**
 * A location of `franchiseCode` that the caller sees (its stores, or its own code: the main store), else 404
 * "Location not found" naming `field` (another franchise's location is answered like an unknown one).
 */
export async function locationOfFranchise(
  tx: Tx,
  scope: Scope,
  franchiseCode: string,
  code: string,
  field = 'location_code',
): Promise<string> {
  const owner = await scope.assertLocation(tx, code, () => locationNotFound(field), field);
  if (owner !== franchiseCode) throw locationNotFound(field);
  await new Scope(franchiseCode).assertLocation(tx, code, () => locationNotFound(field), field);
  return code;
}

/**
 * The franchise a warehouse write applies to and its location: a store user's own franchise; head office names the
 * franchise or a location of it. The location defaults to the franchise's main store (its own code).
 */
export async function franchiseAndLocation(
  tx: Tx,
  scope: Scope,
  body: { franchise_code?: string; location_code?: string },
  field = 'location_code',
): Promise<{ franchiseCode: string; locationCode: string }> {
  const named = await scope.own(tx, body.franchise_code);
  const location = body.location_code?.trim() ?? '';
  if (location) {
    const owner = await scope.assertLocation(tx, location, () => locationNotFound(field), field);
    if (named && owner !== named) throw locationNotFound(field);
    return { franchiseCode: owner, locationCode: location };
  }
  if (!named) throw badRequest(messages.required, 'franchise_code');
  return { franchiseCode: named, locationCode: named };
}

export type ItemDraft = { item_no: string; variant_code?: string; unit_of_measure?: string };
export type ResolvedItem = {
  item_no: string;
  variant_code: string;
  unit_of_measure: string;
  /** Base units in one unit_of_measure. */
  perUnit: string;
  /** The item's description (" - " the variant's). */
  description: string;
  base_unit_of_measure: string;
};

/**
 * Items of the catalogue in one round of queries: unknown items, variants and units are a 400 naming
 * `<prefix>item_no` / `variant_code` / `unit_of_measure`. The unit defaults to the item's base unit.
 */
export async function resolveItems(
  tx: Tx,
  drafts: readonly ItemDraft[],
  prefix: (i: number) => string,
): Promise<ResolvedItem[]> {
  const itemNos = [...new Set(drafts.map((d) => d.item_no))];
  const { itemRows, variantRows, unitRows } = await itemFactsOf(tx, itemNos);
  const itemOf = new Map(itemRows.map((r) => [r.item_no, r]));
  return drafts.map((d, i) => {
    const f = prefix(i);
    const item = itemOf.get(d.item_no);
    if (!item) throw badRequest(warehouseMessages.unknownItem(d.item_no), `${f}item_no`);
    const variantCode = d.variant_code?.trim() ?? '';
    let description = item.description;
    if (variantCode) {
      const v = variantRows.find((r) => r.item_no === d.item_no && r.variant_code === variantCode);
      if (!v) throw badRequest(warehouseMessages.unknownVariant(d.item_no, variantCode), `${f}variant_code`);
      description = `${item.description} - ${v.description}`;
    }
    const unit = d.unit_of_measure?.trim() || item.base_unit_of_measure;
    let perUnit = '1';
    if (unit !== item.base_unit_of_measure) {
      const u = unitRows.find((r) => r.item_no === d.item_no && r.code === unit);
      if (!u) throw badRequest(warehouseMessages.unknownUnit(d.item_no, unit), `${f}unit_of_measure`);
      perUnit = u.qty_per_unit_of_measure;
    }
    return {
      item_no: item.item_no,
      variant_code: variantCode,
      unit_of_measure: unit,
      perUnit,
      description,
      base_unit_of_measure: item.base_unit_of_measure,
    };
  });
}
