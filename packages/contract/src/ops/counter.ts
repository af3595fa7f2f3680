import { defineOps } from '../ops/meta.js';

/** The counter's page: the fast sale of the store staff (issue 18; the screen comes with the web part of the issue). */
export const COUNTER_PAGE = '/counter';

/** counterSales: a whole sale in one call (api.md "Counter"; schemas in ../api/counter.ts). */
export const counterSalesOps = defineOps('counterSales', {
  create: {
    method: 'POST',
    path: '/counter-sales',
    access: { page: COUNTER_PAGE, level: 'edit' },
    summary:
      'One sale in one call: create, price (price list, promotions, coupon, birthday, points), check stock, take the payments, release, ship and invoice. The same client_id answers the first result; with another body it is a 422',
    status: 201,
  },
  price: {
    method: 'POST',
    path: '/counter-sales/price',
    access: { page: COUNTER_PAGE, level: 'edit' },
    summary:
      'What a sale with this body would charge: the order priced by the same steps as the sale (price list, promotions, fees, birthday, coupon, points), answered and rolled back. Nothing is written and no number is taken; payments are ignored',
  },
  get: {
    method: 'GET',
    path: '/counter-sales/:client_id',
    access: { page: COUNTER_PAGE, level: 'view' },
    summary: 'What became of a sale sent with this client_id (404 for one never seen)',
  },
});
