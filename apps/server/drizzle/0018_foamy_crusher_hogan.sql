CREATE TABLE "sales_value_documents" (
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"pos_so_no" text NOT NULL,
	"posting_date" date NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"sales_type" text DEFAULT '' NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_value_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"pos_so_no" text NOT NULL,
	"posting_date" date NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"sales_type" text DEFAULT '' NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entry_kind" text NOT NULL,
	"line_no" integer DEFAULT 0 NOT NULL,
	"item_no" text DEFAULT '' NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"category_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_value_documents_no" ON "sales_value_documents" USING btree ("document_no");--> statement-breakpoint
CREATE INDEX "sales_value_documents_date" ON "sales_value_documents" USING btree ("posting_date","franchise_code");--> statement-breakpoint
CREATE INDEX "sales_value_documents_franchise" ON "sales_value_documents" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "sales_value_documents_detail" ON "sales_value_documents" USING btree ("posting_date" DESC NULLS FIRST,"document_no");--> statement-breakpoint
CREATE INDEX "sales_value_documents_franchise_detail" ON "sales_value_documents" USING btree ("franchise_code","posting_date" DESC NULLS FIRST,"document_no");--> statement-breakpoint
CREATE INDEX "sales_value_documents_order" ON "sales_value_documents" USING btree ("pos_so_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_value_entries_doc" ON "sales_value_entries" USING btree ("document_no","entry_kind","line_no");--> statement-breakpoint
CREATE INDEX "sales_value_entries_date" ON "sales_value_entries" USING btree ("posting_date","franchise_code");--> statement-breakpoint
CREATE INDEX "sales_value_entries_item" ON "sales_value_entries" USING btree ("item_no","posting_date");--> statement-breakpoint
CREATE INDEX "sales_value_entries_category" ON "sales_value_entries" USING btree ("category_code","posting_date");