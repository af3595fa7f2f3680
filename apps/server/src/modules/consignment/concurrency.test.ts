import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { toQty as q } from '../../kernel/money.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { consignmentReceipts } from './schema.js';
import { makeConsignmentStore, makeHeadOffice, makeItem, stockAt, type ConsignmentStore } from './test-support.js';

// Real concurrency needs PostgreSQL (the embedded database runs one transaction at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('consignment under concurrency (PostgreSQL: TEST_DATABASE_URL)', () => {
  const ctx = useTestApp();
  let ho: Client;
  let a: ConsignmentStore;
  beforeAll(async () => {
    ho = await makeHeadOffice(ctx.t);
    a = await makeConsignmentStore(ctx.t, 'CCC');
  });

  it('20 concurrent receives of one transfer order: exactly the shipped quantity is received, never more', async () => {
    const item = await makeItem(ctx.t);
    const to = (
      await ho.op('transferOrders.create', {
        body: { franchise_code: 'CCC', lines: [{ item_no: item, quantity: '10' }] },
      })
    ).data;
    expect(
      (
        await ho.op('transferOrders.ship', {
          body: { bc_to_no: to.bc_to_no, version: 1, lines: [{ line_no: 10000, quantity: '7' }] },
        })
      ).statusCode,
    ).toBe(200);
    // Each asks for 1: seven post, thirteen are refused by the cap (422 naming the line).
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.user.op('consignmentReceipts.receive', {
          body: { bc_to_no: to.bc_to_no, lines: [{ line_no: 10000, qty_to_receive: '1' }] },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(7);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(13);
    for (const r of refused)
      expect(r.envelope.errors[0]).toMatchObject({ code: 'qty_exceeds_shipped', field: 'lines.0.qty_to_receive' });
    const got = (await a.user.op('transferOrders.get', { params: { bc_to_no: to.bc_to_no } })).data;
    expect([q(got.qty_shipped), q(got.qty_received)]).toEqual(['7', '7']);
    expect(await stockAt(ctx.t, 'CCC-IT', item)).toBe('0');
    expect(await stockAt(ctx.t, 'CCC-CS', item)).toBe('7');
    const receipts = await ctx.t.services.db
      .select({ no: consignmentReceipts.no })
      .from(consignmentReceipts)
      .where(eq(consignmentReceipts.bc_to_no, to.bc_to_no));
    const counters = receipts.map((r) => Number(r.no.slice(-6))).sort((x, y) => x - y);
    expect(counters).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });

  it('20 concurrent receives of everything shipped: exactly one posts', async () => {
    const item = await makeItem(ctx.t);
    const to = (
      await ho.op('transferOrders.create', {
        body: { franchise_code: 'CCC', lines: [{ item_no: item, quantity: '4' }] },
      })
    ).data;
    await ho.op('transferOrders.ship', { body: { bc_to_no: to.bc_to_no, version: 1 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        a.user.op('consignmentReceipts.receive', {
          body: { bc_to_no: to.bc_to_no, version: 2, lines: [{ line_no: 10000, qty_to_receive: '4' }] },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409 || c === 422)).toBe(true);
    expect((await a.user.op('transferOrders.get', { params: { bc_to_no: to.bc_to_no } })).data.status).toBe('received');
  });
});
