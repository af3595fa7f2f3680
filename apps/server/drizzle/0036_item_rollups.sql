-- Item and category roll-ups (issue 22, modules/reports/README "Roll-ups"): per day, franchise, location, sales type,
-- document type and item (+ its category as posted), and per the same key and category, the documents holding such
-- value entries, Σ quantity, Σ amount. Written in the posting transaction by one statement-level trigger on
-- sales_value_entries, like 0033_rollups.sql: one INSERT … SELECT … GROUP BY per roll-up over the statement's new
-- rows, appending delta rows nobody updates (no hot row between cashiers); reports/rollups.ts compacts them.
-- documents = count(distinct document_no) per key and statement: a document's entries are written by one statement
-- (value.ts), so the Σ over a key's rows is its distinct documents (check:books proves it against the entries).
-- Backfilled below from everything posted before, as compacted rows. Idempotent (re-run at merges).
CREATE OR REPLACE FUNCTION fp_sales_value_daily_items_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sales_value_daily_items (posting_date, franchise_code, location_code, sales_type, document_type, item_no,
                                       category_code, documents, quantity, amount)
    SELECT posting_date, franchise_code, location_code, sales_type, document_type, item_no, category_code,
           count(DISTINCT document_no), sum(quantity), sum(amount)
      FROM fp_new_rows
     GROUP BY posting_date, franchise_code, location_code, sales_type, document_type, item_no, category_code;
  INSERT INTO sales_value_daily_categories (posting_date, franchise_code, location_code, sales_type, document_type,
                                            category_code, documents, quantity, amount)
    SELECT posting_date, franchise_code, location_code, sales_type, document_type, category_code,
           count(DISTINCT document_no), sum(quantity), sum(amount)
      FROM fp_new_rows
     GROUP BY posting_date, franchise_code, location_code, sales_type, document_type, category_code;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS sales_value_entries_daily_items ON sales_value_entries;
--> statement-breakpoint
CREATE TRIGGER sales_value_entries_daily_items AFTER INSERT ON sales_value_entries
  REFERENCING NEW TABLE AS fp_new_rows FOR EACH STATEMENT EXECUTE FUNCTION fp_sales_value_daily_items_add();
--> statement-breakpoint
DELETE FROM sales_value_daily_items;
--> statement-breakpoint
INSERT INTO sales_value_daily_items (posting_date, franchise_code, location_code, sales_type, document_type, item_no,
                                     category_code, documents, quantity, amount, compacted)
  SELECT posting_date, franchise_code, location_code, sales_type, document_type, item_no, category_code,
         count(DISTINCT document_no), sum(quantity), sum(amount), true
    FROM sales_value_entries
   GROUP BY posting_date, franchise_code, location_code, sales_type, document_type, item_no, category_code;
--> statement-breakpoint
DELETE FROM sales_value_daily_categories;
--> statement-breakpoint
INSERT INTO sales_value_daily_categories (posting_date, franchise_code, location_code, sales_type, document_type,
                                          category_code, documents, quantity, amount, compacted)
  SELECT posting_date, franchise_code, location_code, sales_type, document_type, category_code,
         count(DISTINCT document_no), sum(quantity), sum(amount), true
    FROM sales_value_entries
   GROUP BY posting_date, franchise_code, location_code, sales_type, document_type, category_code;
