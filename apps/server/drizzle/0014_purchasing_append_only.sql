-- Purchasing and consignment (issue 10): posted documents and the vendor ledger are append-only, and a purchase
-- credit memo (purchase_orders.type 'Credit Memo') never changes once written. Idempotent (re-run at merges).
DROP TRIGGER IF EXISTS vendor_ledger_entries_append_only ON vendor_ledger_entries;
--> statement-breakpoint
CREATE TRIGGER vendor_ledger_entries_append_only BEFORE UPDATE OR DELETE ON vendor_ledger_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_shipments_append_only ON purchase_shipments;
--> statement-breakpoint
CREATE TRIGGER purchase_shipments_append_only BEFORE UPDATE OR DELETE ON purchase_shipments
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_shipment_lines_append_only ON purchase_shipment_lines;
--> statement-breakpoint
CREATE TRIGGER purchase_shipment_lines_append_only BEFORE UPDATE OR DELETE ON purchase_shipment_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_invoices_append_only ON purchase_invoices;
--> statement-breakpoint
CREATE TRIGGER purchase_invoices_append_only BEFORE UPDATE OR DELETE ON purchase_invoices
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_invoice_lines_append_only ON purchase_invoice_lines;
--> statement-breakpoint
CREATE TRIGGER purchase_invoice_lines_append_only BEFORE UPDATE OR DELETE ON purchase_invoice_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_receipts_append_only ON purchase_receipts;
--> statement-breakpoint
CREATE TRIGGER purchase_receipts_append_only BEFORE UPDATE OR DELETE ON purchase_receipts
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_receipt_lines_append_only ON purchase_receipt_lines;
--> statement-breakpoint
CREATE TRIGGER purchase_receipt_lines_append_only BEFORE UPDATE OR DELETE ON purchase_receipt_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS transfer_shipments_append_only ON transfer_shipments;
--> statement-breakpoint
CREATE TRIGGER transfer_shipments_append_only BEFORE UPDATE OR DELETE ON transfer_shipments
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS transfer_shipment_lines_append_only ON transfer_shipment_lines;
--> statement-breakpoint
CREATE TRIGGER transfer_shipment_lines_append_only BEFORE UPDATE OR DELETE ON transfer_shipment_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignment_receipts_append_only ON consignment_receipts;
--> statement-breakpoint
CREATE TRIGGER consignment_receipts_append_only BEFORE UPDATE OR DELETE ON consignment_receipts
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS consignment_receipt_lines_append_only ON consignment_receipt_lines;
--> statement-breakpoint
CREATE TRIGGER consignment_receipt_lines_append_only BEFORE UPDATE OR DELETE ON consignment_receipt_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fp_refuse_posted_purchase_credit_memo_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested IFs: PL/pgSQL resolves OLD.type only on purchase_orders (its lines have no such column).
  IF TG_TABLE_NAME = 'purchase_orders' THEN
    IF OLD.type = 'Credit Memo' THEN
      RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM purchase_orders o WHERE o.pos_po_no = OLD.pos_po_no AND o.type = 'Credit Memo') THEN
    RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_orders_credit_memo_posted ON purchase_orders;
--> statement-breakpoint
CREATE TRIGGER purchase_orders_credit_memo_posted BEFORE UPDATE OR DELETE ON purchase_orders
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_posted_purchase_credit_memo_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS purchase_order_lines_credit_memo_posted ON purchase_order_lines;
--> statement-breakpoint
CREATE TRIGGER purchase_order_lines_credit_memo_posted BEFORE UPDATE OR DELETE ON purchase_order_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_posted_purchase_credit_memo_change();
