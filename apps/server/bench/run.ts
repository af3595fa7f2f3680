// npm run bench: benchmarks print figures; tests never assert timings (ARCHITECTURE: Tests).
import { benchLoginAndUsers } from './login-users.js';
import { benchItemPrices } from './item-prices.js';
import { benchApiVsDirect } from './api-vs-direct.js';
import { benchWebFirstLoad } from './web-first-load.js';

const benches: [string, () => Promise<void>][] = [
  ['login and user list', benchLoginAndUsers],
  ['item prices', benchItemPrices],
  ['api vs direct', benchApiVsDirect],
  ['web first load', benchWebFirstLoad],
];

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && !name.includes(only)) continue;
  console.log(`\n== ${name}`);
  await run();
}
