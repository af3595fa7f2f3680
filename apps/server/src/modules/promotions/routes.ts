import { promotionsApi, salesPromotionsApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { getSalesOrder } from '../sales/load.js';
import {
  applyCoupon,
  checkCoupon,
  createPromotion,
  promotionList,
  promotionScope,
  removeCoupon,
  removePromotion,
  setAutoPromotion,
  setBirthdayPromotion,
  updatePromotion,
} from './service.js';

/** The promotion and coupon catalogue, and promotions on a sales order (issue 9; README.md for the rules). */
export function promotionRoutes(r: Router) {
  listRoute(r, promotionsApi.list, {
    spec: promotionList,
    scope: promotionScope,
    sheet: 'Promotions',
    columns: [
      { key: 'code', header: 'Code' },
      { key: 'description', header: 'Description', width: 40 },
      { key: 'kind', header: 'Kind' },
      { key: 'coupon_code', header: 'Coupon Code' },
      { key: 'discount_type', header: 'Discount Type' },
      { key: 'discount_value', header: 'Discount Value' },
      { key: 'scope', header: 'Scope' },
      { key: 'min_order_amount', header: 'Minimum Order' },
      { key: 'valid_from', header: 'Valid From' },
      { key: 'valid_to', header: 'Valid To' },
      { key: 'usage_limit', header: 'Usage Limit' },
      { key: 'used_count', header: 'Used' },
      { key: 'priority', header: 'Priority' },
      { key: 'is_active', header: 'Active' },
    ],
  });
  r.route(promotionsApi.create, ({ body, auth, services }) =>
    services.db.transaction((tx) => createPromotion(tx, auth.scope, body)),
  );
  r.route(promotionsApi.update, ({ body, auth, services }) =>
    services.db.transaction((tx) => updatePromotion(tx, auth.scope, body)),
  );
  r.route(promotionsApi.remove, ({ body, auth, services }) =>
    services.db.transaction((tx) => removePromotion(tx, auth.scope, body)),
  );

  r.route(salesPromotionsApi.autoPromotion, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await setAutoPromotion(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesPromotionsApi.birthdayPromotion, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await setBirthdayPromotion(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesPromotionsApi.couponCheck, ({ body, auth, services }) => checkCoupon(services.db, auth.scope, body));
  r.route(salesPromotionsApi.couponApply, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await applyCoupon(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
  r.route(salesPromotionsApi.couponRemove, ({ body, auth, services }) =>
    services.db.transaction(async (tx) => {
      await removeCoupon(tx, auth.scope, body);
      return getSalesOrder(tx, auth.scope, body.pos_so_no);
    }),
  );
}
