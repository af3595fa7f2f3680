-- Shifts (issue 11): what was counted at a close is written once (shift_counts append-only); a shift is never
-- deleted, changes only from open to closed (status, closed_by, closed_at, version), and a closed shift never changes.
-- Idempotent (re-run at merges).
CREATE OR REPLACE FUNCTION fp_refuse_closed_shift_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'shifts cannot be deleted' USING ERRCODE = 'P0001';
  END IF;
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'a closed shift cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  IF NEW.shift_no IS DISTINCT FROM OLD.shift_no OR NEW.franchise_code IS DISTINCT FROM OLD.franchise_code
    OR NEW.location_code IS DISTINCT FROM OLD.location_code OR NEW.opening_float IS DISTINCT FROM OLD.opening_float
    OR NEW.business_date IS DISTINCT FROM OLD.business_date OR NEW.opened_by IS DISTINCT FROM OLD.opened_by
    OR NEW.opened_at IS DISTINCT FROM OLD.opened_at THEN
    RAISE EXCEPTION 'only the close of a shift changes it' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS shifts_closed ON shifts;
--> statement-breakpoint
CREATE TRIGGER shifts_closed BEFORE UPDATE OR DELETE ON shifts
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_closed_shift_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS shift_counts_append_only ON shift_counts;
--> statement-breakpoint
CREATE TRIGGER shift_counts_append_only BEFORE UPDATE OR DELETE ON shift_counts
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
