import type { LoyaltyBalance } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { CustomerRow } from '../customers/lookup.js';
import { birthdayEligibility } from './birthday.js';
import { redeemableSums } from './points.js';
import { rankingPointsOf, schemeFor } from './schemes.js';

/** What the POS shows beside a customer: scheme, ranking and redeemable points, referral, birthday promotion. */
export async function loyaltyBalanceOf(db: DbOrTx, c: CustomerRow): Promise<LoyaltyBalance> {
  const ranking = await rankingPointsOf(db, c.customer_no);
  const scheme = await schemeFor(db, ranking);
  const { total } = await redeemableSums(db, c.customer_no);
  const birthday = await birthdayEligibility(db, c);
  return {
    ...scheme,
    ranking_points: ranking,
    redeemable_points: total.toFixed(),
    referral_code: c.referral_code,
    referred_by_code: c.referred_by_code,
    birthday_promotion_eligible: birthday.eligible,
    birthday_promotion_reason: birthday.reason,
  };
}

export { earnRedeemablePoints, redeemableTotal, useRedeemablePoints, reverseRedeemablePoints } from './points.js';
export { postRankingPoints, schemeFor, rankingPointsOf, ensureLoyaltySchemes } from './schemes.js';
export { birthdayEligibility, useBirthdayPromotion, releaseBirthdayPromotion } from './birthday.js';
export { checkNewCustomerReferral, releaseReferral, newReferralCode, referrerOf } from './referrals.js';
