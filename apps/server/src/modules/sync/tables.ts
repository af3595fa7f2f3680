import type { SyncTableCode } from '@fp/contract';
import type { Db } from '../../db/client.js';
import type { Erp, ErpCallOptions, ErpItem, ErpListQuery, ErpPage } from '../../erp/port.js';
import { applyErpItems } from '../items/sync.js';

/** A record of a synchronised table as the product keeps it (erp_table_records). */
export type SyncedRecord = {
  system_id: string;
  record_key: string;
  description: string;
  etag: string;
  data: Record<string, unknown>;
};

/** Records a page of the ERP's list could not give (no key): counted as failed with a message. */
export type SyncPage = { records: SyncedRecord[]; failures: { record_key: string; message: string }[] };

/** How one table is read from the ERP (page by page through the port) and applied to the product's own tables. */
export type SyncTableDef = {
  /** The port's list for this table; the job follows nextLink to the end. */
  read: (erp: Erp, q: ErpListQuery, o: ErpCallOptions) => Promise<{ page: SyncPage; nextLink: string | null }>;
  /**
   * business_central: writes the records of a page that are new or changed into the product's own tables (items into
   * the catalogue, franchises' setup through the port); answers how many product records it wrote. Standalone has
   * nothing to apply (the product is the record). A table without it is kept in the sync tables only.
   */
  apply?: (c: { db: Db; erp: Erp; o: ErpCallOptions }, changed: SyncedRecord[]) => Promise<number>;
};

const PAGE = 500;

function pageOf<T>(
  p: ErpPage<T>,
  map: (row: T) => SyncedRecord | SyncedRecord[],
  /** Why the product cannot take a record (null: it can). */
  refuse: (r: SyncedRecord) => string | null = () => null,
): { page: SyncPage; nextLink: string | null } {
  const records: SyncedRecord[] = [];
  const failures: SyncPage['failures'] = [];
  for (const row of p.value) {
    for (const r of ([] as SyncedRecord[]).concat(map(row))) {
      if (!r.record_key.trim()) failures.push({ record_key: r.system_id, message: 'The record has no number' });
      else if (!r.system_id.trim()) failures.push({ record_key: r.record_key, message: 'The record has no id' });
      else {
        const why = refuse(r);
        if (why) failures.push({ record_key: r.record_key, message: why });
        else records.push(r);
      }
    }
  }
  return { page: { records, failures }, nextLink: p.nextLink };
}

const q0 = (q: ErpListQuery): ErpListQuery => (q.nextLink ? { nextLink: q.nextLink } : { top: PAGE, ...q });
const asData = (row: object) => row as Record<string, unknown>;

export const SYNC_TABLE_DEFS: Record<SyncTableCode, SyncTableDef> = {
  item: {
    read: async (erp, q, o) =>
      pageOf(
        await erp.items.list(q0(q), o),
        (i) => ({
          system_id: i.system_id,
          record_key: i.item_no,
          description: i.description,
          etag: i.etag,
          data: asData(i),
        }),
        // The counter sells in the base unit: an item without one cannot be taken into the catalogue.
        (r) => ((r.data as ErpItem).base_unit_of_measure.trim() ? null : 'The item has no base unit of measure'),
      ),
    apply: async ({ db }, changed) =>
      applyErpItems(
        db,
        changed.map((r) => r.data as ErpItem),
      ),
  },
  item_price: {
    read: async (erp, q, o) =>
      pageOf(await erp.items.listPrices(q0(q), o), (p) => ({
        system_id: p.system_id,
        record_key: [p.item_no, p.variant_code, p.unit_of_measure, p.sales_code].filter(Boolean).join(' / '),
        description: p.unit_price,
        etag: p.etag,
        data: asData(p),
      })),
  },
  item_variant: {
    read: async (erp, q, o) =>
      pageOf(await erp.items.list(q0(q), o), (i) =>
        i.variants.map((v) => ({
          system_id: `${i.system_id}:${v.variant_code}`,
          record_key: `${i.item_no} / ${v.variant_code}`,
          description: v.description,
          etag: i.etag,
          data: { item_no: i.item_no, ...v },
        })),
      ),
  },
  customer: {
    read: async (erp, q, o) =>
      pageOf(await erp.customers.list(q0(q), o), (c) => ({
        system_id: c.system_id,
        record_key: c.customer_no,
        description: c.name,
        etag: c.etag,
        data: asData(c),
      })),
  },
  vendor: {
    read: async (erp, q, o) =>
      pageOf(await erp.vendors.list(q0(q), o), (v) => ({
        system_id: v.system_id,
        record_key: v.vendor_no,
        description: v.name,
        etag: v.etag,
        data: asData(v),
      })),
  },
  franchise: {
    read: async (erp, q, o) =>
      pageOf(await erp.franchises.list(q0(q), o), (f) => ({
        system_id: f.system_id,
        record_key: f.customer_no,
        description: f.name,
        etag: f.etag,
        data: asData(f),
      })),
    apply: async ({ erp, o }, changed) => {
      for (const r of changed) await erp.franchises.sync(r.record_key, o);
      return changed.length;
    },
  },
  transfer_order: {
    read: async (erp, q, o) =>
      pageOf(await erp.transferOrders.list(q0(q), o), (t) => ({
        system_id: t.system_id,
        record_key: t.bc_to_no,
        description: `${t.transfer_from_code} → ${t.transfer_to_code} (${t.status})`,
        etag: t.etag,
        data: asData(t),
      })),
  },
  post_code: {
    read: async (erp, q, o) =>
      pageOf(await erp.postCodes.list({ ...q0(q), table_code: 'post_code' }, o), (p) => ({
        system_id: p.code,
        record_key: p.code,
        description: [p.name, p.city].filter(Boolean).join(', '),
        etag: '',
        data: asData(p),
      })),
  },
};
