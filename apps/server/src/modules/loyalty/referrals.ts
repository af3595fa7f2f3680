import { randomInt } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { ReferralCheckResult } from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { badRequest } from '../../http/errors.js';
import { bump } from '../../db/versioned.js';
import { customers } from '../customers/schema.js';
import { getCustomerByPhone, type CustomerRow } from '../customers/lookup.js';
import { rankingPointEntries, redeemablePointEntries } from './schema.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A fresh customer referral code: 8 unambiguous characters, unique across the network. */
export async function newReferralCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const [taken] = await db
      .select({ c: customers.customer_no })
      .from(customers)
      .where(eq(customers.referral_code, code));
    if (!taken) return code;
  }
}

/** The customer who owns a referral code (any franchise: referrals cross the network); never the customer themself. */
export async function referrerOf(db: DbOrTx, code: string, selfCustomerNo?: string): Promise<CustomerRow> {
  const [r] = await db.select().from(customers).where(eq(customers.referral_code, code.trim().toUpperCase()));
  if (!r) throw badRequest(`Referral code ${code} does not exist`, 'referred_by_code');
  if (selfCustomerNo && r.customer_no === selfCustomerNo)
    throw badRequest('A customer cannot refer themself', 'referred_by_code');
  return r;
}

/**
 * calls.md 7.13 new-customer referral check: the customer found by phone was referred by someone, is new (has no
 * points from another order) and the referral has not counted on another order. A valid check claims the
 * referral for this order, so it is valid once; repeating it for the same order answers the same.
 */
export async function checkNewCustomerReferral(
  tx: Tx,
  auth: Auth,
  input: { phone_no: string; pos_so_no: string; franchise_code?: string },
): Promise<ReferralCheckResult> {
  const found = await getCustomerByPhone(tx, auth, input.phone_no, input.franchise_code);
  const [c] = await tx.select().from(customers).where(eq(customers.customer_no, found.customer_no)).for('update');
  const base = {
    customer_no: c.customer_no,
    referral_code: c.referred_by_code,
    referrer_customer_no: '',
    referrer_name: '',
    pos_so_no: input.pos_so_no,
  };
  if (!c.referred_by_code) return { ...base, valid: false, message: 'The customer has no referral code' };
  const [referrer] = await tx.select().from(customers).where(eq(customers.referral_code, c.referred_by_code));
  if (!referrer) return { ...base, valid: false, message: `Referral code ${c.referred_by_code} no longer exists` };
  const withReferrer = { ...base, referrer_customer_no: referrer.customer_no, referrer_name: referrer.name };
  if (c.referral_pos_so_no && c.referral_pos_so_no !== input.pos_so_no) {
    return { ...withReferrer, valid: false, message: `The referral was already used on order ${c.referral_pos_so_no}` };
  }
  const [earlier] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(redeemablePointEntries)
    .where(
      and(
        eq(redeemablePointEntries.customer_no, c.customer_no),
        ne(redeemablePointEntries.pos_so_no, input.pos_so_no),
        ne(redeemablePointEntries.pos_so_no, ''),
      ),
    );
  const [ranked] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rankingPointEntries)
    .where(and(eq(rankingPointEntries.customer_no, c.customer_no), ne(rankingPointEntries.pos_so_no, input.pos_so_no)));
  if (earlier.n + ranked.n > 0)
    return { ...withReferrer, valid: false, message: 'The customer is not new: they already bought before' };
  if (!c.referral_pos_so_no) {
    await tx
      .update(customers)
      .set({ referral_pos_so_no: input.pos_so_no, ...bump(customers.version) })
      .where(eq(customers.customer_no, c.customer_no));
  }
  return { ...withReferrer, valid: true, message: 'Referral is valid' };
}

/** Frees the referral again when the order that claimed it is canceled (called by the sales issue). */
export async function releaseReferral(tx: DbOrTx, customerNo: string, posSoNo: string): Promise<void> {
  await tx
    .update(customers)
    .set({ referral_pos_so_no: '', ...bump(customers.version) })
    .where(and(eq(customers.customer_no, customerNo), eq(customers.referral_pos_so_no, posSoNo)));
}
