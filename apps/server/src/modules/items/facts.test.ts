import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { itemFactsOf } from './facts.js';
import { makeItem, uniq } from './test-support/builders.js';

const ctx = useTestApp();

describe('itemFactsOf: the rows a document line is checked against', () => {
  it('gives each item its own variants and units, once, and nothing of an item not asked for', async () => {
    const admin = await ctx.t.admin();
    const [a, b, c] = ['FA', 'FB', 'FC'].map((p) => uniq(p).toUpperCase());
    await makeItem(admin, {
      item_no: a,
      variants: [
        { variant_code: 'S', description: 'Size S' },
        { variant_code: 'M', description: 'Size M' },
      ],
      units: [{ code: 'BOX', qty_per_unit_of_measure: '10' }],
    });
    await makeItem(admin, { item_no: b, variants: [{ variant_code: 'L', description: 'Size L' }] });
    await makeItem(admin, {
      item_no: c,
      variants: [{ variant_code: 'XL', description: 'Size XL' }],
      units: [{ code: 'PACK', qty_per_unit_of_measure: '6' }],
    });

    const facts = await itemFactsOf(ctx.t.services.db, [a, b, a]);
    expect(facts.itemRows.map((r) => r.item_no).sort()).toEqual([a, b].sort());
    expect(facts.variantRows.map((v) => `${v.item_no}/${v.variant_code}`).sort()).toEqual(
      [`${a}/M`, `${a}/S`, `${b}/L`].sort(),
    );
    expect(facts.unitRows.map((u) => `${u.item_no}/${u.code}`)).toEqual([`${a}/BOX`]);
  });
});
