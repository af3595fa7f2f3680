-- Money (issue 11): bank account entries are append-only (a correction is a new entry), like the ledgers.
-- Idempotent (re-run at merges).
DROP TRIGGER IF EXISTS bank_account_entries_append_only ON bank_account_entries;
--> statement-breakpoint
CREATE TRIGGER bank_account_entries_append_only BEFORE UPDATE OR DELETE ON bank_account_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
