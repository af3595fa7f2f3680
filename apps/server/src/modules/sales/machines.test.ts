import { beforeAll, describe, expect, it } from 'vitest';
import {
  notAllowedMessage,
  salesDocumentStatuses,
  salesOrderMachine,
  salesQuoteMachine,
  type Machine,
} from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { makeCancelReason, makeOrder, salesWorld, type Order } from './test-support/builders.js';

// Every allowed and every refused transition of both machines, table-driven from the contract: each status that is
// reachable without posting is built through the API, then every status-call action (and convert for quotes) is
// tried from it; it must succeed exactly when the table lists the status among the action's `from`.

const ctx = useTestApp();
let w: Awaited<ReturnType<typeof salesWorld>>;
let c: Client;

beforeAll(async () => {
  w = await salesWorld(ctx.t, 'SM001');
  c = w.client;
  const admin = await ctx.t.admin();
  await makeCancelReason(admin, '/salesOrders', 'NOSTOCK');
  await makeCancelReason(admin, '/salesQuotes', 'TOOPRICEY');
});

const reasonOf = (m: Machine) => (m === salesOrderMachine ? 'NOSTOCK' : 'TOOPRICEY');
const docType = (m: Machine) => (m === salesOrderMachine ? 'order' : 'quote');

async function status(doc: Order, to: string, m: Machine, extra: Record<string, unknown> = {}) {
  return c.put<Order>('/api/sales-orders/status', {
    pos_so_no: doc.pos_so_no,
    version: doc.version,
    status: to,
    ...(to === 'canceled' ? { cancel_reason_code: reasonOf(m) } : {}),
    ...extra,
  });
}

/** A document of the machine in the status, built through the API (only actions of the table). */
async function docIn(m: Machine, s: string): Promise<Order> {
  const doc = await makeOrder(c, w, { document_type: docType(m) });
  const step = async (d: Order, to: string) => {
    const r = await status(d, to, m);
    if (r.statusCode !== 200) throw new Error(`to ${to}: ${r.body}`);
    return r.data;
  };
  switch (s) {
    case 'open':
      return doc;
    case 'released':
      return step(doc, 'released');
    case 'confirmed':
      return step(await step(doc, 'released'), 'confirmed');
    case 'canceled':
      return step(doc, 'canceled');
    case 'converted': {
      const r = await c.post<Order>('/api/sales-orders/convert-quote', {
        pos_so_no: doc.pos_so_no,
        version: doc.version,
      });
      if (r.statusCode !== 201) throw new Error(r.body);
      return (await c.get<Order>(`/api/sales-orders/${doc.pos_so_no}`)).data;
    }
    default:
      throw new Error(`status ${s} needs a posting`);
  }
}

const cases: [string, Machine, string[]][] = [
  [salesOrderMachine.name, salesOrderMachine, ['open', 'released', 'confirmed', 'canceled']],
  [salesQuoteMachine.name, salesQuoteMachine, ['open', 'released', 'converted', 'canceled']],
];

describe.each(cases)('the %s machine through PUT /api/sales-orders/status', (_name, m, reachable) => {
  const statusActions = m.transitions.filter((t) => t.op === 'salesOrders.status');
  for (const from of reachable)
    it(`from ${from}: every status-call action succeeds exactly when the table allows it`, async () => {
      for (const t of statusActions) {
        const doc = await docIn(m, from);
        expect(doc.status).toBe(from);
        const res = await status(doc, t.to as string, m);
        const allowed = (t.from as readonly string[]).includes(from);
        if (allowed) {
          expect({ action: t.action, from, status: res.statusCode }).toEqual({ action: t.action, from, status: 200 });
          expect(res.data).toMatchObject({ status: t.to, version: doc.version + 1 });
        } else {
          expect({ action: t.action, from, status: res.statusCode }).toEqual({ action: t.action, from, status: 422 });
          expect(res.envelope.errors[0]).toMatchObject({
            code: 'status_not_allowed',
            field: 'status',
            msg: notAllowedMessage(m, t.action, from),
          });
          const after = await c.get<Order>(`/api/sales-orders/${doc.pos_so_no}`);
          expect(after.data).toMatchObject({ status: from, version: doc.version });
        }
      }
    });

  it('refuses a target status no status-call action ends in (422 naming status)', async () => {
    const doc = await docIn(m, 'open');
    const targets = salesDocumentStatuses.filter((s) => !statusActions.some((t) => t.to === s));
    expect(targets.length).toBeGreaterThan(0);
    for (const s of targets) {
      const res = await status(doc, s, m);
      expect(res.statusCode).toBe(422);
      expect(res.envelope.errors[0]).toMatchObject({
        field: 'status',
        msg: `${m.entity} cannot be set to status ${s}`,
      });
    }
  });
});

describe('rules of the status actions', () => {
  it('cancel needs a cancel reason of the machine page and stores code and description', async () => {
    const o = await makeOrder(c, w);
    const missing = await status(o, 'canceled', salesOrderMachine, { cancel_reason_code: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.errors[0]).toMatchObject({ field: 'cancel_reason_code', msg: 'This is required field!' });
    const quoteReason = await status(o, 'canceled', salesOrderMachine, { cancel_reason_code: 'TOOPRICEY' });
    expect(quoteReason.statusCode).toBe(400);
    expect(quoteReason.envelope.errors[0]).toMatchObject({
      field: 'cancel_reason_code',
      msg: 'Cancel reason TOOPRICEY not found for /salesOrders',
    });
    const ok = await status(o, 'canceled', salesOrderMachine, { cancel_reason_code: 'nostock' });
    expect(ok.data).toMatchObject({
      status: 'canceled',
      cancel_reason_code: 'NOSTOCK',
      cancel_reason_description: 'Reason NOSTOCK',
    });
  });

  it('release needs a line, a customer and a location', async () => {
    const admin = await ctx.t.admin();
    const noLines = await makeOrder(c, w, { lines: [] });
    const r1 = await status(noLines, 'released', salesOrderMachine);
    expect(r1.statusCode).toBe(422);
    expect(r1.envelope.errors[0]).toMatchObject({
      field: 'lines',
      msg: 'Add at least one line before releasing the sales order',
    });
    const noCustomer = await makeOrder(c, w, { sell_to_code: '' });
    const r2 = await status(noCustomer, 'released', salesOrderMachine);
    expect(r2.envelope.errors[0]).toMatchObject({
      field: 'sell_to_code',
      msg: 'Choose a customer before releasing the sales order',
    });
    const noLocation = await makeOrder(
      admin,
      { location_code: '', customer: w.customer },
      { franchise_code: 'SM001', sales_type: 'WEBSITE' },
    );
    const r3 = await admin.put('/api/sales-orders/status', {
      pos_so_no: noLocation.pos_so_no,
      version: noLocation.version,
      status: 'released',
    });
    expect(r3.envelope.errors[0]).toMatchObject({
      field: 'location_code',
      msg: 'Choose a location before releasing the sales order',
    });
    const stale = await status({ ...noLines, version: noLines.version + 5 }, 'released', salesOrderMachine);
    expect(stale.statusCode).toBe(409);
  });

  it('enqueues the ERP job of release, reopen and cancel in the same transaction', async () => {
    const o = await docIn(salesOrderMachine, 'released');
    const { rows } = (await ctx.t.services.db.execute(
      // The outbox's own table is the ERP branch's; this looks for the document's number in any queued payload.
      `select count(*)::int as n from jobs where payload::text like '%${o.pos_so_no}%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0].n).toBeGreaterThanOrEqual(1);
  });
});

describe('convert quote', () => {
  it('copies header and lines into a new order with the quote prices; the quote becomes converted', async () => {
    const q = await makeOrder(c, w, {
      document_type: 'quote',
      general_comments: 'Báo giá',
      lines: [
        { item_no: 'SP110', quantity: 2, unit_price: '99000' },
        { item_no: 'SP050', quantity: 1 },
      ],
    });
    const released = await status(q, 'released', salesQuoteMachine);
    const res = await c.post<Order>('/api/sales-orders/convert-quote', {
      pos_so_no: q.pos_so_no,
      version: released.data.version,
    });
    expect(res.statusCode).toBe(201);
    const o = res.data;
    expect(o.pos_so_no).toMatch(/^SM001-SO-/);
    expect(o).toMatchObject({
      document_type: 'order',
      status: 'open',
      quote_no: q.pos_so_no,
      general_comments: 'Báo giá',
      sell_to_code: w.customer.customer_no,
      grand_total: q.grand_total,
    });
    expect(o.lines.map((l) => [l.line_no, l.item_no, l.unit_price, l.price_source, l.qty_to_ship])).toEqual([
      [10000, 'SP110', '99000.00', 'manual', '2.00000'],
      [20000, 'SP050', '50000.00', 'list_price', '1.00000'],
    ]);
    const quote = (await c.get<Order>(`/api/sales-orders/${q.pos_so_no}`)).data;
    expect(quote).toMatchObject({ status: 'converted', converted_order_no: o.pos_so_no });
    const again = await c.post('/api/sales-orders/convert-quote', { pos_so_no: q.pos_so_no, version: quote.version });
    expect(again.statusCode).toBe(422);
    expect(again.envelope.errors[0].msg).toBe(notAllowedMessage(salesQuoteMachine, 'convert', 'converted'));
    const edit = await c.post('/api/sales-orders/lines', {
      pos_so_no: q.pos_so_no,
      version: quote.version,
      lines: [{ item_no: 'SP110', quantity: 1 }],
    });
    expect(edit.statusCode).toBe(422);
    const notQuote = await c.post('/api/sales-orders/convert-quote', { pos_so_no: o.pos_so_no, version: o.version });
    expect(notQuote.envelope.errors[0]).toMatchObject({ code: 'not_a_quote' });
  });

  it('each status change answers the order exactly as GET then answers it (version, ERP sync state, parts)', async () => {
    let doc = await makeOrder(c, w);
    const seen: string[] = [];
    for (const to of ['released', 'open', 'released', 'confirmed', 'open', 'canceled']) {
      const res = await status(doc, to, salesOrderMachine);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.data).toEqual((await c.get<Order>(`/api/sales-orders/${doc.pos_so_no}`)).data);
      expect(res.data).toMatchObject({ status: to, version: doc.version + 1 });
      seen.push(res.data.erp.state);
      doc = res.data;
    }
    // Release, reopen and cancel each queue a job for the ERP (pending); confirm leaves the state as it was.
    expect(seen).toEqual(['pending', 'pending', 'pending', 'pending', 'pending', 'pending']);
  });

  it('converts from open or released only (table-driven)', async () => {
    const convert = salesQuoteMachine.transitions.find((t) => t.action === 'convert')!;
    for (const from of ['open', 'released', 'converted', 'canceled']) {
      const q = await docIn(salesQuoteMachine, from);
      const res = await c.post('/api/sales-orders/convert-quote', { pos_so_no: q.pos_so_no, version: q.version });
      expect({ from, status: res.statusCode }).toEqual({
        from,
        status: (convert.from as readonly string[]).includes(from) ? 201 : 422,
      });
    }
  });
});
