import { and, eq } from 'drizzle-orm';
import { businessDate, type BirthdayPromotionEligibility } from '@fp/contract';
import { birthdayVerdict } from '@fp/contract/pricing';
import type { DbOrTx } from '../../db/client.js';
import { businessRule } from '../../http/errors.js';
import type { CustomerRow } from '../customers/lookup.js';
import { birthdayPromotionUses } from './schema.js';

/** Birthday promotion: in the customer's birthday month, once per customer per year. */
export async function birthdayEligibility(
  db: DbOrTx,
  c: CustomerRow,
  date = businessDate(),
): Promise<BirthdayPromotionEligibility> {
  const year = Number(date.slice(0, 4));
  const base = { customer_no: c.customer_no, birth_date: c.birth_date, year, used_on_pos_so_no: '' };
  const verdict = birthdayVerdict(c.birth_date, null, date);
  if (verdict === 'no_birth_date') return { ...base, eligible: false, reason: 'Birth date is not known' };
  if (verdict === 'not_birthday_month') return { ...base, eligible: false, reason: 'Not the birthday month' };
  const [used] = await db
    .select()
    .from(birthdayPromotionUses)
    .where(and(eq(birthdayPromotionUses.customer_no, c.customer_no), eq(birthdayPromotionUses.year, year)));
  if (used)
    return {
      ...base,
      eligible: false,
      reason: `Already used this year on order ${used.pos_so_no}`,
      used_on_pos_so_no: used.pos_so_no,
    };
  return { ...base, eligible: true, reason: 'Birthday month' };
}

/** Takes this year's birthday promotion for an order (the sales issue calls this inside its transaction). */
export async function useBirthdayPromotion(
  tx: DbOrTx,
  c: CustomerRow,
  posSoNo: string,
  date = businessDate(),
): Promise<void> {
  const check = await birthdayEligibility(tx, c, date);
  if (!check.eligible && check.used_on_pos_so_no !== posSoNo)
    throw businessRule(check.reason, 'birthday_promotion_not_eligible', 'customer_no');
  if (check.used_on_pos_so_no === posSoNo) return;
  const inserted = await tx
    .insert(birthdayPromotionUses)
    .values({ customer_no: c.customer_no, year: check.year, pos_so_no: posSoNo })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0)
    throw businessRule('Birthday promotion already used this year', 'birthday_promotion_not_eligible', 'customer_no');
}

/** Gives the year's promotion back when its order is canceled. */
export async function releaseBirthdayPromotion(tx: DbOrTx, customerNo: string, posSoNo: string): Promise<void> {
  await tx
    .delete(birthdayPromotionUses)
    .where(and(eq(birthdayPromotionUses.customer_no, customerNo), eq(birthdayPromotionUses.pos_so_no, posSoNo)));
}
