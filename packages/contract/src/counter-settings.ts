import { z } from 'zod';
import { decimalInput } from './catalogue-common.js';

// The counter's settings (issue 9), part of GET/PUT /api/config: loyalty on sales, the birthday promotion and the
// cashier limit on line discounts. Decimal values are strings ("1000", "10.5").

/** Points earned per 100,000 VND invoiced, per loyalty scheme (Silver, Gold, Platinum, Diamond). */
export const earnRate = z.object({ redeemable_per_100k: z.string(), ranking_per_100k: z.string() });
export type EarnRate = z.infer<typeof earnRate>;

export const counterSettingsDefaults = {
  /** VND one redeemable point is worth when redeemed on an order. */
  loyalty_point_value: '1000',
  loyalty_earn_rates: {
    Silver: { redeemable_per_100k: '1', ranking_per_100k: '1' },
    Gold: { redeemable_per_100k: '1.5', ranking_per_100k: '1' },
    Platinum: { redeemable_per_100k: '2', ranking_per_100k: '1' },
    Diamond: { redeemable_per_100k: '3', ranking_per_100k: '1' },
  } as Record<string, EarnRate>,
  /** Redeemable points the referrer earns on a referred customer's first invoice. */
  loyalty_referral_points: '50',
  /** Percent off an order with the birthday promotion. */
  birthday_discount_percent: '10',
  /** A line discount above this percent needs the "Discount Above Limit" button (buttons.ts). */
  max_line_discount_percent: '10',
};
export type CounterSettings = typeof counterSettingsDefaults;

export const counterSettingsOut = {
  loyalty_point_value: z.string(),
  loyalty_earn_rates: z.record(z.string(), earnRate),
  loyalty_referral_points: z.string(),
  birthday_discount_percent: z.string(),
  max_line_discount_percent: z.string(),
};

const amount = (field: string) => decimalInput(field, { min: 0, max: 1_000_000_000, scale: 2 });
const pct = (field: string) => decimalInput(field, { min: 0, max: 100, scale: 2 });

export const counterSettingsIn = {
  loyalty_point_value: amount('loyalty_point_value').optional(),
  loyalty_earn_rates: z
    .record(
      z.string().trim().min(1).max(30),
      z.object({
        redeemable_per_100k: amount('redeemable_per_100k'),
        ranking_per_100k: amount('ranking_per_100k'),
      }),
    )
    .optional(),
  loyalty_referral_points: amount('loyalty_referral_points').optional(),
  birthday_discount_percent: pct('birthday_discount_percent').optional(),
  max_line_discount_percent: pct('max_line_discount_percent').optional(),
};
