import { and, eq, getTableColumns, getTableName, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  businessDate,
  messages,
  warehouseEntryDocument,
  type DocumentRow,
  warehouseMessages,
  type WarehouseEntry,
  type WarehouseEntriesPosted,
  type warehouseEntryCreate,
  type warehouseEntryIds,
  type warehouseEntryUpdate,
} from '@fp/contract';
import type { DbOrTx, Tx } from '../../db/client.js';
import { bump, explainMissedUpdate } from '../../db/versioned.js';
import type { Auth } from '../../http/context.js';
import { AppError, badRequest, businessRule } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { Scope } from '../../http/scope.js';
import { D, toQty } from '../../kernel/money.js';
import { runPosting } from '../../kernel/posting.js';
import { applyActionAll, lockAllForAction, lockEditable, lockEditableOne } from '../../kernel/status.js';
import { WAREHOUSE_ENTRY_DOC } from '../../books/checks.js';
import { assertStock, postItemEntries, stockKeyOf, type StockNeed } from '../ledger/service.js';
import { takeNextNumber } from '../number-series/service.js';
import { warehouseEntries } from './schema.js';
import { franchiseAndLocation, locationOfFranchise, resolveItems } from './items.js';
import { stampNow } from '../../db/clock.js';

// The warehouse entry journal (README.md here): open entries are added, changed and removed; POST …/entries/post
// posts a set of them in one transaction under one WE number (kernel/posting.ts steps), each entry one item ledger
// entry (document_type warehouse_entry, document_line_no = the entry's id). The contract's warehouseEntryDocument
// declares it: changed while open, posted once (machine open → posted) through the kernel's one path; posted entries
// never change (422 status_not_allowed here, trigger fp_refuse_posted_warehouse_entry_change in the database).

export type WarehouseEntryRow = typeof warehouseEntries.$inferSelect;
const w = warehouseEntries;
const cols = getTableColumns(w);

const notFoundAt = (field: string) => new AppError(404, 'not_found', warehouseMessages.notFound, field);

export const baseQuantity = (quantity: string, perUnit: string) => toQty(D(quantity).mul(perUnit));

export function entryOf(r: WarehouseEntryRow): WarehouseEntry {
  return {
    id: r.id,
    franchise_code: r.franchise_code,
    location_code: r.location_code,
    item_no: r.item_no,
    variant_code: r.variant_code,
    description: r.description,
    unit_of_measure: r.unit_of_measure,
    entry_type: r.entry_type,
    quantity: toQty(r.quantity),
    quantity_base: baseQuantity(r.quantity, r.qty_per_unit_of_measure),
    reason_code: r.reason_code,
    posting_date: r.posting_date,
    status: r.status,
    document_no: r.document_no,
    posted_at: r.posted_at,
    created_at: r.created_at,
    version: r.version,
  };
}

export const entryList: ListSpec<WarehouseEntryRow, WarehouseEntry> = {
  source: (db, extra) =>
    db
      .select({ ...cols, ...extra })
      .from(w)
      .$dynamic(),
  fields: {
    id: w.id,
    franchise_code: w.franchise_code,
    location_code: w.location_code,
    item_no: w.item_no,
    variant_code: w.variant_code,
    description: w.description,
    unit_of_measure: w.unit_of_measure,
    entry_type: w.entry_type,
    quantity: w.quantity,
    reason_code: w.reason_code,
    posting_date: w.posting_date,
    status: w.status,
    document_no: w.document_no,
    posted_at: w.posted_at,
    created_at: w.created_at,
  },
  filterable: [
    'id',
    'franchise_code',
    'location_code',
    'item_no',
    'variant_code',
    'description',
    'unit_of_measure',
    'entry_type',
    'quantity',
    'reason_code',
    'posting_date',
    'status',
    'document_no',
    'posted_at',
    'created_at',
  ],
  sortable: [
    'id',
    'franchise_code',
    'location_code',
    'item_no',
    'variant_code',
    'description',
    'entry_type',
    'quantity',
    'reason_code',
    'posting_date',
    'status',
    'document_no',
    'posted_at',
    'created_at',
  ],
  defaultSort: { field: 'id', direction: 'desc' },
  key: w.id,
  map: entryOf,
};

/** One entry the caller sees (another franchise's is "Warehouse entry not found", 404). */
export async function getEntry(db: DbOrTx, scope: Scope, id: number): Promise<WarehouseEntry> {
  const [row] = await db
    .select()
    .from(w)
    .where(and(eq(w.id, id), scope.franchise(w.franchise_code)));
  if (!row) throw notFoundAt('id');
  return entryOf(row);
}

/**
 * Where entries live, in the caller's scope: `ids` one entry (its 404 and 422 name `id`) or a set from a request's
 * `ids` (each named by its position, `ids.<i>`).
 */
const entryTarget = (scope: Scope, ids: number | readonly number[]) => ({
  table: w,
  document: warehouseEntryDocument,
  key: [w.id, ids] as [typeof w.id, number | readonly number[]],
  statusColumn: w.status,
  versionColumn: w.version,
  where: scope.franchise(w.franchise_code),
  notFoundAs: 'Warehouse entry',
  notFoundField: typeof ids === 'number' ? 'id' : 'ids',
  field: typeof ids === 'number' ? 'id' : (row: DocumentRow) => `ids.${ids.indexOf(Number(row.id))}`,
});

export async function createEntry(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof warehouseEntryCreate>,
): Promise<WarehouseEntry> {
  const { franchiseCode, locationCode } = await franchiseAndLocation(tx, auth.scope, body);
  const [item] = await resolveItems(tx, [body], () => '');
  const [row] = await tx
    .insert(w)
    .values({
      franchise_code: franchiseCode,
      location_code: locationCode,
      item_no: item.item_no,
      variant_code: item.variant_code,
      unit_of_measure: item.unit_of_measure,
      qty_per_unit_of_measure: item.perUnit,
      entry_type: body.entry_type,
      quantity: toQty(body.quantity),
      reason_code: body.reason_code,
      description: body.description || item.description,
      posting_date: body.posting_date ?? businessDate(),
      created_by: auth.userId || null,
    })
    .returning();
  return entryOf(row);
}

export async function updateEntry(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof warehouseEntryUpdate>,
): Promise<WarehouseEntry> {
  const row = await lockEditableOne<typeof w, WarehouseEntryRow>(tx, {
    ...entryTarget(auth.scope, body.id),
    change: 'entry',
    version: body.version,
  });
  const set: Partial<typeof w.$inferInsert> = {};
  if (body.location_code !== undefined && body.location_code !== row.location_code) {
    if (!body.location_code) throw badRequest(messages.required, 'location_code');
    set.location_code = await locationOfFranchise(tx, auth.scope, row.franchise_code, body.location_code);
  }
  const itemChanged =
    (body.item_no !== undefined && body.item_no !== row.item_no) ||
    (body.variant_code !== undefined && body.variant_code !== row.variant_code) ||
    (body.unit_of_measure !== undefined && body.unit_of_measure !== row.unit_of_measure);
  if (itemChanged) {
    const itemNo = body.item_no ?? row.item_no;
    const [item] = await resolveItems(
      tx,
      [
        {
          item_no: itemNo,
          // A new item starts from its own base unit and no variant unless they are named too.
          variant_code: body.variant_code ?? (itemNo === row.item_no ? row.variant_code : ''),
          unit_of_measure: body.unit_of_measure ?? (itemNo === row.item_no ? row.unit_of_measure : ''),
        },
      ],
      () => '',
    );
    Object.assign(set, {
      item_no: item.item_no,
      variant_code: item.variant_code,
      unit_of_measure: item.unit_of_measure,
      qty_per_unit_of_measure: item.perUnit,
    });
    if (body.description === undefined) set.description = item.description;
  }
  if (body.entry_type !== undefined) set.entry_type = body.entry_type;
  if (body.quantity !== undefined) set.quantity = toQty(body.quantity);
  if (body.reason_code !== undefined) set.reason_code = body.reason_code;
  if (body.description !== undefined) set.description = body.description;
  if (body.posting_date !== undefined) set.posting_date = body.posting_date;
  const [updated] = await tx
    .update(w)
    .set({ ...set, ...bump(w.version) })
    .where(and(eq(w.id, row.id), eq(w.version, body.version), eq(w.status, 'open')))
    .returning();
  return updated ? entryOf(updated) : explainMissedUpdate(tx, getTableName(w), eq(w.id, row.id), 'Warehouse entry');
}

export async function removeEntries(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof warehouseEntryIds>,
): Promise<{ removed: number }> {
  const rows = await lockEditable<typeof w, WarehouseEntryRow>(tx, {
    ...entryTarget(auth.scope, body.ids),
    change: 'entry',
  });
  await tx.delete(w).where(
    and(
      inArray(
        w.id,
        rows.map((r) => r.id),
      ),
      eq(w.status, 'open'),
    ),
  );
  return { removed: rows.length };
}

type PostPlan = { entries: WarehouseEntryRow[]; franchiseCode: string };

/**
 * POST /api/warehouse/entries/post: the entries in one transaction, one WE number. Negative adjustments are checked
 * against on hand per position (net of the positive ones posted with them) unless allow_negative_stock (422 naming
 * the first negative entry of the position, `ids.<i>`).
 */
export function postEntries(
  tx: Tx,
  auth: Auth,
  body: z.output<typeof warehouseEntryIds>,
): Promise<WarehouseEntriesPosted> {
  const fieldOf = (id: number) => `ids.${body.ids.indexOf(id)}`;
  return runPosting<WarehouseEntryRow[], PostPlan, string, WarehouseEntriesPosted>(tx, 'warehouse_entries', {
    // Every entry the caller's and open, locked in id order (two callers queue instead of deadlocking).
    lock: (tx) =>
      lockAllForAction<typeof w, WarehouseEntryRow>(tx, { ...entryTarget(auth.scope, body.ids), action: 'post' }),
    check: async (tx, entries) => {
      const franchiseCode = entries[0].franchise_code;
      const other = entries.find((e) => e.franchise_code !== franchiseCode);
      if (other)
        throw businessRule(
          'Post the warehouse entries of one franchise at a time',
          'mixed_franchises',
          fieldOf(other.id),
        );
      const net = new Map<string, { need: StockNeed; quantity: ReturnType<typeof D> }>();
      for (const e of entries) {
        const key = stockKeyOf({ locationCode: e.location_code, itemNo: e.item_no, variantCode: e.variant_code });
        const signed = D(signedBase(e));
        const seen = net.get(key);
        const need = seen?.need.field
          ? seen.need
          : {
              locationCode: e.location_code,
              itemNo: e.item_no,
              variantCode: e.variant_code,
              quantity: '0',
              field: signed.isNeg() ? fieldOf(e.id) : undefined,
            };
        net.set(key, { need, quantity: (seen?.quantity ?? D(0)).plus(signed) });
      }
      const needs = [...net.values()]
        .filter((n) => n.quantity.isNeg())
        .map((n) => ({ ...n.need, quantity: toQty(n.quantity.neg()) }));
      await assertStock(tx, franchiseCode, needs, { verb: 'to take out' });
      return { entries, franchiseCode };
    },
    number: (tx, _entries, plan) => takeNextNumber(tx, { franchiseCode: plan.franchiseCode, documentType: 'WE' }),
    write: async (tx, _entries, plan, no) => {
      await postItemEntries(
        tx,
        plan.entries.map((e) => ({
          entry_type: e.entry_type,
          franchise_code: e.franchise_code,
          location_code: e.location_code,
          item_no: e.item_no,
          variant_code: e.variant_code,
          quantity: signedBase(e),
          document_type: WAREHOUSE_ENTRY_DOC,
          document_no: no,
          document_line_no: e.id,
          posting_date: e.posting_date,
          created_by: auth.userId || null,
        })),
      );
    },
    update: async (tx, _entries, plan, no) => {
      const rows = await applyActionAll<typeof w, WarehouseEntryRow>(tx, {
        ...entryTarget(
          auth.scope,
          plan.entries.map((e) => e.id),
        ),
        action: 'post',
        set: { document_no: no, posted_at: stampNow(), posted_by: auth.userId || null },
      });
      rows.sort((a, b) => a.id - b.id);
      return { document_no: no, posting_count: rows.length, entries: rows.map(entryOf) };
    },
    // Warehouse entries have no ERP document (the ERP port knows none); nothing to enqueue.
    enqueue: async () => {},
  });
}

/** The entry's ledger quantity: + for a positive adjustment, − for a negative one, in base units. */
export function signedBase(e: Pick<WarehouseEntryRow, 'entry_type' | 'quantity' | 'qty_per_unit_of_measure'>) {
  const q = D(e.quantity).mul(e.qty_per_unit_of_measure);
  return toQty(e.entry_type === 'negative_adjmt' ? q.neg() : q);
}
