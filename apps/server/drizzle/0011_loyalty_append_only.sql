-- Loyalty ledgers and loyalty postings are append-only (issue 9): a correction is a reversing entry, never a change.
-- Idempotent (re-run at the issue-9 merge): each trigger is dropped if present and created again.
DROP TRIGGER IF EXISTS redeemable_point_entries_append_only ON redeemable_point_entries;
--> statement-breakpoint
CREATE TRIGGER redeemable_point_entries_append_only BEFORE UPDATE OR DELETE ON redeemable_point_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS ranking_point_entries_append_only ON ranking_point_entries;
--> statement-breakpoint
CREATE TRIGGER ranking_point_entries_append_only BEFORE UPDATE OR DELETE ON ranking_point_entries
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loyalty_sales_postings_append_only ON loyalty_sales_postings;
--> statement-breakpoint
CREATE TRIGGER loyalty_sales_postings_append_only BEFORE UPDATE OR DELETE ON loyalty_sales_postings
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
--> statement-breakpoint
DROP TRIGGER IF EXISTS loyalty_referral_rewards_append_only ON loyalty_referral_rewards;
--> statement-breakpoint
CREATE TRIGGER loyalty_referral_rewards_append_only BEFORE UPDATE OR DELETE ON loyalty_referral_rewards
  FOR EACH ROW EXECUTE FUNCTION fp_refuse_change();
