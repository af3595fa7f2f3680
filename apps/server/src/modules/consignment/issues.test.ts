import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { businessYear, consignmentMessages as msg, messages } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { toQty as q } from '../../kernel/money.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { jobs } from '../../jobs/schema.js';
import { cancelReasons } from '../cancel-reasons/schema.js';
import { franchises } from '../franchises/schema.js';
import { transferOrders } from './schema.js';
import {
  addStock,
  consignmentFootprint,
  makeConsignmentStore,
  makeHeadOffice,
  makeItem,
  stockAt,
  type ConsignmentStore,
} from './test-support.js';

const ctx = useTestApp();
const yy = String(businessYear()).slice(-2);
let ho: Client;
let a: ConsignmentStore;
let b: ConsignmentStore;
let item: string;

beforeAll(async () => {
  ho = await makeHeadOffice(ctx.t);
  a = await makeConsignmentStore(ctx.t, 'CIA');
  b = await makeConsignmentStore(ctx.t, 'CIB');
  await ctx.t.services.db
    .update(franchises)
    .set({ address: '12 Lê Lợi', phone_no: '0901234567', contact: 'Chị Lan' })
    .where(eq(franchises.customer_no, 'CIA'));
  item = await makeItem(ctx.t);
  await ctx.t.services.db.insert(cancelReasons).values([
    { reason_code: 'NOLONGER', description: 'No longer needed', page: '/consignmentIssue' },
    { reason_code: 'SALESONLY', description: 'A sales reason', page: '/salesOrders' },
  ]);
});

const create = (c: Client, body: Parameters<Client['op']>[1] extends never ? never : Record<string, unknown>) =>
  c.op('consignmentIssues.create', { body: body as never });
const getIssue = (c: Client, no: string) => c.op('consignmentIssues.get', { params: { ci_no: no } });
const release = (c: Client, o: { ci_no: string; version: number }) =>
  c.op('consignmentIssues.release', { body: { ci_no: o.ci_no, version: o.version } });
const status = (
  c: Client,
  body: { ci_no: string; version: number; status: 'open' | 'canceled'; cancel_reason_code?: string },
) => c.op('consignmentIssues.status', { body });

describe('consignment issues', () => {
  it('the full flow: create → release (transfer order at once) → ship → receive → completed', async () => {
    const res = await create(a.user, {
      la_external_doc: 'EXT-1',
      la_notes: 'Tết',
      lines: [
        { item_no: item, ci_qty: '4' },
        { item_no: item, ci_qty: '1', la_to_line_note: 'fragile' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const ci = res.data;
    expect(ci).toMatchObject({
      franchise_code: 'CIA',
      franchise_name: 'Franchise CIA',
      franchise_address: '12 Lê Lợi',
      franchise_phone_no: '0901234567',
      franchise_contact: 'Chị Lan',
      direction: 'issue',
      status: 'open',
      la_status: 'open',
      transfer_from_code: 'HO-CONS',
      transfer_to_code: 'CIA-CS',
      intransit_code: 'CIA-IT',
      bc_to_no: '',
      version: 1,
      erp: { state: 'not_sent' },
    });
    expect(ci.ci_no).toBe(`CIA-CI-${yy}-000001`);
    expect(ci.lines.map((l) => [l.line_no, q(l.ci_qty), q(l.qty_shipped), q(l.qty_received)])).toEqual([
      [10000, '4', '0', '0'],
      [20000, '1', '0', '0'],
    ]);
    const list = await a.user.op('consignmentIssues.list', { body: {} as never });
    expect(list.data.items.map((i) => [i.ci_no, q(i.total_qty)])).toEqual([[ci.ci_no, '5']]);

    const rel = await release(a.user, ci);
    expect(rel.statusCode).toBe(200);
    expect(rel.data.status).toBe('released');
    expect(rel.data.bc_to_no).toBe(`CIA-TO-${yy}-000001`);
    expect(rel.data.erp.state).toBe('pending');
    const to = (await a.user.op('transferOrders.get', { params: { bc_to_no: rel.data.bc_to_no } })).data;
    expect(to).toMatchObject({ ci_no: ci.ci_no, status: 'released', external_document_no: 'EXT-1' });
    expect(to.lines.map((l) => [l.line_no, q(l.quantity), l.la_to_line_note])).toEqual([
      [10000, '4', ''],
      [20000, '1', 'fragile'],
    ]);
    const releaseJobs = await ctx.t.services.db
      .select()
      .from(jobs)
      .where(eq(jobs.group_key, `erp:consignment_issue:${ci.ci_no}`));
    expect(releaseJobs).toHaveLength(1);
    await ctx.t.services.jobs.drain();
    expect((await getIssue(a.user, ci.ci_no)).data.erp.state).toBe('synced');

    const s = await ho.op('transferOrders.ship', {
      body: { bc_to_no: to.bc_to_no, version: to.version, lines: [{ line_no: 10000, quantity: '4' }] },
    });
    expect(s.statusCode).toBe(200);
    let now = (await getIssue(a.user, ci.ci_no)).data;
    expect(now.lines.map((l) => [q(l.qty_shipped), q(l.qty_received)])).toEqual([
      ['4', '0'],
      ['0', '0'],
    ]);
    // Shipped: the issue can no longer be reopened or canceled.
    const reopen = await status(a.user, { ci_no: ci.ci_no, version: now.version, status: 'open' });
    expect(reopen.statusCode).toBe(422);
    expect(reopen.envelope.errors[0]).toMatchObject({ field: 'status', msg: msg.alreadyShipped });

    await ho.op('transferOrders.ship', { body: { bc_to_no: to.bc_to_no, version: to.version + 1 } });
    const r1 = await a.user.op('consignmentReceipts.receive', {
      body: { bc_to_no: to.bc_to_no, franchise_code: 'CIA', lines: [{ line_no: 10000, qty_to_receive: '4' }] },
    });
    expect(r1.statusCode).toBe(201);
    expect(r1.data.ci_no).toBe(ci.ci_no);
    expect((await getIssue(a.user, ci.ci_no)).data.status).toBe('released');
    const r2 = await a.user.op('consignmentReceipts.receive', {
      body: { bc_to_no: to.bc_to_no, lines: [{ line_no: 20000, qty_to_receive: '1' }] },
    });
    expect(r2.statusCode).toBe(201);
    now = (await getIssue(a.user, ci.ci_no)).data;
    expect(now.status).toBe('completed');
    expect(now.lines.map((l) => [q(l.qty_shipped), q(l.qty_received)])).toEqual([
      ['4', '4'],
      ['1', '1'],
    ]);
    expect(await stockAt(ctx.t, 'CIA-CS', item)).toBe('5');
    // The receipts reach the ERP through the outbox (loader transfer_receipt).
    await ctx.t.services.jobs.drain();
    const posted = await ctx.t.services.db
      .select()
      .from(jobs)
      .where(eq(jobs.group_key, `erp:transfer_order:${to.bc_to_no}`));
    expect(posted.map((j) => j.state)).toEqual(['done', 'done']);
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('lines: add, update, remove while open; messages naming the field; version and scope', async () => {
    const ci = (await create(a.user, {})).data;
    expect(ci.lines).toEqual([]);
    const noLines = await release(a.user, ci);
    expect(noLines.statusCode).toBe(422);
    expect(noLines.envelope.errors[0]).toMatchObject({ field: 'lines', msg: msg.releaseNeedsLine });

    const bad = await a.user.op('consignmentIssues.lineAdd', {
      body: {
        ci_no: ci.ci_no,
        version: 1,
        lines: [
          { item_no: item, ci_qty: '1' },
          { item_no: 'NOPE', ci_qty: '1' },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'lines.1.item_no', msg: 'Item NOPE not found' });
    const added = await a.user.op('consignmentIssues.lineAdd', {
      body: {
        ci_no: ci.ci_no,
        version: 1,
        lines: [
          { item_no: item, ci_qty: '1' },
          { item_no: item, ci_qty: '2' },
        ],
      },
    });
    expect(added.statusCode).toBe(200);
    expect(added.data.lines.map((l) => l.line_no)).toEqual([10000, 20000]);
    expect(added.data.version).toBe(2);

    const stale = await a.user.op('consignmentIssues.lineUpdate', {
      body: { ci_no: ci.ci_no, version: 1, line_no: 10000, ci_qty: '3' },
    });
    expect(stale.statusCode).toBe(409);
    const upd = await a.user.op('consignmentIssues.lineUpdate', {
      body: { ci_no: ci.ci_no, version: 2, line_no: 10000, ci_qty: '3', la_to_line_note: 'n' },
    });
    expect(upd.statusCode).toBe(200);
    expect([q(upd.data.lines[0].ci_qty), upd.data.lines[0].la_to_line_note]).toEqual(['3', 'n']);
    const badUnit = await a.user.op('consignmentIssues.lineUpdate', {
      body: { ci_no: ci.ci_no, version: 3, line_no: 10000, unit_of_measure: 'BOX' },
    });
    expect(badUnit.envelope.errors[0]).toMatchObject({ field: 'unit_of_measure', msg: `Item ${item} has no unit BOX` });
    const missingLine = await a.user.op('consignmentIssues.lineRemove', {
      body: { ci_no: ci.ci_no, version: 3, line_nos: [99] },
    });
    expect(missingLine.statusCode).toBe(422);
    expect(missingLine.envelope.errors[0]).toMatchObject({ field: 'line_nos.0', msg: msg.lineNotFound(99) });
    const removed = await a.user.op('consignmentIssues.lineRemove', {
      body: { ci_no: ci.ci_no, version: 3, line_nos: [20000] },
    });
    expect(removed.data.lines.map((l) => l.line_no)).toEqual([10000]);
    const updated = await a.user.op('consignmentIssues.update', {
      body: { ci_no: ci.ci_no, version: 4, la_notes: 'changed', la_request_delivery_date: '2030-01-02' },
    });
    expect(updated.statusCode).toBe(200);
    expect([updated.data.la_notes, updated.data.la_request_delivery_date, updated.data.version]).toEqual([
      'changed',
      '2030-01-02',
      5,
    ]);

    // Another franchise: 404 for every read and write; nothing changes.
    const before = await consignmentFootprint(ctx.t);
    for (const res of [
      await getIssue(b.user, ci.ci_no),
      await b.user.op('consignmentIssues.update', { body: { ci_no: ci.ci_no, version: 5, la_notes: 'x' } }),
      await b.user.op('consignmentIssues.lineAdd', {
        body: { ci_no: ci.ci_no, version: 5, lines: [{ item_no: item, ci_qty: '1' }] },
      }),
      await b.user.op('consignmentIssues.lineUpdate', {
        body: { ci_no: ci.ci_no, version: 5, line_no: 10000, ci_qty: '1' },
      }),
      await b.user.op('consignmentIssues.lineRemove', { body: { ci_no: ci.ci_no, version: 5, line_nos: [10000] } }),
      await release(b.user, { ci_no: ci.ci_no, version: 5 }),
      await status(b.user, { ci_no: ci.ci_no, version: 5, status: 'canceled', cancel_reason_code: 'NOLONGER' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.envelope.errors[0].msg).toBe('Consignment issue not found');
    }
    const other = await create(b.user, { franchise_code: 'CIA' });
    expect(other.statusCode).toBe(404);
    expect(other.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: 'Franchise not found' });
    expect(await consignmentFootprint(ctx.t)).toEqual(before);

    // Released: no more changes.
    const rel = await release(a.user, { ci_no: ci.ci_no, version: 5 });
    expect(rel.statusCode).toBe(200);
    const locked = await a.user.op('consignmentIssues.update', {
      body: { ci_no: ci.ci_no, version: 6, la_notes: 'x' },
    });
    expect(locked.statusCode).toBe(422);
    expect(locked.envelope.errors[0].field).toBe('status');
  });

  it('reopen cancels the transfer order; a new release makes a new one; cancel needs a reason of /consignmentIssue', async () => {
    const ci = (await create(a.user, { lines: [{ item_no: item, ci_qty: '2' }] })).data;
    const rel = (await release(a.user, ci)).data;
    const firstTo = rel.bc_to_no;
    const reopened = await status(a.user, { ci_no: ci.ci_no, version: rel.version, status: 'open' });
    expect(reopened.statusCode).toBe(200);
    expect([reopened.data.status, reopened.data.bc_to_no]).toEqual(['open', '']);
    const [old] = await ctx.t.services.db.select().from(transferOrders).where(eq(transferOrders.bc_to_no, firstTo));
    expect(old.status).toBe('canceled');
    const ship = await ho.op('transferOrders.ship', { body: { bc_to_no: firstTo, version: old.version } });
    expect(ship.statusCode).toBe(422);

    const again = (await release(a.user, reopened.data)).data;
    expect(again.bc_to_no).not.toBe(firstTo);
    const noReason = await status(a.user, { ci_no: ci.ci_no, version: again.version, status: 'canceled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.envelope.errors[0]).toMatchObject({ field: 'cancel_reason_code', msg: messages.required });
    const wrongPage = await status(a.user, {
      ci_no: ci.ci_no,
      version: again.version,
      status: 'canceled',
      cancel_reason_code: 'SALESONLY',
    });
    expect(wrongPage.statusCode).toBe(400);
    expect(wrongPage.envelope.errors[0].field).toBe('cancel_reason_code');
    const canceled = await status(a.user, {
      ci_no: ci.ci_no,
      version: again.version,
      status: 'canceled',
      cancel_reason_code: 'nolonger',
    });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.data).toMatchObject({
      status: 'canceled',
      cancel_reason_code: 'NOLONGER',
      cancel_reason_description: 'No longer needed',
    });
    const [second] = await ctx.t.services.db
      .select()
      .from(transferOrders)
      .where(eq(transferOrders.bc_to_no, again.bc_to_no));
    expect(second.status).toBe('canceled');
    const reopenCanceled = await status(a.user, { ci_no: ci.ci_no, version: canceled.data.version, status: 'open' });
    expect(reopenCanceled.statusCode).toBe(422);
    expect(reopenCanceled.envelope.errors[0].field).toBe('status');
    const stale = await status(a.user, {
      ci_no: ci.ci_no,
      version: 1,
      status: 'canceled',
      cancel_reason_code: 'NOLONGER',
    });
    expect(stale.statusCode).toBe(409);
    const cancelJobs = await ctx.t.services.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.group_key, `erp:consignment_issue:${ci.ci_no}`)));
    expect(cancelJobs.map((j) => (j.payload as { action: string }).action)).toEqual([
      'release',
      'reopen',
      'release',
      'cancel',
    ]);
  });

  it('return direction: from the franchise location back to head office through transit', async () => {
    await addStock(ctx.t, { franchise_code: 'CIB', location_code: 'CIB-CS', item_no: item, quantity: '2' });
    const ci = (await create(b.user, { direction: 'return', lines: [{ item_no: item, ci_qty: '2' }] })).data;
    expect([ci.direction, ci.transfer_from_code, ci.transfer_to_code, ci.intransit_code]).toEqual([
      'return',
      'CIB-CS',
      'HO-CONS',
      'CIB-IT',
    ]);
    const rel = (await release(b.user, ci)).data;
    const to = (await ho.op('transferOrders.get', { params: { bc_to_no: rel.bc_to_no } })).data;
    expect(to.direction).toBe('return');
    expect(
      (await ho.op('transferOrders.ship', { body: { bc_to_no: to.bc_to_no, version: to.version } })).statusCode,
    ).toBe(200);
    expect(await stockAt(ctx.t, 'CIB-CS', item)).toBe('0');
    const r = await b.user.op('consignmentReceipts.receive', {
      body: { bc_to_no: to.bc_to_no, lines: [{ line_no: 10000, qty_to_receive: '2' }] },
    });
    expect(r.statusCode).toBe(201);
    expect(await stockAt(ctx.t, 'CIB-IT', item)).toBe('0');
    expect((await getIssue(b.user, ci.ci_no)).data.status).toBe('completed');
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('a franchise without consignment codes cannot create an issue (422 naming franchise_code)', async () => {
    await makeConsignmentStore(ctx.t, 'CIN');
    await ctx.t.services.db
      .update(franchises)
      .set({ consignment_location_code: '' })
      .where(eq(franchises.customer_no, 'CIN'));
    const res = await create(ho, { franchise_code: 'CIN' });
    expect(res.statusCode).toBe(422);
    expect(res.envelope.errors[0]).toMatchObject({ field: 'franchise_code', msg: msg.missingCodes('CIN') });
    const none = await create(ho, {});
    expect(none.statusCode).toBe(400);
    expect(none.envelope.errors[0].field).toBe('franchise_code');
  });
});
