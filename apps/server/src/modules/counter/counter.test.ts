import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { businessDate, type ApiResponse, type CounterSaleCreate } from '@fp/contract';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { checkBooks, totalViolations } from '../../books/checks.js';
import { systemAuth } from '../../http/context.js';
import { pagePermissions } from '../access/schema.js';
import { makeCustomer } from '../customers/test-support/builders.js';
import { getCustomerByNo } from '../customers/lookup.js';
import { jobs } from '../../jobs/schema.js';
import { onHand } from '../ledger/service.js';
import { earnRedeemablePoints } from '../loyalty/points.js';
import { bankAccountEntries } from '../money/schema.js';
import { cashReceipts } from '../payments/schema.js';
import { salesOrders } from '../sales/schema.js';
import { addStock } from '../sales/posting/test-support.js';
import { managerButtons, salesPages, salesWorld, type Order } from '../sales/test-support/builders.js';
import { printJobs } from '../devices/schema.js';
import { RecordingPrinter } from '../devices/printing/index.js';
import { PRINT_QUEUE } from '../devices/print-queue.js';
import { counterSales } from './schema.js';

// POST /api/counter-sales and GET /api/counter-sales/{client_id} through HTTP (issue 18 "One operation for a sale").

// The store printer is a RecordingPrinter on 127.0.0.1 (devices module): what it records is what comes out on paper.
const ctx = useTestApp({ PRINTER_ALLOW_LOOPBACK: 'true' });
const storePrinter = new RecordingPrinter();
type Sale = ApiResponse<'counterSales.create'>;
type World = Awaited<ReturnType<typeof salesWorld>>;

let w: World;
let other: World;
let admin: Client;
/** Store manager: the sales pages, the counter and the cashier limits (as in the demo). */
let manager: Client;
/** Cashier: the counter only, no guarded button. */
let cashier: Client;
let otherCashier: Client;

const counterPage = { page_url: '/counter', permission_type: 'edit' as const };

async function userWith(
  franchise: string,
  pages: { page_url: string; permission_type: 'view' | 'edit' }[],
  buttons: string[] = [],
) {
  const u = await ctx.t.makeUser({ role: 'Store Staff', customer_no: franchise, pages });
  if (buttons.length)
    await ctx.t.services.db
      .update(pagePermissions)
      .set({ permissions: buttons })
      .where(eq(pagePermissions.name, `perm-${u.username}`));
  return u.client;
}

/** A counter sale of 2 × SP110 (220,000) and 1 × SP050 (50,000) for the world's customer; overrides win. */
const saleBody = (o: Partial<CounterSaleCreate> = {}, world: World = w): CounterSaleCreate => ({
  client_id: randomUUID(),
  location_code: world.location_code,
  sell_to_code: world.customer.customer_no,
  lines: [
    { item_no: 'SP110', quantity: 2 },
    { item_no: 'SP050', quantity: 1 },
  ],
  payments: [{ payment_type: 'cash', amount: '270000' }],
  ...o,
});
const sell = (body: CounterSaleCreate, client: Client = manager) => client.post<Sale>('/api/counter-sales', body);

const stockOf = (item_no: string, location = w.location_code) =>
  onHand(ctx.t.services.db, { locationCode: location, itemNo: item_no, variantCode: '' });
const ordersOf = async () =>
  Number(
    (
      await ctx.t.services.db
        .select({ n: sql<number>`count(*)` })
        .from(salesOrders)
        .where(eq(salesOrders.franchise_code, 'CS001'))
    )[0].n,
  );
const receiptsOf = (posSoNo: string) =>
  ctx.t.services.db.select().from(cashReceipts).where(eq(cashReceipts.pos_so_no, posSoNo));

beforeAll(async () => {
  admin = await ctx.t.admin();
  w = await salesWorld(ctx.t, 'CS001');
  other = await salesWorld(ctx.t, 'CS002');
  for (const item_no of ['SP110', 'SP050'])
    await addStock(ctx.t, { franchise_code: 'CS001', location_code: w.location_code, item_no, quantity: '1000' });
  manager = await userWith('CS001', [...salesPages('edit'), counterPage], managerButtons);
  cashier = await userWith('CS001', [counterPage]);
  otherCashier = await userWith('CS002', [counterPage]);
});

afterAll(async () => {
  await storePrinter.stop();
});

describe('a counter sale', () => {
  it('creates, pays, releases, ships and invoices in one call, with change for cash, and answers it again by GET', async () => {
    const before = { sp110: await stockOf('SP110'), sp050: await stockOf('SP050') };
    const body = saleBody({ payments: [{ payment_type: 'cash', amount: '270000', tendered: '300000' }] });
    const res = await sell(body, cashier);
    expect(res.statusCode).toBe(201);
    const sale = res.data;
    expect(sale.client_id).toBe(body.client_id);
    expect(sale.pos_so_no).toMatch(/SO/);
    expect(sale.pos_si_no).toMatch(/SI/);
    expect(sale.change).toBe('30000.00');
    expect(sale.receipts).toEqual([{ receipt_id: expect.any(Number), payment_type: 'cash', amount: '270000.00' }]);
    expect(sale.order).toMatchObject({
      pos_so_no: sale.pos_so_no,
      status: 'invoiced',
      sales_type: 'STEP IN STORE',
      sell_to_code: w.customer.customer_no,
      grand_total: '270000.00',
      remaining_amount: '0.00',
      invoices: [{ pos_si_no: sale.pos_si_no, amount: '270000.00' }],
    });
    expect(sale.order.lines.map((l) => [l.item_no, l.quantity, l.qty_shipped, l.qty_invoiced])).toEqual([
      ['SP110', '2.00000', '2.00000', '2.00000'],
      ['SP050', '1.00000', '1.00000', '1.00000'],
    ]);
    // The answer's order is what GET /api/sales-orders answers.
    const order = await manager.get<Order>(`/api/sales-orders/${sale.pos_so_no}`);
    expect(order.data.totals).toEqual(sale.order.totals);
    expect(order.data.status).toBe('invoiced');
    const receipts = await receiptsOf(sale.pos_so_no);
    expect(receipts.map((r) => [r.status, r.tendered_amount, r.change_amount])).toEqual([
      ['processed', '300000.00', '30000.00'],
    ]);
    expect(Number(await stockOf('SP110'))).toBe(Number(before.sp110) - 2);
    expect(Number(await stockOf('SP050'))).toBe(Number(before.sp050) - 1);
    // The ERP jobs (release, shipment, invoice) and the print of the invoice are queued with the sale.
    const queued = await ctx.t.services.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}::text like ${`%${sale.pos_so_no}%`} or ${jobs.key} = ${`invoice:${sale.pos_si_no}`}`);
    expect(queued.map((j) => j.queue).sort()).toEqual(
      ['erp.document', 'erp.document', 'erp.document', 'print.document'].sort(),
    );

    const again = await cashier.get<Sale>(`/api/counter-sales/${body.client_id}`);
    expect(again.statusCode).toBe(200);
    expect(again.data).toEqual(sale);
    const [row] = await ctx.t.services.db.select().from(counterSales).where(eq(counterSales.client_id, body.client_id));
    expect(row).toMatchObject({ franchise_code: 'CS001', pos_so_no: sale.pos_so_no });
  });

  it('creates a temporary customer with the sale, and finds them by phone the next time', async () => {
    const phone = '0912345001';
    const first = await sell(
      saleBody({ sell_to_code: undefined, temporary_customer: { name: 'Trần Thị Bích', phone_no: phone } }),
      cashier,
    );
    expect(first.statusCode).toBe(201);
    expect(first.data.order).toMatchObject({ sell_to_name: 'Trần Thị Bích', sell_to_phone_no: phone });
    const second = await sell(
      saleBody({ sell_to_code: undefined, temporary_customer: { name: 'Bích', phone_no: phone } }),
      cashier,
    );
    expect(second.statusCode).toBe(201);
    expect(second.data.order.sell_to_code).toBe(first.data.order.sell_to_code);
    const neither = await sell(saleBody({ sell_to_code: undefined }), cashier);
    expect(neither.statusCode).toBe(400);
    expect(neither.envelope.errors[0]).toMatchObject({ field: 'sell_to_code', msg: 'This is required field!' });
  });
});

describe('the printed invoice', () => {
  it('prints the invoice on the store printer after the sale commits (a print job), logged in print_jobs', async () => {
    await storePrinter.start();
    const printer = await admin.post('/api/devices', {
      location_code: w.location_code,
      device_type: 'PRINTER',
      device_name: 'Máy in quầy',
      device_code: 'CS-PRN',
      device_data: { ip: storePrinter.ip, port: storePrinter.port },
    });
    expect(printer.statusCode).toBe(201);
    const res = await sell(saleBody(), cashier);
    expect(res.statusCode).toBe(201);
    expect(storePrinter.jobs()).toHaveLength(0);
    await ctx.t.services.jobs.drain(PRINT_QUEUE);
    await storePrinter.waitForJob();
    const [logged] = await ctx.t.services.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.document_no, res.data.pos_si_no));
    expect(logged).toMatchObject({ document_type: 'invoice', status: 'printed', franchise_code: 'CS001' });
    expect(logged.text_lines.join('\n')).toContain(res.data.pos_si_no);
  });
});

describe('totals equal the order screen', () => {
  it('prices with the price list, the automatic promotion, fees, birthday, coupon and points like the order calls', async () => {
    const month = businessDate().slice(5, 7);
    const promo = await admin.post('/api/promotions', {
      code: 'CSAUTO',
      description: 'Auto 5 %',
      kind: 'auto',
      discount_type: 'percent',
      discount_value: 5,
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
      franchise_codes: ['CS001'],
    });
    expect(promo.statusCode).toBe(201);
    const coupon = await admin.post('/api/promotions', {
      code: 'CSCOUPON',
      description: 'Coupon 50.000',
      kind: 'coupon',
      coupon_code: 'CS50K',
      discount_type: 'amount',
      discount_value: 50000,
      valid_from: '2020-01-01',
      valid_to: '2099-12-31',
    });
    expect(coupon.statusCode).toBe(201);
    expect(
      (await admin.post('/api/fees/add', { fee_code: 'CSBAG', description: 'Túi', amount: '3000' })).statusCode,
    ).toBe(201);
    const customerWithPoints = async () => {
      const c = await makeCustomer(w.client, { location_code: w.location_code, birth_date: `1990-${month}-10` });
      const db = ctx.t.services.db;
      await earnRedeemablePoints(db, await getCustomerByNo(db, systemAuth(), c.customer_no), {
        points: '100',
        pos_so_no: 'SO-GIFT',
        description: 'Tặng điểm',
      });
      return c;
    };
    const lines = [
      { item_no: 'SP110', quantity: 3 },
      { item_no: 'SP050', quantity: 2, line_discount_percent: '5' },
    ];

    /** The same sale on the order screen's calls and on the counter; both orders' totals and promotions. */
    async function both(coupon: string) {
      // The order screen: create with the lines, automatic promotions on, a fee, the birthday, the coupon, the points, then pay and ship.
      const a = await customerWithPoints();
      let o = (
        await manager.post<Order>('/api/sales-orders', {
          location_code: w.location_code,
          sell_to_code: a.customer_no,
          lines,
        })
      ).data;
      const ref = () => ({ pos_so_no: o.pos_so_no, version: o.version });
      const step = (res: { envelope: { errors: unknown[] }; data: Order }) => {
        expect(res.envelope.errors).toEqual([]);
        return res.data;
      };
      o = step(await manager.put<Order>('/api/sales-orders/auto-promotion', { ...ref(), auto_promotion: true }));
      o = step(await manager.post<Order>('/api/sales-orders/fees', { ...ref(), fee_code: 'CSBAG' }));
      o = step(
        await manager.put<Order>('/api/sales-orders/birthday-promotion', { ...ref(), loyalty_birthday_used: true }),
      );
      if (coupon) o = step(await manager.put<Order>('/api/sales-orders/coupon', { ...ref(), coupon_code: coupon }));
      const points = { ...ref(), customer_no: a.customer_no, redeemable_point_used: 30 };
      expect((await manager.post('/api/redeemable-points', points)).statusCode).toBe(201);
      o = (await manager.get<Order>(`/api/sales-orders/${o.pos_so_no}`)).data;
      expect(o.totals.points_discount_amount).toBe('30000.00');

      // The counter: the same in one call.
      const b = await customerWithPoints();
      const body = saleBody({
        sell_to_code: b.customer_no,
        lines,
        fees: [{ fee_code: 'csbag' }],
        loyalty_birthday_used: true,
        coupon_code: coupon || undefined,
        redeem_points: 30,
        payments: [{ payment_type: 'cash', amount: o.grand_total, tendered: '1000000' }],
      });
      // The price call answers what the sale will charge, and writes nothing (no order, no number, points kept).
      const ordersBefore = await ordersOf();
      const priced = await manager.post<ApiResponse<'counterSales.price'>>('/api/counter-sales/price', body);
      expect(priced.statusCode).toBe(200);
      expect(priced.data.order.grand_total).toBe(o.grand_total);
      expect(priced.data.order.pos_so_no).toBe('');
      expect(await ordersOf()).toBe(ordersBefore);
      const res = await sell(body);
      expect(res.statusCode).toBe(201);
      const sold = res.data.order;
      const { remaining_amount: _r, ...screenTotals } = o.totals;
      const { remaining_amount: remaining, ...counterTotals } = sold.totals;
      expect(counterTotals).toEqual(screenTotals);
      expect(remaining).toBe('0.00');
      expect(sold.lines.map((l) => [l.unit_price, l.line_discount_amount, l.amount])).toEqual(
        o.lines.map((l) => [l.unit_price, l.line_discount_amount, l.amount]),
      );
      expect(sold.applied_promotions.map((p) => [p.kind, p.amount])).toEqual(
        o.applied_promotions.map((p) => [p.kind, p.amount]),
      );
      expect(sold.invoices[0].amount).toBe(o.grand_total);
      expect(res.data.change).toBe((1000000 - Number(o.grand_total)).toFixed(2));
      // Points: the 30 redeemed are gone and the invoice earned points, as after Ship Now on the order screen.
      const total = await manager.post<{ available: string }>('/api/redeemable-points/total', {
        customer_no: b.customer_no,
      });
      expect(Number(total.data.available)).toBeGreaterThan(70);
      return o.applied_promotions.map((p) => p.kind).sort();
    }
    try {
      // Without the coupon the automatic promotion applies; the coupon, worth more, takes its place.
      expect(await both('')).toEqual(['auto', 'birthday']);
      expect(await both('CS50K')).toEqual(['birthday', 'coupon']);
    } finally {
      await ctx.t.services.db.execute(
        sql`update promotions set is_active = false where code in ('CSAUTO', 'CSCOUPON')`,
      );
    }
  });
});

describe('refusals before anything is written', () => {
  it('refuses a short line with insufficient_stock and writes nothing; the same client_id sells once stock is there', async () => {
    const before = await ordersOf();
    const body = saleBody({
      lines: [
        { item_no: 'SP110', quantity: 5000 },
        { item_no: 'SP050', quantity: 4000 },
      ],
      payments: [{ payment_type: 'cash', amount: String(5000 * 110000 + 4000 * 50000) }],
    });
    const res = await sell(body, cashier);
    expect(res.statusCode).toBe(422);
    // Every short line is named at once, in one answer.
    expect(res.envelope.errors).toEqual([
      expect.objectContaining({
        code: 'insufficient_stock',
        field: 'lines.0.quantity',
        msg: expect.stringContaining('SP110'),
      }),
      expect.objectContaining({
        code: 'insufficient_stock',
        field: 'lines.1.quantity',
        msg: expect.stringContaining('SP050'),
      }),
    ]);
    expect(await ordersOf()).toBe(before);
    expect((await cashier.get(`/api/counter-sales/${body.client_id}`)).statusCode).toBe(404);
    await addStock(ctx.t, {
      franchise_code: 'CS001',
      location_code: w.location_code,
      item_no: 'SP110',
      quantity: '5000',
    });
    await addStock(ctx.t, {
      franchise_code: 'CS001',
      location_code: w.location_code,
      item_no: 'SP050',
      quantity: '4000',
    });
    const retry = await sell(body, cashier);
    expect(retry.statusCode).toBe(201);
    expect(await ordersOf()).toBe(before + 1);
  });

  it('refuses payments that do not pay the sale (payments naming remaining_amount), unless selling on credit', async () => {
    const before = await ordersOf();
    const short = await sell(saleBody({ payments: [{ payment_type: 'cash', amount: '200000' }] }));
    expect(short.statusCode).toBe(422);
    expect(short.envelope.errors[0]).toMatchObject({
      code: 'remaining_amount',
      field: 'payments',
      msg: '70.000 is still unpaid: add a payment or sell on credit',
    });
    const none = await sell(saleBody({ payments: [] }));
    expect(none.envelope.errors[0]).toMatchObject({ code: 'remaining_amount', field: 'payments' });
    const over = await sell(saleBody({ payments: [{ payment_type: 'cash', amount: '300000' }] }));
    expect(over.statusCode).toBe(422);
    expect(over.envelope.errors[0]).toMatchObject({ code: 'overpayment', field: 'payments' });
    expect(await ordersOf()).toBe(before);

    const credit = await sell(
      saleBody({ payments: [{ payment_type: 'cash', amount: '200000' }], sell_on_credit: true }),
    );
    expect(credit.statusCode).toBe(201);
    expect(credit.data.order).toMatchObject({ status: 'invoiced', remaining_amount: '70000.00' });
  });

  it('names the field of bad input (400)', async () => {
    const res = await manager.post('/api/counter-sales', {
      client_id: 'not-a-uuid',
      location_code: '',
      lines: [{ item_no: '', quantity: 0 }],
      payments: [
        { payment_type: 'cheque', amount: 1 },
        { payment_type: 'installment', amount: 10 },
        { payment_type: 'card', amount: 10, tendered: 20 },
      ],
      sales_type: 'HOTLINE',
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(res.envelope.errors.map((e) => [e.field, e.msg]));
    expect(byField).toMatchObject({
      client_id: 'client_id must be a UUID',
      location_code: 'This is required field!',
      'lines.0.item_no': 'This is required field!',
      'payments.0.payment_type': 'payment_type must be one of cash, installment, transfer, card',
      'payments.1.contract_no': 'This is required field!',
      'payments.1.payment_term': 'This is required field!',
      'payments.2.tendered': 'Amount tendered is for cash only',
      sales_type: expect.stringContaining('sales_type must be one of'),
    });
    expect(Object.keys(byField)).toContain('lines.0.quantity');
    const unknownItem = await sell(saleBody({ lines: [{ item_no: 'NOPE', quantity: 1 }] }));
    expect(unknownItem.statusCode).toBe(400);
    expect(unknownItem.envelope.errors[0]).toMatchObject({ field: 'lines.0.item_no', msg: 'Item NOPE not found' });
    const badFee = await sell(saleBody({ fees: [{ fee_code: 'NOFEE' }] }));
    expect(badFee.envelope.errors[0].field).toBe('fees.0.fee_code');
    const badCoupon = await sell(saleBody({ coupon_code: 'NOCOUPON' }));
    expect(badCoupon.statusCode).toBe(422);
    expect(badCoupon.envelope.errors[0]).toMatchObject({ field: 'coupon_code', msg: 'Coupon NOCOUPON not found' });
    const tooManyPoints = await sell(saleBody({ redeem_points: 99999 }));
    expect(tooManyPoints.statusCode).toBe(422);
    expect(tooManyPoints.envelope.errors[0].field).toBe('redeem_points');
  });
});

describe('every payment type', () => {
  it('takes transfer, card, installment and split payments as processed receipts', async () => {
    const transfer = await sell(saleBody({ payments: [{ payment_type: 'transfer', amount: '270000' }] }));
    expect(transfer.statusCode).toBe(201);
    expect(transfer.data.change).toBe('0.00');
    const bank = await ctx.t.services.db
      .select()
      .from(bankAccountEntries)
      .where(eq(bankAccountEntries.receipt_no, (await receiptsOf(transfer.data.pos_so_no))[0].receipt_no));
    expect(bank.map((b) => b.amount)).toEqual(['270000.00']);

    const card = await sell(saleBody({ payments: [{ payment_type: 'card', amount: '270000' }] }));
    expect(card.statusCode).toBe(201);
    expect(card.data.receipts.map((r) => r.payment_type)).toEqual(['card']);

    const installment = await sell(
      saleBody({
        payments: [{ payment_type: 'installment', amount: '270000', contract_no: 'HD-123', payment_term: '6_months' }],
      }),
    );
    expect(installment.statusCode).toBe(201);
    const [r] = await receiptsOf(installment.data.pos_so_no);
    expect(r).toMatchObject({
      payment_type: 'installment',
      contract_no: 'HD-123',
      payment_term: '6_months',
      status: 'processed',
    });
    const schedule = await manager.get<{ instalments: unknown[] }>(`/api/cash-receipts/${r.receipt_id}/schedule`);
    expect(schedule.statusCode).toBe(200);

    const split = await sell(
      saleBody({
        payments: [
          { payment_type: 'cash', amount: '70000', tendered: '100000' },
          { payment_type: 'transfer', amount: '150000' },
          { payment_type: 'card', amount: '50000' },
        ],
      }),
    );
    expect(split.statusCode).toBe(201);
    expect(split.data.receipts.map((x) => [x.payment_type, x.amount])).toEqual([
      ['cash', '70000.00'],
      ['transfer', '150000.00'],
      ['card', '50000.00'],
    ]);
    expect(split.data.change).toBe('30000.00');
    expect(split.data.order.remaining_amount).toBe('0.00');
  });
});

describe('exactly once by client_id', () => {
  it('answers the first result to the same client_id and body, and refuses another body (422 naming client_id)', async () => {
    const body = saleBody();
    const first = await sell(body, cashier);
    expect(first.statusCode).toBe(201);
    const before = await ordersOf();
    const second = await sell({ ...body }, manager);
    expect(second.statusCode).toBe(201);
    expect(second.data).toEqual(first.data);
    expect(await ordersOf()).toBe(before);
    expect(await receiptsOf(first.data.pos_so_no)).toHaveLength(1);

    const changed = await sell({ ...body, lines: [{ item_no: 'SP110', quantity: 1 }] }, cashier);
    expect(changed.statusCode).toBe(422);
    expect(changed.envelope.errors[0]).toMatchObject({
      code: 'idempotency_key_reused',
      field: 'client_id',
      msg: `client_id ${body.client_id} was already used with a different body`,
    });
    expect(await ordersOf()).toBe(before);
  });

  it("keeps another franchise's sale to itself: GET is 404, the same client_id is refused like another body", async () => {
    const body = saleBody();
    expect((await sell(body, cashier)).statusCode).toBe(201);
    expect((await otherCashier.get(`/api/counter-sales/${body.client_id}`)).statusCode).toBe(404);
    const reused = await sell(
      { ...body, location_code: other.location_code, sell_to_code: other.customer.customer_no },
      otherCashier,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.envelope.errors[0].field).toBe('client_id');
    expect(JSON.stringify(reused.envelope)).not.toContain(w.customer.customer_no);
    expect((await cashier.get(`/api/counter-sales/${randomUUID()}`)).statusCode).toBe(404);
    const bad = await cashier.get('/api/counter-sales/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.envelope.errors[0]).toMatchObject({ field: 'client_id', msg: 'client_id must be a UUID' });
  });
});

describe('access, cashier limits and scope', () => {
  it('needs the counter page at edit; view reads a sale only', async () => {
    const viewer = await userWith('CS001', [{ page_url: '/counter', permission_type: 'view' }]);
    const none = await userWith('CS001', salesPages('edit'));
    const before = await ordersOf();
    const refused = await sell(saleBody(), viewer);
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.errors[0].msg).toBe('You need edit permission on /counter');
    expect((await sell(saleBody(), none)).statusCode).toBe(403);
    expect(await ordersOf()).toBe(before);
    const body = saleBody();
    expect((await sell(body, cashier)).statusCode).toBe(201);
    expect((await viewer.get(`/api/counter-sales/${body.client_id}`)).statusCode).toBe(200);
  });

  it("applies the cashier's limits: Override Price, Discount Above Limit, and the order's action buttons", async () => {
    const before = await ordersOf();
    const price = await sell(
      saleBody({
        lines: [{ item_no: 'SP110', quantity: 1, unit_price: '1000' }],
        payments: [{ payment_type: 'cash', amount: '1000' }],
      }),
      cashier,
    );
    expect(price.statusCode).toBe(403);
    expect(price.envelope.errors[0]).toMatchObject({
      field: 'lines.0.unit_price',
      msg: 'You are not allowed to Override Price',
    });
    const discount = await sell(
      saleBody({
        lines: [{ item_no: 'SP110', quantity: 1, line_discount_percent: '50' }],
        payments: [{ payment_type: 'cash', amount: '55000' }],
      }),
      cashier,
    );
    expect(discount.statusCode).toBe(403);
    expect(discount.envelope.errors[0]).toMatchObject({
      field: 'lines.0.line_discount_percent',
      msg: 'You are not allowed to Discount Above Limit',
    });
    // A cashier whose permissions name the order screen's buttons without Ship Now may not ship.
    const noShip = await userWith(
      'CS001',
      [counterPage, { page_url: '/salesOrders/detail', permission_type: 'edit' }],
      ['/salesOrders/detail#Release'],
    );
    const ship = await sell(saleBody(), noShip);
    expect(ship.statusCode).toBe(403);
    expect(ship.envelope.errors[0].msg).toBe('You are not allowed to Ship Now');
    expect(await ordersOf()).toBe(before);

    // The manager holds both limits: the price and the discount are kept.
    const ok = await sell(
      saleBody({
        lines: [{ item_no: 'SP110', quantity: 1, unit_price: '1000', line_discount_percent: '50' }],
        payments: [{ payment_type: 'cash', amount: '500' }],
      }),
    );
    expect(ok.statusCode).toBe(201);
    expect(ok.data.order.lines[0]).toMatchObject({ unit_price: '1000.00', price_source: 'manual', amount: '500.00' });
  });

  it("answers 404 for another franchise's location or customer", async () => {
    const before = await ordersOf();
    const location = await sell(saleBody({ location_code: other.location_code }), cashier);
    expect(location.statusCode).toBe(404);
    expect(location.envelope.errors[0]).toMatchObject({
      field: 'location_code',
      msg: `Location ${other.location_code} not found`,
    });
    const unknown = await sell(saleBody({ location_code: 'NOWHERE' }), cashier);
    expect(unknown.envelope.errors[0].msg).toBe('Location NOWHERE not found');
    const customer = await sell(saleBody({ sell_to_code: other.customer.customer_no }), cashier);
    expect(customer.statusCode).toBe(404);
    expect(customer.envelope.errors[0].field).toBe('sell_to_code');
    expect(await ordersOf()).toBe(before);
  });
});

describe('books', () => {
  it('finds no violation after the sales above', async () => {
    expect(totalViolations(await checkBooks(ctx.t.services.db))).toBe(0);
  });
});
