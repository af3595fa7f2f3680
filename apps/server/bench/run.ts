// npm run bench: benchmarks print figures; tests never assert timings (ARCHITECTURE: Tests).
import { benchLoginAndUsers } from './login-users.js';
import { benchItemPrices } from './item-prices.js';
import { benchApiVsDirect } from './api-vs-direct.js';
import { benchWebFirstLoad } from './web-first-load.js';
import { benchSalesShip } from './sales-ship.js';
import { benchSalesList } from './sales-list.js';
import { benchPurchaseReceive } from './purchase-receive.js';
import { benchWarehouseOnHand } from './warehouse-on-hand.js';
import { benchRevenueReports } from './revenue-reports.js';
import { benchCounterSales } from './counter-sales.js';
import { benchBcItemSync } from './bc-item-sync.js';

const benches: [string, () => Promise<void>][] = [
  ['login and user list', benchLoginAndUsers],
  ['item prices', benchItemPrices],
  ['api vs direct', benchApiVsDirect],
  ['web first load', benchWebFirstLoad],
  ['sales ship now', benchSalesShip],
  ['sales order list', benchSalesList],
  ['purchase receive', benchPurchaseReceive],
  ['warehouse on hand', benchWarehouseOnHand],
  ['revenue reports', benchRevenueReports],
  ['counter sales', benchCounterSales],
  ['bc item sync', benchBcItemSync],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && !name.includes(only)) continue;
  console.log(`\n== ${name}`);
  await run();
}
