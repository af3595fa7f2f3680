CREATE TABLE "erp_document_sync" (
	"kind" text NOT NULL,
	"document_no" text NOT NULL,
	"sync_state" text DEFAULT 'pending' NOT NULL,
	"last_action" text DEFAULT '' NOT NULL,
	"external_no" text,
	"etag" text,
	"last_error" text,
	"last_job_id" bigint,
	"synced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_document_sync_kind_document_no_pk" PRIMARY KEY("kind","document_no")
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_lines" (
	"pos_si_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"unit_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
	"pos_si_no" text PRIMARY KEY NOT NULL,
	"pos_so_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"ship_to_address" text DEFAULT '' NOT NULL,
	"shipping_agent_code" text DEFAULT '' NOT NULL,
	"external_document_no" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"invoice_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"pos_so_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"line_type" text DEFAULT 'item' NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"price_source" text DEFAULT 'list_price' NOT NULL,
	"line_discount_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '10' NOT NULL,
	"qty_to_ship" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_shipped" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_to_invoice" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_invoiced" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_credited" numeric(18, 5) DEFAULT '0' NOT NULL,
	"la_so_line_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"pos_so_no" text PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"sales_type" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sell_to_code" text DEFAULT '' NOT NULL,
	"sell_to_name" text DEFAULT '' NOT NULL,
	"sell_to_phone_no" text DEFAULT '' NOT NULL,
	"sell_to_contact" text DEFAULT '' NOT NULL,
	"sell_to_address" text DEFAULT '' NOT NULL,
	"sell_to_address_2" text DEFAULT '' NOT NULL,
	"sell_to_district_code" text DEFAULT '' NOT NULL,
	"sell_to_district_name" text DEFAULT '' NOT NULL,
	"sell_to_post_code" text DEFAULT '' NOT NULL,
	"sell_to_city" text DEFAULT '' NOT NULL,
	"sell_to_country" text DEFAULT 'VNM' NOT NULL,
	"bill_to_code" text DEFAULT '' NOT NULL,
	"bill_to_name" text DEFAULT '' NOT NULL,
	"bill_to_phone_no" text DEFAULT '' NOT NULL,
	"bill_to_contact" text DEFAULT '' NOT NULL,
	"bill_to_address" text DEFAULT '' NOT NULL,
	"bill_to_address_2" text DEFAULT '' NOT NULL,
	"bill_to_district_code" text DEFAULT '' NOT NULL,
	"bill_to_district_name" text DEFAULT '' NOT NULL,
	"bill_to_post_code" text DEFAULT '' NOT NULL,
	"bill_to_city" text DEFAULT '' NOT NULL,
	"bill_to_country" text DEFAULT 'VNM' NOT NULL,
	"ship_to_code" text DEFAULT '' NOT NULL,
	"ship_to_name" text DEFAULT '' NOT NULL,
	"ship_to_phone_no" text DEFAULT '' NOT NULL,
	"ship_to_contact" text DEFAULT '' NOT NULL,
	"ship_to_address" text DEFAULT '' NOT NULL,
	"ship_to_address_2" text DEFAULT '' NOT NULL,
	"ship_to_district_code" text DEFAULT '' NOT NULL,
	"ship_to_district_name" text DEFAULT '' NOT NULL,
	"ship_to_post_code" text DEFAULT '' NOT NULL,
	"ship_to_city" text DEFAULT '' NOT NULL,
	"ship_to_country" text DEFAULT 'VNM' NOT NULL,
	"general_comments" text DEFAULT '' NOT NULL,
	"delivery_comments" text DEFAULT '' NOT NULL,
	"la_internal_comment" text DEFAULT '' NOT NULL,
	"agent_code" text DEFAULT '' NOT NULL,
	"agent_service_code" text DEFAULT '' NOT NULL,
	"agent_address" text DEFAULT '' NOT NULL,
	"requested_delivery_date" date,
	"coupon_code" text DEFAULT '' NOT NULL,
	"auto_promotion" boolean DEFAULT false NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"costcenter" text DEFAULT '' NOT NULL,
	"loyalty_cust_scheme" text DEFAULT 'Silver' NOT NULL,
	"loyalty_cust_referral_code" text DEFAULT '' NOT NULL,
	"loyalty_redeemable_points" numeric(18, 5) DEFAULT '0' NOT NULL,
	"loyalty_ranking_points" numeric(18, 5) DEFAULT '0' NOT NULL,
	"loyalty_birthday_used" boolean DEFAULT false NOT NULL,
	"customer_birthday" date,
	"la_exchange_points" numeric(18, 5) DEFAULT '0' NOT NULL,
	"la_referral_code" text DEFAULT '' NOT NULL,
	"la_referral_cust_no" text DEFAULT '' NOT NULL,
	"invoice_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"grand_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"quote_no" text DEFAULT '' NOT NULL,
	"converted_order_no" text DEFAULT '' NOT NULL,
	"applies_to_order_no" text DEFAULT '' NOT NULL,
	"shipping_by" text DEFAULT 'store' NOT NULL,
	"order_date" date NOT NULL,
	"posting_date" date,
	"cancel_reason_code" text DEFAULT '' NOT NULL,
	"cancel_reason_description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_shipment_lines" (
	"pos_ss_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"unit_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_shipments" (
	"pos_ss_no" text PRIMARY KEY NOT NULL,
	"pos_so_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"ship_to_address" text DEFAULT '' NOT NULL,
	"shipping_agent_code" text DEFAULT '' NOT NULL,
	"external_document_no" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_type" text NOT NULL,
	"franchise_code" text NOT NULL,
	"customer_no" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"posting_date" date NOT NULL,
	"reverses_entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_type" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text NOT NULL,
	"document_line_no" integer DEFAULT 0 NOT NULL,
	"order_no" text DEFAULT '' NOT NULL,
	"posting_date" date NOT NULL,
	"reverses_entry_id" bigint,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "vat_percent" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "sales_invoice_lines" ADD CONSTRAINT "sales_invoice_lines_pos_si_no_sales_invoices_pos_si_no_fk" FOREIGN KEY ("pos_si_no") REFERENCES "public"."sales_invoices"("pos_si_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_pos_so_no_sales_orders_pos_so_no_fk" FOREIGN KEY ("pos_so_no") REFERENCES "public"."sales_orders"("pos_so_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_shipment_lines" ADD CONSTRAINT "sales_shipment_lines_pos_ss_no_sales_shipments_pos_ss_no_fk" FOREIGN KEY ("pos_ss_no") REFERENCES "public"."sales_shipments"("pos_ss_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_ledger_entries" ADD CONSTRAINT "customer_ledger_entries_reverses_entry_id_customer_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."customer_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_ledger_entries" ADD CONSTRAINT "item_ledger_entries_reverses_entry_id_item_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."item_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erp_document_sync_state" ON "erp_document_sync" USING btree ("sync_state");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoice_lines_pk" ON "sales_invoice_lines" USING btree ("pos_si_no","line_no");--> statement-breakpoint
CREATE INDEX "sales_invoices_order" ON "sales_invoices" USING btree ("pos_so_no");--> statement-breakpoint
CREATE INDEX "sales_invoices_franchise" ON "sales_invoices" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_lines_doc_line" ON "sales_order_lines" USING btree ("pos_so_no","line_no");--> statement-breakpoint
CREATE INDEX "sales_order_lines_item" ON "sales_order_lines" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "sales_orders_list" ON "sales_orders" USING btree ("document_type","franchise_code","order_date");--> statement-breakpoint
CREATE INDEX "sales_orders_list_all" ON "sales_orders" USING btree ("document_type","order_date" DESC NULLS LAST,"pos_so_no");--> statement-breakpoint
CREATE INDEX "sales_orders_status" ON "sales_orders" USING btree ("document_type","status","order_date");--> statement-breakpoint
CREATE INDEX "sales_orders_customer" ON "sales_orders" USING btree ("sell_to_code");--> statement-breakpoint
CREATE INDEX "sales_orders_phone" ON "sales_orders" USING btree ("sell_to_phone_no");--> statement-breakpoint
CREATE INDEX "sales_orders_applies_to" ON "sales_orders" USING btree ("applies_to_order_no") WHERE "sales_orders"."applies_to_order_no" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "sales_shipment_lines_pk" ON "sales_shipment_lines" USING btree ("pos_ss_no","line_no");--> statement-breakpoint
CREATE INDEX "sales_shipments_order" ON "sales_shipments" USING btree ("pos_so_no");--> statement-breakpoint
CREATE INDEX "sales_shipments_franchise" ON "sales_shipments" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "customer_ledger_customer" ON "customer_ledger_entries" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "customer_ledger_order" ON "customer_ledger_entries" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "customer_ledger_document" ON "customer_ledger_entries" USING btree ("document_type","document_no");--> statement-breakpoint
CREATE INDEX "customer_ledger_franchise_date" ON "customer_ledger_entries" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "item_ledger_on_hand" ON "item_ledger_entries" USING btree ("location_code","item_no","variant_code");--> statement-breakpoint
CREATE INDEX "item_ledger_document" ON "item_ledger_entries" USING btree ("document_type","document_no");--> statement-breakpoint
CREATE INDEX "item_ledger_franchise_date" ON "item_ledger_entries" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "jobs_group" ON "jobs" USING btree ("group_key","id") WHERE "jobs"."group_key" is not null;