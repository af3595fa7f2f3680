-- Stock movements per day (issue 22, modules/reports/README "Roll-ups"): item_stock_daily, written like
-- item_stock_balances (migration *_rollups.sql) in the posting transaction by a statement-level trigger on
-- item_ledger_entries: one INSERT … SELECT … GROUP BY over the statement's new rows (a transition table), appending
-- delta rows that nobody updates (no hot row between cashiers); reports/rollups.ts compacts them. A trigger of its
-- own (not a second INSERT in fp_item_stock_balance_add) so that re-running *_rollups.sql cannot drop it.
-- Backfilled below from everything posted before, as compacted rows. Idempotent (re-run at merges).
CREATE OR REPLACE FUNCTION fp_item_stock_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock_daily (posting_date, franchise_code, location_code, item_no, variant_code, quantity_in,
                                quantity_out)
    SELECT posting_date, franchise_code, location_code, item_no, variant_code,
           coalesce(sum(quantity) FILTER (WHERE quantity > 0), 0), coalesce(-sum(quantity) FILTER (WHERE quantity < 0), 0)
      FROM fp_new_rows
     GROUP BY posting_date, franchise_code, location_code, item_no, variant_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS item_ledger_entries_daily ON item_ledger_entries;
--> statement-breakpoint
CREATE TRIGGER item_ledger_entries_daily AFTER INSERT ON item_ledger_entries
  REFERENCING NEW TABLE AS fp_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fp_item_stock_daily_add();
--> statement-breakpoint
DELETE FROM item_stock_daily;
--> statement-breakpoint
INSERT INTO item_stock_daily (posting_date, franchise_code, location_code, item_no, variant_code, quantity_in,
                              quantity_out, compacted)
  SELECT posting_date, franchise_code, location_code, item_no, variant_code,
         coalesce(sum(quantity) FILTER (WHERE quantity > 0), 0), coalesce(-sum(quantity) FILTER (WHERE quantity < 0), 0),
         true
    FROM item_ledger_entries
   GROUP BY posting_date, franchise_code, location_code, item_no, variant_code;
