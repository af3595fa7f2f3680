-- Offline selling (issue 19): a device's number range is written once and never changed or deleted (a range given
-- back would let its numbers be reused). Idempotent (re-run at merges).
DROP TRIGGER IF EXISTS counter_number_ranges_append_only ON counter_number_ranges;
--> statement-breakpoint
CREATE TRIGGER counter_number_ranges_append_only BEFORE UPDATE OR DELETE ON counter_number_ranges
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
