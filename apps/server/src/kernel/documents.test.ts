import { beforeAll, describe, expect, it } from 'vitest';
import {
  cashReceiptMachine,
  documents,
  NOT_EDITABLE,
  shiftMachine,
  transferOrderMachine,
  warehouseEntryMachine,
  type Machine,
} from '@fp/contract';
import { useTestApp, type Client } from '../../test/helpers.js';
import { addStock, makeItem, makeOrder as makeStoreOrder, makeStore } from '../modules/sales/posting/test-support.js';
import { makeOrder, salesWorld, type Order } from '../modules/sales/test-support/builders.js';
import { makePurchaseOrder, purchaseWorld } from '../modules/purchasing/test-support/builders.js';
import { makeConsignmentStore, makeHeadOffice, type ConsignmentStore } from '../modules/consignment/test-support.js';

// The one path of every document (contract documents.ts, kernel/status.ts) through HTTP: a change or an action on a
// document whose status does not allow it is 422 with the one code (status_not_allowed) and the document's own
// message, for every declared kind; and the machines of receipts, shifts, warehouse entries and transfer orders
// table-driven like the sales and purchase ones (sales/machines.test.ts): from every status the calls reach, each
// action succeeds exactly when its row lists the status among `from`.

const ctx = useTestApp();
let store: Awaited<ReturnType<typeof makeStore>>;
let item: string;
/** A store user of DOC with the warehouse, shift and payment pages. */
let clerk: Client;
let sales: Awaited<ReturnType<typeof salesWorld>>;
let purchase: Awaited<ReturnType<typeof purchaseWorld>>;
let ho: Client;
let cons: ConsignmentStore;

type Envelope = {
  statusCode: number;
  body: string;
  envelope: { errors: { code: string; msg: string; field?: string }[] };
};

const pages = ['/warehouseEntries', '/shifts', '/payment', '/salesOrders', '/salesOrders/detail'];

beforeAll(async () => {
  store = await makeStore(ctx.t, 'DOC');
  item = await makeItem(ctx.t);
  await addStock(ctx.t, { ...store, item_no: item, quantity: '1000' });
  clerk = (
    await ctx.t.makeUser({
      role: 'Store Manager',
      customer_no: 'DOC',
      pages: pages.map((page_url) => ({ page_url, permission_type: 'edit' as const })),
    })
  ).client;
  sales = await salesWorld(ctx.t, 'DOS');
  purchase = await purchaseWorld(ctx.t, 'DOP');
  ho = await makeHeadOffice(ctx.t);
  cons = await makeConsignmentStore(ctx.t, 'DOT');
});

function ok<T extends Envelope>(r: T, code = 200): T {
  expect(r.statusCode, r.body).toBe(code);
  return r;
}

/** The one refusal: 422, the one code, the field and the exact message. */
function expectRefused(r: Envelope, field: string, msg: string) {
  expect({ status: r.statusCode, ...r.envelope.errors[0] }).toEqual({ status: 422, code: NOT_EDITABLE, field, msg });
}

// ---------- builders of each document, through the API ----------

const receiptOn = async () => {
  const order = await makeStoreOrder(ctx.t, store, [{ item_no: item, quantity: '1', unit_price: '100000' }]);
  const add = ok(
    await clerk.op('cashReceipts.add', { body: { pos_so_no: order.pos_so_no, amount: '1000', payment_type: 'card' } }),
    201,
  );
  return add.data;
};
const processReceipt = (id: number) => clerk.op('cashReceipts.process', { body: { receipt_id: id } });

const counted = [
  { payment_method: 'cash' as const, amount: '0' },
  { payment_method: 'card' as const, amount: '0' },
  { payment_method: 'transfer' as const, amount: '0' },
];
const openShift = async () =>
  ok(await clerk.op('shifts.open', { body: { location_code: store.location_code, opening_float: '0' } }), 201).data;
const closeShift = (s: { id: number; version: number }) =>
  clerk.op('shifts.close', { body: { shift_id: s.id, version: s.version, counted } });

const newEntry = async () =>
  ok(
    await clerk.op('warehouseEntries.create', {
      body: {
        item_no: item,
        entry_type: 'positive_adjmt',
        quantity: '1',
        reason_code: 'COUNT',
        location_code: store.location_code,
      },
    }),
    201,
  ).data;
const postEntries = (ids: number[]) => clerk.op('warehouseEntries.post', { body: { ids } });

const newTransferOrder = async () => {
  const r = ok(
    await ho.op('transferOrders.create', {
      body: { franchise_code: cons.franchise_code, lines: [{ item_no: item, quantity: '2' }] },
    }),
    201,
  );
  return r.data;
};
const shipTO = (o: { bc_to_no: string; version: number }, quantity = '2') =>
  ho.op('transferOrders.ship', {
    body: { bc_to_no: o.bc_to_no, version: o.version, lines: [{ line_no: 10000, quantity }] },
  });
const receiveTO = (o: { bc_to_no: string; version: number }, qty = '1') =>
  cons.user.op('consignmentReceipts.receive', {
    body: { bc_to_no: o.bc_to_no, version: o.version, lines: [{ line_no: 10000, qty_to_receive: qty }] },
  });
const getTO = async (no: string) => ok(await ho.op('transferOrders.get', { params: { bc_to_no: no } })).data;

describe('the one editable check, for every document kind', () => {
  it('sales order and quote: a line change once released', async () => {
    for (const [document_type, entity] of [
      ['order', 'Sales Order'],
      ['quote', 'Sales Quote'],
    ] as const) {
      const doc = await makeOrder(sales.client, sales, { document_type });
      const released = ok(
        await sales.client.put<Order>('/api/sales-orders/status', {
          pos_so_no: doc.pos_so_no,
          version: doc.version,
          status: 'released',
        }),
      ).data;
      const r = await sales.client.post('/api/sales-orders/lines', {
        pos_so_no: released.pos_so_no,
        version: released.version,
        lines: [{ item_no: 'SP110', quantity: 1 }],
      });
      expectRefused(r, 'status', `${entity} in status released cannot change lines`);
    }
  });

  it('purchase order: a header change once released', async () => {
    const o = await makePurchaseOrder(purchase.client);
    const rel = ok(
      await purchase.client.post<{ version: number }>('/api/purchase-orders/release', {
        po_no: o.pos_po_no,
        version: o.version,
      }),
    ).data;
    const r = await purchase.client.put('/api/purchase-orders', {
      pos_po_no: o.pos_po_no,
      version: rel.version,
      comment: 'x',
    });
    expectRefused(r, 'status', 'Purchase Order in status released cannot be changed');
  });

  it('consignment issue: a line change once released', async () => {
    const ci = ok(
      await cons.user.op('consignmentIssues.create', { body: { lines: [{ item_no: item, ci_qty: '1' }] } as never }),
      201,
    ).data;
    const rel = ok(
      await cons.user.op('consignmentIssues.release', { body: { ci_no: ci.ci_no, version: ci.version } }),
    ).data;
    const r = await cons.user.op('consignmentIssues.lineAdd', {
      body: { ci_no: ci.ci_no, version: rel.version, lines: [{ item_no: item, ci_qty: '1' }] },
    });
    expectRefused(r, 'status', 'Consignment in status released cannot be changed');
  });

  it('transfer order: no change of lines at all; a ship once all is shipped', async () => {
    expect(documents.transferOrder.editable).toEqual([]);
    const to = await newTransferOrder();
    ok(await shipTO(to));
    const shipped = await getTO(to.bc_to_no);
    expect(shipped.status).toBe('shipped');
    expectRefused(await shipTO(shipped, '1'), 'status', 'Transfer Order in status shipped cannot ship');
  });

  it('warehouse entry: a change, a removal and a post once posted', async () => {
    const e = await newEntry();
    const posted = ok(await postEntries([e.id])).data;
    const msg = `Warehouse entry ${e.id} is already posted (${posted.document_no})`;
    expectRefused(
      await clerk.op('warehouseEntries.update', { body: { id: e.id, version: e.version + 1, quantity: '3' } }),
      'id',
      msg,
    );
    expectRefused(await clerk.op('warehouseEntries.remove', { body: { ids: [e.id] } }), 'ids.0', msg);
    const other = await newEntry();
    expectRefused(await postEntries([other.id, e.id]), 'ids.1', msg);
  });

  it('cash receipt: a delete and a process once processed', async () => {
    const rc = await receiptOn();
    ok(await processReceipt(rc.receipt_id));
    expectRefused(
      await clerk.op('cashReceipts.delete', { query: { receipt_id: rc.receipt_id } }),
      'receipt_id',
      `Cash receipt ${rc.receipt_no} is already processed and cannot be deleted`,
    );
    expectRefused(
      await processReceipt(rc.receipt_id),
      'receipt_id',
      `Cash receipt ${rc.receipt_no} is already processed and cannot be processed again`,
    );
  });

  it('shift: a close once closed', async () => {
    const s = await openShift();
    const closed = ok(await closeShift(s)).data;
    expectRefused(
      await closeShift(closed),
      'status',
      `Shift ${s.shift_no} is closed; only an open shift can be closed`,
    );
  });
});

// ---------- the machines, table-driven ----------

type Doc = { status: string; run: Record<string, () => Promise<Envelope>> };

/**
 * Per machine: the statuses the calls reach, a document built in each, and per action the call that sends it on that
 * document. Actions not listed here are sent only by another document's posting (system) or are the same call as
 * one listed (process_all: the order's receipts; receive_all: the receipt of the last shipped quantity).
 */
const tables: [Machine, string[], (status: string) => Promise<Doc>][] = [
  [
    cashReceiptMachine,
    ['open', 'processed'],
    async (status) => {
      const rc = await receiptOn();
      if (status === 'processed') ok(await processReceipt(rc.receipt_id));
      return { status, run: { process: () => processReceipt(rc.receipt_id) } };
    },
  ],
  [
    shiftMachine,
    ['open', 'closed'],
    async (status) => {
      let s = await openShift();
      if (status === 'closed') s = ok(await closeShift(s)).data;
      return { status, run: { close: () => closeShift(s) } };
    },
  ],
  [
    warehouseEntryMachine,
    ['open', 'posted'],
    async (status) => {
      const e = await newEntry();
      if (status === 'posted') ok(await postEntries([e.id]));
      return { status, run: { post: () => postEntries([e.id]) } };
    },
  ],
  [
    transferOrderMachine,
    ['released', 'shipped', 'received'],
    async (status) => {
      const to = await newTransferOrder();
      // released: half shipped (something to receive, something to ship); shipped: all; received: all received.
      ok(await shipTO(to, status === 'released' ? '1' : '2'));
      if (status === 'received') ok(await receiveTO(await getTO(to.bc_to_no), '2'), 201);
      const now = await getTO(to.bc_to_no);
      expect(now.status).toBe(status);
      return {
        status,
        run: {
          ship: () => shipTO(now, '1'),
          receive: () => receiveTO(now, '1'),
        },
      };
    },
  ],
];

describe.each(tables.map(([m, reachable, build]) => [m.name, m, reachable, build] as const))(
  'the %s machine through HTTP',
  (_name, m, reachable, build) => {
    for (const from of reachable)
      it(`from ${from}: every action succeeds exactly when the table allows it`, async () => {
        const sent = m.transitions.filter((t) => !t.system && !['process_all', 'receive_all'].includes(t.action));
        for (const t of sent) {
          const doc = await build(from);
          const run = doc.run[t.action];
          expect(run, `${m.name}: no call for ${t.action}`).toBeDefined();
          const res = await run!();
          const allowed = (t.from as readonly string[]).includes(from);
          expect({ action: t.action, from, ok: res.statusCode < 300 }, res.body).toEqual({
            action: t.action,
            from,
            ok: allowed,
          });
          if (!allowed) expect(res.envelope.errors[0]).toMatchObject({ code: NOT_EDITABLE });
        }
      });
  },
);
