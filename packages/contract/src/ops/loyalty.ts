import { defineOps } from '../ops/meta.js';

/** redeemablePoints: the zod-free half of the operation table (schemas in ../api/loyalty.ts). */
export const redeemablePointsOps = defineOps('redeemablePoints', {
  list: {
    method: 'POST',
    path: '/redeemable-points/filter',
    access: { page: '/customers/redeemablePoints', level: 'view' },
    summary: 'Filter the redeemable points ledger (earned, used, reversed)',
    kind: 'list',
  },
  total: {
    method: 'POST',
    path: '/redeemable-points/total',
    access: {
      page: ['/customers/redeemablePoints', '/salesOrders/detail', '/tablet/salesOrders/detail'],
      level: 'view',
    },
    summary: "A customer's redeemable points: the ledger sum, less points the ERP reports used (bc_points_used)",
  },
  create: {
    method: 'POST',
    path: '/redeemable-points',
    access: {
      page: ['/customers/redeemablePoints', '/salesOrders/detail', '/tablet/salesOrders/detail'],
      level: 'edit',
    },
    summary: 'Record redeemable points used on an order (source defaults to Franchise)',
    status: 201,
    idempotent: true,
  },
  remove: {
    method: 'POST',
    path: '/redeemable-points/remove',
    access: {
      page: ['/customers/redeemablePoints', '/salesOrders/detail', '/tablet/salesOrders/detail'],
      level: 'edit',
    },
    summary: 'Reverse the points used on an order (order_number): reversal entries, nothing is deleted',
  },
});

/** loyalty: the zod-free half of the operation table (schemas in ../api/loyalty.ts). */
export const loyaltyOps = defineOps('loyalty', {
  schemes: {
    method: 'GET',
    path: '/loyalty/schemes',
    access: 'authenticated',
    summary: 'Loyalty schemes and their ranking point thresholds',
  },
});
