CREATE TABLE "item_stock_daily" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_date" date NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text NOT NULL,
	"quantity_in" numeric(18, 5) NOT NULL,
	"quantity_out" numeric(18, 5) NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_stock_daily_position" ON "item_stock_daily" USING btree ("location_code","item_no","variant_code","franchise_code","posting_date","quantity_in","quantity_out");--> statement-breakpoint
CREATE INDEX "item_stock_daily_franchise" ON "item_stock_daily" USING btree ("franchise_code","location_code","item_no","variant_code","posting_date","quantity_in","quantity_out");--> statement-breakpoint
CREATE INDEX "item_stock_daily_item" ON "item_stock_daily" USING btree ("item_no","variant_code","location_code","franchise_code","posting_date","quantity_in","quantity_out");--> statement-breakpoint
CREATE INDEX "item_stock_daily_pending" ON "item_stock_daily" USING btree ("id") WHERE not "item_stock_daily"."compacted";--> statement-breakpoint
CREATE INDEX "item_stock_balances_item" ON "item_stock_balances" USING btree ("item_no","variant_code","location_code","franchise_code","quantity");