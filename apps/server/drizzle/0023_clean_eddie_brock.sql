CREATE TABLE "counter_sales" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"body_hash" text NOT NULL,
	"pos_so_no" text DEFAULT '' NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "barcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "counter_sales_franchise" ON "counter_sales" USING btree ("franchise_code","created_at");--> statement-breakpoint
CREATE INDEX "items_barcode" ON "items" USING btree ("barcode");