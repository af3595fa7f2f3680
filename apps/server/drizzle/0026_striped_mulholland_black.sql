CREATE TABLE "e_invoices" (
	"pos_si_no" text PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"pos_so_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"posting_date" date NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"buyer_tax_code" text DEFAULT '' NOT NULL,
	"buyer_company_name" text DEFAULT '' NOT NULL,
	"buyer_address" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"provider" text NOT NULL,
	"state" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"supplier_tax_code" text DEFAULT '' NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"template_code" text DEFAULT '' NOT NULL,
	"invoice_series" text DEFAULT '' NOT NULL,
	"adjustment_type" text DEFAULT '1' NOT NULL,
	"original_pos_si_no" text DEFAULT '' NOT NULL,
	"invoice_no" text DEFAULT '' NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"reservation_code" text DEFAULT '' NOT NULL,
	"code_of_tax" text DEFAULT '' NOT NULL,
	"lookup_url" text DEFAULT '' NOT NULL,
	"issued_at" timestamp with time zone,
	"message" text DEFAULT '' NOT NULL,
	"job_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "franchise_einvoice_settings" (
	"franchise_code" text PRIMARY KEY NOT NULL,
	"supplier_tax_code" text DEFAULT '' NOT NULL,
	"seller_name" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"template_code" text DEFAULT '' NOT NULL,
	"invoice_series" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "buyer_tax_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "buyer_company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "buyer_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoices_transaction_uuid" ON "e_invoices" USING btree ("transaction_uuid");--> statement-breakpoint
CREATE INDEX "e_invoices_franchise_day" ON "e_invoices" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "e_invoices_state" ON "e_invoices" USING btree ("state","created_at") WHERE "e_invoices"."state" in ('pending', 'failed');--> statement-breakpoint
CREATE INDEX "e_invoices_order" ON "e_invoices" USING btree ("pos_so_no");