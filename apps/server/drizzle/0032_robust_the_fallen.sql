CREATE TABLE "item_stock_balances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_value_daily" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_date" date NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"sales_type" text NOT NULL,
	"document_type" text NOT NULL,
	"documents" integer NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_stock_balances_position" ON "item_stock_balances" USING btree ("location_code","item_no","variant_code","franchise_code","quantity");--> statement-breakpoint
CREATE INDEX "item_stock_balances_franchise" ON "item_stock_balances" USING btree ("franchise_code","location_code","item_no","variant_code","quantity");--> statement-breakpoint
CREATE INDEX "item_stock_balances_pending" ON "item_stock_balances" USING btree ("id") WHERE not "item_stock_balances"."compacted";--> statement-breakpoint
CREATE INDEX "sales_value_daily_date" ON "sales_value_daily" USING btree ("posting_date","franchise_code");--> statement-breakpoint
CREATE INDEX "sales_value_daily_franchise" ON "sales_value_daily" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "sales_value_daily_pending" ON "sales_value_daily" USING btree ("id") WHERE not "sales_value_daily"."compacted";