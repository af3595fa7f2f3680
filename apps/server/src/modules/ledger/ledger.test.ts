import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDate } from '@fp/contract';
import { useTestApp } from '../../../test/helpers.js';
import { rowsOf } from '../../db/rows.js';
import type { AppError } from '../../http/errors.js';
import { writeSettings } from '../system/settings.js';
import { makeStore } from '../sales/posting/test-support.js';
import {
  assertStock,
  onHand,
  onHandOf,
  postCustomerEntries,
  postItemEntries,
  stockKeyOf,
  stockLockNameSql,
  stockLocksSql,
} from './service.js';

const statements: string[] = [];
const ctx = useTestApp({}, { onQuery: (q) => statements.push(q) });
let store: Awaited<ReturnType<typeof makeStore>>;
const today = businessDate();

const entry = (item_no: string, quantity: string, variant_code = '') => ({
  entry_type: 'positive_adjmt',
  franchise_code: store.franchise_code,
  location_code: store.location_code,
  item_no,
  variant_code,
  quantity,
  document_type: 'warehouse_entry',
  document_no: 'WE-1',
  posting_date: today,
});

beforeAll(async () => {
  store = await makeStore(ctx.t, 'LGA');
});

describe('ledger service', () => {
  it('appends many entries in one INSERT and answers on hand per position in one query', async () => {
    const db = ctx.t.services.db;
    await ctx.t.services.apiLog.flush(); // the setup's buffered api log is not this test's statement
    statements.length = 0;
    const ids = await postItemEntries(db, [
      entry('L1', '5'),
      entry('L1', '-2'),
      entry('L1', '4', 'RED'),
      entry('L2', '1.5'),
    ]);
    expect(ids).toHaveLength(4);
    expect(statements.filter((s) => s.startsWith('insert into "item_ledger_entries"'))).toHaveLength(1);
    await ctx.t.services.apiLog.flush();
    statements.length = 0;
    const keys = [
      { locationCode: store.location_code, itemNo: 'L1' },
      { locationCode: store.location_code, itemNo: 'L1', variantCode: 'RED' },
      { locationCode: store.location_code, itemNo: 'L2' },
      { locationCode: store.location_code, itemNo: 'NONE' },
      { locationCode: 'ELSEWHERE', itemNo: 'L1' },
    ];
    const map = await onHandOf(db, keys);
    expect(statements).toHaveLength(1);
    expect(keys.map((k) => map.get(stockKeyOf(k)))).toEqual(['3', '4', '1.5', '0', '0']);
    expect(await onHand(db, keys[0])).toBe('3');
    expect(await onHandOf(db, [])).toEqual(new Map());

    const customer = await postCustomerEntries(db, [
      {
        entry_type: 'invoice',
        franchise_code: 'LGA',
        customer_no: store.customer_no,
        amount: '100.00',
        document_type: 'sales_invoice',
        document_no: 'SI-1',
        posting_date: today,
      },
      {
        entry_type: 'credit_memo',
        franchise_code: 'LGA',
        customer_no: store.customer_no,
        amount: '-40.00',
        document_type: 'sales_credit_memo',
        document_no: 'SCM-1',
        posting_date: today,
      },
    ]);
    expect(customer).toHaveLength(2);
    expect(await postItemEntries(db, [])).toEqual([]);
  });

  it('assertStock refuses past on hand (needs of one position add up) unless allow_negative_stock', async () => {
    const db = ctx.t.services.db;
    await postItemEntries(db, [entry('S1', '3')]);
    const need = (quantity: string, field?: string) => ({
      locationCode: store.location_code,
      itemNo: 'S1',
      quantity,
      ...(field ? { field } : {}),
    });
    await db.transaction((tx) => assertStock(tx, 'LGA', [need('2'), need('1')]));
    await expect(
      db.transaction((tx) =>
        assertStock(tx, 'LGA', [need('2', 'lines.0.qty_to_ship'), need('2', 'lines.1.qty_to_ship')]),
      ),
    ).rejects.toMatchObject({
      status: 422,
      code: 'insufficient_stock',
      field: 'lines.0.qty_to_ship',
      message: `Item S1 at ${store.location_code}: only 3 on hand, 4 to ship`,
    });
    // Every short line at once: one error per line of a short position, none for a line that fits.
    await postItemEntries(db, [entry('S2', '10')]);
    const refusal = await db
      .transaction((tx) =>
        assertStock(tx, 'LGA', [
          need('2', 'lines.0.qty_to_ship'),
          { locationCode: store.location_code, itemNo: 'S2', quantity: '4', field: 'lines.1.qty_to_ship' },
          need('2', 'lines.2.qty_to_ship'),
          { locationCode: store.location_code, itemNo: 'S3', quantity: '1', field: 'lines.3.qty_to_ship' },
        ]),
      )
      .then(
        () => null,
        (e: AppError) => e,
      );
    expect(refusal?.status).toBe(422);
    expect(refusal?.toErrors()).toEqual([
      {
        code: 'insufficient_stock',
        field: 'lines.0.qty_to_ship',
        msg: `Item S1 at ${store.location_code}: only 3 on hand, 4 to ship`,
      },
      {
        code: 'insufficient_stock',
        field: 'lines.2.qty_to_ship',
        msg: `Item S1 at ${store.location_code}: only 3 on hand, 4 to ship`,
      },
      {
        code: 'insufficient_stock',
        field: 'lines.3.qty_to_ship',
        msg: `Item S3 at ${store.location_code}: only 0 on hand, 1 to ship`,
      },
    ]);
    await expect(
      db.transaction((tx) => assertStock(tx, 'LGA', [{ ...need('1'), variantCode: 'BLUE' }], { verb: 'to take out' })),
    ).rejects.toMatchObject({
      message: `Item S1 (BLUE) at ${store.location_code}: only 0 on hand, 1 to take out`,
      field: 'lines',
    });
    await writeSettings(db, { allow_negative_stock: true });
    try {
      await db.transaction((tx) => assertStock(tx, 'LGA', [need('100')]));
    } finally {
      await writeSettings(db, { allow_negative_stock: false });
    }
  });

  it('a statement of the posting can take the stock locks (stockLocksSql); assertStock then takes only the others', async () => {
    const db = ctx.t.services.db;
    await postItemEntries(db, [entry('LK1', '5'), entry('LK2', '5')]);
    const need = (item: string) => ({ locationCode: store.location_code, itemNo: item, quantity: '1' });
    const advisoryLocks = async (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
      rowsOf<{ n: number }>(
        await tx.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and pid = pg_backend_pid()`,
        ),
      )[0].n;
    await db.transaction(async (tx) => {
      const [row] = rowsOf<{ names: string[] }>(
        await tx.execute(
          sql`select ${stockLocksSql(sql`select ${stockLockNameSql(sql`${store.location_code}::text`, sql`'LK1'`, sql`''`)} as n`)} as names`,
        ),
      );
      expect(row.names).toEqual([`stock:${stockKeyOf(need('LK1'))}`]);
      const taken = await advisoryLocks(tx);
      statements.length = 0;
      await assertStock(tx, store.franchise_code, [need('LK1')], { allowNegative: false, locked: new Set(row.names) });
      expect(statements.filter((q) => /pg_advisory_xact_lock/.test(q))).toEqual([]);
      await assertStock(tx, store.franchise_code, [need('LK1'), need('LK2')], {
        allowNegative: false,
        locked: new Set(row.names),
      });
      expect(statements.filter((q) => /pg_advisory_xact_lock/.test(q))).toHaveLength(1);
      expect(await advisoryLocks(tx)).toBe(taken + 1);
    });
  });

  it('the database refuses UPDATE and DELETE of ledger rows', async () => {
    const db = ctx.t.services.db;
    await postItemEntries(db, [entry('U1', '1')]);
    const cause = (e: Error & { cause?: unknown }) => {
      throw e.cause instanceof Error ? e.cause : e;
    };
    for (const s of [
      sql`update item_ledger_entries set quantity = 2 where item_no = 'U1'`,
      sql`delete from item_ledger_entries where item_no = 'U1'`,
      sql`update customer_ledger_entries set amount = 0`,
      sql`delete from customer_ledger_entries`,
    ])
      await expect(db.execute(s).catch(cause)).rejects.toThrow(/cannot be changed or deleted/);
    expect(await onHand(db, { locationCode: store.location_code, itemNo: 'U1' })).toBe('1');
  });
});
