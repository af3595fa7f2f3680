-- The franchise scope's map of locations (http/scope.ts, issue 22): every store and every franchise (a franchise's
-- own code counts as its location) with the franchise it belongs to, kept in each process and dropped on the
-- `locations` change notice (db/change-notices.ts, migration 0034_change_notices). Idempotent (re-run at merges).
--
-- Every notice now names its transaction too ('<topic> <txid>'): each connection of a pool LISTENs, so one change
-- reaches a process once per connection, some of them later than others; a process acts on the first and ignores the
-- repeats, so a late repeat does not empty a cache that was filled again meanwhile.
CREATE OR REPLACE FUNCTION fp_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fp_changes', TG_ARGV[0] || ' ' || txid_current()::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS locations_change_notice ON locations;
--> statement-breakpoint
CREATE TRIGGER locations_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('locations');
--> statement-breakpoint
DROP TRIGGER IF EXISTS franchises_change_notice ON franchises;
--> statement-breakpoint
CREATE TRIGGER franchises_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON franchises
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('locations');
