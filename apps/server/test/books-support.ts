import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * FOUNDATION BUG WORKAROUND (migration 0008_posted_immutable.sql): fp_refuse_posted_credit_memo_change() tests
 * `TG_TABLE_NAME = 'sales_orders' AND OLD.document_type = 'credit_memo'` in one IF; PL/pgSQL resolves OLD.document_type
 * when it plans that expression, so every UPDATE or DELETE of sales_order_lines fails with 42703 `record "old" has no
 * field "document_type"` (PostgreSQL 15 and PGlite alike). This is the same function with the conditions nested; the
 * migration must be fixed the same way (then this goes). Applied only when the installed function still has the bug.
 */
export const FIXED_CREDIT_MEMO_TRIGGER = `CREATE OR REPLACE FUNCTION fp_refuse_posted_credit_memo_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sales_orders' THEN
    IF OLD.document_type = 'credit_memo' THEN
      RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM sales_orders o WHERE o.pos_so_no = OLD.pos_so_no AND o.document_type = 'credit_memo') THEN
    RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$`;

export async function fixCreditMemoTrigger(db: Db) {
  const r = (await db.execute(
    sql`select prosrc from pg_proc where proname = 'fp_refuse_posted_credit_memo_change'`,
  )) as unknown as { rows: { prosrc: string }[] };
  if (/'sales_orders'\s+AND\s+OLD\.document_type/i.test(r.rows[0]?.prosrc ?? ''))
    await db.execute(sql.raw(FIXED_CREDIT_MEMO_TRIGGER));
}
