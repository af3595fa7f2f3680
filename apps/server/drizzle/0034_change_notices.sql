-- Change notices (issue 22, db/change-notices.ts): a change to what a process caches is announced on the channel
-- `fp_changes` with the topic as payload, delivered at commit to every process (each pool connection LISTENs), the
-- writing connection included before its COMMIT returns. Statement-level: one notice per statement, and PostgreSQL
-- folds equal notices of one transaction into one. Idempotent (re-run at merges).
CREATE OR REPLACE FUNCTION fp_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fp_changes', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The caller of a request (modules/auth/session-cache.ts): a session ended or changed, a user's activity, role or
-- store, a role's name, a permission's pages or buttons, a permission given or taken. A new session (login) needs none.
DROP TRIGGER IF EXISTS sessions_change_notice ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_change_notice AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('auth');
--> statement-breakpoint
DROP TRIGGER IF EXISTS users_change_notice ON users;
--> statement-breakpoint
CREATE TRIGGER users_change_notice AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('auth');
--> statement-breakpoint
DROP TRIGGER IF EXISTS roles_change_notice ON roles;
--> statement-breakpoint
CREATE TRIGGER roles_change_notice AFTER UPDATE OR DELETE OR TRUNCATE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('auth');
--> statement-breakpoint
DROP TRIGGER IF EXISTS page_permissions_change_notice ON page_permissions;
--> statement-breakpoint
CREATE TRIGGER page_permissions_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('auth');
--> statement-breakpoint
DROP TRIGGER IF EXISTS page_permission_users_change_notice ON page_permission_users;
--> statement-breakpoint
CREATE TRIGGER page_permission_users_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON page_permission_users
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('auth');
--> statement-breakpoint
-- The maintenance flag (modules/system/settings.ts MaintenanceFlag).
DROP TRIGGER IF EXISTS settings_change_notice ON settings;
--> statement-breakpoint
CREATE TRIGGER settings_change_notice AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION fp_notify_change('settings');
