import type { DbOrTx } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { toQty } from '../../kernel/money.js';
import { itemFactsOf } from '../items/facts.js';

// Lines of transfer orders and consignment issues: the item, variant and unit are checked as on sales lines
// (sales/lines.ts buildLines), with the same messages naming `lines.<i>.<field>`; description from the item (and
// variant), unit default the item's base unit, qty_per_unit_of_measure from the unit.

export const LINE_NO_STEP = 10000;

export type LineDraft = {
  item_no: string;
  variant_code?: string;
  unit_of_measure?: string;
  quantity: string;
  la_to_line_note?: string;
};
export type CheckedLine = {
  item_no: string;
  variant_code: string;
  description: string;
  unit_of_measure: string;
  qty_per_unit_of_measure: string;
  quantity: string;
  la_to_line_note: string;
};

/** Checks the lines' items (400 naming `<field(i)>item_no` / variant_code / unit_of_measure) in one round of queries. */
export async function checkLines(
  db: DbOrTx,
  drafts: readonly LineDraft[],
  field: (i: number) => string = (i) => `lines.${i}.`,
): Promise<CheckedLine[]> {
  if (drafts.length === 0) return [];
  const itemNos = [...new Set(drafts.map((d) => d.item_no))];
  const { itemRows, variantRows, unitRows } = await itemFactsOf(db, itemNos);
  const itemOf = new Map(itemRows.map((r) => [r.item_no, r]));
  return drafts.map((d, i) => {
    const f = field(i);
    const item = itemOf.get(d.item_no);
    if (!item) throw badRequest(`Item ${d.item_no} not found`, `${f}item_no`);
    if (item.blocked) throw badRequest(`Item ${d.item_no} is blocked and cannot be sold`, `${f}item_no`);
    let description = item.description;
    const variant = d.variant_code ?? '';
    if (variant) {
      const v = variantRows.find((r) => r.item_no === d.item_no && r.variant_code === variant);
      if (!v) throw badRequest(`Item ${d.item_no} has no variant ${variant}`, `${f}variant_code`);
      if (v.blocked)
        throw badRequest(`Variant ${variant} of item ${d.item_no} is blocked and cannot be sold`, `${f}variant_code`);
      description = `${item.description} - ${v.description}`;
    }
    const unit = d.unit_of_measure || item.base_unit_of_measure;
    let perUnit = '1';
    if (unit !== item.base_unit_of_measure) {
      const u = unitRows.find((r) => r.item_no === d.item_no && r.code === unit);
      if (!u) throw badRequest(`Item ${d.item_no} has no unit ${unit}`, `${f}unit_of_measure`);
      perUnit = u.qty_per_unit_of_measure;
    }
    return {
      item_no: d.item_no,
      variant_code: variant,
      description,
      unit_of_measure: unit,
      qty_per_unit_of_measure: toQty(perUnit),
      quantity: toQty(d.quantity),
      la_to_line_note: d.la_to_line_note ?? '',
    };
  });
}
