CREATE TABLE "counter_number_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"offline_device" uuid NOT NULL,
	"year" integer NOT NULL,
	"prefix" text NOT NULL,
	"first" integer NOT NULL,
	"last" integer NOT NULL,
	"reserved_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "sold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "offline_device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "device_doc_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_number_ranges_first" ON "counter_number_ranges" USING btree ("prefix","first");--> statement-breakpoint
CREATE INDEX "counter_number_ranges_device" ON "counter_number_ranges" USING btree ("offline_device","franchise_code");--> statement-breakpoint
CREATE INDEX "sales_orders_flagged" ON "sales_orders" USING btree ("franchise_code","sold_at") WHERE cardinality("sales_orders"."flags") > 0;--> statement-breakpoint
CREATE INDEX "counter_sales_order" ON "counter_sales" USING btree ("pos_so_no");