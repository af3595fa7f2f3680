import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FlaggedCounterSale } from '@fp/contract';
import type { Tx } from '../../db/client.js';
import type { Auth } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import type { ListSpec } from '../../http/list.js';
import type { ExportColumn } from '../../http/list-route.js';
import { users } from '../auth/schema.js';
import { salesOrders } from '../sales/schema.js';
import { counterSales } from './schema.js';

// The store manager's list of counter sales the server flagged when they came back from offline (issue 19,
// README.md here "Flagged sales"): the list spec over the flagged orders and their claim rows, and the review mark.

const o = salesOrders;
const cs = counterSales;
const cashier = alias(users, 'cashier');
const reviewer = alias(users, 'reviewer');

type Row = {
  pos_so_no: string;
  client_id: string;
  franchise_code: string;
  location_code: string;
  sold_at: string | null;
  posted_at: string;
  offline_device: string;
  device_doc_no: string;
  flags: string[];
  customer_no: string;
  customer_name: string;
  grand_total: string;
  cashier: string;
  reviewed: boolean;
  reviewed_by: string;
  reviewed_at: string | null;
};

const columns = {
  pos_so_no: o.pos_so_no,
  client_id: sql<string>`${cs.client_id}::text`,
  franchise_code: o.franchise_code,
  location_code: o.location_code,
  sold_at: o.sold_at,
  posted_at: cs.created_at,
  offline_device: o.offline_device,
  device_doc_no: o.device_doc_no,
  flags: o.flags,
  customer_no: o.sell_to_code,
  customer_name: o.sell_to_name,
  grand_total: o.grand_total,
  cashier: sql<string>`coalesce(${cashier.username}, '')`,
  reviewed: sql<boolean>`(${cs.reviewed_at} is not null)`,
  reviewed_by: sql<string>`coalesce(${reviewer.username}, '')`,
  reviewed_at: cs.reviewed_at,
};

const fields = {
  pos_so_no: o.pos_so_no,
  franchise_code: o.franchise_code,
  location_code: o.location_code,
  sold_at: o.sold_at,
  posted_at: cs.created_at,
  offline_device: o.offline_device,
  device_doc_no: o.device_doc_no,
  /** One flag: `flags eq stock_short` (the list holds it); like finds it in the list's text. */
  flags: { expr: sql`array_to_string(${o.flags}, ',')`, type: 'text' as const },
  customer_no: o.sell_to_code,
  customer_name: o.sell_to_name,
  grand_total: o.grand_total,
  cashier: { expr: sql`coalesce(${cashier.username}, '')`, type: 'text' as const },
  reviewed: { expr: sql`(${cs.reviewed_at} is not null)`, type: 'boolean' as const },
  reviewed_at: cs.reviewed_at,
};

const from = (db: Tx | Parameters<ListSpec<Row>['source']>[0]) =>
  db
    .select({ ...columns })
    .from(o)
    .innerJoin(cs, eq(cs.pos_so_no, o.pos_so_no))
    .leftJoin(cashier, eq(cashier.user_id, cs.user_id))
    .leftJoin(reviewer, eq(reviewer.user_id, cs.reviewed_by));

/** POST /api/counter-sales/flagged/filter: flagged counter sales, newest sale first (franchise scope by the route). */
export const flaggedList: ListSpec<Row, FlaggedCounterSale> = {
  source: (db, extra) =>
    db
      .select({ ...columns, ...extra })
      .from(o)
      .innerJoin(cs, eq(cs.pos_so_no, o.pos_so_no))
      .leftJoin(cashier, eq(cashier.user_id, cs.user_id))
      .leftJoin(reviewer, eq(reviewer.user_id, cs.reviewed_by))
      .$dynamic(),
  fields,
  filterable: Object.keys(fields),
  sortable: Object.keys(fields),
  defaultSort: { field: 'sold_at', direction: 'desc' },
  key: o.pos_so_no,
  where: sql`cardinality(${o.flags}) > 0`,
  map: (r) => ({ ...r, flags: r.flags as FlaggedCounterSale['flags'], grand_total: String(r.grand_total) }),
};

export const flaggedExportColumns: ExportColumn[] = [
  { key: 'pos_so_no', header: 'POSSO No', width: 22 },
  { key: 'sold_at', header: 'Sold At', format: 'datetime', width: 20 },
  { key: 'posted_at', header: 'Posted At', format: 'datetime', width: 20 },
  { key: 'device_doc_no', header: 'Device No', width: 22 },
  { key: 'flags', header: 'Flags', width: 36 },
  { key: 'customer_no', header: 'Customer No', width: 18 },
  { key: 'customer_name', header: 'Customer Name', width: 28 },
  { key: 'grand_total', header: 'Grand Total', format: 'money', width: 16 },
  { key: 'cashier', header: 'Cashier' },
  { key: 'reviewed_by', header: 'Reviewed By' },
];

const FLAGGED_SALE = 'Flagged counter sale';

/**
 * POST /api/counter-sales/flagged/review: the manager has looked at a flagged sale (who and when; marking it again
 * keeps the first review). A sale not flagged, or another franchise's, is 404 naming pos_so_no.
 */
export async function reviewFlaggedSale(tx: Tx, auth: Auth, posSoNo: string): Promise<FlaggedCounterSale> {
  const [row] = await tx
    .select({ client_id: cs.client_id, reviewed_at: cs.reviewed_at })
    .from(o)
    .innerJoin(cs, eq(cs.pos_so_no, o.pos_so_no))
    .where(and(eq(o.pos_so_no, posSoNo), sql`cardinality(${o.flags}) > 0`, auth.scope.franchise(o.franchise_code)))
    .for('update', { of: cs });
  if (!row) throw new AppError(404, 'not_found', `${FLAGGED_SALE} not found`, 'pos_so_no');
  if (!row.reviewed_at)
    await tx
      .update(cs)
      .set({ reviewed_by: auth.userId || null, reviewed_at: sql`now()` })
      .where(eq(cs.client_id, row.client_id));
  const [after] = await from(tx).where(eq(o.pos_so_no, posSoNo));
  return flaggedList.map!(after as Row);
}
