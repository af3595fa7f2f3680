import { describe, expect, it } from 'vitest';
import {
  birthdayVerdict,
  couponRules,
  discountAboveLimit,
  documentTotals,
  evaluatePromotionRules,
  pointsWorth,
  priceOverrideRefused,
  type PricingPromotion,
} from './pricing.js';

// The pricing rules on plain data (issue 19): what the offline counter computes with the offline data is what the
// server computes with its rows (the server's HTTP tests — promotions, sales, counter — run the same functions).

const promo = (o: Partial<PricingPromotion>): PricingPromotion => ({
  id: 1,
  kind: 'auto',
  code: 'AUTO10',
  coupon_code: '',
  description: '10 % off',
  discount_type: 'percent',
  discount_value: '10',
  scope: 'all',
  scope_values: [],
  min_order_amount: '0',
  valid_from: '2026-01-01',
  valid_to: '2026-12-31',
  franchise_codes: [],
  priority: 0,
  is_active: true,
  usage_limit: null,
  ...o,
});
const order = { franchise_code: 'HN001', order_date: '2026-05-01', auto_promotion: true, invoice_discount_amount: '0' };
const lines = [
  { item_no: 'SP110', amount: '220000' },
  { item_no: 'SP050', amount: '50000' },
];

describe('documentTotals', () => {
  it('takes line and header discounts off, adds fees, and counts the VAT each line contains', () => {
    const t = documentTotals(
      [
        { quantity: '2', unit_price: '110000', line_discount_amount: '0', vat_percent: '10' },
        { quantity: '1', unit_price: '50000', line_discount_amount: '5000', vat_percent: '8' },
      ],
      { promotionDiscount: '10000', fees: [{ amount: '20000', vat_percent: '10' }] },
    );
    expect(t).toMatchObject({
      subtotal: '270000.00',
      line_discount_amount: '5000.00',
      promotion_discount_amount: '10000.00',
      fees_amount: '20000.00',
      grand_total: '275000.00',
    });
  });
});

describe('evaluatePromotionRules', () => {
  it('takes the best automatic promotion in force, then the birthday percent on what is left', () => {
    const r = evaluatePromotionRules({
      order,
      lines,
      candidates: [
        promo({}),
        promo({ id: 2, code: 'FLAT5', discount_type: 'amount', discount_value: '5000' }),
        promo({ id: 3, code: 'EXPIRED', discount_value: '50', valid_to: '2026-04-30' }),
        promo({ id: 4, code: 'OTHER', discount_value: '50', franchise_codes: ['DN001'] }),
      ],
      couponCode: '',
      cats: new Map(),
      birthdayPercent: '5',
    });
    expect(r.applied.map((a) => [a.code, a.amount])).toEqual([
      ['AUTO10', '27000.00'],
      ['BIRTHDAY', '12150.00'],
    ]);
    expect(r.total).toBe('39150.00');
  });

  it('lets the coupon replace the automatic promotion when it takes more, and applies nothing with auto off', () => {
    const coupon = promo({ id: 9, kind: 'coupon', code: 'C20', coupon_code: 'SAVE20', discount_value: '20' });
    const r = evaluatePromotionRules({
      order,
      lines,
      candidates: [promo({}), coupon],
      couponCode: 'SAVE20',
      cats: new Map(),
    });
    expect(r.applied.map((a) => [a.kind, a.code, a.amount])).toEqual([['coupon', 'SAVE20', '54000.00']]);
    const off = evaluatePromotionRules({
      order: { ...order, auto_promotion: false },
      lines,
      candidates: [promo({})],
      couponCode: '',
      cats: new Map(),
    });
    expect(off.total).toBe('0.00');
  });
});

describe('couponRules', () => {
  const coupon = promo({
    id: 9,
    kind: 'coupon',
    code: 'C20',
    coupon_code: 'SAVE20',
    discount_value: '20',
    usage_limit: 2,
  });
  const verdict = (o: Partial<Parameters<typeof couponRules>[0]>) =>
    couponRules({
      code: 'SAVE20',
      promotion: coupon,
      order: { ...order, coupon_code: '' },
      lines,
      cats: new Map(),
      usesByOthers: 0,
      auto: null,
      ...o,
    });
  it('gives the discount, or the reason it does not apply', () => {
    expect(verdict({})).toMatchObject({ valid: true, discount: '54000.00' });
    expect(verdict({ promotion: undefined }).reason).toBe('Coupon SAVE20 not found');
    expect(verdict({ usesByOthers: 2 }).reason).toBe('Coupon SAVE20 has reached its usage limit of 2');
    expect(verdict({ promotion: { ...coupon, min_order_amount: '300000' } }).reason).toBe(
      'Coupon SAVE20 needs an order of at least 300.000 (eligible now 270.000)',
    );
    expect(verdict({ order: { ...order, coupon_code: 'SAVE20' } }).reason).toBe(
      'Coupon SAVE20 is already applied to this order',
    );
  });
});

describe('cashier limits and points', () => {
  it('refuses a discount beyond the limit without the button, and a price that is not the catalogue without Override Price', () => {
    const line = { quantity: '1', unit_price: '100000', line_discount_percent: '0', line_discount_amount: '15000' };
    expect(discountAboveLimit(line, { maxDiscountPercent: '10', mayDiscountAboveLimit: false })).toBe(true);
    expect(discountAboveLimit(line, { maxDiscountPercent: '10', mayDiscountAboveLimit: true })).toBe(false);
    expect(
      discountAboveLimit(
        { ...line, line_discount_amount: '10000' },
        { maxDiscountPercent: '10', mayDiscountAboveLimit: false },
      ),
    ).toBe(false);
    expect(priceOverrideRefused('90000', '100000', false)).toBe(true);
    expect(priceOverrideRefused('100000.00', '100000', false)).toBe(false);
    expect(priceOverrideRefused('90000', '100000', true)).toBe(false);
  });

  it('values points at the point value, capped at what is left to pay', () => {
    expect(pointsWorth('50', '1000', '100000')).toBe('50000.00');
    expect(pointsWorth('500', '1000', '100000')).toBe('100000.00');
  });
});

describe('birthdayVerdict', () => {
  it('allows the birthday promotion in the birthday month once a year, and says why not otherwise', () => {
    expect(birthdayVerdict('1990-11-15', null, '2026-11-27')).toBe('eligible');
    expect(birthdayVerdict('1990-11-15', 2025, '2026-11-01')).toBe('eligible');
    expect(birthdayVerdict('1990-11-15', 2026, '2026-11-27')).toBe('used_this_year');
    expect(birthdayVerdict('1990-12-01', null, '2026-11-27')).toBe('not_birthday_month');
    expect(birthdayVerdict(null, null, '2026-11-27')).toBe('no_birth_date');
    expect(birthdayVerdict('0001-01-01', null, '2026-01-27')).toBe('no_birth_date');
  });
});
