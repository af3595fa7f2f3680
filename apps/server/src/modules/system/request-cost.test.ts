import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, useTestApp, type Client } from '../../../test/helpers.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { apiLogs } from './schema.js';
import { buttonKey, GUARDED } from '@fp/contract';
import { pagePermissions, pagePermissionUsers } from '../access/schema.js';
import { benchStore } from '../../../bench/sales-harness.js';
import { sessions, users } from '../auth/schema.js';
import { makeConsignmentStore, makeHeadOffice } from '../consignment/test-support.js';
import { locations } from '../franchises/schema.js';
import { storeUser } from '../payments/test-support.js';
import { directPurchase } from '../purchasing/posting/direct.js';
import { purchasePages } from '../purchasing/test-support/builders.js';
import { addStock, makeItem, makeOrder, makeStore } from '../sales/posting/test-support.js';

// Every statement the app runs, in order; a count is not a timing, so it belongs in a test.
const statements: string[] = [];
const ctx = useTestApp(
  { MAINTENANCE_CACHE_MS: '600000', SESSION_CACHE_MS: '600000' },
  { onQuery: (q) => statements.push(q) },
);

let store: Client;
let reasonId: number;

beforeAll(async () => {
  store = (
    await ctx.t.makeUser({ customer_no: 'HN001', pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] })
  ).client;
  const [r] = await ctx.t.services.db
    .insert(cancelReasons)
    .values({ reason_code: 'COST', description: 'Đếm', page: '/salesOrders' })
    .returning();
  reasonId = r.id;
});

/**
 * The statements one call runs. The api log is buffered and written by a timer (one insert per batch of calls), so
 * its insert is not the call's even when the timer fires during it.
 */
async function statementsOf(call: () => Promise<unknown>) {
  await ctx.t.services.apiLog.flush();
  statements.length = 0;
  await call();
  return statements.filter((s) => !/insert into "api_logs"/.test(s));
}

describe('the cost of a request', () => {
  it('a GET as a store user runs 1 statement, the read, once its session is known (its first: 2)', async () => {
    const fresh = (
      await ctx.t.makeUser({ customer_no: 'HN001', pages: [{ page_url: '/cancelReasons', permission_type: 'view' }] })
    ).client;
    await store.get(`/api/cancel-reasons/${reasonId}`); // the maintenance flag is read once, then cached
    const first = await statementsOf(async () =>
      expect((await fresh.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200),
    );
    expect(first).toHaveLength(2);
    expect(first[0]).toMatch(/from "sessions"/);
    expect(first[1]).toMatch(/from "cancel_reasons"/);
    const run = await statementsOf(async () =>
      expect((await fresh.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200),
    );
    expect(run).toHaveLength(1);
    expect(run[0]).toMatch(/from "cancel_reasons"/);
  });

  it('never reads password_hash to authenticate a call', async () => {
    const run = await statementsOf(() => store.get(`/api/cancel-reasons/${reasonId}`));
    expect(run.join('\n')).not.toMatch(/password_hash/);
    const me = await statementsOf(() => store.post('/api/auth/me'));
    expect(me.join('\n')).not.toMatch(/password_hash/);
  });

  it('writes the api log in batches: 10 calls, one insert', async () => {
    await ctx.t.services.apiLog.flush();
    for (let i = 0; i < 10; i++) await store.get(`/api/cancel-reasons/${reasonId}`);
    statements.length = 0;
    await ctx.t.services.apiLog.flush();
    expect(statements.filter((s) => /insert into "api_logs"/.test(s))).toHaveLength(1);
  });

  it('a maintenance change through the API acts at once despite the cache', async () => {
    const admin = await ctx.t.admin();
    expect((await store.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200);
    expect((await admin.put('/api/config', { maintenance_mode: true, maintenance_noti: 'Bảo trì' })).statusCode).toBe(
      200,
    );
    const blocked = await store.get(`/api/cancel-reasons/${reasonId}`);
    expect(blocked.statusCode).toBe(503);
    expect(blocked.envelope.errors[0].msg).toBe('Bảo trì');
    expect((await admin.put('/api/config', { maintenance_mode: false })).statusCode).toBe(200);
    expect((await store.get(`/api/cancel-reasons/${reasonId}`)).statusCode).toBe(200);
  });
});

// The statement budget of each posting (issue 22): what a call may run, begin and commit included, the seller's session
// answered from memory (it was used by the call before; SESSION_CACHE_MS above keeps it known however slow the run). A
// budget that grows fails here; one that shrinks is lowered here. None of them grows with the lines (checked with 1
// and 5).
const BUDGET = { create: 6, release: 4, ship: 7 } as const;

describe('the statement budget of a sale: create + release + ship now', () => {
  type Doc = { pos_so_no: string; version: number };
  let seller: Client;
  let customerNo: string;
  beforeAll(async () => {
    ({ customerNo } = await benchStore(ctx.t.services.db, 'RC001', 'Budget store', 5, '2026-03-10'));
    const u = await ctx.t.makeUser({
      customer_no: 'RC001',
      pages: ['/salesOrders', '/salesOrders/detail'].map((page_url) => ({
        page_url,
        permission_type: 'edit' as const,
      })),
    });
    await ctx.t.services.db
      .update(pagePermissions)
      .set({ permissions: [buttonKey('/salesOrders/detail', GUARDED.sellOnCredit)] })
      .where(eq(pagePermissions.name, `perm-${u.username}`));
    seller = u.client;
  });

  /** The statements of each call of one sale of `lines` lines. */
  async function sale(lines: number) {
    let order: Doc = { pos_so_no: '', version: 0 };
    const create = await statementsOf(async () => {
      const res = await seller.post<Doc>('/api/sales-orders', {
        document_type: 'order',
        location_code: 'RC001-01',
        sell_to_code: customerNo,
        lines: Array.from({ length: lines }, (_, i) => ({ item_no: `SP00${i + 1}`, quantity: String(i + 1) })),
      });
      expect(res.statusCode, res.body).toBe(201);
      order = res.data;
    });
    const release = await statementsOf(async () => {
      const res = await seller.put<Doc>('/api/sales-orders/status', { ...order, status: 'released' });
      expect(res.statusCode, res.body).toBe(200);
      order = res.data;
    });
    const ship = await statementsOf(async () => {
      const res = await seller.post<Doc & { status: string; invoices: unknown[] }>('/api/sales-orders/ship', {
        ...order,
        sell_on_credit: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.data.status).toBe('invoiced');
      expect(res.data.invoices).toHaveLength(1);
    });
    return { create, release, ship };
  }

  it(`a 5-line order: create ≤ ${BUDGET.create}, release ≤ ${BUDGET.release}, ship now ≤ ${BUDGET.ship}, ≤ 30 in all`, async () => {
    await sale(1); // the franchise's SO, SS and SI series are created by their first use
    const run = await sale(5);
    expect(run.create.length, run.create.join('\n')).toBeLessThanOrEqual(BUDGET.create);
    expect(run.release.length, run.release.join('\n')).toBeLessThanOrEqual(BUDGET.release);
    expect(run.ship.length, run.ship.join('\n')).toBeLessThanOrEqual(BUDGET.ship);
    expect(run.create.length + run.release.length + run.ship.length).toBeLessThanOrEqual(30);
  });

  it('no call runs a statement per line: a 1-line and a 5-line sale cost the same', async () => {
    const one = await sale(1);
    const five = await sale(5);
    expect(five.create.length).toBe(one.create.length);
    expect(five.release.length).toBe(one.release.length);
    expect(five.ship.length).toBe(one.ship.length);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL plans each statement of a sale once per connection: its generic plan, not a plan per call',
    async () => {
      for (let i = 0; i < 8; i++) await sale(5);
      // The pool hands out the connection released last, so this read is on the one the sales ran on.
      const rows = (await ctx.t.services.db.execute(
        sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
          where name like 'fp\_%'`,
      )) as unknown as { rows?: { name: string; generic: number; custom: number }[] };
      const used = (rows.rows ?? (rows as unknown as { name: string; generic: number; custom: number }[])).filter(
        (r) => r.generic + r.custom >= 8,
      );
      // The item facts with the prices took a key list as an array (`= any($1)`), which had PostgreSQL plan it again
      // on every call (custom plans); a json set (listParam) keeps the generic plan.
      expect(used.map((r) => r.name)).toEqual(
        expect.arrayContaining(['fp_item_facts_prices', 'fp_sales_order_ship_lock', 'fp_take_numbers']),
      );
      // PostgreSQL tries 5 custom plans before it settles on the generic one.
      expect(used.filter((r) => r.custom > 5).map((r) => `${r.name}: ${r.custom} custom plans`)).toEqual([]);
    },
  );

  it('ship now writes every posted row in one statement, after the order is locked', async () => {
    const { ship } = await sale(5);
    const writes = ship.filter((s) => /^\s*(with .*)?insert into/is.test(s));
    expect(writes, writes.join('\n')).toHaveLength(1);
    for (const table of ['sales_shipments', 'sales_invoices', 'item_ledger_entries', 'customer_ledger_entries', 'jobs'])
      expect(writes[0]).toContain(table);
    // The stock locks are taken by the statement that locks the order, after its row lock (no statement of their own).
    const locks = ship.filter((s) => /pg_advisory_xact_lock/.test(s));
    expect(locks, locks.join('\n')).toHaveLength(1);
    expect(locks[0]).toMatch(/for update/);
  });
});

/**
 * The statement budget of every other posting, each through HTTP with a document of 1 and of 5 lines: both calls run
 * the same number of statements (nothing runs per line) and at most the budget, begin and commit included. A change
 * that needs more fails here; one that needs fewer lowers its budget here.
 */
const POSTING_BUDGET = {
  counterSale: 24,
  purchaseReceive: 15,
  cashReceiptProcess: 10,
  cashReceiptProcessAll: 10,
  warehouseEntryPost: 6,
  warehouseTransfer: 14,
  consignmentIssueRelease: 12,
  transferOrderShip: 12,
  consignmentReceive: 15,
  creditMemo: 29,
  shiftClose: 9,
} as const;

/** The items of the posting budgets: RCI1…RCI5 at 10,000 (VAT included). */
const budgetItems = (lines: number) => Array.from({ length: lines }, (_, i) => `RCI${i + 1}`);

/** A franchise `code` with a store (`<code>-01`), a customer and 1,000 of each budget item on hand there. */
async function budgetStore(code: string) {
  const store = await makeStore(ctx.t, code);
  for (const item_no of budgetItems(5)) {
    await makeItem(ctx.t, { item_no, unit_price: '10000' });
    await addStock(ctx.t, { ...store, item_no, quantity: '1000' });
  }
  return store;
}

/**
 * PGlite's driver begins and commits a transaction outside drizzle's logger, so there a posting (one transaction) shows
 * two statements fewer than on PostgreSQL; they are added back so that one budget holds exactly on both.
 */
const untracedTransaction = process.env.TEST_DATABASE_URL ? 0 : 2;

/**
 * The statements of `post(1)` and `post(5)` (after a first `post(1)` that creates the number series and makes the
 * caller's session known): equal in number, and within `budget`.
 */
async function expectBudget(name: string, budget: number, post: (lines: number) => Promise<string[]>) {
  await post(1);
  const one = await post(1);
  const five = await post(5);
  expect(five.length + untracedTransaction, `${name}, 5 lines:\n${five.join('\n')}`).toBeLessThanOrEqual(budget);
  expect(five.length, `${name}: 1 line\n${one.join('\n')}\n\n5 lines:\n${five.join('\n')}`).toBe(one.length);
}

/** A store `code` with a cashier of the counter: `sale(lines)` sells `lines` budget items for cash, its statements. */
async function counterTill(code: string) {
  const store = await budgetStore(code);
  const cashier = (
    await ctx.t.makeUser({
      role: 'Store Staff',
      customer_no: code,
      pages: [{ page_url: '/counter', permission_type: 'edit' }],
    })
  ).client;
  return (lines: number) =>
    statementsOf(async () => {
      const res = await cashier.post('/api/counter-sales', {
        client_id: randomUUID(),
        location_code: store.location_code,
        sell_to_code: store.customer_no,
        lines: budgetItems(lines).map((item_no) => ({ item_no, quantity: '1' })),
        payments: [{ payment_type: 'cash', amount: String(10000 * lines) }],
      });
      expect(res.statusCode, res.body).toBe(201);
    });
}

describe('the statement budget of every other posting, the same for 1 and 5 lines', () => {
  it(`a counter sale (lines and a cash payment in one call) ≤ ${POSTING_BUDGET.counterSale}`, async () => {
    await expectBudget('counterSale', POSTING_BUDGET.counterSale, await counterTill('RCC'));
  });

  it('a counter sale writes its posted rows in 5 insert statements, the shipment, invoice, ledgers and jobs in one', async () => {
    const sale = await counterTill('RCK');
    await sale(1); // the franchise's number series are created by their first use
    const run = await sale(5);
    // The claim of the client_id is the exactly-once layer's, not a posted row.
    const writes = run.filter((s) => /^\s*(with .*)?insert into/is.test(s) && !/insert into "counter_sales"/.test(s));
    // The order with its lines (db/prepared.ts insertWithLines), the cash receipt, the receipt's customer ledger
    // entry, the release (its status and its ERP job in one statement), and the posting's one statement
    // (kernel/batch.ts).
    expect(writes, writes.join('\n')).toHaveLength(5);
    expect(writes[0]).toMatch(/^with "h" as \(insert into "sales_orders" .*"l" as \(insert into "sales_order_lines"/s);
    expect(writes[1]).toMatch(/^insert into "cash_receipts"/);
    expect(writes[2]).toMatch(/^insert into "customer_ledger_entries"/);
    expect(writes[3]).toMatch(/^with "w1" as \(update "sales_orders" .*"erp_ins" as \(insert into jobs/s);
    for (const table of ['sales_shipments', 'sales_invoices', 'item_ledger_entries', 'customer_ledger_entries', 'jobs'])
      expect(writes[4]).toContain(table);
    // The invoice's print job is in the posting's statement: no insert follows it.
    expect(run.slice(run.indexOf(writes[4]) + 1).join('\n')).not.toMatch(/insert into/);
  });

  it(`a purchase receipt of a shipped order ≤ ${POSTING_BUDGET.purchaseReceive}`, async () => {
    const store = await makeStore(ctx.t, 'RCP');
    const buyer = (await ctx.t.makeUser({ role: 'Store Manager', customer_no: 'RCP', pages: purchasePages('edit') }))
      .client;
    await expectBudget('purchaseReceive', POSTING_BUDGET.purchaseReceive, async (lines) => {
      const po = await ctx.t.services.db.transaction((tx) =>
        directPurchase(
          tx,
          store,
          budgetItems(lines).map((item_no) => ({ item_no, purchase_qty: '2', unit_price: '10000' })),
          [{ ship: 'all' }],
        ),
      );
      return statementsOf(async () => {
        const res = await buyer.post('/api/purchase-orders/receive', {
          pos_po_no: po.pos_po_no,
          version: po.version,
          lines: budgetItems(lines).map((_, i) => ({ line_no: (i + 1) * 10000, qty_to_receive: '2' })),
        });
        expect(res.statusCode, res.body).toBe(200);
      });
    });
  });

  it(`processing a cash receipt of an order ≤ ${POSTING_BUDGET.cashReceiptProcess}; all of an order's receipts ≤ ${POSTING_BUDGET.cashReceiptProcessAll}`, async () => {
    const store = await budgetStore('RCR');
    const cashier = await storeUser(ctx.t, 'RCR', 'edit');
    const order = (lines: number) =>
      makeOrder(
        ctx.t,
        store,
        budgetItems(lines).map((item_no) => ({ item_no, quantity: '1', unit_price: '10000' })),
      );
    const add = async (pos_so_no: string, amount: string, payment_type: 'cash' | 'transfer') => {
      const res = await cashier.op('cashReceipts.add', { body: { pos_so_no, amount, payment_type } });
      expect(res.statusCode, res.body).toBe(201);
      return res.data.receipt_id;
    };
    // One receipt of the whole order: the order's lines are read by its remaining amount.
    await expectBudget('cashReceiptProcess', POSTING_BUDGET.cashReceiptProcess, async (lines) => {
      const o = await order(lines);
      const receipt_id = await add(o.pos_so_no, o.grand_total, 'cash');
      return statementsOf(async () => {
        const res = await cashier.op('cashReceipts.process', { body: { receipt_id, to_post: true } });
        expect(res.statusCode, res.body).toBe(200);
      });
    });
    // Process all: here the receipts are the lines (transfers: each has its bank entry and BA number).
    await expectBudget('cashReceiptProcessAll', POSTING_BUDGET.cashReceiptProcessAll, async (receipts) => {
      const o = await order(5);
      for (let i = 0; i < receipts; i++) await add(o.pos_so_no, '10000', 'transfer');
      return statementsOf(async () => {
        const res = await cashier.op('cashReceipts.processAll', { body: { pos_so_no: o.pos_so_no, to_post: true } });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.data.processed).toHaveLength(receipts);
      });
    });
  });

  it(`posting warehouse entries ≤ ${POSTING_BUDGET.warehouseEntryPost}; a warehouse transfer ≤ ${POSTING_BUDGET.warehouseTransfer}`, async () => {
    const store = await budgetStore('RCW');
    await ctx.t.services.db.insert(locations).values({ location_code: 'RCW-02', customer_no: 'RCW', name: 'RCW 2' });
    const keeper = (
      await ctx.t.makeUser({
        role: 'Store Manager',
        customer_no: 'RCW',
        pages: [{ page_url: '/warehouseEntries', permission_type: 'edit' }],
      })
    ).client;
    // The entries are the lines of this posting.
    await expectBudget('warehouseEntryPost', POSTING_BUDGET.warehouseEntryPost, async (lines) => {
      const ids: number[] = [];
      for (const item_no of budgetItems(lines)) {
        const res = await keeper.op('warehouseEntries.create', {
          body: {
            entry_type: 'positive_adjmt',
            quantity: '1',
            reason_code: 'COUNT',
            location_code: store.location_code,
            item_no,
          },
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.data.id);
      }
      return statementsOf(async () => {
        const res = await keeper.op('warehouseEntries.post', { body: { ids } });
        expect(res.statusCode, res.body).toBe(200);
      });
    });
    await expectBudget('warehouseTransfer', POSTING_BUDGET.warehouseTransfer, (lines) =>
      statementsOf(async () => {
        const res = await keeper.op('warehouse.transfer', {
          body: {
            location_from: store.location_code,
            location_to: 'RCW-02',
            items: budgetItems(lines).map((item_no) => ({ item_no, quantity: '1' })),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      }),
    );
  });

  it(`a consignment issue: release ≤ ${POSTING_BUDGET.consignmentIssueRelease}, its transfer order's ship ≤ ${POSTING_BUDGET.transferOrderShip} and receipt ≤ ${POSTING_BUDGET.consignmentReceive}`, async () => {
    const store = await makeConsignmentStore(ctx.t, 'RCN');
    const ho = await makeHeadOffice(ctx.t);
    for (const item_no of budgetItems(5)) await makeItem(ctx.t, { item_no, unit_price: '10000' });
    const released: Record<number, { bc_to_no: string; version: number }[]> = { 1: [], 5: [] };
    const shipped: Record<number, string[]> = { 1: [], 5: [] };
    await expectBudget('consignmentIssueRelease', POSTING_BUDGET.consignmentIssueRelease, async (lines) => {
      const ci = await store.user.op('consignmentIssues.create', {
        body: { lines: budgetItems(lines).map((item_no) => ({ item_no, ci_qty: '1' })) } as never,
      });
      expect(ci.statusCode, ci.body).toBe(201);
      return statementsOf(async () => {
        const res = await store.user.op('consignmentIssues.release', {
          body: { ci_no: ci.data.ci_no, version: ci.data.version },
        });
        expect(res.statusCode, res.body).toBe(200);
        released[lines].push({ bc_to_no: res.data.bc_to_no, version: 1 });
      });
    });
    await expectBudget('transferOrderShip', POSTING_BUDGET.transferOrderShip, async (lines) => {
      const to = released[lines].shift()!;
      return statementsOf(async () => {
        const res = await ho.op('transferOrders.ship', { body: to });
        expect(res.statusCode, res.body).toBe(200);
        shipped[lines].push(to.bc_to_no);
      });
    });
    await expectBudget('consignmentReceive', POSTING_BUDGET.consignmentReceive, async (lines) => {
      const bc_to_no = shipped[lines].shift()!;
      return statementsOf(async () => {
        const res = await store.user.op('consignmentReceipts.receive', {
          body: {
            bc_to_no,
            lines: budgetItems(lines).map((_, i) => ({ line_no: (i + 1) * 10000, qty_to_receive: '1' })),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      });
    });
  });

  it(`a sales credit memo of every line of an invoiced order ≤ ${POSTING_BUDGET.creditMemo}`, async () => {
    const store = await budgetStore('RCM');
    const seller = await storeUser(ctx.t, 'RCM', 'edit', [buttonKey('/salesOrders/detail', GUARDED.sellOnCredit)]);
    await expectBudget('creditMemo', POSTING_BUDGET.creditMemo, async (lines) => {
      const order = await makeOrder(
        ctx.t,
        store,
        budgetItems(lines).map((item_no) => ({ item_no, quantity: '2', unit_price: '10000' })),
      );
      const shipped = await seller.op('salesOrders.ship', { body: { ...order, sell_on_credit: true } });
      expect(shipped.data.status, shipped.body).toBe('invoiced');
      return statementsOf(async () => {
        const res = await seller.op('salesOrders.creditMemo', {
          body: {
            pos_so_no: order.pos_so_no,
            version: shipped.data.version,
            lines: budgetItems(lines).map((_, i) => ({ line_no: (i + 1) * 10000, quantity: '1' })),
          },
        });
        expect(res.statusCode, res.body).toBe(201);
      });
    });
  });

  it(`closing a shift ≤ ${POSTING_BUDGET.shiftClose}`, async () => {
    const store = await budgetStore('RCS');
    const cashier = (
      await ctx.t.makeUser({
        role: 'Store Staff',
        customer_no: 'RCS',
        pages: ['/shifts', '/payment', '/salesOrders', '/salesOrders/detail'].map((page_url) => ({
          page_url,
          permission_type: 'edit' as const,
        })),
      })
    ).client;
    // The shift's receipts are its lines.
    await expectBudget('shiftClose', POSTING_BUDGET.shiftClose, async (receipts) => {
      const open = await cashier.op('shifts.open', {
        body: { location_code: store.location_code, opening_float: '0' },
      });
      expect(open.statusCode, open.body).toBe(201);
      const order = await makeOrder(ctx.t, store, [{ item_no: 'RCI1', quantity: '5', unit_price: '10000' }]);
      for (let i = 0; i < receipts; i++) {
        const add = await cashier.op('cashReceipts.add', {
          body: { pos_so_no: order.pos_so_no, amount: '10000', payment_type: i % 2 ? 'card' : 'cash' },
        });
        expect(add.statusCode, add.body).toBe(201);
        const done = await cashier.op('cashReceipts.process', { body: { receipt_id: add.data.receipt_id } });
        expect(done.statusCode, done.body).toBe(200);
      }
      return statementsOf(async () => {
        const res = await cashier.op('shifts.close', {
          body: {
            shift_id: open.data.id,
            version: open.data.version,
            counted: [
              { payment_method: 'cash', amount: '0' },
              { payment_method: 'card', amount: '0' },
              { payment_method: 'transfer', amount: '0' },
            ],
          },
        });
        expect(res.statusCode, res.body).toBe(200);
      });
    });
  });
});

describe('a known session is answered from memory, and every change to it acts on the next call', () => {
  const reason = () => `/api/cancel-reasons/${reasonId}`;
  /** A store user whose session has been used once (so the process knows it) and whose next call runs no session query. */
  async function knownStoreUser() {
    const u = await ctx.t.makeUser({
      customer_no: 'HN001',
      pages: [{ page_url: '/cancelReasons', permission_type: 'view' }],
    });
    expect((await u.client.get(reason())).statusCode).toBe(200);
    const run = await statementsOf(() => u.client.get(reason()));
    expect(run.filter((s) => /from "sessions"/.test(s))).toEqual([]);
    return u;
  }

  it('logout: the next call with the token is 401', async () => {
    const u = await knownStoreUser();
    expect((await u.client.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(401);
  });

  it('a permission taken away: the next call is 403; given back: 200', async () => {
    const u = await knownStoreUser();
    const admin = await ctx.t.admin();
    const [perm] = await ctx.t.services.db
      .select({ id: pagePermissionUsers.page_permission_id })
      .from(pagePermissionUsers)
      .where(eq(pagePermissionUsers.admin_user_id, u.id));
    const got = await admin.get<{ version: number }>(`/api/page-permissions/${perm.id}`);
    const off = await admin.put<{ version: number }>(`/api/page-permissions/${perm.id}`, {
      pages: [{ page_url: '/users' }],
      version: got.data.version,
    });
    expect(off.statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(403);
    const on = await admin.put(`/api/page-permissions/${perm.id}`, {
      pages: [{ page_url: '/cancelReasons' }],
      version: off.data.version,
    });
    expect(on.statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(200);
  });

  it('deactivation through the API: the next call is 401', async () => {
    const u = await knownStoreUser();
    const admin = await ctx.t.admin();
    const off = await admin.post('/api/admin/users/is-active', { is_active: false, ids: [u.id] });
    expect(off.statusCode).toBe(200);
    expect((await u.client.get(reason())).statusCode).toBe(401);
  });

  it('a change written in SQL by any module of this process acts on the next call (the store moved)', async () => {
    const u = await knownStoreUser();
    const me = async () => (await u.client.post<{ franchise_code: string | null }>('/api/auth/me')).data.franchise_code;
    expect(await me()).toBe('HN001');
    await ctx.t.services.db.update(users).set({ customer_no: 'HCM001' }).where(eq(users.user_id, u.id));
    expect(await me()).toBe('HCM001');
    await ctx.t.services.db.delete(sessions).where(eq(sessions.user_id, u.id));
    expect((await u.client.get(reason())).statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'a session ended by another process (another connection) is refused once its notice arrives',
    async () => {
      const u = await knownStoreUser();
      const { default: pg } = await import('pg');
      const other = new pg.Client({ connectionString: ctx.t.url });
      await other.connect();
      try {
        await other.query('delete from sessions where user_id = $1', [u.id]);
      } finally {
        await other.end();
      }
      // Delivered asynchronously to this process's connections: polled, not timed.
      let status = 0;
      for (let round = 0; round < 100 && status !== 401; round++) {
        status = (await u.client.get(reason())).statusCode;
        if (status !== 401) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    },
  );

  it('a lost pool connection empties the cache: the next call reads the session again', async () => {
    const u = await knownStoreUser();
    ctx.t.database.changes.notify('*');
    const run = await statementsOf(() => u.client.get(reason()));
    expect(run[0]).toMatch(/from "sessions"/);
  });

  it('SESSION_CACHE_MS=0 reads the session on every call', async () => {
    const seen: string[] = [];
    const t = await createTestApp({ SESSION_CACHE_MS: '0' }, { onQuery: (q) => seen.push(q) });
    try {
      const u = await t.makeUser({});
      expect((await u.client.post('/api/auth/me')).statusCode).toBe(200);
      seen.length = 0;
      expect((await u.client.post('/api/auth/me')).statusCode).toBe(200);
      expect(seen.filter((q) => /from "sessions"/.test(q))).toHaveLength(1);
    } finally {
      await t.close();
    }
  }, 180_000); // a second app: its start takes long on a loaded machine (never a timing check)
});

describe('api log on shutdown', () => {
  it('rows buffered at app.close() are in the database afterwards', async () => {
    const t = await createTestApp();
    try {
      for (let i = 0; i < 7; i++) await t.anon.get('/api/config/maintenance-mode');
      await t.services.jobs.stop();
      await t.app.close();
      const rows = await t.database.db
        .select()
        .from(apiLogs)
        .where(eq(apiLogs.operation, 'GET /api/config/maintenance-mode'));
      expect(rows).toHaveLength(7);
    } finally {
      await t.close();
    }
  });
});

describe('edge headers and cookies', () => {
  it('every /api answer carries Cache-Control: no-store and X-Content-Type-Options: nosniff', async () => {
    const answers = [
      await store.get(`/api/cancel-reasons/${reasonId}`),
      await ctx.t.anon.get('/api/config'),
      await ctx.t.anon.post('/api/auth/me'),
      await ctx.t.anon.get('/api/nothing/here'),
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'Admin1234' },
      }),
      await ctx.t.app.inject({
        method: 'POST',
        url: '/api/cancel-reasons/filter',
        headers: { 'content-type': 'application/json' },
        payload: '{bad',
      }),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('logout and password change clear the session cookie with the login cookie’s attributes', async () => {
    const u = await ctx.t.makeUser({});
    const login = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: 'Passw0rd1' },
    });
    const set = login.cookies.find((c) => c.name === 'fp_token')!;
    const attrs = (c: { path?: string; httpOnly?: boolean; sameSite?: string; secure?: boolean }) => ({
      path: c.path,
      httpOnly: c.httpOnly,
      sameSite: c.sameSite,
      secure: c.secure,
    });
    const logout = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${login.json<string>()}` },
    });
    const cleared = logout.cookies.find((c) => c.name === 'fp_token')!;
    expect(cleared.value).toBe('');
    expect(attrs(cleared)).toEqual(attrs(set));
    expect(attrs(set)).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
    const again = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: u.username, password: 'Passw0rd1' },
    });
    const change = await ctx.t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { authorization: `Bearer ${again.json<string>()}` },
      payload: { old_password: 'Passw0rd1', new_password: 'NewPass123' },
    });
    expect(change.statusCode).toBe(200);
    expect(attrs(change.cookies.find((c) => c.name === 'fp_token')!)).toEqual(attrs(set));
  });

  it('COOKIE_SECURE=true makes the session and device cookies Secure, set and cleared alike', async () => {
    const t = await createTestApp({ COOKIE_SECURE: 'true' });
    try {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'admin', password: 'Admin1234' },
      });
      expect(login.cookies.find((c) => c.name === 'fp_token')?.secure).toBe(true);
      expect(login.cookies.find((c) => c.name === 'fp_device')?.secure).toBe(true);
      const logout = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { authorization: `Bearer ${login.json<string>()}` },
      });
      expect(logout.cookies.find((c) => c.name === 'fp_token')).toMatchObject({
        value: '',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      });
    } finally {
      await t.close();
    }
  });
});
