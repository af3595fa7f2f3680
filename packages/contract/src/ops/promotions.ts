import { defineOps } from '../ops/meta.js';
import { SALES_PAGES } from './page-groups.js';

/**
 * promotions: the promotion and coupon catalogue (api.md Sales; schemas in ../api/promotions.ts). Head office
 * edits; a store user with the page lists and reads the promotions that apply to their franchise.
 */
export const promotionsOps = defineOps('promotions', {
  list: {
    method: 'POST',
    path: '/promotions/filter',
    access: { page: ['/promotions', ...SALES_PAGES], level: 'view' },
    summary: 'Filter promotions and coupons (a store user sees those of every franchise or of their own)',
    kind: 'list',
  },
  create: {
    method: 'POST',
    path: '/promotions',
    access: { page: '/promotions', level: 'edit' },
    summary: 'Create a promotion or coupon (head office)',
    status: 201,
    idempotent: true,
  },
  update: {
    method: 'PUT',
    path: '/promotions',
    access: { page: '/promotions', level: 'edit' },
    summary: 'Update a promotion or coupon (id and the version last read; head office)',
  },
  remove: {
    method: 'POST',
    path: '/promotions/remove',
    access: { page: '/promotions', level: 'edit' },
    summary: 'Remove a promotion: deleted when no order used it, else deactivated (head office)',
  },
});

const edit = { page: SALES_PAGES, level: 'edit' } as const;

/** salesPromotions: promotions on a sales order (calls.md 7.12, api.md Sales). Each answers the order as it now is. */
export const salesPromotionsOps = defineOps('salesPromotions', {
  autoPromotion: {
    method: 'PUT',
    path: '/sales-orders/auto-promotion',
    access: edit,
    summary: 'Turn the automatic promotions of an open order on or off (pos_so_no, auto_promotion, version)',
  },
  birthdayPromotion: {
    method: 'PUT',
    path: '/sales-orders/birthday-promotion',
    access: edit,
    summary:
      "Use (true) or give back (false) the customer's birthday promotion on an open order (once per customer per year, in the birthday month)",
  },
  couponCheck: {
    method: 'POST',
    path: '/sales-orders/coupon-check',
    access: { page: SALES_PAGES, level: 'view' },
    summary: 'Whether a coupon code is valid for this order, why not, and what it would take off (nothing changes)',
  },
  couponApply: {
    method: 'PUT',
    path: '/sales-orders/coupon',
    access: edit,
    summary:
      'Apply a coupon to an open order (validated like the check; counted once per order, never past its usage limit)',
  },
  couponRemove: {
    method: 'POST',
    path: '/sales-orders/coupon/remove',
    access: edit,
    summary: 'Take the coupon off an open order and give its use back',
  },
});
