import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers.js';
import { priceOf, pricesOf, type PriceLine } from './price.js';
import { itemFactsAndPricesOf, itemFactsOf } from './facts.js';
import { makeFranchise, makeItem, makePrice, syncInto } from './test-support/builders.js';

// Every statement the app runs (pricesOf is counted below).
const statements: string[] = [];
const ctx = useTestApp({}, { onQuery: (q) => statements.push(q) });

// The precedence of priceOf, rule by rule (price.ts).
describe('priceOf', () => {
  const setup = async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const other = await makeFranchise(ctx.t);
    const itemNo = await makeItem(admin, {
      unit_price: '100000',
      variants: [
        { variant_code: 'RED', description: 'Đỏ' },
        { variant_code: 'BIG', description: 'Lớn', unit_price: '150000' },
      ],
      units: [{ code: 'BOX', qty_per_unit_of_measure: '12' }],
    });
    return { admin, f, other, itemNo, db: ctx.t.services.db };
  };

  it('4. list price when nothing else applies (no franchise, or an item outside its list)', async () => {
    const { db, f, itemNo } = await setup();
    expect(await priceOf(db, { franchiseCode: null, itemNo })).toMatchObject({
      unit_price: '100000.00',
      source: 'list_price',
    });
    expect(await priceOf(db, { franchiseCode: f, itemNo })).toMatchObject({
      unit_price: '100000.00',
      source: 'list_price',
    });
  });

  it("3. list price × the franchise's rate once the item is in its list; variant and unit list prices too", async () => {
    const { admin, db, f, itemNo } = await setup();
    await syncInto(admin, f, itemNo);
    await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: itemNo, price_rate: '1.15' });
    expect(await priceOf(db, { franchiseCode: f, itemNo })).toEqual({
      unit_price: '115000.00',
      source: 'price_rate',
      rate: '1.15',
      unit: 'PCS',
    });
    // The variant's own list price, and 12 base units per box.
    expect((await priceOf(db, { franchiseCode: f, itemNo, variantCode: 'BIG' })).unit_price).toBe('172500.00');
    expect((await priceOf(db, { franchiseCode: f, itemNo, unit: 'BOX' })).unit_price).toBe('1380000.00');
  });

  it('rounds half-up to 2 decimals with decimal arithmetic', async () => {
    const { admin, db, f } = await setup();
    const itemNo = await makeItem(admin, { unit_price: '0.05' });
    await syncInto(admin, f, itemNo);
    await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: itemNo, price_rate: '1.1' });
    // 0.05 × 1.1 = 0.055 exactly → 0.06 (a float would give 0.05500000000000001 or 0.054999…)
    expect((await priceOf(db, { franchiseCode: f, itemNo })).unit_price).toBe('0.06');
  });

  it('2. an all-franchise item price beats list price × rate', async () => {
    const { admin, db, f, itemNo } = await setup();
    await syncInto(admin, f, itemNo);
    await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: itemNo, price_rate: '2' });
    const p = await makePrice(admin, { price_list_code: 'ALL', item_no: itemNo, unit_price: '95000' });
    expect(await priceOf(db, { franchiseCode: f, itemNo, date: '2026-03-01' })).toEqual({
      unit_price: '95000.00',
      source: 'item_price',
      price_list: 'ALL',
      item_price_id: p.id,
      unit: 'PCS',
    });
  });

  it('1. a franchise-specific item price beats the all-franchise one, only for that franchise', async () => {
    const { admin, db, f, other, itemNo } = await setup();
    await makePrice(admin, { price_list_code: 'ALL', item_no: itemNo, unit_price: '95000' });
    await makePrice(admin, { price_list_code: 'HN', item_no: itemNo, franchise_code: f, unit_price: '89000' });
    expect(await priceOf(db, { franchiseCode: f, itemNo, date: '2026-03-01' })).toMatchObject({
      unit_price: '89000.00',
      price_list: 'HN',
    });
    expect(await priceOf(db, { franchiseCode: other, itemNo, date: '2026-03-01' })).toMatchObject({
      unit_price: '95000.00',
      price_list: 'ALL',
    });
    expect(await priceOf(db, { franchiseCode: null, itemNo, date: '2026-03-01' })).toMatchObject({
      unit_price: '95000.00',
    });
  });

  it('an item price applies only within its validity, its variant and its unit', async () => {
    const { admin, db, f, itemNo } = await setup();
    await makePrice(admin, { item_no: itemNo, unit_price: '70000', valid_from: '2026-02-01', valid_to: '2026-02-28' });
    await makePrice(admin, { item_no: itemNo, variant_code: 'RED', unit_price: '60000', valid_from: '2026-01-01' });
    await makePrice(admin, {
      item_no: itemNo,
      unit_of_measure: 'BOX',
      unit_price: '1000000',
      valid_from: '2026-01-01',
    });
    expect((await priceOf(db, { franchiseCode: f, itemNo, date: '2026-01-31' })).source).toBe('list_price');
    expect((await priceOf(db, { franchiseCode: f, itemNo, date: '2026-02-01' })).unit_price).toBe('70000.00');
    expect((await priceOf(db, { franchiseCode: f, itemNo, date: '2026-02-28' })).unit_price).toBe('70000.00');
    expect((await priceOf(db, { franchiseCode: f, itemNo, date: '2026-03-01' })).source).toBe('list_price');
    // The variant-specific price beats the every-variant one on the same day.
    expect((await priceOf(db, { franchiseCode: f, itemNo, variantCode: 'RED', date: '2026-02-10' })).unit_price).toBe(
      '60000.00',
    );
    expect((await priceOf(db, { franchiseCode: f, itemNo, variantCode: 'BIG', date: '2026-02-10' })).unit_price).toBe(
      '70000.00',
    );
    expect((await priceOf(db, { franchiseCode: f, itemNo, unit: 'BOX', date: '2026-02-10' })).unit_price).toBe(
      '1000000.00',
    );
  });

  it('quantity breaks: the highest minimum quantity reached wins', async () => {
    const { admin, db, f, itemNo } = await setup();
    await makePrice(admin, { item_no: itemNo, unit_price: '90000' });
    await makePrice(admin, { item_no: itemNo, unit_price: '85000', minimum_quantity: '10' });
    await makePrice(admin, { item_no: itemNo, unit_price: '80000', minimum_quantity: '50' });
    const at = (quantity: string) =>
      priceOf(db, { franchiseCode: f, itemNo, quantity, date: '2026-05-01' }).then((p) => p.unit_price);
    expect(await at('9.5')).toBe('90000.00');
    expect(await at('10')).toBe('85000.00');
    expect(await at('49')).toBe('85000.00');
    expect(await at('50')).toBe('80000.00');
  });

  it('names what is wrong: unknown item, variant or unit, bad quantity', async () => {
    const { db, itemNo } = await setup();
    await expect(priceOf(db, { franchiseCode: null, itemNo: 'NOPE' })).rejects.toMatchObject({ status: 404 });
    await expect(priceOf(db, { franchiseCode: null, itemNo, variantCode: 'BLUE' })).rejects.toMatchObject({
      status: 400,
      field: 'variant_code',
    });
    await expect(priceOf(db, { franchiseCode: null, itemNo, unit: 'PALLET' })).rejects.toMatchObject({
      status: 400,
      field: 'unit',
    });
    await expect(priceOf(db, { franchiseCode: null, itemNo, quantity: 0 })).rejects.toMatchObject({
      status: 400,
      field: 'quantity',
    });
  });

  it('GET /api/items/price answers the same, with the line amount', async () => {
    const { admin, f, itemNo } = await setup();
    await syncInto(admin, f, itemNo);
    await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: itemNo, price_rate: '1.2' });
    const res = await admin.get<{ unit_price: string; source: string; line_amount: string; rate: string }>(
      `/api/items/price?item_no=${itemNo}&franchise_code=${f}&quantity=3`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.data).toMatchObject({
      unit_price: '120000.00',
      source: 'price_rate',
      rate: '1.2',
      line_amount: '360000.00',
    });
    const bad = await admin.get(`/api/items/price?item_no=${itemNo}&quantity=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'quantity', msg: 'Please enter number!' });
    expect((await ctx.t.anon.get(`/api/items/price?item_no=${itemNo}`)).statusCode).toBe(401);
  });
});

// pricesOf is the one implementation; priceOf is its one-line form. Every rule above, table-driven, in batches.
describe('pricesOf', () => {
  const setup = async () => {
    const admin = await ctx.t.admin();
    const f = await makeFranchise(ctx.t);
    const other = await makeFranchise(ctx.t);
    const item = (o: Parameters<typeof makeItem>[1] = {}) =>
      makeItem(admin, {
        unit_price: '100000',
        variants: [
          { variant_code: 'RED', description: 'Đỏ' },
          { variant_code: 'BIG', description: 'Lớn', unit_price: '150000' },
        ],
        units: [{ code: 'BOX', qty_per_unit_of_measure: '12' }],
        ...o,
      });
    const rate = async (itemNo: string, price_rate: string) => {
      await syncInto(admin, f, itemNo);
      await admin.post('/api/items/update-price-rate', { franchise_code: f, item_no: itemNo, price_rate });
    };
    // 4: list price only.
    const listOnly = await item();
    // 3: list × rate, with the variant's own price and a unit.
    const rated = await item();
    await rate(rated, '1.15');
    // rounding: 0.05 × 1.1.
    const cheap = await item({ unit_price: '0.05', variants: [], units: [] });
    await rate(cheap, '1.1');
    // 2 and 1: an all-franchise price over the rate, a franchise price over that.
    const priced = await item();
    await rate(priced, '2');
    await makePrice(admin, { price_list_code: 'ALL', item_no: priced, unit_price: '95000' });
    await makePrice(admin, { price_list_code: 'HN', item_no: priced, franchise_code: f, unit_price: '89000' });
    // validity, variant-specific and unit prices.
    const dated = await item();
    await makePrice(admin, { item_no: dated, unit_price: '70000', valid_from: '2026-02-01', valid_to: '2026-02-28' });
    await makePrice(admin, { item_no: dated, variant_code: 'RED', unit_price: '60000', valid_from: '2026-01-01' });
    await makePrice(admin, { item_no: dated, unit_of_measure: 'BOX', unit_price: '1000000', valid_from: '2026-01-01' });
    // quantity breaks.
    const breaks = await item();
    await makePrice(admin, { item_no: breaks, unit_price: '90000' });
    await makePrice(admin, { item_no: breaks, unit_price: '85000', minimum_quantity: '10' });
    await makePrice(admin, { item_no: breaks, unit_price: '80000', minimum_quantity: '50' });
    const lines: PriceLine[] = [];
    for (const itemNo of [listOnly, rated, cheap, priced, dated, breaks])
      for (const variantCode of [undefined, 'RED', 'BIG'])
        for (const unit of [undefined, 'PCS', 'BOX'])
          for (const quantity of [undefined, '9.5', '10', '50'])
            if (itemNo !== cheap || (!variantCode && unit !== 'BOX'))
              lines.push({ itemNo, variantCode, unit, quantity });
    return { f, other, lines, db: ctx.t.services.db };
  };

  it('answers what priceOf answers for every rule, line by line, in the order of the lines', async () => {
    const { f, other, lines, db } = await setup();
    const sources = new Set<string>();
    for (const date of ['2026-01-31', '2026-02-10', '2026-03-01'])
      for (const franchiseCode of [f, other, null]) {
        const batch = await pricesOf(db, { date, franchiseCode, lines });
        const one = await Promise.all(lines.map((l) => priceOf(db, { date, franchiseCode, ...l })));
        expect(batch).toEqual(one);
        batch.forEach((p) => sources.add(`${p.source}:${p.price_list ?? ''}`));
      }
    // The table went through every rule: franchise price, all-franchise prices, rate, list price.
    expect([...sources].sort()).toEqual(
      ['item_price:HN', 'item_price:TEST', 'item_price:ALL', 'list_price:', 'price_rate:'].sort(),
    );
  });

  it('runs the same few statements for 1 and for 20 lines', async () => {
    const { f, lines, db } = await setup();
    const count = async (n: number) => {
      await ctx.t.services.apiLog.flush(); // the setup's buffered api log is not this call's statement
      statements.length = 0;
      const out = await pricesOf(db, { date: '2026-02-10', franchiseCode: f, lines: lines.slice(0, n) });
      expect(out).toHaveLength(n);
      return statements.length;
    };
    const one = await count(1);
    expect(one).toBeLessThanOrEqual(3);
    expect(await count(20)).toBe(one);
    expect(await count(lines.length)).toBe(one);
    expect(await pricesOf(db, { franchiseCode: f, lines: [] })).toEqual([]);
  });

  it('itemFactsAndPricesOf: the facts of itemFactsOf and the prices of pricesOf in one statement', async () => {
    const { f, lines, db } = await setup();
    const itemNos = [...new Set(lines.map((l) => l.itemNo))];
    const field = (i: number, name: string) => `lines.${i}.${name}`;
    const p = { date: '2026-02-10', franchiseCode: f, lines };
    await ctx.t.services.apiLog.flush();
    statements.length = 0;
    const both = await itemFactsAndPricesOf(db, p, field);
    expect(statements).toHaveLength(1);
    expect(both.facts).toEqual(await itemFactsOf(db, itemNos));
    expect(lines.map((_l, i) => both.priceAt(i))).toEqual(await pricesOf(db, p));
    // A line's error is thrown when its price is asked, not before: the others are answered.
    const bad = await itemFactsAndPricesOf(
      db,
      { ...p, lines: [lines[0], { itemNo: 'NOPE' }, { ...lines[0], quantity: 0 }] },
      field,
    );
    expect(bad.priceAt(0)).toEqual(both.priceAt(0));
    expect(() => bad.priceAt(1)).toThrow(expect.objectContaining({ status: 404, field: 'lines.1.item_no' }));
    expect(() => bad.priceAt(2)).toThrow(expect.objectContaining({ status: 400, field: 'lines.2.quantity' }));
  });

  it('names the line that is wrong', async () => {
    const { lines, db } = await setup();
    const ok = lines[0];
    const at = (bad: PriceLine, i = 2) => {
      const batch = [ok, ok, ok];
      batch[i] = bad;
      return pricesOf(db, { franchiseCode: null, lines: batch });
    };
    await expect(at({ itemNo: 'NOPE' })).rejects.toMatchObject({
      status: 404,
      field: 'lines.2.item_no',
      message: 'Item NOPE not found',
    });
    await expect(at({ ...ok, variantCode: 'BLUE' }, 1)).rejects.toMatchObject({
      status: 400,
      field: 'lines.1.variant_code',
    });
    await expect(at({ ...ok, unit: 'PALLET' }, 0)).rejects.toMatchObject({ status: 400, field: 'lines.0.unit' });
    await expect(at({ ...ok, quantity: 0 })).rejects.toMatchObject({ status: 400, field: 'lines.2.quantity' });
    await expect(at({ ...ok, quantity: 'abc' })).rejects.toMatchObject({ status: 400, field: 'lines.2.quantity' });
  });
});
