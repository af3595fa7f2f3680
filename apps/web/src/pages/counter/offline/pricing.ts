import { businessDate, type CounterSaleCreate, type OfflineData } from '@fp/contract';
import {
  D,
  birthdayVerdict,
  discountOfPercent,
  documentTotals,
  evaluatePromotionRules,
  lineAmount,
  pointsWorth,
  toMoney,
  type ItemCategories,
} from '@fp/contract/pricing';
import type { CounterSale } from '../store';
import type { OfflineReceiptLine, OutboxSale } from './db';

// The offline counter's prices (issue 19): the sale priced on the device by the contract's pricing rules
// (packages/contract/src/pricing.ts, the same functions the server runs) with what the offline data holds — the
// store's prices, the automatic promotions and coupons in force (with their uses left), the birthday percent and the
// point's worth. What the cashier saw is sent with the sale, so the server keeps it and flags what differs.

export type OfflinePrice = {
  lines: OfflineReceiptLine[];
  subtotal: string;
  line_discount_amount: string;
  promotion_discount_amount: string;
  points_discount_amount: string;
  grand_total: string;
  /** The promotions applied, by code (promotion code, coupon code, BIRTHDAY), with their amounts. */
  applied_promotions: { code: string; amount: string }[];
  /** What goes into the POST body beside the online sale's fields: the prices and promotions the cashier saw. */
  body: Pick<CounterSaleCreate, 'lines' | 'promotion_discount_amount' | 'applied_promotions' | 'grand_total'>;
};

/**
 * Whether the customer may take the birthday promotion on `date` as the server decides it (the contract's
 * birthdayVerdict over the offline data's birth date and the latest year taken), also counting the device's own sales
 * not sent yet that took it that year (the server does not know them yet).
 */
export function birthdayOffline(
  data: OfflineData | null,
  outbox: readonly OutboxSale[] | null,
  customerNo: string,
  date: string,
): boolean {
  const c = customerNo ? data?.customers.find((x) => x.customer_no === customerNo) : undefined;
  if (!c || birthdayVerdict(c.birth_date, c.birthday_used_year, date) !== 'eligible') return false;
  const year = date.slice(0, 4);
  return !(outbox ?? []).some(
    (o) =>
      o.body.sell_to_code === customerNo &&
      o.body.loyalty_birthday_used === true &&
      (o.body.sold_at ? businessDate(new Date(o.body.sold_at)) : o.created_at).slice(0, 4) === year,
  );
}

/**
 * Prices a sale as the server would with the offline data (the business day of now, Asia/Ho_Chi_Minh); `birthday`:
 * the customer's birthday promotion is taken (checked with birthdayOffline).
 */
export function priceOffline(sale: CounterSale, data: OfflineData, now = new Date(), birthday = false): OfflinePrice {
  const items = new Map(data.items.map((i) => [i.item_no, i]));
  const priced = sale.lines.map((l) => {
    const item = items.get(l.item_no);
    const unit_price = item?.unit_price ?? l.unit_price;
    const line_discount_amount = l.discount ? discountOfPercent(l.quantity, unit_price, l.discount) : '0.00';
    return {
      item_no: l.item_no,
      description: item?.description ?? l.description,
      quantity: String(l.quantity),
      unit_price,
      line_discount_percent: l.discount || '0',
      line_discount_amount,
      vat_percent: item?.vat_percent ?? '0',
      amount: lineAmount({ quantity: l.quantity, unit_price, line_discount_amount }),
    };
  });
  const cats: ItemCategories = new Map(
    priced.map((l) => {
      const item = items.get(l.item_no);
      return [l.item_no, { category: item?.category ?? null, parent: item?.category_parent ?? null }];
    }),
  );
  // A coupon whose uses ran out is not applied on the device (the server would refuse it online).
  const candidates = data.promotions.filter((p) => p.usage_left === null || p.usage_left > 0);
  const promotions = evaluatePromotionRules({
    order: {
      franchise_code: data.franchise.franchise_code,
      order_date: businessDate(now),
      auto_promotion: true,
      invoice_discount_amount: '0',
    },
    lines: priced.map((l) => ({ item_no: l.item_no, amount: l.amount })),
    candidates,
    couponCode: sale.coupon_code,
    cats,
    birthdayPercent: birthday ? data.birthday_discount_percent : null,
  });
  const net = priced.reduce((s, l) => s.plus(l.amount), D(0));
  const payable = net.minus(D(promotions.total));
  const points = sale.redeem_points ? pointsWorth(sale.redeem_points, data.point_value, payable) : '0.00';
  const totals = documentTotals(priced, { promotionDiscount: promotions.total, pointsDiscount: points });
  const applied = promotions.applied.map((a) => ({ code: a.code, amount: a.amount }));
  return {
    lines: priced.map((l) => ({
      item_no: l.item_no,
      description: l.description,
      quantity: l.quantity,
      unit_price: l.unit_price,
      line_discount_percent: l.line_discount_percent,
      amount: l.amount,
    })),
    subtotal: totals.subtotal,
    line_discount_amount: totals.line_discount_amount,
    promotion_discount_amount: totals.promotion_discount_amount,
    points_discount_amount: totals.points_discount_amount,
    grand_total: totals.grand_total,
    applied_promotions: applied,
    body: {
      lines: priced.map((l) => ({
        item_no: l.item_no,
        quantity: l.quantity,
        unit_price: toMoney(l.unit_price),
        ...(l.line_discount_percent !== '0' ? { line_discount_percent: l.line_discount_percent } : {}),
      })),
      promotion_discount_amount: totals.promotion_discount_amount,
      applied_promotions: applied,
      grand_total: totals.grand_total,
    },
  };
}
