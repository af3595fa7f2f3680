CREATE TABLE "warehouse_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"entry_type" text NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"reason_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"posting_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"document_no" text DEFAULT '' NOT NULL,
	"posted_at" timestamp with time zone,
	"posted_by" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_transfer_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_id" integer NOT NULL,
	"document_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"quantity_base" numeric(18, 5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_from" text NOT NULL,
	"location_to" text NOT NULL,
	"posting_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_transfer_lines" ADD CONSTRAINT "warehouse_transfer_lines_transfer_id_warehouse_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."warehouse_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_entries_franchise" ON "warehouse_entries" USING btree ("franchise_code","status","posting_date");--> statement-breakpoint
CREATE INDEX "warehouse_entries_document" ON "warehouse_entries" USING btree ("document_no");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_transfer_lines_doc_line" ON "warehouse_transfer_lines" USING btree ("document_no","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_transfers_document" ON "warehouse_transfers" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "warehouse_transfers_franchise" ON "warehouse_transfers" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "item_ledger_franchise_stock" ON "item_ledger_entries" USING btree ("franchise_code","location_code","item_no","variant_code","posting_date","quantity");