-- Warehouse (issue 10): a posted warehouse entry never changes or goes away (an open one may be edited, posted or
-- removed); warehouse transfers and their lines are written once. Idempotent (re-run at merges).
CREATE OR REPLACE FUNCTION fp_refuse_posted_warehouse_entry_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'posted' THEN
    RAISE EXCEPTION 'posted rows of % cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS warehouse_entries_posted ON warehouse_entries;
--> statement-breakpoint
CREATE TRIGGER warehouse_entries_posted BEFORE UPDATE OR DELETE ON warehouse_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_posted_warehouse_entry_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS warehouse_transfers_append_only ON warehouse_transfers;
--> statement-breakpoint
CREATE TRIGGER warehouse_transfers_append_only BEFORE UPDATE OR DELETE ON warehouse_transfers
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS warehouse_transfer_lines_append_only ON warehouse_transfer_lines;
--> statement-breakpoint
CREATE TRIGGER warehouse_transfer_lines_append_only BEFORE UPDATE OR DELETE ON warehouse_transfer_lines
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
