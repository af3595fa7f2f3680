-- Posted documents and ledgers are append-only (issue 8): the database itself refuses UPDATE and DELETE on them.
-- A correction is a new row (a reversing entry, a credit memo), never a change.
CREATE OR REPLACE FUNCTION fp_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME
    USING ERRCODE = 'P0001', HINT = 'post a reversing document instead';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_ledger_entries_append_only BEFORE UPDATE OR DELETE ON item_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER customer_ledger_entries_append_only BEFORE UPDATE OR DELETE ON customer_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_shipments_append_only BEFORE UPDATE OR DELETE ON sales_shipments
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_shipment_lines_append_only BEFORE UPDATE OR DELETE ON sales_shipment_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_invoices_append_only BEFORE UPDATE OR DELETE ON sales_invoices
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE TRIGGER sales_invoice_lines_append_only BEFORE UPDATE OR DELETE ON sales_invoice_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
-- A credit memo is posted when it is written: its header and lines never change afterwards.
CREATE OR REPLACE FUNCTION fp_refuse_posted_credit_memo_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested IFs: PL/pgSQL resolves OLD.document_type only on sales_orders (sales_order_lines has no such column).
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
$$;
--> statement-breakpoint
CREATE TRIGGER sales_orders_credit_memo_posted BEFORE UPDATE OR DELETE ON sales_orders
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_posted_credit_memo_change();
--> statement-breakpoint
CREATE TRIGGER sales_order_lines_credit_memo_posted BEFORE UPDATE OR DELETE ON sales_order_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_posted_credit_memo_change();
