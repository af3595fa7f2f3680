import { redeemablePointsApi, loyaltyApi } from '@fp/contract';
import type { Router } from '../../http/route.js';
import { listRoute } from '../../http/list-route.js';
import { pointsCustomer, redeemablePointList, redeemableTotal } from './points.js';
import { redeemPoints, removeRedeemedPoints } from './order-redeem.js';
import { ensureLoyaltySchemes, listSchemes } from './schemes.js';
import { redeemablePointEntries } from './schema.js';

export const POINTS_PAGE = '/customers/redeemablePoints';
/** Points are read and redeemed on the points screen and on the sales order screens. */

export function loyaltyRoutes(r: Router) {
  listRoute(r, redeemablePointsApi.list, {
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
  r.route(redeemablePointsApi.total, async ({ body, auth, services }) =>
    redeemableTotal(services.db, await pointsCustomer(services.db, auth, body), body.bc_points_used),
  );
  r.route(redeemablePointsApi.create, ({ body, auth, services }) =>
    services.db.transaction((tx) => redeemPoints(tx, auth, body)),
  );
  r.route(redeemablePointsApi.remove, ({ body, auth, services }) =>
    services.db.transaction((tx) => removeRedeemedPoints(tx, auth, body)),
  );
  r.route(loyaltyApi.schemes, async ({ services }) => {
    await ensureLoyaltySchemes(services.db);
    return listSchemes(services.db);
  });
}
