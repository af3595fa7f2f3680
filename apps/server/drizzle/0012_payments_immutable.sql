-- Payments (issue 9): a processed cash receipt is posted and never changes; remaining-amount adjustments are
-- append-only. Idempotent (re-run at the issue's migration merge).
CREATE OR REPLACE FUNCTION fp_refuse_processed_receipt_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'processed' THEN
    RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME
      USING ERRCODE = 'P0001', HINT = 'post a reversing receipt instead';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS cash_receipts_processed_posted ON cash_receipts;
--> statement-breakpoint
CREATE TRIGGER cash_receipts_processed_posted BEFORE UPDATE OR DELETE ON cash_receipts
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_processed_receipt_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS remaining_amount_adjustments_append_only ON remaining_amount_adjustments;
--> statement-breakpoint
CREATE TRIGGER remaining_amount_adjustments_append_only BEFORE UPDATE OR DELETE ON remaining_amount_adjustments
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
