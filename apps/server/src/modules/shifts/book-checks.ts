import { sql } from 'drizzle-orm';
import { shiftCountedMethods } from '@fp/contract';
import type { BookCheck } from '../../books/checks.js';

// The books of shifts (issue 11, README.md here): what a close recorded is what the shift's receipts say, and every
// receipt's shift is the one that was open at its location when it was processed.

const methods = sql.join(
  shiftCountedMethods.map((m) => sql`(${m}::text)`),
  sql`, `,
);

export const shiftBookChecks: BookCheck[] = [
  {
    name: 'shift counts = receipts',
    rule: 'a closed shift has exactly one count per method (cash, card, transfer) whose expected amount = Σ the shift’s processed receipts of the method (+ the opening float for cash) and difference = counted − expected; no count of another method',
    query: () => sql`
      with m(method) as (values ${methods}),
      e as (select s.id, s.shift_no, m.method,
          coalesce((select sum(r.amount) from cash_receipts r where r.shift_id = s.id and r.status = 'processed'
            and r.payment_type = m.method), 0) + (case when m.method = 'cash' then s.opening_float else 0 end)
            as expected
        from shifts s cross join m where s.status = 'closed')
      select e.shift_no, e.method, e.expected, count(c.id)::int as counts, min(c.expected_amount) as recorded,
        min(c.counted_amount) as counted, min(c.difference) as difference
      from e left join shift_counts c on c.shift_id = e.id and c.payment_method = e.method
      group by e.id, e.shift_no, e.method, e.expected
      having count(c.id) <> 1 or min(c.expected_amount) <> e.expected
        or min(c.difference) <> min(c.counted_amount) - e.expected
      union all
      select s.shift_no, c.payment_method, null, 1, c.expected_amount, c.counted_amount, c.difference
      from shift_counts c join shifts s on s.id = c.shift_id
      where c.payment_method not in (select method from m)`,
  },
  {
    name: 'open shift has no counts',
    rule: 'an open shift has no counts and no close time; a closed shift has its close time; at most one open shift per location',
    query: () => sql`
      select s.shift_no, s.status, s.closed_at, (select count(*)::int from shift_counts c where c.shift_id = s.id) as counts
      from shifts s
      where (s.status = 'open' and (s.closed_at is not null
          or exists (select 1 from shift_counts c where c.shift_id = s.id)))
        or (s.status = 'closed' and s.closed_at is null)
        or (s.status = 'open' and exists (select 1 from shifts o where o.location_code = s.location_code
          and o.status = 'open' and o.id <> s.id))
        or s.status not in ('open', 'closed')`,
  },
  {
    name: 'receipt in the shift open at its processing',
    rule: 'a processed receipt’s shift is of the receipt’s franchise and location and was open when it was processed (opened_at ≤ processed_at ≤ closed_at); an open receipt has no shift',
    query: () => sql`
      select r.receipt_no, r.status, r.location_code, r.processed_at, r.shift_id, s.shift_no,
        s.location_code as shift_location, s.opened_at, s.closed_at
      from cash_receipts r left join shifts s on s.id = r.shift_id
      where r.shift_id is not null
        and (r.status <> 'processed' or s.id is null or s.location_code <> r.location_code
          or s.franchise_code <> r.franchise_code or r.processed_at is null or r.processed_at < s.opened_at
          or (s.closed_at is not null and r.processed_at > s.closed_at))`,
  },
];
