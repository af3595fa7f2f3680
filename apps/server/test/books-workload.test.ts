import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CONSIGNMENT_PAGES } from '@fp/contract';
import { useTestApp, type Client, type Res } from './helpers.js';
import { checkBooks, totalViolations } from '../src/books/checks.js';
import { directStock, takeNumberDirect } from '../src/books/direct.js';
import { pagePermissions } from '../src/modules/access/schema.js';
import { managerButtons } from '../src/modules/sales/test-support/builders.js';

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
const allPostingSteps = hook.postingSteps ?? [];

const WORKERS = Number(process.env.BOOKS_WORKLOAD_WORKERS ?? 4);
const ONE_PROCESS_ORDERS = Number(process.env.BOOKS_WORKLOAD_ORDERS ?? 15);
/**
 * Issue 22: the same workload through two real server processes on one database (test/server-processes.ts), each
 * request to the next process in turn; fewer orders per worker (BOOKS_WORKLOAD_PROCESS_ORDERS, 6) to stay within a
 * minute or two on 2 cores. The fault hook is a set in this process, so faults are not injected there.
 */
const MODES = [
  { mode: 'in one process', processes: 0 },
  { mode: 'through two server processes', processes: 2 },
];
const TWO_PROCESS_ORDERS = Number(process.env.BOOKS_WORKLOAD_PROCESS_ORDERS ?? 6);
const SEED = Number(process.env.BOOKS_WORKLOAD_SEED ?? 8);
const FRANCHISES = ['WK001', 'WK002'];
const ITEMS = ['WI001', 'WI002', 'WI003', 'WI004', 'WI005', 'WI006'];
/** WI005 and WI006 are scarce: some shipments of them are refused for stock. */
const STOCK: Record<string, string> = { WI005: '12', WI006: '6' };
/** Purchase orders per purchase worker (issue 10): one purchase worker per franchise runs beside the sales workers. */
const PURCHASES = Number(process.env.BOOKS_WORKLOAD_PURCHASES ?? 8);
const PURCHASE_PAGE_URLS = ['/purchasesOrders', '/purchasesOrders/detail', '/purchasesOrders/creditMemo'];

type PurchaseLine = {
  line_no: number;
  purchase_qty: string;
  qty_shipped: string;
  qty_received: string;
  qty_credited_memo: string;
};
type PurchaseOrder = { pos_po_no: string; version: number; status: string; lines: PurchaseLine[] };

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
type Order = {
  pos_so_no: string;
  version: number;
  status: string;
  lines: Line[];
  totals: { remaining_amount: string };
};

describe.skipIf(!process.env.TEST_DATABASE_URL).each(MODES)(
  'books under a randomized concurrent workload $mode (needs PostgreSQL: TEST_DATABASE_URL)',
  ({ processes }) => {
    const ctx = useTestApp({}, { processes });
    const postingSteps = processes ? [] : allPostingSteps;
    const ORDERS = processes ? TWO_PROCESS_ORDERS : ONE_PROCESS_ORDERS;
    const stores: Record<string, Client> = {};
    /** Store users with edit on the purchase pages, and head office (ships purchase orders). */
    const buyers: Record<string, Client> = {};
    let headOffice: Client;
    const customers: Record<string, string> = {};
    const consignmentStores: Record<string, Client> = {};
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
          sql`insert into locations (location_code, customer_no, name) values (${f + '-01'}, ${f}, 'Main'), (${f + '-02'}, ${f}, 'Back store')`,
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
          // issue 10: the stock worker adjusts and transfers
          '/warehouseEntries',
          // issue 11: payments on account and manual bank account entries
          '/payment',
          '/bankAccountEntries',
        ];
        const user = await ctx.t.makeUser({
          role: 'Store Staff',
          customer_no: f,
          pages: pages.map((page_url) => ({ page_url, permission_type: 'edit' })),
        });
        // The workload's discounts go up to 20 %: its users hold the cashier limits, as store managers do (issue 9).
        await ctx.t.services.db
          .update(pagePermissions)
          .set({ permissions: managerButtons })
          .where(eq(pagePermissions.name, `perm-${user.username}`));
        stores[f] = user.client;
        // Consignment (issue 10): codes, and a store user on the consignment pages.
        await db.execute(sql`update franchises set consignment_warehouse_code = 'WK-HO', consignment_location_code =
          ${f + '-CS'}, consignment_intransit_code = ${f + '-IT'} where customer_no = ${f}`);
        consignmentStores[f] = (
          await ctx.t.makeUser({
            role: 'Store Staff',
            customer_no: f,
            pages: CONSIGNMENT_PAGES.map((page_url) => ({ page_url, permission_type: 'edit' as const })),
          })
        ).client;
        await db.execute(
          sql`update franchises set vendor_no = 'HO-V', vendor_name = 'Head Office' where customer_no = ${f}`,
        );
        buyers[f] = (
          await ctx.t.makeUser({
            role: 'Store Manager',
            customer_no: f,
            pages: PURCHASE_PAGE_URLS.map((page_url) => ({ page_url, permission_type: 'edit' })),
          })
        ).client;
      }
      headOffice = await ctx.t.admin();
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
            await call('ship open', () =>
              c.post('/api/sales-orders/ship', { pos_so_no: no, version: order.version, sell_on_credit: true }),
            ),
          );
        const released = await call('release', () =>
          c.put<Order>('/api/sales-orders/status', { pos_so_no: no, version: order.version, status: 'released' }),
        );
        if (released.statusCode !== 200) {
          problems.push(`release: ${released.statusCode} ${released.body.slice(0, 200)}`);
          continue;
        }
        order = released.data;
        // payments (issue 9): a receipt of part of what remains, processed (sometimes 3 times in parallel: one posts);
        // paying more than remains is refused.
        if (rnd.chance(0.5)) {
          const remaining = Number(order.totals.remaining_amount);
          const part = Math.max(1, Math.floor((remaining * rnd.int(1, 10)) / 10));
          refused(
            'overpayment',
            await call('receipt too much', () =>
              c.post('/api/cash-receipts', { pos_so_no: no, amount: String(remaining + 1), payment_type: 'card' }),
            ),
          );
          const receipt = await call('receipt add', () =>
            c.post<{ receipt_id: number }>('/api/cash-receipts', {
              pos_so_no: no,
              amount: String(part),
              // issue 11: transfer and card receipts write a bank account entry when processed.
              payment_type: (['cash', 'card', 'transfer'] as const)[rnd.int(0, 2)],
            }),
          );
          if (receipt.statusCode !== 201)
            problems.push(`receipt add: ${receipt.statusCode} ${receipt.body.slice(0, 200)}`);
          else {
            const parallel = rnd.chance(0.3) ? 3 : 1;
            const answers = await Promise.all(
              Array.from({ length: parallel }, () =>
                call('receipt process', () =>
                  c.post('/api/cash-receipts/process', { receipt_id: receipt.data.receipt_id }),
                ),
              ),
            );
            const posted = answers.filter((a) => a.statusCode === 200).length;
            if (posted !== 1) problems.push(`${posted} of ${parallel} processes of one receipt of ${no} posted`);
          }
        }
        // Money (issue 11): a payment on account (cash or transfer, processed) and a manual bank account entry.
        if (rnd.chance(0.2)) {
          const onAccount = await call('receipt on account', () =>
            c.post<{ receipt_id: number }>('/api/cash-receipts', {
              customer_no: customers[franchise],
              amount: String(rnd.int(1, 50) * 1000),
              payment_type: rnd.chance(0.5) ? 'cash' : 'transfer',
            }),
          );
          if (onAccount.statusCode !== 201)
            problems.push(`receipt on account: ${onAccount.statusCode} ${onAccount.body.slice(0, 200)}`);
          else
            await call('receipt on account process', () =>
              c.post('/api/cash-receipts/process', { receipt_id: onAccount.data.receipt_id }),
            );
          const entry = await call('bank entry', () =>
            c.post('/api/bank-account-entries', {
              posting_date: '2026-01-02',
              document_type: 'Fee',
              bank_account_no: `${franchise}-BANK`,
              description: 'Workload fee',
              amount: String(-rnd.int(1, 20) * 1000),
            }),
          );
          if (entry.statusCode !== 201) problems.push(`bank entry: ${entry.statusCode} ${entry.body.slice(0, 200)}`);
        }
        // Another franchise's store cannot touch it.
        if (rnd.chance(0.2))
          refused(
            "another franchise's ship",
            await call('ship other franchise', () =>
              stores[other].post('/api/sales-orders/ship', {
                pos_so_no: no,
                version: order.version,
                sell_on_credit: true,
              }),
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
                  c.post<Order>('/api/sales-orders/ship', {
                    pos_so_no: no,
                    version: order.version,
                    sell_on_credit: true,
                  }),
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
        // payments: what a credit memo owes back is paid back with a negative receipt.
        order = await get(no);
        if (Number(order.totals.remaining_amount) < 0) {
          const back = await call('pay back', () =>
            c.post('/api/cash-receipts', {
              pos_so_no: no,
              amount: order.totals.remaining_amount,
              payment_type: 'cash',
            }),
          );
          if (back.statusCode !== 201) problems.push(`pay back: ${back.statusCode} ${back.body.slice(0, 200)}`);
          else await call('process all', () => c.post('/api/cash-receipts/process-all', { pos_so_no: no }));
        }
      }
    }

    /**
     * Purchase orders (issue 10): the store creates and releases, head office ships parts (sometimes 3 in parallel,
     * sometimes with an injected fault), the store receives parts (sometimes past the cap: refused; sometimes with a
     * fault), closes some, returns some received goods with credit memos (sometimes too many: refused).
     */
    async function purchaseWorker(w: number) {
      const rnd = random(SEED * 7000 + w);
      const franchise = FRANCHISES[w % FRANCHISES.length];
      const c = buyers[franchise];
      const location = `${franchise}-01`;
      const get = async (no: string) =>
        (await call('po get', () => c.get<PurchaseOrder>(`/api/purchase-orders/${no}`))).data;
      const faulty = async (label: string, posting: string, send: () => Promise<Res<unknown>[]>) => {
        const fault =
          postingSteps.length && rnd.chance(0.15) ? postingSteps[rnd.int(0, postingSteps.length - 1)] : undefined;
        if (fault) arm(`${posting}:${fault}`);
        try {
          const answers = await send();
          const posted = answers.filter((a) => a.statusCode === 200 || a.statusCode === 201);
          if (posted.length > 1) problems.push(`${posted.length} parallel ${label} posted`);
          if (fault && posted.length)
            problems.push(`${label} with a fault after ${fault} answered ${posted[0].statusCode}`);
        } finally {
          if (fault) disarm(`${posting}:${fault}`);
        }
      };

      for (let o = 0; o < PURCHASES; o++) {
        const created = await call('po create', () =>
          c.post<PurchaseOrder>('/api/purchase-orders', {
            location_code: location,
            lines: Array.from({ length: rnd.int(1, 3) }, () => ({
              item_no: ITEMS[rnd.int(0, 3)],
              purchase_qty: String(rnd.int(1, 6)),
            })),
          }),
        );
        if (created.statusCode !== 201) {
          problems.push(`po create: ${created.statusCode} ${created.body.slice(0, 300)}`);
          continue;
        }
        const no = created.data.pos_po_no;
        const released = await call('po release', () =>
          c.post<PurchaseOrder>('/api/purchase-orders/release', { po_no: no, version: created.data.version }),
        );
        if (released.statusCode !== 200) {
          problems.push(`po release: ${released.statusCode} ${released.body.slice(0, 300)}`);
          continue;
        }
        let po = released.data;
        // A store user never ships.
        if (rnd.chance(0.2))
          refused(
            'po ship by a store',
            await call('po ship store', () =>
              c.post('/api/purchase-orders/ship', { pos_po_no: no, version: po.version }),
            ),
          );
        for (let round = 0; round < 3 && ['released', 'partial_received'].includes(po.status); round++) {
          const open = po.lines.filter((l) => Number(l.purchase_qty) > Number(l.qty_shipped));
          if (open.length) {
            const lines = rnd.chance(0.4)
              ? undefined
              : open.map((l) => ({
                  line_no: l.line_no,
                  quantity: String(rnd.int(0, Number(l.purchase_qty) - Number(l.qty_shipped))),
                }));
            const parallel = rnd.chance(0.2) ? 3 : 1;
            await faulty('po ship', 'purchase_ship', () =>
              Promise.all(
                Array.from({ length: parallel }, () =>
                  call('po ship', () =>
                    headOffice.post('/api/purchase-orders/ship', { pos_po_no: no, version: po.version, lines }),
                  ),
                ),
              ),
            );
            po = await get(no);
          }
          const receivable = po.lines.filter((l) => Number(l.qty_shipped) > Number(l.qty_received));
          if (!receivable.length) continue;
          if (rnd.chance(0.2)) {
            const l = receivable[0];
            refused(
              'po receive past the cap',
              await call('po receive too much', () =>
                c.post('/api/purchase-orders/receive', {
                  pos_po_no: no,
                  version: po.version,
                  lines: [
                    { line_no: l.line_no, qty_to_receive: String(Number(l.qty_shipped) - Number(l.qty_received) + 1) },
                  ],
                }),
              ),
            );
          }
          const parallel = rnd.chance(0.2) ? 3 : 1;
          const lines = receivable.map((l) => ({
            line_no: l.line_no,
            qty_to_receive: String(rnd.int(0, Number(l.qty_shipped) - Number(l.qty_received))),
          }));
          await faulty('po receive', 'purchase_receive', () =>
            Promise.all(
              Array.from({ length: parallel }, () =>
                call('po receive', () =>
                  c.post('/api/purchase-orders/receive', { pos_po_no: no, version: po.version, lines }),
                ),
              ),
            ),
          );
          po = await get(no);
        }
        if (po.status === 'partial_received' && rnd.chance(0.3)) {
          const closed = await call('po close', () =>
            c.post<PurchaseOrder>('/api/purchase-orders/close', { po_no: no, version: po.version }),
          );
          if (closed.statusCode === 200) po = closed.data;
        }
        const creditable = po.lines.filter((l) => Number(l.qty_received) > Number(l.qty_credited_memo));
        if (['partial_received', 'invoiced'].includes(po.status) && creditable.length && rnd.chance(0.6)) {
          const l = creditable[rnd.int(0, creditable.length - 1)];
          const max = Number(l.qty_received) - Number(l.qty_credited_memo);
          if (rnd.chance(0.3))
            refused(
              'po credit more than received',
              await call('po credit memo too much', () =>
                c.post('/api/purchase-orders/credit-memo', {
                  pos_po_no: no,
                  version: po.version,
                  lines: [{ line_no: l.line_no, quantity: String(max + 1) }],
                }),
              ),
            );
          await faulty('po credit memo', 'purchase_credit_memo', async () => [
            await call('po credit memo', () =>
              c.post('/api/purchase-orders/credit-memo', {
                pos_po_no: no,
                version: po.version,
                lines: [{ line_no: l.line_no, quantity: String(rnd.int(1, max)) }],
              }),
            ),
          ]);
        }
      }
    }

    type Transfer = { bc_to_no: string; version: number; lines: { line_no: number; quantity: string }[] };

    /**
     * Consignment (issue 10): head office creates transfer orders and ships them in parts (sometimes with a fault
     * armed), the store receives in parallel, one unit per call, some past what was shipped (refused by the cap).
     */
    async function consignmentWorker(w: number) {
      const rnd = random(SEED * 7000 + w);
      const franchise = FRANCHISES[w % FRANCHISES.length];
      const store = consignmentStores[franchise];
      for (let k = 0; k < Math.max(2, Math.ceil(ORDERS / 3)); k++) {
        const created = await call('transfer create', () =>
          headOffice.post<Transfer>('/api/transfer-orders', {
            franchise_code: franchise,
            lines: Array.from({ length: rnd.int(1, 2) }, () => ({
              item_no: ITEMS[rnd.int(0, 3)],
              quantity: String(rnd.int(2, 5)),
            })),
          }),
        );
        if (created.statusCode !== 201) {
          problems.push(`transfer create: ${created.statusCode} ${created.body.slice(0, 200)}`);
          continue;
        }
        const no = created.data.bc_to_no;
        const current = async () =>
          (await call('transfer get', () => store.get<Transfer>(`/api/transfer-orders/${no}`))).data;
        for (let round = 0; round < 3; round++) {
          const to = await current();
          const fault =
            postingSteps.length > 0 && rnd.chance(0.15) ? `transfer_ship:${postingSteps[rnd.int(0, 5)]}` : '';
          if (fault) arm(fault);
          const shipped = await call(fault ? 'transfer ship (fault)' : 'transfer ship', () =>
            headOffice.post('/api/transfer-orders/ship', {
              bc_to_no: no,
              version: to.version,
              ...(round < 2 ? { lines: to.lines.map((l) => ({ line_no: l.line_no, quantity: '1' })) } : {}),
            }),
          );
          if (fault) disarm(fault);
          // A 5xx is judged by `call` (another worker may hold a fault of the same posting armed).
          if (shipped.statusCode < 500 && ![200, 409, 422].includes(shipped.statusCode))
            problems.push(`transfer ship: ${shipped.statusCode} ${shipped.body.slice(0, 200)}`);
          const receives = await Promise.all(
            Array.from({ length: rnd.int(1, 4) }, () =>
              call('transfer receive', () =>
                store.post('/api/consignment-receipts/receive', {
                  bc_to_no: no,
                  lines: [{ line_no: to.lines[rnd.int(0, to.lines.length - 1)].line_no, qty_to_receive: '1' }],
                }),
              ),
            ),
          );
          for (const r of receives)
            if (r.statusCode < 500 && r.statusCode !== 201 && r.statusCode !== 422)
              problems.push(`transfer receive: ${r.statusCode} ${r.body.slice(0, 200)}`);
        }
      }
    }

    /**
     * Issue 10: a stock worker beside the sales workers adds warehouse entries (positive and negative, at both
     * stores), changes and removes some, posts them (with injected posting faults and refused re-posts) and transfers
     * between the two stores of its franchise; stock refusals (422) are expected where a store runs short.
     */
    async function stockWorker(w: number) {
      const rnd = random(SEED * 7000 + w);
      const franchise = FRANCHISES[w % FRANCHISES.length];
      const c = stores[franchise];
      const loc = (i: number) => `${franchise}-0${i}`;
      type Entry = { id: number; version: number };
      for (let o = 0; o < ORDERS; o++) {
        const ids: number[] = [];
        for (let i = rnd.int(1, 3); i > 0; i--) {
          const res = await call('entry add', () =>
            c.post<Entry>('/api/warehouse/entries', {
              location_code: loc(rnd.int(1, 2)),
              item_no: ITEMS[rnd.int(0, ITEMS.length - 1)],
              entry_type: rnd.chance(0.4) ? 'negative_adjmt' : 'positive_adjmt',
              quantity: String(rnd.int(1, 6)),
              reason_code: 'WORKLOAD',
            }),
          );
          if (res.statusCode !== 201) problems.push(`entry add: ${res.statusCode} ${res.body.slice(0, 200)}`);
          else ids.push(res.data.id);
          if (res.statusCode === 201 && rnd.chance(0.3)) {
            const upd = await call('entry update', () =>
              c.put<Entry>('/api/warehouse/entries', {
                id: res.data.id,
                version: res.data.version,
                quantity: String(rnd.int(1, 4)),
              }),
            );
            if (upd.statusCode !== 200) problems.push(`entry update: ${upd.statusCode} ${upd.body.slice(0, 200)}`);
            refused(
              'entry update with a stale version',
              await call('entry update stale', () =>
                c.put('/api/warehouse/entries', { id: res.data.id, version: res.data.version, quantity: '1' }),
              ),
            );
          }
        }
        if (ids.length > 1 && rnd.chance(0.2)) {
          const rm = await call('entry remove', () => c.post('/api/warehouse/entries/remove', { ids: [ids.pop()] }));
          if (rm.statusCode !== 200) problems.push(`entry remove: ${rm.statusCode} ${rm.body.slice(0, 200)}`);
        }
        if (ids.length === 0) continue;
        const step = postingSteps.length && rnd.chance(0.15) ? postingSteps[rnd.int(0, postingSteps.length - 1)] : '';
        if (step) arm(`warehouse_entries:${step}`);
        const posted = await call(step ? 'entries post (fault)' : 'entries post', () =>
          c.post('/api/warehouse/entries/post', { ids }),
        );
        if (step) disarm(`warehouse_entries:${step}`);
        if (posted.statusCode === 200)
          refused(
            'post of posted entries',
            await call('entries post again', () => c.post('/api/warehouse/entries/post', { ids })),
          );
        else if (posted.statusCode === 422)
          await call('entries remove refused', () => c.post('/api/warehouse/entries/remove', { ids }));
        // A 500 is judged by call(): a fault armed by any worker (the hook is one set for the process) explains it.
        else if (posted.statusCode !== 500)
          problems.push(`entries post: ${posted.statusCode} ${posted.body.slice(0, 200)}`);

        const from = rnd.int(1, 2);
        const tStep = postingSteps.length && rnd.chance(0.1) ? postingSteps[rnd.int(0, postingSteps.length - 1)] : '';
        if (tStep) arm(`warehouse_transfer:${tStep}`);
        const moved = await call(tStep ? 'transfer (fault)' : 'transfer', () =>
          c.post('/api/warehouse/transfer', {
            location_from: loc(from),
            location_to: loc(3 - from),
            items: [{ item_no: ITEMS[rnd.int(0, ITEMS.length - 1)], quantity: String(rnd.int(1, 4)) }],
          }),
        );
        if (tStep) disarm(`warehouse_transfer:${tStep}`);
        if (![201, 422, 500].includes(moved.statusCode))
          problems.push(`transfer: ${moved.statusCode} ${moved.body.slice(0, 200)}`);
        if (rnd.chance(0.1))
          refused(
            'transfer to the same store',
            await call('transfer same', () =>
              c.post('/api/warehouse/transfer', {
                location_from: loc(1),
                location_to: loc(1),
                items: [{ item_no: ITEMS[0], quantity: '1' }],
              }),
            ),
          );
      }
    }

    it(
      `${WORKERS} workers × ${ORDERS} orders at once leave books with 0 violations`,
      { timeout: 600_000 },
      async () => {
        if (processes) await recordJobClaims();
        await Promise.all([
          ...Array.from({ length: WORKERS }, (_, w) => worker(w)),
          ...FRANCHISES.map((_, w) => purchaseWorker(w)),
          ...Array.from({ length: 2 }, (_, w) => consignmentWorker(w)),
          ...Array.from({ length: FRANCHISES.length }, (_, w) => stockWorker(w)),
        ]);
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
          (select count(*)::int from item_ledger_entries) as item_entries,
          (select count(*)::int from transfer_shipments) as transfer_shipments,
          (select count(*)::int from consignment_receipts) as consignment_receipts,
          (select count(distinct document_no)::int from warehouse_entries where status = 'posted') as warehouse_posts,
          (select count(*)::int from warehouse_transfers) as transfers,
          (select count(*)::int from purchase_shipments) as purchase_shipments,
          (select count(*)::int from purchase_receipts) as purchase_receipts,
          (select count(*)::int from purchase_orders where type = 'Credit Memo') as purchase_credit_memos,
          (select count(*)::int from bank_account_entries where source = 'cash_receipt') as receipt_bank_entries,
          (select count(*)::int from bank_account_entries where source = 'manual') as manual_bank_entries`)) as unknown as {
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
        expect(counts.transfer_shipments).toBeGreaterThan(0);
        expect(counts.consignment_receipts).toBeGreaterThan(0);
        expect(counts.warehouse_posts).toBeGreaterThan(0);
        expect(counts.transfers).toBeGreaterThan(0);
        expect(counts.purchase_shipments).toBeGreaterThan(0);
        expect(counts.purchase_receipts).toBeGreaterThan(0);
        expect(counts.purchase_credit_memos).toBeGreaterThan(0);
        expect(counts.receipt_bank_entries).toBeGreaterThan(0);
        expect(counts.manual_bank_entries).toBeGreaterThan(0);
        if (postingSteps.length && WORKERS * ORDERS >= 40)
          expect(tally.get('ship (fault) 500') ?? 0).toBeGreaterThan(0);
        if (processes) await jobsRanOnce();
      },
    );

    /**
     * The server processes run the jobs the postings enqueued (ERP outbox); this file's app runs none. Waits until
     * none is left to run, then every job is done after one attempt: each was claimed by exactly one process.
     */
    /**
     * Every claim of a job is written down with the claiming process: any update that leaves a job `running` (only a
     * claim does), so a second claim of a running job counts even when it writes the same attempt number.
     */
    async function recordJobClaims() {
      const db = ctx.t.services.db;
      await db.execute(sql`create table test_job_claims (job_id bigint not null, process text not null)`);
      await db.execute(
        sql.raw(`create function test_job_claim() returns trigger language plpgsql as $$
        begin
          if new.state = 'running' then
            insert into test_job_claims values (new.id, current_setting('application_name'));
          end if;
          return new;
        end $$`),
      );
      await db.execute(
        sql`create trigger test_job_claim after update on jobs for each row execute function test_job_claim()`,
      );
    }

    async function jobsRanOnce() {
      const db = ctx.t.services.db;
      const open = async () =>
        (
          (await db.execute(
            sql`select count(*)::int as n from jobs where state in ('pending', 'running', 'failed')`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0].n;
      // Polled, not timed: the processes poll every 200 ms (JOB_POLL_MS); a few hundred rounds is ample.
      for (let round = 0; round < 600 && (await open()) > 0; round++) await new Promise((r) => setTimeout(r, 100));
      const { rows } = (await db.execute(
        sql`select queue, state, attempts, count(*)::int as n from jobs group by queue, state, attempts order by 1, 2, 3`,
      )) as unknown as { rows: { queue: string; state: string; attempts: number; n: number }[] };
      console.log(`jobs after the two-process workload: ${JSON.stringify(rows)}`);
      expect(rows.reduce((n, r) => n + r.n, 0)).toBeGreaterThan(0);
      expect(rows.filter((r) => r.state !== 'done' || r.attempts !== 1)).toEqual([]);
      // Each job was claimed once, by one process, and both processes ran jobs.
      const claims = (
        (await db.execute(sql`select
          (select count(*)::int from jobs) as jobs,
          (select count(distinct job_id)::int from test_job_claims) as claimed,
          (select count(*)::int from (select job_id from test_job_claims group by job_id having count(*) > 1) d)
            as claimed_twice,
          (select json_object_agg(process, n) from (select process, count(*)::int as n from test_job_claims
            group by process) p) as by_process`)) as unknown as {
          rows: { jobs: number; claimed: number; claimed_twice: number; by_process: Record<string, number> }[];
        }
      ).rows[0];
      console.log(`job claims: ${JSON.stringify(claims)}`);
      expect(claims.claimed).toBe(claims.jobs);
      expect(claims.claimed_twice).toBe(0);
      expect(Object.keys(claims.by_process).sort()).toEqual(['fp-process-0', 'fp-process-1']);
    }

    it.runIf(processes)('a change made through one process is seen by the other', async () => {
      const [one, two] = ctx.t.processes!.urls;
      const admin = await ctx.t.admin();
      const store = stores[FRANCHISES[0]];
      const send = (base: string, token: string | null, method: string, path: string, body?: unknown) =>
        fetch(base + path, {
          method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
      const read = () => send(two, store.token, 'POST', '/api/sales-orders/filter', {});
      expect((await read()).status).toBe(200);
      // Maintenance switched on in process one: process two refuses the store user (it re-reads its cached flag
      // within MAINTENANCE_CACHE_MS), and lets it in again once process one lifts it.
      const on = await send(one, admin.token, 'PUT', '/api/config', {
        maintenance_mode: true,
        maintenance_noti: 'Bảo trì',
      });
      expect(on.status).toBe(200);
      const until = async (status: number) => {
        let last = 0;
        for (let round = 0; round < 100 && last !== status; round++) {
          last = (await read()).status;
          if (last !== status) await new Promise((r) => setTimeout(r, 100));
        }
        return last;
      };
      expect(await until(503)).toBe(503);
      const body = (await (await read()).json()) as { errors: { code: string; msg: string }[] };
      expect(body.errors[0]).toMatchObject({ code: 'maintenance', msg: 'Bảo trì' });
      expect((await send(one, admin.token, 'PUT', '/api/config', { maintenance_mode: false })).status).toBe(200);
      expect(await until(200)).toBe(200);
      // A session made in one process is known to the other, and a logout in one ends it in both.
      const other = await ctx.t.as('admin');
      expect((await send(two, other.token, 'POST', '/api/auth/me', {})).status).toBe(200);
      expect((await send(one, other.token, 'POST', '/api/auth/logout', {})).status).toBe(200);
      expect((await send(two, other.token, 'POST', '/api/auth/me', {})).status).toBe(401);
    });

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
          c.post('/api/sales-orders/ship', {
            pos_so_no: released.data.pos_so_no,
            version: released.data.version,
            sell_on_credit: true,
          }),
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
