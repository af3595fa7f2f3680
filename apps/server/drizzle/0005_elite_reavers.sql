DROP TABLE "customer_no_series" CASCADE;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device" text;