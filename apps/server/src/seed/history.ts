import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  businessDate,
  cashReceiptAdd,
  customerTemporaryCreate,
  feeCreate,
  promotionCreate,
  redeemablePointAdd,
  salesCouponApply,
  salesFeeAdd,
  salesOrderCreate,
  shiftClose,
  shiftOpen,
} from '@fp/contract';
import type { Services } from '../services.js';
import type { Tx } from '../db/client.js';
import { asOfDay } from '../kernel/as-of.js';
import { demoGrantsOf } from './demo-access.js';
import { makeAuth, systemAuth, type Auth } from '../http/context.js';
import { users } from '../modules/auth/schema.js';
import { items } from '../modules/items/schema.js';
import { categories } from '../modules/categories/schema.js';
import { customers } from '../modules/customers/schema.js';
import { locations } from '../modules/franchises/schema.js';
import { salesInvoices, salesOrders } from '../modules/sales/schema.js';
import { createSalesDocument } from '../modules/sales/documents.js';
import { changeSalesStatus } from '../modules/sales/status.js';
import { getSalesOrder } from '../modules/sales/load.js';
import { amountsOf } from '../modules/sales/amounts.js';
import { shipOrder } from '../modules/sales/posting/ship.js';
import { postCreditMemo } from '../modules/sales/posting/credit-memo.js';
import { addFee as addOrderFee } from '../modules/sales/fees.js';
import { addFee } from '../modules/fees/service.js';
import { applyCoupon, createPromotion } from '../modules/promotions/service.js';
import { redeemPoints } from '../modules/loyalty/order-redeem.js';
import { redeemableSums } from '../modules/loyalty/points.js';
import { addCashReceipt } from '../modules/payments/receipts.js';
import { createTemporaryCustomer } from '../modules/customers/service.js';
import { processCashReceipt } from '../modules/payments/process.js';
import { channelAccounts } from '../modules/payments/routes.js';
import { closeShift, getShift, openShift } from '../modules/shifts/service.js';
import { createEntry, postEntries } from '../modules/warehouse/entries.js';
import { createPurchaseOrder } from '../modules/purchasing/service.js';
import { getPurchaseOrder, purchaseLinesOf } from '../modules/purchasing/load.js';
import { releasePurchaseOrder } from '../modules/purchasing/status.js';
import { shipPurchaseOrder } from '../modules/purchasing/posting/ship.js';
import { receivePurchaseOrder } from '../modules/purchasing/posting/receive.js';

// The demo's history (issue 17: "the demo a new user meets"): promotions, a coupon and fees from head office, and for
// every demo franchise five weeks of trade up to today — a shift per day at one of its stores in turn, sales paid in
// cash (with change), by transfer and by card and shipped at once, a coupon, a fee and points redeemed now and then, a
// credit memo, a new walk-in customer every few days, and a purchase order received every week — all through the
// postings the API runs, each day as of that business day (kernel/as-of.ts: business dates, and every timestamp
// written, through db/clock.ts), so every report (new customers and points used by their creation time too), the
// cashbook and the payment history show something on the first run, on the day it happened, and check:books finds
// nothing. Deterministic: the same demo on every fresh start.

export const HISTORY_DAYS = 35;
const FRANCHISES = ['HN001', 'HCM001', 'DN001'];
const MANAGERS: Record<string, string> = { HN001: 'hanoi.manager', HCM001: 'saigon.manager', DN001: 'danang.manager' };
export const DEMO_COUPON = 'CHAOMUNG10';

/** YYYY-MM-DD plus n days (calendar arithmetic in UTC: business dates carry no time). */
const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Store = { code: string; auth: Auth; stores: string[]; buyers: string[] };

/** Head office's catalogue of the demo: two fees, three automatic promotions and a coupon, valid over the history. */
async function seedCatalogue(tx: Tx, from: string, itemNos: string[], categoryId: number | null) {
  const auth = systemAuth('demo');
  for (const fee of [
    { fee_code: 'GIAOHANG', description: 'Phí giao hàng tận nhà', amount: '30000' },
    { fee_code: 'LAPDAT', description: 'Phí lắp đặt', amount: '100000' },
  ])
    await addFee(tx, auth, feeCreate.parse(fee));
  const until = addDays(from, 120);
  const promotions = [
    {
      code: 'KM-DANHMUC',
      description: 'Giảm 5% cho nhóm hàng tháng này',
      kind: 'auto',
      discount_type: 'percent',
      discount_value: '5',
      scope: 'category',
      scope_values: categoryId ? [categoryId] : [],
    },
    {
      code: 'KM-SANPHAM',
      description: 'Giảm 20.000đ cho sản phẩm khuyến mãi',
      kind: 'auto',
      discount_type: 'amount',
      discount_value: '20000',
      scope: 'item',
      scope_values: [itemNos[1]],
    },
    {
      code: 'KM-DONLON',
      description: 'Giảm 50.000đ cho đơn từ 2.000.000đ',
      kind: 'auto',
      discount_type: 'amount',
      discount_value: '50000',
      scope: 'all',
      min_order_amount: '2000000',
      franchise_codes: ['HCM001', 'DN001'],
    },
    {
      code: 'COUPON-CHAOMUNG',
      description: 'Mã chào mừng khách mới: giảm 10%',
      kind: 'coupon',
      coupon_code: DEMO_COUPON,
      discount_type: 'percent',
      discount_value: '10',
      scope: 'all',
      usage_limit: 500,
    },
  ];
  for (const p of promotions)
    if (p.scope !== 'category' || categoryId)
      await createPromotion(tx, auth.scope, promotionCreate.parse({ ...p, valid_from: from, valid_to: until }));
}

/** A small deterministic sequence, so the demo is the same on every fresh start. */
function sequence(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

const METHODS = ['cash', 'transfer', 'card'] as const;
const WALK_IN_NAMES = ['Lê Thị Hồng', 'Võ Văn Nam', 'Đặng Thu Trang', 'Bùi Quốc Việt', 'Hồ Ngọc Mai', 'Phan Đức Anh'];

/** One sale at the counter: an order, its promotions, fees or points, paid, processed and shipped at once. */
async function sale(
  tx: Tx,
  s: Services,
  f: Store,
  store: string,
  o: { buyer: string; lines: { item_no: string; quantity: string }[]; method: (typeof METHODS)[number] },
  extra: { coupon?: boolean; fee?: string; points?: boolean },
) {
  const scope = f.auth.scope;
  const no = await createSalesDocument(
    tx,
    scope,
    salesOrderCreate.parse({
      document_type: 'order',
      location_code: store,
      sales_type: 'STEP IN STORE',
      sell_to_code: o.buyer,
      lines: o.lines,
    }),
  );
  const version = async () =>
    (await tx.select({ v: salesOrders.version }).from(salesOrders).where(eq(salesOrders.pos_so_no, no)))[0].v;
  if (extra.coupon)
    await applyCoupon(
      tx,
      scope,
      salesCouponApply.parse({ pos_so_no: no, version: await version(), coupon_code: DEMO_COUPON }),
    );
  if (extra.fee)
    await addOrderFee(tx, scope, salesFeeAdd.parse({ pos_so_no: no, version: await version(), fee_code: extra.fee }));
  if (extra.points) {
    const { total } = await redeemableSums(tx, o.buyer);
    const points = Math.min(Math.floor(total.toNumber()), 20);
    if (points > 0)
      await redeemPoints(
        tx,
        f.auth,
        redeemablePointAdd.parse({
          pos_so_no: no,
          customer_no: o.buyer,
          redeemable_point_used: String(points),
          version: await version(),
        }),
      );
  }
  await changeSalesStatus(tx, scope, {
    pos_so_no: no,
    version: await version(),
    status: 'released',
    cancel_reason_code: '',
  });
  const { remaining_amount } = await amountsOf(tx, no);
  const amount = Number(remaining_amount);
  const tendered = Math.ceil(amount / 50_000) * 50_000;
  const receipt = await addCashReceipt(
    tx,
    f.auth,
    cashReceiptAdd.parse({
      pos_so_no: no,
      amount: String(amount),
      payment_type: o.method,
      ...(o.method === 'cash' ? { tendered_amount: String(tendered) } : {}),
    }),
  );
  await processCashReceipt(tx, f.auth, channelAccounts(s.config), receipt.receipt_id);
  await shipOrder(tx, f.auth, { pos_so_no: no, version: await version() });
  return no;
}

/** A purchase order for the franchise's first store, released, shipped by head office and received in full. */
async function purchase(tx: Tx, s: Services, f: Store, itemNos: string[]) {
  const defaults = { defaultVendorNo: s.config.defaultVendorNo, defaultVendorName: s.config.defaultVendorName };
  const ho = systemAuth('demo');
  const no = await createPurchaseOrder(
    tx,
    f.auth.scope,
    {
      franchise_code: f.code,
      location_code: f.stores[0],
      nwv_general_comments: 'Nhập hàng hằng tuần',
      lines: itemNos.map((item_no) => ({ item_no, purchase_qty: '12' })),
    },
    defaults,
  );
  const standalone = s.config.erpMode === 'standalone';
  const version = async () => (await getPurchaseOrder(tx, ho.scope, no)).version;
  await releasePurchaseOrder(tx, f.auth, { po_no: no, version: await version() }, { standalone });
  if (!standalone) return;
  await shipPurchaseOrder(tx, ho, { pos_po_no: no, version: await version() });
  const lines = await purchaseLinesOf(tx, no);
  await receivePurchaseOrder(tx, f.auth, {
    pos_po_no: no,
    version: await version(),
    lines: lines.map((l) => ({
      line_no: l.line_no,
      qty_to_receive: String(Number(l.qty_shipped) - Number(l.qty_received)),
    })),
  });
}

/** Every counted method at exactly what the shift expects (a tidy drawer). */
const countedAsExpected = (methods: { payment_method: string; expected_amount: string }[]) =>
  methods.map((m) => ({ payment_method: m.payment_method, amount: m.expected_amount }));

export async function seedDemoHistory(s: Services): Promise<void> {
  const db = s.db;
  const [posted] = await db.select({ no: salesInvoices.pos_si_no }).from(salesInvoices).limit(1);
  if (posted) return;
  const itemRows = await db
    .select({ item_no: items.item_no, category_id: items.category_id })
    .from(items)
    .where(eq(items.blocked, false))
    .orderBy(asc(items.item_no))
    .offset(8)
    .limit(12);
  if (itemRows.length < 6) return;
  const itemNos = itemRows.map((i) => i.item_no);
  const [category] = itemRows[0].category_id
    ? await db.select({ id: categories.id }).from(categories).where(eq(categories.id, itemRows[0].category_id))
    : [];

  const managerRows = await db
    .select({ id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, Object.values(MANAGERS)));
  const franchises: Store[] = [];
  for (const code of FRANCHISES) {
    const stores = (
      await db
        .select({ code: locations.location_code })
        .from(locations)
        .where(and(eq(locations.customer_no, code), eq(locations.is_active, true)))
        .orderBy(asc(locations.location_code))
    )
      .map((l) => l.code)
      .filter((c) => !c.endsWith('-CS') && !c.endsWith('-IT'));
    const buyers = (
      await db
        .select({ no: customers.customer_no })
        .from(customers)
        .where(eq(customers.franchise_code, code))
        .orderBy(asc(customers.customer_no))
        .limit(8)
    ).map((c) => c.no);
    const manager = managerRows.find((m) => m.username === MANAGERS[code]);
    if (!stores.length || !buyers.length) continue;
    const auth = makeAuth({
      userId: manager?.id ?? 0,
      username: manager?.username ?? 'demo',
      roleName: 'Store Manager',
      franchiseCode: code,
      grants: demoGrantsOf('manager'),
      buttons: [],
      sessionId: 0,
    });
    franchises.push({ code, auth, stores, buyers });
  }
  if (!franchises.length) return;

  const today = businessDate();
  const first = addDays(today, -HISTORY_DAYS);
  const next = sequence(17);

  await asOfDay(first, () =>
    db.transaction(async (tx) => {
      await seedCatalogue(tx, first, itemNos, category?.id ?? null);
      // Opening stock at every store, so five weeks of sales never go below zero.
      for (const f of franchises)
        for (const store of f.stores) {
          const ids: number[] = [];
          for (const item_no of itemNos) {
            const e = await createEntry(tx, f.auth, {
              location_code: store,
              item_no,
              entry_type: 'positive_adjmt',
              quantity: '60',
              reason_code: 'Opening stock',
              posting_date: first,
            });
            ids.push(e.id);
          }
          await postEntries(tx, f.auth, { ids });
        }
    }),
  );

  const credited = new Set<string>();
  for (let day = 0; day <= HISTORY_DAYS; day++) {
    const date = addDays(first, day);
    await asOfDay(date, () =>
      db.transaction(async (tx) => {
        for (const [fi, f] of franchises.entries()) {
          if (day % 7 === 1) await purchase(tx, s, f, itemNos.slice(day % 3, (day % 3) + 3));
          // A shift a day at one store of the franchise, its stores in turn; HN001 sells every day, the others every
          // other day (and all of them today): a shift may take no money that day. Kept small: the demo seeds on every
          // fresh start and in tests.
          const store = f.stores[Math.floor(day / (f.code === 'HN001' ? 1 : 2)) % f.stores.length];
          const shift = await openShift(tx, f.auth, shiftOpen.parse({ location_code: store, opening_float: '500000' }));
          const sells = f.code === 'HN001' || day % 2 === fi % 2 || day === HISTORY_DAYS;
          if (sells) {
            const lines = Array.from({ length: 1 + next(2) }, () => ({
              item_no: itemNos[next(itemNos.length)],
              quantity: String(1 + next(2)),
            }));
            // Every fourth day a new customer walks in and is written at the counter before the sale.
            const buyer =
              day % 4 === 2
                ? (
                    await createTemporaryCustomer(
                      tx,
                      f.auth,
                      customerTemporaryCreate.parse({
                        franchise_code: f.code,
                        location_code: store,
                        name: `${WALK_IN_NAMES[(day + fi) % WALK_IN_NAMES.length]}`,
                        phone_no: `0389${fi}${String(day).padStart(5, '0')}`,
                      }),
                    )
                  ).customer_no
                : f.buyers[next(f.buyers.length)];
            const no = await sale(
              tx,
              s,
              f,
              store,
              { buyer, lines, method: METHODS[day % 3] },
              { coupon: day % 11 === 5, fee: day % 9 === 4 ? 'GIAOHANG' : undefined, points: day % 13 === 7 },
            );
            // A customer brings one piece back in the last days: a credit memo of the franchise's first sale then.
            if (day >= HISTORY_DAYS - 4 && !credited.has(f.code)) {
              credited.add(f.code);
              const order = await getSalesOrder(tx, f.auth.scope, no);
              const line = order.lines.find((l) => l.line_type === 'item')!;
              await postCreditMemo(tx, f.auth, {
                pos_so_no: no,
                version: order.version,
                lines: [{ line_no: line.line_no, quantity: '1' }],
              });
            }
          }
          const open = await getShift(tx, f.auth.scope, shift.id);
          await closeShift(
            tx,
            f.auth,
            shiftClose.parse({ shift_id: open.id, version: open.version, counted: countedAsExpected(open.methods) }),
          );
        }
      }),
    );
  }
}
