import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp, type Client, type Res } from './helpers.js';
import { checkBooks, totalViolations } from '../src/books/checks.js';
import { directStock, takeNumberDirect } from '../src/books/direct.js';

// Issue 8 "Must show": on PostgreSQL, several workers at once create, release, ship (in full and in parts), close,
// cancel and credit orders through the API, with injected failures (a posting step that throws: the posting
// kernel's fault hook; stale versions, wrong statuses, too much to ship or credit, another franchise's order), and the
// books checker finds 0 violations afterwards. Seeded and repeatable in its choices (BOOKS_WORKLOAD_SEED); the
// interleaving is the database's. BOOKS_WORKLOAD_WORKERS (4) × BOOKS_WORKLOAD_ORDERS (15) orders per worker.

/**
 * The posting kernel's fault hook (src/kernel/posting.ts on branch posting: a step named in `postingFaults` throws
 * right after it ran). Imported by name at run time, so this file also compiles where that module is not merged yet;
 * without it the workload injects only refused requests.
 */
const postingModule = '../src/kernel/posting.js';
const hook = (await import(/* @vite-ignore */ postingModule).catch(() => ({}))) as {
  postingFaults?: Set<string>;
  postingSteps?: readonly string[];
};
const postingFaults = hook.postingFaults ?? new Set<string>();
const postingSteps = hook.postingSteps ?? [];

const WORKERS = Number(process.env.BOOKS_WORKLOAD_WORKERS ?? 4);
const ORDERS = Number(process.env.BOOKS_WORKLOAD_ORDERS ?? 15);
const SEED = Number(process.env.BOOKS_WORKLOAD_SEED ?? 8);
const FRANCHISES = ['WK001', 'WK002'];
const ITEMS = ['WI001', 'WI002', 'WI003', 'WI004', 'WI005', 'WI006'];
/** WI005 and WI006 are scarce: some shipments of them are refused for stock. */
const STOCK: Record<string, string> = { WI005: '12', WI006: '6' };

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    chance: (p: number) => next() < p,
  };
}

type Line = { line_no: number; quantity: string; qty_shipped: string; qty_invoiced: string; qty_credited: string };
type Order = { pos_so_no: string; version: number; status: string; lines: Line[] };

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'books under a randomized concurrent workload (needs PostgreSQL: TEST_DATABASE_URL)',
  () => {
    const ctx = useTestApp();
    const stores: Record<string, Client> = {};
    const customers: Record<string, string> = {};
    /** Answers by operation and status, printed at the end. */
    const tally = new Map<string, number>();
    /** Unexpected answers (5xx outside an injected fault, a refusal where success was due, …). */
    const problems: string[] = [];
    /** Armed faults: a 500 is expected from a posting that ran while one was armed. */
    const faults = { armed: 0, epoch: 0, held: new Map<string, number>() };
    /** The fault hook is one set for the process: workers arming the same step count their holds. */
    const arm = (key: string) => {
      faults.armed++;
      faults.epoch++;
      faults.held.set(key, (faults.held.get(key) ?? 0) + 1);
      postingFaults.add(key);
    };
    const disarm = (key: string) => {
      const left = (faults.held.get(key) ?? 1) - 1;
      faults.held.set(key, left);
      if (left === 0) postingFaults.delete(key);
      faults.armed--;
    };

    beforeAll(async () => {
      const db = ctx.t.services.db;
      await db.execute(sql`insert into cancel_reasons (reason_code, description, page)
        values ('WK-CANCEL', 'Khách đổi ý', '/salesOrders')`);
      await db.execute(sql`insert into items (item_no, description, base_unit_of_measure, unit_price)
        select 'WI00' || g, 'Hàng ' || g, 'PCS', 1000 * (7 + 3 * g) from generate_series(1, 6) g`);
      for (const f of FRANCHISES) {
        await db.execute(sql`insert into franchises (customer_no, name) values (${f}, ${'Store ' + f})`);
        await db.execute(
          sql`insert into locations (location_code, customer_no, name) values (${f + '-01'}, ${f}, 'Main')`,
        );
        customers[f] = await db.transaction(async (tx) => {
          const no = await takeNumberDirect(tx, f, 'CUS', '2026-01-02');
          await tx.execute(sql`insert into customers (customer_no, franchise_code, location_code, name, phone_no, referral_code)
            values (${no}, ${f}, ${f + '-01'}, 'Khách lẻ', ${'090000000' + f.slice(-1)}, ${'REF' + f})`);
          return no;
        });
        await db.transaction((tx) =>
          directStock(tx, {
            franchise: f,
            date: '2026-01-02',
            stock: ITEMS.map((item_no) => ({
              location_code: `${f}-01`,
              item_no,
              quantity: STOCK[item_no] ?? '100000',
            })),
          }),
        );
        const pages = [
          '/salesOrders',
          '/salesOrders/detail',
          '/salesOrders/creditMemo',
          '/salesOrdersInvoicedCanceled',
        ];
        stores[f] = (
          await ctx.t.makeUser({
            role: 'Store Staff',
            customer_no: f,
            pages: pages.map((page_url) => ({ page_url, permission_type: 'edit' })),
          })
        ).client;
      }
    });

    /** Sends one call; tallies it; a 5xx is a problem unless a fault was armed meanwhile. */
    async function call<T>(label: string, send: () => Promise<Res<T>>): Promise<Res<T>> {
      const epoch = faults.epoch;
      const armed = faults.armed > 0;
      const res = await send();
      const key = `${label} ${res.statusCode}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
      if (res.statusCode >= 500 && !(armed || faults.armed > 0 || faults.epoch !== epoch))
        problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      if (res.statusCode < 500 && res.statusCode >= 200 && res.statusCode < 300 && res.envelope?.result === false)
        problems.push(`${label}: ${res.statusCode} with result false`);
      return res;
    }

    /** Expects a refusal (4xx); a success is a problem (the books checker then says what it did). */
    const refused = (label: string, res: Res) => {
      if (res.statusCode < 400 || res.statusCode >= 500)
        problems.push(`${label} should have been refused: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };

    async function worker(w: number) {
      const rnd = random(SEED * 1000 + w);
      const franchise = FRANCHISES[w % FRANCHISES.length];
      const other = FRANCHISES[(w + 1) % FRANCHISES.length];
      const c = stores[franchise];
      const location = `${franchise}-01`;
      const get = async (no: string) => (await call('get', () => c.get<Order>(`/api/sales-orders/${no}`))).data;

      for (let o = 0; o < ORDERS; o++) {
        const lines = Array.from({ length: rnd.int(1, 4) }, () => ({
          item_no: ITEMS[rnd.int(0, ITEMS.length - 1)],
          quantity: String(rnd.int(1, 5)),
          location_code: location,
          ...(rnd.chance(0.2) ? { line_discount_percent: String(rnd.int(1, 20)) } : {}),
        }));
        const created = await call('create', () =>
          c.post<Order>('/api/sales-orders', {
            document_type: 'order',
            location_code: location,
            sales_type: 'STEP IN STORE',
            sell_to_code: customers[franchise],
            lines,
          }),
        );
        if (created.statusCode !== 201) {
          problems.push(`create: ${created.statusCode} ${created.body.slice(0, 300)}`);
          continue;
        }
        let order = created.data;
        const no = order.pos_so_no;

        if (rnd.chance(0.3)) {
          const added = await call('line add', () =>
            c.post<Order>('/api/sales-orders/lines', {
              pos_so_no: no,
              version: order.version,
              lines: [{ item_no: ITEMS[rnd.int(0, 3)], quantity: String(rnd.int(1, 3)), location_code: location }],
            }),
          );
          if (added.statusCode === 201 || added.statusCode === 200) order = added.data;
          // The version read before the line was added is stale now.
          refused(
            'release with a stale version',
            await call('status stale', () =>
              c.put('/api/sales-orders/status', { pos_so_no: no, version: order.version - 1, status: 'released' }),
            ),
          );
        }
        if (rnd.chance(0.1)) {
          const canceled = await call('cancel open', () =>
            c.put<Order>('/api/sales-orders/status', {
              pos_so_no: no,
              version: order.version,
              status: 'canceled',
              cancel_reason_code: 'WK-CANCEL',
            }),
          );
          if (canceled.statusCode !== 200)
            problems.push(`cancel open: ${canceled.statusCode} ${canceled.body.slice(0, 200)}`);
          continue;
        }
        // Shipping an open order is refused (wrong status).
        if (rnd.chance(0.2))
          refused(
            'ship open',
            await call('ship open', () => c.post('/api/sales-orders/ship', { pos_so_no: no, version: order.version })),
          );
        const released = await call('release', () =>
          c.put<Order>('/api/sales-orders/status', { pos_so_no: no, version: order.version, status: 'released' }),
        );
        if (released.statusCode !== 200) {
          problems.push(`release: ${released.statusCode} ${released.body.slice(0, 200)}`);
          continue;
        }
        order = released.data;
        // Another franchise's store cannot touch it.
        if (rnd.chance(0.2))
          refused(
            "another franchise's ship",
            await call('ship other franchise', () =>
              stores[other].post('/api/sales-orders/ship', { pos_so_no: no, version: order.version }),
            ),
          );
        if (rnd.chance(0.1)) {
          await call('cancel released', () =>
            c.put('/api/sales-orders/status', {
              pos_so_no: no,
              version: order.version,
              status: 'canceled',
              cancel_reason_code: 'WK-CANCEL',
            }),
          );
          continue;
        }

        // Ship: in parts (post-qty first) or all at once; sometimes with an injected failure, sometimes several
        // parallel calls with the same version (at most one may post).
        for (
          let round = 0;
          round < 3 && order && !['invoiced', 'shipped', 'canceled'].includes(order.status);
          round++
        ) {
          if (rnd.chance(0.5)) {
            const parts = order.lines
              .filter((l) => Number(l.quantity) > Number(l.qty_shipped))
              .map((l) => {
                const open = Number(l.quantity) - Number(l.qty_shipped);
                const ship = rnd.int(0, open);
                return { line_no: l.line_no, qty_to_ship: String(ship), qty_to_invoice: String(rnd.int(0, ship)) };
              });
            if (parts.length) {
              const set = await call('post-qty', () =>
                c.put<Order>('/api/sales-orders/lines/post-qty', {
                  pos_so_no: no,
                  version: order.version,
                  lines: parts,
                }),
              );
              if (set.statusCode === 200) order = set.data;
            }
            // Too much to ship is refused.
            if (rnd.chance(0.15) && order.lines.length)
              refused(
                'post-qty beyond the quantity',
                await call('post-qty too much', () =>
                  c.put('/api/sales-orders/lines/post-qty', {
                    pos_so_no: no,
                    version: order.version,
                    lines: [
                      { line_no: order.lines[0].line_no, qty_to_ship: String(Number(order.lines[0].quantity) + 1) },
                    ],
                  }),
                ),
              );
          }
          const fault =
            postingSteps.length && rnd.chance(0.15) ? postingSteps[rnd.int(0, postingSteps.length - 1)] : undefined;
          if (fault) arm(`ship:${fault}`);
          try {
            const parallel = rnd.chance(0.2) ? 3 : 1;
            const answers = await Promise.all(
              Array.from({ length: parallel }, () =>
                call(fault ? 'ship (fault)' : parallel > 1 ? 'ship parallel' : 'ship', () =>
                  c.post<Order>('/api/sales-orders/ship', { pos_so_no: no, version: order.version }),
                ),
              ),
            );
            const posted = answers.filter((a) => a.statusCode === 200);
            if (posted.length > 1) problems.push(`${posted.length} of ${parallel} parallel ships of ${no} posted`);
            if (fault && posted.length) problems.push(`ship of ${no} with a fault after ${fault} answered 200`);
          } finally {
            if (fault) disarm(`ship:${fault}`);
          }
          order = await get(no);
        }
        if (order.status === 'partial_delivered' || order.status === 'shipped') {
          if (rnd.chance(0.7)) {
            const closed = await call('close', () =>
              c.post<Order>('/api/sales-orders/close', { pos_so_no: no, version: order.version }),
            );
            if (closed.statusCode === 200) order = closed.data;
          }
        }
        // Wrong status: closing an invoiced order again is refused.
        if (order.status === 'invoiced' && rnd.chance(0.2))
          refused(
            'close invoiced',
            await call('close again', () =>
              c.post('/api/sales-orders/close', { pos_so_no: no, version: order.version }),
            ),
          );

        if (order.status === 'invoiced' && rnd.chance(0.5)) {
          const creditable = order.lines.filter((l) => Number(l.qty_invoiced) > Number(l.qty_credited));
          if (rnd.chance(0.3)) {
            await call('credit memo all', () =>
              c.post('/api/sales-orders/credit-memo-all', {
                pos_so_no: no,
                version: order.version,
                cancel_reason_code: 'WK-CANCEL',
              }),
            );
          } else if (creditable.length) {
            const l = creditable[rnd.int(0, creditable.length - 1)];
            const max = Number(l.qty_invoiced) - Number(l.qty_credited);
            // More than invoiced − credited is refused.
            if (rnd.chance(0.3))
              refused(
                'credit more than invoiced',
                await call('credit memo too much', () =>
                  c.post('/api/sales-orders/credit-memo', {
                    pos_so_no: no,
                    version: order.version,
                    lines: [{ line_no: l.line_no, quantity: String(max + 1) }],
                  }),
                ),
              );
            order = await get(no);
            await call('credit memo', () =>
              c.post('/api/sales-orders/credit-memo', {
                pos_so_no: no,
                version: order.version,
                lines: [{ line_no: l.line_no, quantity: String(rnd.int(1, max)) }],
              }),
            );
          }
        }
      }
    }

    it(
      `${WORKERS} workers × ${ORDERS} orders at once leave books with 0 violations`,
      { timeout: 600_000 },
      async () => {
        await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
        postingFaults.clear();
        const results = await checkBooks(ctx.t.services.db);
        const summary = [...tally.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([k, n]) => `${k}: ${n}`);
        console.log(`books workload (seed ${SEED}): ${summary.join(', ')}`);
        const [counts] = (
          (await ctx.t.services.db.execute(sql`select
          (select count(*)::int from sales_orders where document_type = 'order') as orders,
          (select count(*)::int from sales_shipments) as shipments,
          (select count(*)::int from sales_invoices) as invoices,
          (select count(*)::int from sales_orders where document_type = 'credit_memo') as credit_memos,
          (select count(*)::int from item_ledger_entries) as item_entries`)) as unknown as {
            rows: Record<string, number>[];
          }
        ).rows;
        console.log(`books workload wrote ${JSON.stringify(counts)}`);
        expect(results.filter((r) => r.violations > 0)).toEqual([]);
        expect(totalViolations(results)).toBe(0);
        expect(problems).toEqual([]);
        // The workload did what it says: postings of every kind happened.
        expect(counts.shipments).toBeGreaterThan(0);
        expect(counts.credit_memos).toBeGreaterThan(0);
        if (postingSteps.length && WORKERS * ORDERS >= 40)
          expect(tally.get('ship (fault) 500') ?? 0).toBeGreaterThan(0);
      },
    );

    it('20 concurrent "ship now" of one order: exactly one posts', async () => {
      const c = stores[FRANCHISES[0]];
      const created = await c.post<Order>('/api/sales-orders', {
        document_type: 'order',
        location_code: `${FRANCHISES[0]}-01`,
        sales_type: 'STEP IN STORE',
        sell_to_code: customers[FRANCHISES[0]],
        lines: [{ item_no: 'WI001', quantity: '2', location_code: `${FRANCHISES[0]}-01` }],
      });
      expect(created.statusCode).toBe(201);
      const released = await c.put<Order>('/api/sales-orders/status', {
        pos_so_no: created.data.pos_so_no,
        version: created.data.version,
        status: 'released',
      });
      expect(released.statusCode).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          c.post('/api/sales-orders/ship', { pos_so_no: released.data.pos_so_no, version: released.data.version }),
        ),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((s) => s === 200)).toHaveLength(1);
      expect(codes.filter((s) => s !== 200 && (s < 400 || s >= 500))).toEqual([]);
      const [shipments] = (
        (await ctx.t.services.db.execute(
          sql`select count(*)::int as n from sales_shipments where pos_so_no = ${released.data.pos_so_no}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(shipments.n).toBe(1);
      expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
    });
  },
);
