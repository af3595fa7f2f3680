import {
  promotion,
  promotionCreate,
  promotionRemove,
  promotionRemoveResult,
  promotionUpdate,
  salesAutoPromotion,
  salesBirthdayPromotion,
  salesCouponApply,
  salesCouponCheck,
  salesCouponCheckResult,
  salesCouponRemove,
} from '../promotions.js';
import { salesOrder } from '../sales.js';
import { joinOps, type SchemasOf } from '../ops/schemas.js';
import { promotionsOps, salesPromotionsOps } from '../ops/promotions.js';

/** promotions: the schemas of each operation, keyed like promotionsOps. */
export const promotionsSchemas = {
  list: { item: promotion },
  create: { body: promotionCreate, response: promotion },
  update: { body: promotionUpdate, response: promotion },
  remove: { body: promotionRemove, response: promotionRemoveResult },
} satisfies SchemasOf<typeof promotionsOps>;

/** promotions: meta and schemas of each operation, as the server registers them. */
export const promotionsApi = joinOps(promotionsOps, promotionsSchemas);

/** salesPromotions: the schemas of each operation, keyed like salesPromotionsOps. */
export const salesPromotionsSchemas = {
  autoPromotion: { body: salesAutoPromotion, response: salesOrder },
  birthdayPromotion: { body: salesBirthdayPromotion, response: salesOrder },
  couponCheck: { body: salesCouponCheck, response: salesCouponCheckResult },
  couponApply: { body: salesCouponApply, response: salesOrder },
  couponRemove: { body: salesCouponRemove, response: salesOrder },
} satisfies SchemasOf<typeof salesPromotionsOps>;

/** salesPromotions: meta and schemas of each operation, as the server registers them. */
export const salesPromotionsApi = joinOps(salesPromotionsOps, salesPromotionsSchemas);
