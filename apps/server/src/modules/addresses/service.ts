import fs from 'node:fs';
import { and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  COUNTRY_REGION_CODE,
  type AddressUnit,
  type ShippingAgent,
  type ShippingAgentService,
  type shippingAgentServiceCreate,
  type shippingAgentServiceTemporaryCreate,
  type shippingAgentServiceUpdate,
} from '@fp/contract';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import { addressUnits, shippingAgents, shippingAgentServices } from './schema.js';

type AdminUnits = {
  provinces: { code: string; name: string; name_en: string; full_name: string; type: string }[];
  districts: { code: string; name: string; name_en: string; full_name: string; type: string; province_code: string }[];
};

const unitsFile = new URL('./reference/vn-admin-units.json', import.meta.url);
const loaded = new WeakMap<object, Promise<void>>();

/** Loads the official provinces and districts once per database (reference data, not demo data). */
export function ensureAddressUnits(db: Db): Promise<void> {
  let p = loaded.get(db);
  if (!p) {
    p = loadAddressUnits(db).catch((e) => {
      loaded.delete(db);
      throw e;
    });
    loaded.set(db, p);
  }
  return p;
}

async function loadAddressUnits(db: Db) {
  const data = JSON.parse(fs.readFileSync(unitsFile, 'utf8')) as AdminUnits;
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(addressUnits);
  if (n < data.provinces.length + data.districts.length) {
    const rows = [
      ...data.provinces.map((p) => ({
        table_code: 'post_code',
        code: p.code,
        name: p.name,
        name_en: p.name_en,
        full_name: p.full_name,
        type: p.type,
        post_code: p.code,
      })),
      ...data.districts.map((d) => ({
        table_code: 'address_district',
        code: d.code,
        name: d.name,
        name_en: d.name_en,
        full_name: d.full_name,
        type: d.type,
        post_code: d.province_code,
      })),
    ];
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insert(addressUnits)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing();
  }
  await db.insert(shippingAgents).values(CARRIERS).onConflictDoNothing();
}

/** Vietnamese carriers every store can choose from. */
export const CARRIERS: ShippingAgent[] = [
  { code: 'GHN', name: 'Giao Hàng Nhanh' },
  { code: 'GHTK', name: 'Giao Hàng Tiết Kiệm' },
  { code: 'VTP', name: 'Viettel Post' },
  { code: 'VNPOST', name: 'Bưu điện Việt Nam (VNPost)' },
  { code: 'JTEXPRESS', name: 'J&T Express' },
  { code: 'STORE', name: 'Cửa hàng tự giao' },
];

const province = alias(addressUnits, 'province');

export const addressUnitList: ListSpec<AddressUnit & { __total: number }, AddressUnit> = {
  source: (db, extra) =>
    db
      .select({
        table_code: sql<'post_code' | 'address_district'>`${addressUnits.table_code}`,
        code: addressUnits.code,
        name: addressUnits.name,
        name_en: addressUnits.name_en,
        full_name: addressUnits.full_name,
        type: addressUnits.type,
        post_code: addressUnits.post_code,
        province_name: sql<string>`coalesce(${province.name}, '')`,
        country_region_code: sql<string>`${COUNTRY_REGION_CODE}`,
        ...extra,
      })
      .from(addressUnits)
      .leftJoin(province, and(eq(province.table_code, 'post_code'), eq(province.code, addressUnits.post_code)))
      .$dynamic(),
  fields: {
    code: addressUnits.code,
    name: addressUnits.name,
    name_en: addressUnits.name_en,
    full_name: addressUnits.full_name,
    type: addressUnits.type,
    post_code: addressUnits.post_code,
    province_name: province.name,
  },
  filterable: ['code', 'name', 'name_en', 'full_name', 'type', 'post_code', 'province_name'],
  sortable: ['code', 'name', 'name_en', 'full_name', 'type', 'post_code', 'province_name'],
  defaultSort: { field: 'code', direction: 'asc' },
  key: addressUnits.id,
};

export const addressTableFilter = (tableCode: string) => eq(addressUnits.table_code, tableCode);

export type ResolvedAddress = {
  post_code: string;
  district_code: string;
  district_name: string;
  province_name: string;
};

/**
 * Checks a province (post_code) and district pair: both must exist and the district must lie in the province.
 * An empty post code is taken from the district.
 */
export async function resolveAddress(db: DbOrTx, postCode: string, districtCode: string): Promise<ResolvedAddress> {
  let post = postCode.trim();
  const district = districtCode.trim();
  let district_name = '';
  if (district) {
    const [d] = await db
      .select()
      .from(addressUnits)
      .where(and(eq(addressUnits.table_code, 'address_district'), eq(addressUnits.code, district)));
    if (!d) throw badRequest(`District code ${district} does not exist`, 'district_code');
    if (post && d.post_code !== post)
      throw badRequest(`District ${d.name} is not in post code ${post}`, 'district_code');
    post = d.post_code;
    district_name = d.name;
  }
  let province_name = '';
  if (post) {
    const [p] = await db
      .select()
      .from(addressUnits)
      .where(and(eq(addressUnits.table_code, 'post_code'), eq(addressUnits.code, post)));
    if (!p) throw badRequest(`Post code ${post} does not exist`, 'post_code');
    province_name = p.name;
  }
  return { post_code: post, district_code: district, district_name, province_name };
}

// ---- Shipping agent services ----

type ServiceRow = typeof shippingAgentServices.$inferSelect & { shipping_agent_name: string };

export const shippingAgentServiceList: ListSpec<ServiceRow, ShippingAgentService> = {
  source: (db, extra) =>
    db
      .select({
        ...getTableColumns(shippingAgentServices),
        shipping_agent_name: sql<string>`coalesce(${shippingAgents.name}, '')`,
        ...extra,
      })
      .from(shippingAgentServices)
      .leftJoin(shippingAgents, eq(shippingAgents.code, shippingAgentServices.shipping_agent_code))
      .$dynamic(),
  fields: {
    id: shippingAgentServices.id,
    code: shippingAgentServices.code,
    shipping_agent_code: shippingAgentServices.shipping_agent_code,
    shipping_agent_name: shippingAgents.name,
    description: shippingAgentServices.description,
    post_code: shippingAgentServices.post_code,
    district_code: shippingAgentServices.district_code,
    is_temporary: shippingAgentServices.is_temporary,
    updated_at: shippingAgentServices.updated_at,
  },
  filterable: [
    'id',
    'code',
    'shipping_agent_code',
    'shipping_agent_name',
    'description',
    'post_code',
    'district_code',
    'is_temporary',
  ],
  sortable: [
    'id',
    'code',
    'shipping_agent_code',
    'shipping_agent_name',
    'description',
    'post_code',
    'district_code',
    'updated_at',
  ],
  defaultSort: { field: 'shipping_agent_code', direction: 'asc' },
  key: shippingAgentServices.id,
};

export async function listShippingAgents(db: DbOrTx): Promise<ShippingAgent[]> {
  return db.select().from(shippingAgents).orderBy(shippingAgents.code);
}

async function getService(db: DbOrTx, agent: string, code: string): Promise<ShippingAgentService> {
  const [row] = await shippingAgentServiceList
    .source(db, { __total: sql<number>`0`.as('__total') })
    .where(and(eq(shippingAgentServices.shipping_agent_code, agent), eq(shippingAgentServices.code, code)));
  if (!row) throw notFound('Shipping agent service');
  const { __total: _t, ...rest } = row;
  return rest;
}

/** A carrier not yet known is registered by its first service (named by its code until renamed). */
async function ensureAgent(db: DbOrTx, agent: string) {
  await db.insert(shippingAgents).values({ code: agent, name: agent }).onConflictDoNothing();
}

type ServiceInput = z.output<typeof shippingAgentServiceCreate>;

async function insertService(db: DbOrTx, input: ServiceInput, isTemporary: boolean): Promise<ShippingAgentService> {
  const addr = await resolveAddress(db, input.post_code, input.district_code);
  await ensureAgent(db, input.shipping_agent_code);
  const [dup] = await db
    .select({ id: shippingAgentServices.id })
    .from(shippingAgentServices)
    .where(
      and(
        eq(shippingAgentServices.shipping_agent_code, input.shipping_agent_code),
        eq(shippingAgentServices.code, input.code),
      ),
    );
  if (dup) throw conflict(`Service ${input.code} already exists for ${input.shipping_agent_code}`, 'duplicate', 'code');
  await db
    .insert(shippingAgentServices)
    .values({ ...input, post_code: addr.post_code, district_code: addr.district_code, is_temporary: isTemporary });
  return getService(db, input.shipping_agent_code, input.code);
}

export function createShippingAgentService(db: DbOrTx, input: ServiceInput) {
  return insertService(db, input, false);
}

/** A one-off service; an empty code becomes the agent's next TMPnnnn. */
export async function createTemporaryShippingAgentService(
  tx: Tx,
  input: z.output<typeof shippingAgentServiceTemporaryCreate>,
) {
  if (input.code) return insertService(tx, input, true);
  // Serialise temporary codes per agent so two counters never pick the same number.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sas:${input.shipping_agent_code}`}))`);
  const [{ n }] = await tx
    .select({ n: sql<number>`coalesce(max(substring(${shippingAgentServices.code} from 4)::int), 0)::int` })
    .from(shippingAgentServices)
    .where(
      and(
        eq(shippingAgentServices.shipping_agent_code, input.shipping_agent_code),
        sql`${shippingAgentServices.code} ~ '^TMP[0-9]+$'`,
      ),
    );
  return insertService(tx, { ...input, code: `TMP${String(n + 1).padStart(4, '0')}` }, true);
}

export async function updateShippingAgentService(db: DbOrTx, input: z.output<typeof shippingAgentServiceUpdate>) {
  const { version, shipping_agent_code, code, ...values } = input;
  const current = await getService(db, shipping_agent_code, code);
  // A new district without a post code takes its own province.
  const post = values.post_code ?? (values.district_code !== undefined ? '' : current.post_code);
  const addr = await resolveAddress(db, post, values.district_code ?? current.district_code);
  const where = and(
    eq(shippingAgentServices.shipping_agent_code, shipping_agent_code),
    eq(shippingAgentServices.code, code),
  );
  const [row] = await db
    .update(shippingAgentServices)
    .set({
      ...values,
      post_code: addr.post_code,
      district_code: addr.district_code,
      ...bump(shippingAgentServices.version),
    })
    .where(and(where, eq(shippingAgentServices.version, version)))
    .returning({ id: shippingAgentServices.id });
  if (!row) return explainMissedUpdate(db, getTableName(shippingAgentServices), where!, 'Shipping agent service');
  return getService(db, shipping_agent_code, code);
}
