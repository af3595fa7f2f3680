import { defineOps } from '../ops/meta.js';

/** The counter's page: the fast sale of the store staff (issue 18; the screen comes with the web part of the issue). */
export const COUNTER_PAGE = '/counter';
/** The store manager's list of counter sales the server flagged when they came back from offline (issue 19). */
export const COUNTER_FLAGGED_PAGE = '/counter/flagged';

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
  reserveNumbers: {
    method: 'POST',
    path: '/counter-sales/number-ranges',
    access: { page: COUNTER_PAGE, level: 'edit' },
    summary:
      "Reserve the next `count` numbers (default 50, 1..500) of the franchise's sales order series for a device (offline_device, a UUID the device made) selling at location_code: one transaction under the series' lock; ranges never overlap and are never reused. The device numbers its offline sales from them in order (device_doc_no)",
    status: 201,
  },
  numberRanges: {
    method: 'GET',
    path: '/counter-sales/number-ranges',
    access: { page: COUNTER_PAGE, level: 'view' },
    summary: "A device's number ranges of the caller's franchise, with the numbers used and left",
  },
  offlineData: {
    method: 'GET',
    path: '/counter-sales/offline-data',
    access: { page: COUNTER_PAGE, level: 'view' },
    summary:
      "Everything the counter needs to sell offline at location_code, in one answer with generated_at: the items with today's price, VAT, barcode, variants and pictures; the automatic promotions and coupons in force (uses left); the fees; the store's customers with their points; the user's pages, buttons and cashier limits; the store printer; the franchise; the device's number ranges (offline_device)",
  },
  flaggedList: {
    method: 'POST',
    path: '/counter-sales/flagged/filter',
    access: { page: COUNTER_FLAGGED_PAGE, level: 'view' },
    summary:
      "Counter sales the server flagged when they came back from offline (stock_short, price_changed, promotion_changed, no_open_shift), in the caller's franchise",
    kind: 'list',
  },
  flaggedReview: {
    method: 'POST',
    path: '/counter-sales/flagged/review',
    access: { page: COUNTER_FLAGGED_PAGE, level: 'edit' },
    summary: 'Mark a flagged counter sale (pos_so_no) reviewed by the store manager (who and when are kept)',
  },
  get: {
    method: 'GET',
    path: '/counter-sales/:client_id',
    access: { page: COUNTER_PAGE, level: 'view' },
    summary: 'What became of a sale sent with this client_id (404 for one never seen)',
  },
});
