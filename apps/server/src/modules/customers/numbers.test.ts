import { beforeAll, describe, expect, it } from 'vitest';
import { businessYear, customerTemporaryCreate, redeemablePointAdd, shipToAddressCreate } from '@fp/contract';
import { and, eq, sql } from 'drizzle-orm';
import { useTestApp, type Client } from '../../../test/helpers.js';
import { systemAuth, type Auth } from '../../http/context.js';
import { redeemablePointEntries } from '../loyalty/schema.js';
import { earnRedeemablePoints, useRedeemablePoints } from '../loyalty/service.js';
import { numberSeries } from '../number-series/schema.js';
import { customers, shipToAddresses } from './schema.js';
import { createTemporaryCustomer } from './service.js';
import { createShipToAddress } from './ship-to.js';
import { customerPages, makeCustomer, makeFranchise, nextPhone } from './test-support/builders.js';

const ctx = useTestApp();

const headOffice: Auth = systemAuth('test');
const yy = String(businessYear() % 100).padStart(2, '0');
const no = (franchise: string, n: number) => `${franchise}-CUS-${yy}-${String(n).padStart(6, '0')}`;
const temporary = (franchise_code: string, name = 'Phạm Thị Dung') =>
  customerTemporaryCreate.parse({ franchise_code, name, phone_no: nextPhone() });
const usePoints = (customer_no: string, pos_so_no: string, redeemable_point_used: string) =>
  redeemablePointAdd.parse({ customer_no, pos_so_no, redeemable_point_used });

let store: Client;
let admin: Client;

beforeAll(async () => {
  await makeFranchise(ctx.t, 'NO001');
  await makeFranchise(ctx.t, 'NO002');
  await makeFranchise(ctx.t, 'NO003');
  admin = await ctx.t.admin();
  store = (await ctx.t.makeUser({ customer_no: 'NO001', pages: customerPages('edit') })).client;
});

describe('customer numbers come from the CUS number series', () => {
  it('are consecutive per franchise and year, also for parallel creates', async () => {
    const first = await makeCustomer(store);
    const second = await makeCustomer(store);
    expect([first.customer_no, second.customer_no]).toEqual([no('NO001', 1), no('NO001', 2)]);
    const parallel = await Promise.all(Array.from({ length: 8 }, () => makeCustomer(store)));
    expect(parallel.map((c) => c.customer_no).sort()).toEqual(Array.from({ length: 8 }, (_, i) => no('NO001', i + 3)));
    // Head office names the franchise; the customer takes that franchise's series.
    expect((await makeCustomer(admin, { franchise_code: 'NO002' })).customer_no).toBe(no('NO002', 1));
    const [series] = await ctx.t.services.db
      .select()
      .from(numberSeries)
      .where(and(eq(numberSeries.franchise_code, 'NO001'), eq(numberSeries.document_type, 'CUS')));
    expect(series).toMatchObject({ year: businessYear(), last_no: 10 });
    // The series shows on the number series screen like any other.
    const listed = await admin.post<{ items: { document_type: string; last_used_no: string }[] }>(
      '/api/number-series/filter',
      {
        filters: [
          { field: 'franchise_code', value: 'NO001' },
          { field: 'document_type', value: 'CUS' },
        ],
      },
    );
    expect(listed.data.items).toEqual([
      expect.objectContaining({ document_type: 'CUS', last_used_no: no('NO001', 10) }),
    ]);
  });

  it('a creation that rolls back leaves no gap', async () => {
    const { db } = ctx.t.services;
    const a = await makeCustomer(store, { franchise_code: 'NO003' }).catch(() => null);
    expect(a).toBeNull(); // a store user cannot create in another franchise: nothing taken
    const first = await makeCustomer(admin, { franchise_code: 'NO003' });
    await expect(
      db.transaction(async (tx) => {
        const c = await createTemporaryCustomer(tx, headOffice, temporary('NO003'));
        expect(c.customer_no).toBe(no('NO003', 2));
        throw new Error('the order posting failed');
      }),
    ).rejects.toThrow('the order posting failed');
    // A duplicate phone fails inside the creation itself: also no number lost.
    const dup = await admin.post('/api/customers/temporary', {
      franchise_code: 'NO003',
      name: 'Trùng',
      phone_no: first.phone_no,
    });
    expect(dup.statusCode).toBe(409);
    const next = await makeCustomer(admin, { franchise_code: 'NO003' });
    expect([first.customer_no, next.customer_no]).toEqual([no('NO003', 1), no('NO003', 2)]);
  });
});

describe('building blocks compose in the caller transaction', () => {
  it('a failure after customer, ship-to and points calls leaves nothing behind', async () => {
    const { db } = ctx.t.services;
    const count = async (
      t: typeof customers | typeof shipToAddresses | typeof redeemablePointEntries,
      franchise: string,
    ) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(t)
          .where(eq(t.franchise_code, franchise))
      )[0].n;
    await makeFranchise(ctx.t, 'NO004');
    await expect(
      db.transaction(async (tx) => {
        const c = await createTemporaryCustomer(tx, headOffice, temporary('NO004', 'Khách đơn hàng'));
        await createShipToAddress(
          tx,
          headOffice,
          shipToAddressCreate.parse({ customer_no: c.customer_no, name: 'Nhà', address: '1 Lê Lợi' }),
        );
        const [row] = await tx.select().from(customers).where(eq(customers.customer_no, c.customer_no));
        await earnRedeemablePoints(tx, row, { points: '500', pos_so_no: 'NO004-SO-00-000001' });
        const used = await useRedeemablePoints(tx, headOffice, usePoints(c.customer_no, 'NO004-SO-00-000002', '200'));
        expect(used.total.total).toBe('300');
        // Everything is visible inside the transaction …
        expect((await tx.select().from(customers).where(eq(customers.franchise_code, 'NO004'))).length).toBe(1);
        throw new Error('posting failed after the building blocks');
      }),
    ).rejects.toThrow('posting failed after the building blocks');
    // … and nothing outside it.
    expect(await count(customers, 'NO004')).toBe(0);
    expect(await count(shipToAddresses, 'NO004')).toBe(0);
    expect(await count(redeemablePointEntries, 'NO004')).toBe(0);
    expect((await makeCustomer(admin, { franchise_code: 'NO004' })).customer_no).toBe(no('NO004', 1));
  });

  it('a building block that refuses rolls back what the caller wrote before it', async () => {
    const { db } = ctx.t.services;
    await makeFranchise(ctx.t, 'NO005');
    await expect(
      db.transaction(async (tx) => {
        const c = await createTemporaryCustomer(tx, headOffice, temporary('NO005'));
        await useRedeemablePoints(tx, headOffice, usePoints(c.customer_no, 'X1', '1'));
      }),
    ).rejects.toMatchObject({ code: 'insufficient_points' });
    expect(await db.select().from(customers).where(eq(customers.franchise_code, 'NO005'))).toEqual([]);
  });
});
