import { and, asc, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  COUNTRY_REGION_CODE,
  normalizePhone,
  type ShipToAddress,
  type shipToAddressCreate,
  type shipToAddressTemporaryCreate,
  type shipToAddressUpdate,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { conflict, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { addressUnits } from '../addresses/schema.js';
import { resolveAddress } from '../addresses/service.js';
import { shipToAddresses } from './schema.js';
import { getCustomerByNo, getCustomerByPhone, type CustomerRow } from './lookup.js';

const s = shipToAddresses;
const district = alias(addressUnits, 'district');
const province = alias(addressUnits, 'province');

type Row = typeof s.$inferSelect & { district_name: string; province_name: string };

export const shipToAddressList: ListSpec<Row, ShipToAddress> = {
  source: (db, extra) =>
    db
      .select({
        ...getTableColumns(s),
        district_name: sql<string>`coalesce(${district.name}, '')`,
        province_name: sql<string>`coalesce(${province.name}, '')`,
        ...extra,
      })
      .from(s)
      .leftJoin(district, and(eq(district.table_code, 'address_district'), eq(district.code, s.district_code)))
      .leftJoin(province, and(eq(province.table_code, 'post_code'), eq(province.code, s.post_code)))
      .$dynamic(),
  fields: {
    id: s.id,
    code: s.code,
    customer_no: s.customer_no,
    franchise_code: s.franchise_code,
    name: s.name,
    address: s.address,
    district_code: s.district_code,
    post_code: s.post_code,
    contact: s.contact,
    phone_no: s.phone_no,
    is_temporary: s.is_temporary,
    updated_at: s.updated_at,
  },
  filterable: [
    'id',
    'code',
    'customer_no',
    'franchise_code',
    'name',
    'address',
    'district_code',
    'post_code',
    'contact',
    'phone_no',
    'is_temporary',
  ],
  sortable: ['id', 'code', 'customer_no', 'name', 'address', 'district_code', 'post_code', 'updated_at'],
  defaultSort: { field: 'code', direction: 'asc' },
  key: s.id,
};

const zero = () => ({ __total: sql<number>`0`.as('__total') });
const strip = ({ __total: _t, ...r }: Row & { __total: number }): ShipToAddress => r;

export async function shipToAddressesOf(db: DbOrTx, customerNo: string): Promise<ShipToAddress[]> {
  const rows = await shipToAddressList.source(db, zero()).where(eq(s.customer_no, customerNo)).orderBy(asc(s.code));
  return rows.map(strip);
}

async function getShipTo(db: DbOrTx, customerNo: string, code: string): Promise<ShipToAddress> {
  const [row] = await shipToAddressList.source(db, zero()).where(and(eq(s.customer_no, customerNo), eq(s.code, code)));
  if (!row) throw notFound('Ship-to address');
  return strip(row);
}

type Fields = Omit<z.output<typeof shipToAddressCreate>, 'customer_no'>;

async function insertShipTo(tx: Tx, c: CustomerRow, input: Fields, isTemporary: boolean): Promise<ShipToAddress> {
  const addr = await resolveAddress(tx, input.post_code, input.district_code);
  // One writer per customer while a code is picked, so SA numbers never collide.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ship-to:${c.customer_no}`}))`);
  let code = input.code;
  if (!code) {
    const [{ n }] = await tx
      .select({ n: sql<number>`coalesce(max(substring(${s.code} from 3)::int), 0)::int` })
      .from(s)
      .where(and(eq(s.customer_no, c.customer_no), sql`${s.code} ~ '^SA[0-9]+$'`));
    code = `SA${String(n + 1).padStart(3, '0')}`;
  }
  const [dup] = await tx
    .select({ id: s.id })
    .from(s)
    .where(and(eq(s.customer_no, c.customer_no), eq(s.code, code)));
  if (dup) throw conflict(`Ship-to address ${code} already exists for customer ${c.customer_no}`, 'duplicate', 'code');
  await tx.insert(s).values({
    code,
    customer_no: c.customer_no,
    franchise_code: c.franchise_code,
    name: input.name,
    name_2: input.name_2,
    address: input.address,
    address_2: input.address_2,
    district_code: addr.district_code,
    post_code: addr.post_code,
    contact: input.contact,
    phone_no: input.phone_no ? normalizePhone(input.phone_no) : '',
    country_region_code: COUNTRY_REGION_CODE,
    is_temporary: isTemporary,
  });
  return getShipTo(tx, c.customer_no, code);
}

export async function createShipToAddress(tx: Tx, auth: Auth, input: z.output<typeof shipToAddressCreate>) {
  const c = await getCustomerByNo(tx, auth, input.customer_no);
  return insertShipTo(tx, c, input, false);
}

/** The temporary variant attaches the address to the customer found by phone_no_customer. */
export async function createTemporaryShipToAddress(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof shipToAddressTemporaryCreate>,
) {
  const c = await getCustomerByPhone(tx, auth, input.phone_no_customer, input.franchise_code);
  return insertShipTo(tx, c, input, true);
}

export async function updateShipToAddress(db: DbOrTx, auth: Auth, input: z.output<typeof shipToAddressUpdate>) {
  const { customer_no, code, version, country_region_code: _c, ...values } = input;
  const c = await getCustomerByNo(db, auth, customer_no);
  const current = await getShipTo(db, c.customer_no, code);
  const post = values.post_code ?? (values.district_code !== undefined ? '' : current.post_code);
  const addr = await resolveAddress(db, post, values.district_code ?? current.district_code);
  const where = and(eq(s.customer_no, c.customer_no), eq(s.code, code));
  const [row] = await db
    .update(s)
    .set({
      ...values,
      ...(values.phone_no !== undefined ? { phone_no: values.phone_no ? normalizePhone(values.phone_no) : '' } : {}),
      post_code: addr.post_code,
      district_code: addr.district_code,
      ...bump(s.version),
    })
    .where(and(where, eq(s.version, version)))
    .returning({ id: s.id });
  if (!row) return explainMissedUpdate(db, getTableName(s), where!, 'Ship-to address');
  return getShipTo(db, c.customer_no, code);
}
