import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  COUNTRY_REGION_CODE,
  DEFAULT_CUSTOMER_PREFIX,
  normalizePhone,
  type Customer,
  type CustomerDetailsPos,
  type CustomerKey,
  type CustomerRecord,
  type CustomerRecordInfo,
  type customerRecordUpdate,
  type customerTemporaryCreate,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { badRequest, businessRule, conflict } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { addressUnits } from '../addresses/schema.js';
import { resolveAddress } from '../addresses/service.js';
import { redeemablePointEntries, rankingPointEntries } from '../loyalty/schema.js';
import { loyaltyBalanceOf, newReferralCode, referrerOf } from '../loyalty/service.js';
import { takeNextNumber } from '../number-series/service.js';
import { customerSetups, customers } from './schema.js';
import { assertLocation, getCustomerByKey, getCustomerByNo, type CustomerRow } from './lookup.js';
import { shipToAddressesOf } from './ship-to.js';

export const toCustomer = (r: CustomerRow): Customer => {
  const { customer_setup_id: _s, ...rest } = r;
  return rest;
};

const district = alias(addressUnits, 'district');
const province = alias(addressUnits, 'province');
const referrer = alias(customers, 'referrer');

type RecordRow = CustomerRow & {
  district_name: string;
  province_name: string;
  referred_by_customer_no: string;
  referred_by_name: string;
};

export const customerRecordList: ListSpec<RecordRow, CustomerRecord> = {
  source: (db, extra) =>
    db
      .select({
        ...getTableColumns(customers),
        district_name: sql<string>`coalesce(${district.name}, '')`,
        province_name: sql<string>`coalesce(${province.name}, '')`,
        referred_by_customer_no: sql<string>`coalesce(${referrer.customer_no}, '')`,
        referred_by_name: sql<string>`coalesce(${referrer.name}, '')`,
        ...extra,
      })
      .from(customers)
      .leftJoin(district, and(eq(district.table_code, 'address_district'), eq(district.code, customers.district_code)))
      .leftJoin(province, and(eq(province.table_code, 'post_code'), eq(province.code, customers.post_code)))
      .leftJoin(
        referrer,
        and(sql`${customers.referred_by_code} <> ''`, eq(referrer.referral_code, customers.referred_by_code)),
      )
      .$dynamic(),
  fields: {
    customer_no: customers.customer_no,
    franchise_code: customers.franchise_code,
    location_code: customers.location_code,
    name: customers.name,
    phone_no: customers.phone_no,
    email: customers.email,
    address: customers.address,
    district_code: customers.district_code,
    post_code: customers.post_code,
    birth_date: customers.birth_date,
    prefix: customers.prefix,
    channel: customers.channel,
    is_temporary: customers.is_temporary,
    referral_code: customers.referral_code,
    referred_by_code: customers.referred_by_code,
    created_at: customers.created_at,
    updated_at: customers.updated_at,
  },
  filterable: [
    'customer_no',
    'franchise_code',
    'location_code',
    'name',
    'phone_no',
    'email',
    'address',
    'district_code',
    'post_code',
    'birth_date',
    'prefix',
    'channel',
    'is_temporary',
    'referral_code',
    'referred_by_code',
    'created_at',
  ],
  sortable: [
    'customer_no',
    'franchise_code',
    'location_code',
    'name',
    'phone_no',
    'email',
    'birth_date',
    'channel',
    'created_at',
    'updated_at',
  ],
  defaultSort: { field: 'created_at', direction: 'desc' },
  key: customers.customer_no,
  map: (r) => {
    const { customer_setup_id: _s, ...rest } = r;
    return rest;
  },
};

async function assertPhoneFree(db: DbOrTx, franchiseCode: string, phone: string, exceptCustomerNo?: string) {
  const [dup] = await db
    .select({ c: customers.customer_no })
    .from(customers)
    .where(and(eq(customers.franchise_code, franchiseCode), eq(customers.phone_no, phone)));
  if (dup && dup.c !== exceptCustomerNo)
    throw conflict(
      `A customer with phone ${phone} already exists in franchise ${franchiseCode}`,
      'duplicate',
      'phone_no',
    );
}

/**
 * calls.md 7.13 create-temporary: birth date empty = 0001-01-01, country always VNM. The number comes from the
 * franchise's CUS number series (`HN001-CUS-26-000123`); the prefix picks the customer setup (channel).
 */
export async function createTemporaryCustomer(
  tx: Tx,
  auth: Auth,
  input: z.output<typeof customerTemporaryCreate>,
): Promise<Customer> {
  // A store user naming another franchise gets "Franchise not found" (404), never a silent switch.
  const franchise = await auth.scope.own(tx, input.franchise_code.toUpperCase());
  if (!franchise) throw badRequest('This is required field!', 'franchise_code');
  await assertLocation(tx, franchise, input.location_code);
  const addr = await resolveAddress(tx, input.post_code, input.district_code);
  const phone = normalizePhone(input.phone_no);
  const prefix = input.prefix.toUpperCase().replace(/[^A-Z0-9_-]/g, '') || DEFAULT_CUSTOMER_PREFIX;
  await assertPhoneFree(tx, franchise, phone);
  const referredBy = input.referred_by_code ? (await referrerOf(tx, input.referred_by_code)).referral_code : '';
  const [setup] = await tx.select().from(customerSetups).where(eq(customerSetups.prefix, prefix));
  // Gap-free from the franchise's CUS series of the business year, inside the caller's transaction.
  const customer_no = await takeNextNumber(tx, { franchiseCode: franchise, documentType: 'CUS' });
  const inserted = await tx
    .insert(customers)
    .values({
      customer_no,
      franchise_code: franchise,
      location_code: input.location_code,
      name: input.name,
      phone_no: phone,
      email: input.email,
      address: input.address,
      address_2: input.address_2,
      district_code: addr.district_code,
      post_code: addr.post_code,
      country_region_code: COUNTRY_REGION_CODE,
      birth_date: input.birth_date,
      prefix,
      channel: setup?.channel ?? '',
      customer_setup_id: setup?.id ?? null,
      is_temporary: true,
      referral_code: await newReferralCode(tx),
      referred_by_code: referredBy,
    })
    .onConflictDoNothing()
    .returning();
  // A concurrent create with the same phone lost the race to the unique index.
  if (inserted.length === 0)
    throw conflict(`A customer with phone ${phone} already exists in franchise ${franchise}`, 'duplicate', 'phone_no');
  return toCustomer(inserted[0]);
}

/** calls.md 7.13 details-pos: the customer, their ship-to addresses and loyalty balances. */
export async function customerDetailsPos(db: DbOrTx, auth: Auth, key: CustomerKey): Promise<CustomerDetailsPos> {
  const c = await getCustomerByKey(db, auth, key);
  return {
    customer: toCustomer(c),
    ship_to_addresses: await shipToAddressesOf(db, c.customer_no),
    loyalty: await loyaltyBalanceOf(db, c),
  };
}

async function recordOf(db: DbOrTx, customerNo: string): Promise<CustomerRecord> {
  const [row] = await customerRecordList
    .source(db, { __total: sql<number>`0`.as('__total') })
    .where(eq(customers.customer_no, customerNo));
  const { __total: _t, ...rest } = row;
  return customerRecordList.map!(rest);
}

export async function customerRecordInfo(db: DbOrTx, auth: Auth, key: CustomerKey): Promise<CustomerRecordInfo> {
  const c = await getCustomerByKey(db, auth, key);
  return {
    ...(await recordOf(db, c.customer_no)),
    loyalty: await loyaltyBalanceOf(db, c),
    ship_to_addresses: await shipToAddressesOf(db, c.customer_no),
  };
}

/** Updates a customer record; a new phone must stay unique in the franchise, a referral can't change once used. */
export async function updateCustomerRecord(
  db: DbOrTx,
  auth: Auth,
  input: z.output<typeof customerRecordUpdate>,
): Promise<CustomerRecord> {
  const { customer_no, phone_no, franchise_code, version, country_region_code: _country, ...values } = input;
  const current = customer_no
    ? await getCustomerByNo(db, auth, customer_no)
    : await getCustomerByKey(db, auth, { phone_no, franchise_code });
  const { referred_by_code: _r, ...plain } = values;
  const changes: Partial<typeof customers.$inferInsert> = { ...plain };
  if (customer_no && phone_no) {
    changes.phone_no = normalizePhone(phone_no);
    await assertPhoneFree(db, current.franchise_code, changes.phone_no, current.customer_no);
  }
  if (values.location_code !== undefined) await assertLocation(db, current.franchise_code, values.location_code);
  if (values.post_code !== undefined || values.district_code !== undefined) {
    const post = values.post_code ?? (values.district_code !== undefined ? '' : current.post_code);
    const addr = await resolveAddress(db, post, values.district_code ?? current.district_code);
    changes.post_code = addr.post_code;
    changes.district_code = addr.district_code;
  }
  if (values.referred_by_code !== undefined && values.referred_by_code.toUpperCase() !== current.referred_by_code) {
    if (current.referral_pos_so_no)
      throw businessRule(
        `The referral was already used on order ${current.referral_pos_so_no}`,
        'referral_used',
        'referred_by_code',
      );
    changes.referred_by_code = values.referred_by_code
      ? (await referrerOf(db, values.referred_by_code, current.customer_no)).referral_code
      : '';
  }
  const where = eq(customers.customer_no, current.customer_no);
  const [row] = await db
    .update(customers)
    .set({ ...changes, ...bump(customers.version) })
    .where(and(where, eq(customers.version, version)))
    .returning({ customer_no: customers.customer_no })
    .catch((e: unknown) => {
      if (
        String(
          (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code,
        ) === '23505'
      ) {
        throw conflict(
          `A customer with phone ${changes.phone_no} already exists in franchise ${current.franchise_code}`,
          'duplicate',
          'phone_no',
        );
      }
      throw e;
    });
  if (!row) return explainMissedUpdate(db, getTableName(customers), where, 'Customer');
  return recordOf(db, current.customer_no);
}

/** Deletes a customer record and its ship-to addresses; a customer with loyalty history is kept. */
export async function deleteCustomerRecord(
  tx: Tx,
  auth: Auth,
  key: CustomerKey,
): Promise<{ ok: boolean; customer_no: string }> {
  const c = await getCustomerByKey(tx, auth, key);
  const [points] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(redeemablePointEntries)
    .where(eq(redeemablePointEntries.customer_no, c.customer_no));
  const [ranking] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rankingPointEntries)
    .where(eq(rankingPointEntries.customer_no, c.customer_no));
  if (points.n + ranking.n > 0) {
    throw businessRule(
      `Customer ${c.customer_no} has loyalty point history and cannot be deleted`,
      'customer_has_history',
      'customer_no',
    );
  }
  const [referred] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(eq(customers.referred_by_code, c.referral_code));
  if (referred.n > 0)
    throw businessRule(
      `Customer ${c.customer_no} referred other customers and cannot be deleted`,
      'customer_has_referrals',
      'customer_no',
    );
  await tx.delete(customers).where(eq(customers.customer_no, c.customer_no));
  return { ok: true, customer_no: c.customer_no };
}
