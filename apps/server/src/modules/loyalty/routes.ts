import { z } from 'zod';
import {
  loyaltyScheme,
  redeemablePointAdd,
  redeemablePointAddResult,
  redeemablePointEntry,
  redeemablePointRemove,
  redeemablePointRemoveResult,
  redeemablePointTotal,
  redeemablePointTotalRequest,
} from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { pointsCustomer, redeemablePointList, redeemableTotal, reverseRedeemablePoints, useRedeemablePoints } from './points.js';
import { ensureLoyaltySchemes, listSchemes } from './schemes.js';
import { redeemablePointEntries } from './schema.js';

export const POINTS_PAGE = '/customers/redeemablePoints';
/** Points are read and redeemed on the points screen and on the sales order screens. */
const POINTS_PAGES = [POINTS_PAGE, '/salesOrders/detail', '/tablet/salesOrders/detail'] as const;

export function loyaltyRoutes(r: Router) {
  listRoute(r, {
    url: '/redeemable-points/filter',
    access: { page: POINTS_PAGE, level: 'view' },
    summary: 'Filter the redeemable points ledger (earned, used, reversed)',
    item: redeemablePointEntry,
    spec: redeemablePointList,
    scope: (s) => s.franchise(redeemablePointEntries.franchise_code),
    sheet: 'Redeemable Points',
    columns: [
      { key: 'created_at', header: 'Date', format: 'datetime', width: 20 },
      { key: 'customer_no', header: 'Customer No' },
      { key: 'customer_name', header: 'Customer Name', width: 30 },
      { key: 'referral_code', header: 'Referral Code' },
      { key: 'pos_so_no', header: 'POS SO No' },
      { key: 'website_no', header: 'Website No' },
      { key: 'source', header: 'Source' },
      { key: 'entry_type', header: 'Type' },
      { key: 'points', header: 'Points', format: 'money' },
    ],
  });
  r.route({
    method: 'POST',
    url: '/redeemable-points/total',
    access: { page: POINTS_PAGES, level: 'view' },
    summary: "A customer's redeemable points: the ledger sum, less points the ERP reports used (bc_points_used)",
    body: redeemablePointTotalRequest,
    response: redeemablePointTotal,
    handler: async ({ body, auth, services }) => redeemableTotal(services.db, await pointsCustomer(services.db, auth, body), body.bc_points_used),
  });
  r.route({
    method: 'POST',
    url: '/redeemable-points',
    access: { page: POINTS_PAGES, level: 'edit' },
    summary: 'Record redeemable points used on an order (source defaults to Franchise)',
    body: redeemablePointAdd,
    response: redeemablePointAddResult,
    status: 201,
    idempotent: true,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => useRedeemablePoints(tx, auth, body)),
  });
  r.route({
    method: 'POST',
    url: '/redeemable-points/remove',
    access: { page: POINTS_PAGES, level: 'edit' },
    summary: "Reverse the points used on an order (order_number): reversal entries, nothing is deleted",
    body: redeemablePointRemove,
    response: redeemablePointRemoveResult,
    handler: ({ body, auth, services }) => services.db.transaction((tx) => reverseRedeemablePoints(tx, auth, body)),
  });
  r.route({
    method: 'GET',
    url: '/loyalty/schemes',
    access: 'authenticated',
    summary: 'Loyalty schemes and their ranking point thresholds',
    response: z.array(loyaltyScheme),
    handler: async ({ services }) => {
      await ensureLoyaltySchemes(services.db);
      return listSchemes(services.db);
    },
  });
}
