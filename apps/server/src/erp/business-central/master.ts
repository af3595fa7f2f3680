import { stampNow } from '../../db/clock.js';
import { businessYear } from '@fp/contract';
import Decimal from 'decimal.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { franchises } from '../../modules/franchises/schema.js';
import { generateNumberSeries } from '../../modules/number-series/service.js';
import type {
  ErpCustomer,
  ErpCustomers,
  ErpFranchise,
  ErpFranchises,
  ErpItem,
  ErpItemPrice,
  ErpItems,
  ErpListQuery,
  ErpPage,
  ErpPostCode,
  ErpPostCodes,
  ErpSyncResult,
  ErpTransferOrder,
  ErpTransferOrders,
  ErpVendor,
  ErpVendors,
} from '../port.js';
import { franchiseSetupOf } from '../port.js';
import { syncLogs } from '../schema.js';
import { standalonePostCodes } from '../standalone/post-codes.js';
import { BcRequestError, odataString, type BcClient, type BcJson } from './client.js';

/**
 * Master data from Business Central, mapped to the port's areas: standard `items` (with `itemVariants`),
 * `customers`, `vendors`; custom API pages `franchises` (with `franchiseLocations`), `transferOrders` (with
 * `transferOrderLines`) and `postCodes`. Lists follow BC's paging (`nextLink` is BC's @odata.nextLink), filter
 * with `$filter` (`since` → `lastModifiedDateTime gt <datetime>`, unquoted as BC wants it).
 */

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
/** A JSON number as a decimal string without float noise (12.5 → "12.5", 0.1+0.2 stays as BC sent it). */
export const dec = (v: unknown) => (v === null || v === undefined || v === '' ? '0' : new Decimal(String(v)).toFixed());
const etag = (r: BcJson) => str(r['@odata.etag']);

/** Port field → BC property, per entity set; a filter on anything else is refused (BC would 400 on it too). */
type FieldMap = Record<string, string>;

function filterOf(q: ErpListQuery, fields: FieldMap, extra: string[] = []): string {
  const parts = [...extra];
  for (const [k, v] of Object.entries(q.filter ?? {})) {
    const bc = fields[k];
    if (!bc) throw new BcRequestError(400, 'filter', `Business Central lists cannot be filtered by ${k}.`);
    parts.push(`${bc} eq ${typeof v === 'string' ? odataString(v) : String(v)}`);
  }
  if (q.since) {
    const at = new Date(q.since);
    if (Number.isNaN(at.getTime()))
      throw new BcRequestError(400, 'since', `since "${q.since}" is not a date and time.`);
    // BC compares datetimes with an unquoted literal; a quoted one is a type error.
    parts.push(`lastModifiedDateTime gt ${at.toISOString()}`);
  }
  return parts.join(' and ');
}

/** The URL of a list's first page: $filter, $expand, $skip; the page size travels in Prefer. */
function listUrl(base: string, q: ErpListQuery, fields: FieldMap, o: { expand?: string; extra?: string[] } = {}) {
  const params = new URLSearchParams();
  const filter = filterOf(q, fields, o.extra);
  if (filter) params.set('$filter', filter);
  if (o.expand) params.set('$expand', o.expand);
  if (q.skip) params.set('$skip', String(q.skip));
  const qs = params.toString().replace(/\+/g, '%20');
  return qs ? `${base}?${qs}` : base;
}

async function pageOf<T>(
  client: BcClient,
  base: string,
  q: ErpListQuery,
  fields: FieldMap,
  map: (r: BcJson) => T,
  o: { expand?: string; extra?: string[]; action: string },
): Promise<ErpPage<T>> {
  const url = q.nextLink ?? listUrl(base, q, fields, o);
  const page = await client.page(url, o.action, q.nextLink ? undefined : q.top);
  return { value: page.value.map(map), nextLink: page.nextLink };
}

/** The start of the last successful sync of a table (the `since` of the next incremental one). */
async function lastSync(db: Db, tableCode: string): Promise<string | undefined> {
  const [row] = await db
    .select({ at: syncLogs.started_at })
    .from(syncLogs)
    .where(
      and(
        eq(syncLogs.table_code, tableCode),
        eq(syncLogs.status, 'success'),
        eq(syncLogs.erp_mode, 'business_central'),
      ),
    )
    .orderBy(desc(syncLogs.id))
    .limit(1);
  return row?.at ?? undefined;
}

/** Reads a table from BC (all, or what changed since its last sync) and says what it read. */
async function readTable(
  db: Db,
  tableCode: string,
  label: string,
  syncAll: boolean | undefined,
  read: (since: string | undefined) => Promise<number>,
): Promise<ErpSyncResult> {
  const since = syncAll ? undefined : await lastSync(db, tableCode);
  const n = await read(since);
  return {
    records: n,
    message: `Business Central: ${n} ${label} read${since ? ` (changed since ${since})` : ' (all)'}`,
  };
}

// ---------- items ----------

const ITEM_FIELDS: FieldMap = {
  item_no: 'number',
  description: 'displayName',
  item_category_code: 'itemCategoryCode',
  blocked: 'blocked',
  gtin: 'gtin',
};

export const toItem = (r: BcJson): ErpItem => {
  const base = str(r.baseUnitOfMeasureCode);
  return {
    etag: etag(r),
    system_id: str(r.id),
    item_no: str(r.number),
    description: str(r.displayName),
    base_unit_of_measure: base,
    unit_price: dec(r.unitPrice),
    item_category_code: str(r.itemCategoryCode),
    blocked: r.blocked === true,
    gtin: str(r.gtin),
    variants: (Array.isArray(r.itemVariants) ? (r.itemVariants as BcJson[]) : []).map((v) => ({
      variant_code: str(v.code),
      description: str(v.description),
      blocked: false,
    })),
    units_of_measure: [{ code: base, qty_per_unit_of_measure: '1' }],
  };
};

export function bcItems(client: BcClient, db: Db): ErpItems {
  const base = client.standard('items');
  const list = (q: ErpListQuery = {}) =>
    pageOf(client, base, q, ITEM_FIELDS, toItem, { expand: 'itemVariants', action: 'list items' });
  return {
    list,
    async get(itemNo) {
      const page = await list({ filter: { item_no: itemNo }, top: 1 });
      return page.value[0] ?? null;
    },
    async listPrices(q = {}) {
      // BC's price on the item card is the one price for every franchise (sales_code '').
      const itemNo = q.item_no ?? (q.filter?.item_no !== undefined ? String(q.filter.item_no) : undefined);
      const page = await list({ ...q, filter: itemNo ? { item_no: itemNo } : undefined });
      return {
        value: page.value.map((i): ErpItemPrice => ({
          etag: i.etag,
          system_id: i.system_id,
          item_no: i.item_no,
          variant_code: '',
          unit_of_measure: i.base_unit_of_measure,
          sales_code: '',
          unit_price: i.unit_price,
          starting_date: null,
          ending_date: null,
        })),
        nextLink: page.nextLink,
      };
    },
    async sync(opts) {
      if (opts.itemNo) {
        const found = await this.get(opts.itemNo);
        if (!found) throw new BcRequestError(404, 'not_found', `Business Central does not know item ${opts.itemNo}.`);
        return { records: 1, message: `Business Central: item ${opts.itemNo} read` };
      }
      return readTable(db, 'item', 'items', opts.syncAll, async (since) => {
        let n = 0;
        for (let p = await list({ since }); ; p = await list({ nextLink: p.nextLink! })) {
          n += p.value.length;
          if (!p.nextLink) return n;
        }
      });
    },
  };
}

// ---------- customers and vendors ----------

const CUSTOMER_FIELDS: FieldMap = {
  customer_no: 'number',
  phone_no: 'phoneNumber',
  name: 'displayName',
  email: 'email',
  post_code: 'postalCode',
};
const blockedOf = (v: unknown) => typeof v === 'string' && v.trim() !== '';

export function bcCustomers(client: BcClient, db: Db, isFranchise: (no: string) => Promise<boolean>): ErpCustomers {
  const base = client.standard('customers');
  const map = (r: BcJson): ErpCustomer => ({
    etag: etag(r),
    system_id: str(r.id),
    customer_no: str(r.number),
    name: str(r.displayName),
    address: str(r.addressLine1),
    address_2: str(r.addressLine2),
    district_code: str(r.state),
    city: str(r.city),
    post_code: str(r.postalCode),
    country_region_code: str(r.country),
    phone_no: str(r.phoneNumber),
    email: str(r.email),
    contact: '',
    is_franchise: false,
    blocked: blockedOf(r.blocked),
  });
  const withKind = async (c: ErpCustomer | undefined) =>
    c ? { ...c, is_franchise: await isFranchise(c.customer_no) } : null;
  const list = async (q: ErpListQuery = {}) => {
    const page = await pageOf(client, base, q, CUSTOMER_FIELDS, map, { action: 'list customers' });
    const value = await Promise.all(page.value.map(async (c) => (await withKind(c))!));
    return { value, nextLink: page.nextLink };
  };
  return {
    list,
    async get(customerNo) {
      return withKind(
        (
          await pageOf(client, base, { filter: { customer_no: customerNo }, top: 1 }, CUSTOMER_FIELDS, map, {
            action: `find customer ${customerNo}`,
          })
        ).value[0],
      );
    },
    async findByPhone(phoneNo) {
      return withKind(
        (
          await pageOf(client, base, { filter: { phone_no: phoneNo }, top: 1 }, CUSTOMER_FIELDS, map, {
            action: `find the customer with phone ${phoneNo}`,
          })
        ).value[0],
      );
    },
    sync(opts) {
      return readTable(
        db,
        'customer',
        'customers',
        opts.syncAll,
        async (since) => (await client.all(listUrl(base, { since }, CUSTOMER_FIELDS), 'list customers')).length,
      );
    },
  };
}

const VENDOR_FIELDS: FieldMap = { vendor_no: 'number', name: 'displayName', phone_no: 'phoneNumber' };

export function bcVendors(client: BcClient): ErpVendors {
  const base = client.standard('vendors');
  const map = (r: BcJson): ErpVendor => ({
    etag: etag(r),
    system_id: str(r.id),
    vendor_no: str(r.number),
    name: str(r.displayName),
    address: str(r.addressLine1),
    phone_no: str(r.phoneNumber),
    email: str(r.email),
    blocked: blockedOf(r.blocked),
  });
  return {
    list: (q = {}) => pageOf(client, base, q, VENDOR_FIELDS, map, { action: 'list vendors' }),
    async get(vendorNo) {
      return (
        (
          await pageOf(client, base, { filter: { vendor_no: vendorNo }, top: 1 }, VENDOR_FIELDS, map, {
            action: `find vendor ${vendorNo}`,
          })
        ).value[0] ?? null
      );
    },
  };
}

// ---------- franchises (custom API page) ----------

const FRANCHISE_FIELDS: FieldMap = {
  customer_no: 'customerNumber',
  phone_no: 'phoneNumber',
  name: 'name',
  region_code: 'regionCode',
};

export const toFranchise = (r: BcJson): ErpFranchise => ({
  etag: etag(r),
  system_id: str(r.id),
  customer_no: str(r.customerNumber),
  name: str(r.name),
  address: str(r.address),
  address_2: str(r.address2),
  district_code: str(r.districtCode),
  district_name: str(r.districtName),
  city: str(r.city),
  post_code: str(r.postCode),
  region_code: str(r.regionCode),
  phone_no: str(r.phoneNumber),
  email: str(r.email),
  contact: str(r.contact),
  vendor_no: str(r.vendorNumber),
  vendor_name: str(r.vendorName),
  buy_from_code: str(r.buyFromCode),
  buy_from_address: str(r.buyFromAddress),
  receipt_lead_time: Number(r.receiptLeadTimeDays ?? 0) || 0,
  consignment_location_code: str(r.consignmentLocationCode),
  consignment_warehouse_code: str(r.consignmentWarehouseCode),
  consignment_intransit_code: str(r.consignmentInTransitCode),
  locations: (Array.isArray(r.franchiseLocations) ? (r.franchiseLocations as BcJson[]) : []).map((l) => ({
    location_code: str(l.locationCode),
    name: str(l.name),
    address: str(l.address),
    district_code: str(l.districtCode),
    phone_no: str(l.phoneNumber),
    is_active: l.active !== false,
  })),
});

export function bcFranchises(client: BcClient, db: Db): ErpFranchises {
  const base = client.custom('franchises');
  const list = (q: ErpListQuery = {}) =>
    pageOf(client, base, q, FRANCHISE_FIELDS, toFranchise, { expand: 'franchiseLocations', action: 'list franchises' });
  const one = async (filter: Record<string, string>) => (await list({ filter, top: 1 })).value[0] ?? null;
  return {
    list,
    get: (customerNo) => one({ customer_no: customerNo }),
    findByPhone: (phoneNo) => one({ phone_no: phoneNo }),
    async sync(customerNo) {
      // Read BC first (no transaction is open during a remote call), then write the franchise's setup fields.
      const f = await one({ customer_no: customerNo });
      if (!f) throw new BcRequestError(404, 'not_found', `Business Central does not know franchise ${customerNo}.`);
      const year = businessYear();
      const series = await generateNumberSeries(db, { franchiseCode: customerNo, year });
      const updated = await db
        .update(franchises)
        .set({
          ...franchiseSetupOf(f),
          last_synced_at: stampNow(),
          version: sql`${franchises.version} + 1`,
          updated_at: stampNow(),
        })
        .where(eq(franchises.customer_no, customerNo))
        .returning({ id: franchises.id });
      return {
        records: updated.length,
        message: `Franchise ${customerNo} brought up to date from Business Central: ${f.locations.length} store(s), ${series.created} new number series for ${year}`,
      };
    },
  };
}

/** Franchise customer numbers, read from the custom page at most once a minute (customers say is_franchise). */
export function franchiseNumbers(client: BcClient): (no: string) => Promise<boolean> {
  let cache: { at: number; nos: Promise<Set<string>> } | null = null;
  return async (no) => {
    if (!cache || client.now() - cache.at > 60_000) {
      const nos = client
        .all(`${client.custom('franchises')}?$select=customerNumber`, 'list franchises')
        .then((rows) => new Set(rows.map((r) => str(r.customerNumber))));
      cache = { at: client.now(), nos };
      nos.catch(() => {
        cache = null;
      });
    }
    return (await cache.nos).has(no);
  };
}

// ---------- post codes (custom page) and transfer orders (custom page) ----------

export function bcPostCodes(client: BcClient, db: Db): ErpPostCodes {
  const base = client.custom('postCodes');
  const map = (r: BcJson): ErpPostCode => ({
    table_code: 'post_code',
    code: str(r.code),
    name: str(r.city),
    city: str(r.city),
    district_code: str(r.countyCode),
  });
  // Districts are not a BC table: they stay the product's reference table.
  const districts = standalonePostCodes(db);
  return {
    list(q, o) {
      if (q.table_code === 'address_district') return districts.list(q, o);
      const { table_code: _t, ...rest } = q;
      return pageOf(client, base, rest, { code: 'code', post_code: 'code', city: 'city' }, map, {
        action: 'list post codes',
      });
    },
    sync(opts) {
      return readTable(
        db,
        'post_code',
        'post codes',
        opts.syncAll,
        async (since) => (await client.all(listUrl(base, { since }, {}), 'list post codes')).length,
      );
    },
  };
}

const TRANSFER_STATUS: Record<string, ErpTransferOrder['status']> = {
  Open: 'open',
  Released: 'released',
  Shipped: 'shipped',
  Received: 'received',
  Canceled: 'canceled',
};

export const toTransferOrder = (r: BcJson): ErpTransferOrder => ({
  etag: etag(r),
  system_id: str(r.id),
  bc_to_no: str(r.number),
  franchise_code: str(r.franchiseCode),
  transfer_from_code: str(r.transferFromCode),
  transfer_to_code: str(r.transferToCode),
  intransit_code: str(r.inTransitCode),
  status: TRANSFER_STATUS[str(r.status)] ?? 'open',
  shipment_date: r.shipmentDate ? str(r.shipmentDate) : null,
  lines: (Array.isArray(r.transferOrderLines) ? (r.transferOrderLines as BcJson[]) : []).map((l) => ({
    line_no: Number(l.lineNumber ?? 0),
    item_no: str(l.itemNumber),
    variant_code: str(l.variantCode),
    quantity: dec(l.quantity),
    qty_shipped: dec(l.quantityShipped),
    qty_received: dec(l.quantityReceived),
  })),
});

export function bcTransferOrders(client: BcClient, db: Db): ErpTransferOrders {
  const base = client.custom('transferOrders');
  const fields = {
    bc_to_no: 'number',
    franchise_code: 'franchiseCode',
    external_document_no: 'externalDocumentNumber',
  };
  const list = (q: ErpListQuery & { franchise_code?: string } = {}) => {
    const { franchise_code, ...rest } = q;
    const filter = { ...(rest.filter ?? {}), ...(franchise_code ? { franchise_code } : {}) };
    return pageOf(client, base, { ...rest, filter }, fields, toTransferOrder, {
      expand: 'transferOrderLines',
      action: 'list transfer orders',
    });
  };
  return {
    list,
    async get(bcToNo) {
      return (await list({ filter: { bc_to_no: bcToNo }, top: 1 })).value[0] ?? null;
    },
    sync(opts) {
      return readTable(db, 'transfer_order', 'transfer orders', opts.syncAll, async (since) => {
        let n = 0;
        for (
          let p = await list({ since, franchise_code: opts.franchise_code });
          ;
          p = await list({ nextLink: p.nextLink! })
        ) {
          n += p.value.length;
          if (!p.nextLink) return n;
        }
      });
    },
  };
}
