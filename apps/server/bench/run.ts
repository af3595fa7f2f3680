// npm run bench: benchmarks print figures; tests never assert timings (ARCHITECTURE: Tests).
import { benchLoginAndUsers } from './login-users.js';
import { benchItemPrices } from './item-prices.js';
import { benchWebFirstLoad } from './web-first-load.js';

const benches: [string, () => Promise<void>][] = [['login and user list', benchLoginAndUsers], ['item prices', benchItemPrices]];
benches.push(['web first load', benchWebFirstLoad]);

const only = process.argv[2];
for (const [name, run] of benches) {
  if (only && !name.includes(only)) continue;
  console.log(`\n== ${name}`);
  await run();
}
