// Every module's tables, for drizzle-kit and the typed query API. Add one line per module.
export * from '../modules/auth/schema.js';
export * from '../modules/access/schema.js';
export * from '../modules/system/schema.js';
export * from '../modules/cancel-reasons/schema.js';
export * from '../modules/devices/schema.js';
export * from '../modules/item-documents/schema.js';
export * from '../modules/franchises/schema.js';
export * from '../modules/number-series/schema.js';
export * from '../erp/schema.js';
export * from '../modules/addresses/schema.js';
export * from '../modules/customers/schema.js';
export * from '../modules/loyalty/schema.js';
export * from '../modules/categories/schema.js';
export * from '../modules/items/schema.js';
export * from '../modules/item-prices/schema.js';
export * from '../jobs/schema.js';
