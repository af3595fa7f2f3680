import { buttonKey, GUARDED } from '@fp/contract';
import { checkBooks, totalViolations } from '../src/books/checks.js';
import { directSale } from '../src/books/direct.js';
import { benchStore, freshDatabase, pct, perSecond, salesApp, targets } from './sales-harness.js';

/**
 * Create + ship now of a 5-line walk-in order, orders/s: through the API (a store user; POST /api/sales-orders with
 * its lines, PUT …/status released, POST …/ship, each through app.inject: auth, validation, prices, the posting
 * transaction, the envelope) against the same rows written directly in SQL in one transaction (books/direct.ts:
 * number series, header, lines, shipment, invoice, item and customer ledger). On PGlite and PostgreSQL, one order at
 * a time, an API order and a SQL order in turn. BENCH_SHIP_ORDERS × BENCH_ROUNDS orders each way (defaults 100 and 2
 * on PostgreSQL, 50 and 2 on PGlite). The books are checked afterwards (check:books) and the count of violations
 * printed.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const DAY = '2026-03-10';
const ITEMS = ['SP001', 'SP002', 'SP003', 'SP004', 'SP005'];

export async function benchSalesShip() {
  for (const kind of targets()) {
    const n = Number(process.env.BENCH_SHIP_ORDERS ?? (kind === 'postgres' ? 100 : 50));
    const fresh = await freshDatabase(kind);
    const app = await salesApp(fresh.database);
    try {
      const db = app.db;
      const { customerNo } = await benchStore(db, 'BH001', 'Bench store', ITEMS.length, DAY);
      // Ship Now of an unpaid order sells on credit (issue 17): the store user holds the Sell On Credit button.
      const sellOnCredit = buttonKey('/salesOrders/detail', GUARDED.sellOnCredit);
      const store = await app.user('benchship', 'Store Staff', 'BH001', [], [sellOnCredit]);

      type Doc = { pos_so_no: string; version: number };
      const unwrap = (d: unknown) => ((d as { order?: Doc }).order ?? d) as Doc;
      let apiProblem = '';
      const viaApi = async () => {
        const created = await store.post('/api/sales-orders', {
          document_type: 'order',
          location_code: 'BH001-01',
          sales_type: 'STEP IN STORE',
          sell_to_code: customerNo,
          lines: ITEMS.map((item_no, i) => ({ item_no, quantity: String(i + 1), location_code: 'BH001-01' })),
        });
        if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.body.slice(0, 300)}`);
        const order = unwrap(created.data);
        const released = await store.put('/api/sales-orders/status', {
          pos_so_no: order.pos_so_no,
          version: order.version,
          status: 'released',
        });
        if (released.status !== 200)
          throw new Error(`release answered ${released.status}: ${released.body.slice(0, 300)}`);
        const shipped = await store.post('/api/sales-orders/ship', {
          pos_so_no: order.pos_so_no,
          version: unwrap(released.data).version,
          sell_on_credit: true,
        });
        if (shipped.status !== 200) throw new Error(`ship answered ${shipped.status}: ${shipped.body.slice(0, 300)}`);
      };
      const viaSql = () =>
        db.transaction((tx) =>
          directSale(tx, {
            franchise: 'BH001',
            location: 'BH001-01',
            customer_no: customerNo,
            date: DAY,
            lines: ITEMS.map((item_no, i) => ({
              item_no,
              quantity: String(i + 1),
              unit_price: String(10000 * (i + 1)),
              location_code: 'BH001-01',
            })),
          }),
        );
      try {
        await viaApi();
      } catch (e) {
        apiProblem = e instanceof Error ? e.message : String(e);
      }
      // Statements per order: one order each way with the driver's statements counted.
      const statements = async (fn: () => Promise<unknown>) => {
        fresh.captured.length = 0;
        fresh.state.capturing = true;
        try {
          await fn();
        } finally {
          fresh.state.capturing = false;
        }
        return fresh.captured.length;
      };
      const apiStatements = apiProblem ? 0 : await statements(viaApi);
      const sqlStatements = await statements(viaSql);
      const times = { api: [] as number[], sql: [] as number[] };
      for (let i = 0; i < 5; i++) await viaSql();
      // Order by order, API and SQL in turn (which goes first alternates): a burst of load on this shared machine
      // then slows both alike, where rounds of a hundred orders each took it on one side only.
      const timed = async (fn: () => Promise<unknown>, into: number[]) => {
        const t0 = performance.now();
        await fn();
        into.push(performance.now() - t0);
      };
      for (let i = 0; i < n * ROUNDS; i++) {
        const api = () => (apiProblem ? Promise.resolve() : timed(viaApi, times.api));
        const direct = () => timed(viaSql, times.sql);
        if (i % 2 === 0) {
          await api();
          await direct();
        } else {
          await direct();
          await api();
        }
      }
      const line = (label: string, ms: number[]) =>
        console.log(
          `${kind.padEnd(8)}  ${label.padEnd(52)} ${perSecond(ms).toFixed(1).padStart(7)} orders/s  p50=${pct(ms, 50).toFixed(1)} ms  p99=${pct(ms, 99).toFixed(1)} ms  (${ms.length} orders)`,
        );
      if (apiProblem) console.log(`${kind.padEnd(8)}  API not measured: ${apiProblem}`);
      else line(`API: create (5 lines) + release + ship now, ${apiStatements} statements`, times.api);
      line(`SQL: the same rows in one transaction, ${sqlStatements} statements`, times.sql);
      if (!apiProblem)
        console.log(`${kind.padEnd(8)}  API / SQL: ${(perSecond(times.api) / perSecond(times.sql)).toFixed(2)}×`);
      const t0 = performance.now();
      const books = await checkBooks(db);
      const bad = books.filter((b) => b.violations > 0);
      console.log(
        `${kind.padEnd(8)}  check:books afterwards: ${totalViolations(books)} violations (${((performance.now() - t0) / 1000).toFixed(1)} s)${bad.length ? ': ' + bad.map((b) => `${b.name} ${b.violations} e.g. ${JSON.stringify(b.examples[0])}`).join('; ') : ''}`,
      );
    } finally {
      await app.close();
      await fresh.database.close();
      await fresh.drop();
    }
  }
}
