import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { businessDate } from '@fp/contract';
import { checkBooks, totalViolations } from '../src/books/checks.js';
import { directSale, takeNumberDirect } from '../src/books/direct.js';
import { CASH_RECEIPT_DOC } from '../src/modules/payments/documents.js';
import { benchStore, freshDatabase, pct, salesApp } from './sales-harness.js';

/**
 * Counter sales (issue 18 "Bench"), sales/s with 8 cashiers selling at once on PostgreSQL: POST /api/counter-sales of
 * a 3-line cash sale with change, through app.inject (auth, validation, prices, promotions, the stock check, the
 * receipt, release, ship now and invoice, the claim of the client_id, the print job), against the same rows written
 * directly in SQL by 8 connections at once (books/direct.ts: order, lines, shipment, invoice, ledgers, revenue; plus
 * the processed cash receipt, its customer ledger entry and the counter_sales row). BENCH_COUNTER_SALES per cashier
 * and round (default 25), BENCH_ROUNDS (2), BENCH_COUNTER_CASHIERS (8). The books are checked afterwards.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CASHIERS = Number(process.env.BENCH_COUNTER_CASHIERS ?? 8);
const PER_CASHIER = Number(process.env.BENCH_COUNTER_SALES ?? 25);
const ITEMS = ['SP001', 'SP002', 'SP003'];

export async function benchCounterSales() {
  const fresh = await freshDatabase('postgres');
  const app = await salesApp(fresh.database);
  try {
    const db = app.db;
    const day = businessDate();
    const { customerNo } = await benchStore(db, 'CB001', 'Bench counter', ITEMS.length, day);
    type Cashier = Awaited<ReturnType<typeof app.user>>;
    const cashiers: Cashier[] = [];
    for (let i = 0; i < CASHIERS; i++)
      cashiers.push(await app.user(`benchcounter${i}`, 'Store Staff', 'CB001', ['/counter']));
    // 1 × 10.000 + 2 × 20.000 + 3 × 30.000 = 140.000, paid 150.000 in cash.
    const lines = ITEMS.map((item_no, i) => ({ item_no, quantity: String(i + 1) }));
    const total = '140000';

    let apiProblem = '';
    const viaApi = async (c: Cashier) => {
      const res = await c.post('/api/counter-sales', {
        client_id: randomUUID(),
        location_code: 'CB001-01',
        sell_to_code: customerNo,
        lines,
        payments: [{ payment_type: 'cash', amount: total, tendered: '150000' }],
      });
      if (res.status !== 201) throw new Error(`counter sale answered ${res.status}: ${res.body.slice(0, 300)}`);
    };
    const viaSql = () =>
      db.transaction(async (tx) => {
        const sale = await directSale(tx, {
          franchise: 'CB001',
          location: 'CB001-01',
          customer_no: customerNo,
          date: day,
          lines: lines.map((l, i) => ({ ...l, unit_price: String(10000 * (i + 1)), location_code: 'CB001-01' })),
        });
        const rc = await takeNumberDirect(tx, 'CB001', 'RC', day);
        await tx.execute(sql`insert into cash_receipts (receipt_no, franchise_code, location_code, customer_no, pos_so_no,
            amount, tendered_amount, change_amount, receipt_type, payment_type, status, posting_date, processed_at)
          values (${rc}, 'CB001', 'CB001-01', ${customerNo}, ${sale.pos_so_no}, ${total}, '150000', '10000', 'collect_store', 'cash',
            'processed', ${day}::date, clock_timestamp())`);
        await tx.execute(sql`insert into customer_ledger_entries (entry_type, franchise_code, customer_no, amount,
            document_type, document_no, order_no, posting_date)
          values ('payment', 'CB001', ${customerNo}, ${'-' + total}, ${CASH_RECEIPT_DOC}, ${rc}, ${sale.pos_so_no}, ${day}::date)`);
        await tx.execute(sql`insert into counter_sales (client_id, franchise_code, user_id, body_hash, pos_so_no, result)
          values (${randomUUID()}, 'CB001', 1, 'bench', ${sale.pos_so_no}, '{}'::jsonb)`);
      });
    try {
      await viaApi(cashiers[0]);
    } catch (e) {
      apiProblem = e instanceof Error ? e.message : String(e);
    }
    for (let i = 0; i < 5; i++) await viaSql();

    /** CASHIERS workers at once, each PER_CASHIER sales one after another: sales/s over the wall clock. */
    const concurrently = async (sale: (worker: number) => Promise<unknown>) => {
      const times: number[] = [];
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CASHIERS }, async (_, w) => {
          for (let i = 0; i < PER_CASHIER; i++) {
            const s = performance.now();
            await sale(w);
            times.push(performance.now() - s);
          }
        }),
      );
      return { wall: performance.now() - t0, times };
    };
    const runs = { api: [] as { wall: number; times: number[] }[], sql: [] as { wall: number; times: number[] }[] };
    for (let r = 0; r < ROUNDS; r++) {
      if (!apiProblem) runs.api.push(await concurrently((w) => viaApi(cashiers[w])));
      runs.sql.push(await concurrently(() => viaSql()));
    }
    const rate = (rs: { wall: number; times: number[] }[]) =>
      (rs.reduce((n, r) => n + r.times.length, 0) * 1000) / rs.reduce((ms, r) => ms + r.wall, 0);
    const line = (label: string, rs: { wall: number; times: number[] }[]) => {
      const times = rs.flatMap((r) => r.times);
      console.log(
        `postgres  ${label.padEnd(58)} ${rate(rs).toFixed(1).padStart(7)} sales/s  p50=${pct(times, 50).toFixed(1)} ms  p99=${pct(times, 99).toFixed(1)} ms  (${times.length} sales)`,
      );
    };
    if (apiProblem) console.log(`postgres  API not measured: ${apiProblem}`);
    else line(`API: POST /api/counter-sales, ${CASHIERS} cashiers at once`, runs.api);
    line(`SQL: the same rows, ${CASHIERS} connections at once`, runs.sql);
    if (!apiProblem) console.log(`postgres  API / SQL: ${(rate(runs.api) / rate(runs.sql)).toFixed(2)}×`);
    const books = await checkBooks(db);
    const bad = books.filter((b) => b.violations > 0);
    console.log(
      `postgres  check:books afterwards: ${totalViolations(books)} violations${bad.length ? ': ' + bad.map((b) => `${b.name} ${b.violations} e.g. ${JSON.stringify(b.examples[0])}`).join('; ') : ''}`,
    );
  } finally {
    await app.close();
    await fresh.database.close();
    await fresh.drop();
  }
}
