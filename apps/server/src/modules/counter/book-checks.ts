import { sql } from 'drizzle-orm';
import type { BookCheck } from '../../books/checks.js';

// The books' checks of offline selling (issue 19, README.md here "Offline"): device number ranges and the numbers
// the devices gave their sales; the flagged sales are listed for the store manager (information, not violations).
// The SO series' gap-free check counts a reserved number not yet used as taken (books/checks.ts numberedDocuments),
// and the on-hand check lets a position go below zero only by what flagged offline sales took.

/** The 6-digit counter of a number, or null when it has none (so a cast never fails). */
const counterOf = (no: ReturnType<typeof sql>) =>
  sql`case when right(${no}, 6) ~ '^[0-9]{6}$' then right(${no}, 6)::int end`;

export const offlineCounterChecks: BookCheck[] = [
  {
    name: 'device number ranges never overlap, never reused',
    rule: "a device's range lies within its SO series (1 … last_no), overlaps no other range, and its numbers are used only by that device's offline sales, as their device number",
    query: () => sql`
      select a.id, a.offline_device, a.prefix, a.first, a.last, 'overlaps range ' || b.id as problem
      from counter_number_ranges a join counter_number_ranges b
        on b.prefix = a.prefix and b.id > a.id and a.first <= b.last and b.first <= a.last
      union all
      select r.id, r.offline_device, r.prefix, r.first, r.last, 'outside its number series' as problem
      from counter_number_ranges r
      left join number_series s on s.prefix = r.prefix and s.document_type = 'SO' and s.franchise_code = r.franchise_code
      where s.id is null or r.first < 1 or r.first > r.last or r.last > s.last_no
      union all
      select r.id, r.offline_device, r.prefix, r.first, r.last,
        'number ' || o.pos_so_no || ' used by ' ||
          case when o.device_doc_no = '' then 'a sale that is not the device''s' else 'device ' || o.offline_device end
          as problem
      from counter_number_ranges r join sales_orders o
        on o.document_type = 'order' and left(o.pos_so_no, length(o.pos_so_no) - 6) = r.prefix
          and ${counterOf(sql`o.pos_so_no`)} between r.first and r.last
      where o.offline_device <> r.offline_device::text or o.device_doc_no <> o.pos_so_no`,
  },
  {
    name: "each device number in its device's range, used once",
    rule: "an order with a device number is numbered by it, and it lies in a range of that device in the order's franchise; offline_device and device_doc_no come together; a device number is used once",
    query: () => sql`
      select o.pos_so_no, o.offline_device, o.device_doc_no, 'not numbered by its device number' as problem
      from sales_orders o where o.device_doc_no <> '' and o.device_doc_no <> o.pos_so_no
      union all
      select o.pos_so_no, o.offline_device, o.device_doc_no, 'offline_device without device_doc_no or the reverse'
      from sales_orders o where (o.offline_device = '') <> (o.device_doc_no = '')
      union all
      select o.pos_so_no, o.offline_device, o.device_doc_no, 'in no range of its device'
      from sales_orders o
      where o.device_doc_no <> '' and not exists (
        select 1 from counter_number_ranges r
        where r.offline_device::text = o.offline_device and r.franchise_code = o.franchise_code
          and r.prefix = left(o.device_doc_no, length(o.device_doc_no) - 6)
          and ${counterOf(sql`o.device_doc_no`)} between r.first and r.last)
      union all
      select min(o.pos_so_no), min(o.offline_device), o.device_doc_no, 'used by ' || count(*) || ' orders'
      from sales_orders o where o.device_doc_no <> '' group by o.device_doc_no having count(*) > 1`,
  },
  {
    name: 'flagged offline counter sales',
    rule: 'offline counter sales the server flagged (stock_short, price_changed, promotion_changed, no_open_shift), for the store manager to review (/counter/flagged)',
    info: true,
    query: () => sql`
      select o.pos_so_no, o.franchise_code, o.sold_at, o.offline_device, o.device_doc_no,
        array_to_string(o.flags, ',') as flags, c.reviewed_at
      from sales_orders o left join counter_sales c on c.pos_so_no = o.pos_so_no
      where cardinality(o.flags) > 0
      order by o.sold_at desc nulls last, o.pos_so_no`,
  },
];
