import { sql } from 'drizzle-orm';
import { businessDate, type HeadOfficeHome, type Home, type StoreHome } from '@fp/contract';
import type { DbOrTx } from '../../db/client.js';
import type { Scope } from '../../http/scope.js';
import { toMoney, toQty } from '../../kernel/money.js';

// GET /api/home (README here): what the caller's scope allows. A store user: today's invoices (revenue documents of
// today's business date), open orders, the cash expected in the drawers of the open shifts (opening float + the
// shift's processed cash receipts, plain SQL over shifts and cash_receipts.shift_id) and low stock (the stock balances, Σ item ledger
// per location, item and variant ≤ LOW_STOCK_THRESHOLD). Head office: net revenue per franchise this month (1st to
// today) and last month (the whole month).

const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? r : ((r as { rows?: R[] }).rows ?? [])) as R[];

/** YYYY-MM-DD of the first day of the month `offset` months from the month of `day`. */
function monthStart(day: string, offset: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + offset;
  const d = new Date(Date.UTC(y, m, 1));
  return d.toISOString().slice(0, 10);
}
/** The day before a YYYY-MM-DD date. */
function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

export async function homeOf(db: DbOrTx, scope: Scope, lowStockThreshold: string): Promise<Home> {
  const today = businessDate();
  return scope.franchiseCode === null
    ? headOfficeHome(db, today)
    : storeHome(db, scope.franchiseCode, today, lowStockThreshold);
}

async function storeHome(db: DbOrTx, franchise: string, today: string, threshold: string): Promise<StoreHome> {
  const [figures] = rowsOf<{ sales: string; orders: string; open_orders: string; shifts: string; cash: string }>(
    await db.execute(sql`select
      (select coalesce(sum(amount), 0) from sales_value_documents
        where franchise_code = ${franchise} and posting_date = ${today}::date and document_type = 'invoice')::text as sales,
      (select count(distinct pos_so_no) from sales_value_documents
        where franchise_code = ${franchise} and posting_date = ${today}::date and document_type = 'invoice')::text as orders,
      (select count(*) from sales_orders
        where document_type = 'order' and franchise_code = ${franchise}
          and status not in ('invoiced', 'canceled'))::text as open_orders,
      (select count(*) from shifts where franchise_code = ${franchise} and status = 'open')::text as shifts,
      (select coalesce(sum(s.opening_float + coalesce((select sum(r.amount) from cash_receipts r
          where r.shift_id = s.id and r.status = 'processed' and r.payment_type = 'cash'), 0)), 0)
         from shifts s where s.franchise_code = ${franchise} and s.status = 'open')::text as cash`),
  );
  const low = rowsOf<{
    location_code: string;
    item_no: string;
    variant_code: string;
    description: string;
    quantity: string;
  }>(
    await db.execute(sql`select s.location_code, s.item_no, s.variant_code,
        coalesce(i.description, '') || case when v.description is null then '' else ' - ' || v.description end as description,
        s.quantity::text as quantity
      from (select location_code, item_no, variant_code, sum(quantity) as quantity from item_stock_balances
             where franchise_code = ${franchise} group by location_code, item_no, variant_code
            having sum(quantity) <= ${threshold}::numeric) s
      left join items i on i.item_no = s.item_no
      left join item_variants v on v.item_no = s.item_no and v.variant_code = s.variant_code
     order by s.quantity, s.location_code, s.item_no, s.variant_code
     limit 20`),
  );
  return {
    kind: 'store',
    franchise_code: franchise,
    business_date: today,
    today: { sales_amount: toMoney(figures.sales), orders: Number(figures.orders) },
    open_orders: Number(figures.open_orders),
    cash_in_drawer: Number(figures.shifts) > 0 ? toMoney(figures.cash) : null,
    low_stock_threshold: toQty(threshold),
    low_stock: low.map((l) => ({ ...l, quantity: toQty(l.quantity) })),
  };
}

async function headOfficeHome(db: DbOrTx, today: string): Promise<HeadOfficeHome> {
  const thisFrom = monthStart(today, 0);
  const lastFrom = monthStart(today, -1);
  const lastTo = dayBefore(thisFrom);
  const rows = rowsOf<{ franchise_code: string; name: string; this_month: string; last_month: string }>(
    await db.execute(sql`select f.customer_no as franchise_code, f.name,
        coalesce(r.this_month, 0)::text as this_month, coalesce(r.last_month, 0)::text as last_month
      from franchises f
      left join (select franchise_code,
                        sum(amount) filter (where posting_date >= ${thisFrom}::date) as this_month,
                        sum(amount) filter (where posting_date < ${thisFrom}::date) as last_month
                   from sales_value_documents
                  where posting_date between ${lastFrom}::date and ${today}::date
                  group by franchise_code) r on r.franchise_code = f.customer_no
     order by f.customer_no`),
  );
  return {
    kind: 'head_office',
    business_date: today,
    this_month: { from_date: thisFrom, to_date: today },
    last_month: { from_date: lastFrom, to_date: lastTo },
    revenue_by_franchise: rows.map((r) => ({
      ...r,
      this_month: toMoney(r.this_month),
      last_month: toMoney(r.last_month),
    })),
  };
}
