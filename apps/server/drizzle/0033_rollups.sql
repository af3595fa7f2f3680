-- Roll-ups (issue 22, modules/reports/README "Roll-ups"): the daily revenue roll-up and the stock balance per
-- position, written in the posting transaction by statement-level triggers on the tables every posting already
-- writes (sales_value_documents, item_ledger_entries), whatever module or builder writes them: one INSERT … SELECT
-- … GROUP BY over the statement's new rows (a transition table), appending delta rows that nobody updates, so two
-- cashiers selling the same item at one store never wait on a roll-up row. The compaction (reports/rollups.ts)
-- folds each key's rows into one. Backfilled below from everything posted before, as compacted rows.
-- Idempotent (re-run at merges).
CREATE OR REPLACE FUNCTION fp_sales_value_daily_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_value_daily (posting_date, franchise_code, location_code, sales_type, document_type, documents,
                                 quantity, amount)
    SELECT posting_date, franchise_code, location_code, sales_type, document_type, count(*), sum(quantity), sum(amount)
      FROM fp_new_rows
     GROUP BY posting_date, franchise_code, location_code, sales_type, document_type;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_value_documents_daily ON sales_value_documents;
--> statement-breakpoint
CREATE TRIGGER sales_value_documents_daily AFTER INSERT ON sales_value_documents
  REFERENCING NEW TABLE AS fp_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fp_sales_value_daily_add();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fp_item_stock_balance_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_stock_balances (franchise_code, location_code, item_no, variant_code, quantity)
    SELECT franchise_code, location_code, item_no, variant_code, sum(quantity)
      FROM fp_new_rows
     GROUP BY franchise_code, location_code, item_no, variant_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS item_ledger_entries_balance ON item_ledger_entries;
--> statement-breakpoint
CREATE TRIGGER item_ledger_entries_balance AFTER INSERT ON item_ledger_entries
  REFERENCING NEW TABLE AS fp_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fp_item_stock_balance_add();
--> statement-breakpoint
DELETE FROM sales_value_daily;
--> statement-breakpoint
INSERT INTO sales_value_daily (posting_date, franchise_code, location_code, sales_type, document_type, documents,
                               quantity, amount, compacted)
  SELECT posting_date, franchise_code, location_code, sales_type, document_type, count(*), sum(quantity), sum(amount),
         true
    FROM sales_value_documents
   GROUP BY posting_date, franchise_code, location_code, sales_type, document_type;
--> statement-breakpoint
DELETE FROM item_stock_balances;
--> statement-breakpoint
INSERT INTO item_stock_balances (franchise_code, location_code, item_no, variant_code, quantity, compacted)
  SELECT franchise_code, location_code, item_no, variant_code, sum(quantity), true
    FROM item_ledger_entries
   GROUP BY franchise_code, location_code, item_no, variant_code;
