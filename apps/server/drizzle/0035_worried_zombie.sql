CREATE TABLE "sales_value_daily_categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_date" date NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"sales_type" text NOT NULL,
	"document_type" text NOT NULL,
	"category_code" text NOT NULL,
	"documents" integer NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_value_daily_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_date" date NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"sales_type" text NOT NULL,
	"document_type" text NOT NULL,
	"item_no" text NOT NULL,
	"category_code" text NOT NULL,
	"documents" integer NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sales_value_daily_categories_category" ON "sales_value_daily_categories" USING btree ("category_code","posting_date","franchise_code","location_code","sales_type","document_type","documents","quantity","amount");--> statement-breakpoint
CREATE INDEX "sales_value_daily_categories_pending" ON "sales_value_daily_categories" USING btree ("id") WHERE not "sales_value_daily_categories"."compacted";--> statement-breakpoint
CREATE INDEX "sales_value_daily_items_item" ON "sales_value_daily_items" USING btree ("item_no","posting_date","franchise_code","location_code","sales_type","document_type","category_code","documents","quantity","amount");--> statement-breakpoint
CREATE INDEX "sales_value_daily_items_pending" ON "sales_value_daily_items" USING btree ("id") WHERE not "sales_value_daily_items"."compacted";