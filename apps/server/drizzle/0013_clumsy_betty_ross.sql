CREATE TABLE "vendor_ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entry_type" text NOT NULL,
	"franchise_code" text NOT NULL,
	"vendor_no" text NOT NULL,
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
CREATE TABLE "purchase_invoice_lines" (
	"no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"unit_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_invoices" (
	"no" text PRIMARY KEY NOT NULL,
	"shipment_no" text NOT NULL,
	"pos_po_no" text NOT NULL,
	"order_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"vendor_no" text DEFAULT '' NOT NULL,
	"posting_date" date NOT NULL,
	"subtotal" numeric(18, 2) NOT NULL,
	"invoice_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"pos_po_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"purchase_qty" numeric(18, 5) DEFAULT '1' NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '10' NOT NULL,
	"qty_shipped" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_invoiced" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_received" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_credited" numeric(18, 5) DEFAULT '0' NOT NULL,
	"campaign" text DEFAULT '' NOT NULL,
	"costcenter" text DEFAULT '' NOT NULL,
	"gen_bus_posting_group" text DEFAULT '' NOT NULL,
	"la_so_line_note" text DEFAULT '' NOT NULL,
	"applies_to_line_no" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"pos_po_no" text PRIMARY KEY NOT NULL,
	"type" text DEFAULT 'Order' NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"po_no" text DEFAULT '' NOT NULL,
	"bc_so_no" text DEFAULT '' NOT NULL,
	"vendor_no" text DEFAULT '' NOT NULL,
	"vendor_name" text DEFAULT '' NOT NULL,
	"buy_from_code" text DEFAULT '' NOT NULL,
	"buy_from_address" text DEFAULT '' NOT NULL,
	"warehouse_code" text DEFAULT '' NOT NULL,
	"nwv_general_comments" text DEFAULT '' NOT NULL,
	"nwv_delivery_comments" text DEFAULT '' NOT NULL,
	"franchise_name" text DEFAULT '' NOT NULL,
	"franchise_address" text DEFAULT '' NOT NULL,
	"franchise_district_code" text DEFAULT '' NOT NULL,
	"franchise_district_name" text DEFAULT '' NOT NULL,
	"franchise_phone_no" text DEFAULT '' NOT NULL,
	"franchise_contact" text DEFAULT '' NOT NULL,
	"franchise_post_code" text DEFAULT '' NOT NULL,
	"franchise_region_code" text DEFAULT '' NOT NULL,
	"receiving_code" text DEFAULT '' NOT NULL,
	"receiving_address" text DEFAULT '' NOT NULL,
	"receiving_contact" text DEFAULT '' NOT NULL,
	"receiving_district_code" text DEFAULT '' NOT NULL,
	"receiving_district_name" text DEFAULT '' NOT NULL,
	"receiving_post_code" text DEFAULT '' NOT NULL,
	"receiving_region_code" text DEFAULT '' NOT NULL,
	"agent_code" text DEFAULT '' NOT NULL,
	"agent_service_code" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"requested_receipt_date" date,
	"posting_date" date,
	"campaign" text DEFAULT '' NOT NULL,
	"costcenter" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	"factory" text DEFAULT '' NOT NULL,
	"invoice_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"total_lines" numeric(18, 2) DEFAULT '0' NOT NULL,
	"grand_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"applies_to_order_no" text DEFAULT '' NOT NULL,
	"cancel_reason_code" text DEFAULT '' NOT NULL,
	"cancel_reason_description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_receipt_lines" (
	"pos_pr_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"unit_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_receipts" (
	"pos_pr_no" text PRIMARY KEY NOT NULL,
	"pos_po_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"vendor_no" text DEFAULT '' NOT NULL,
	"vendor_name" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_shipment_lines" (
	"no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"unit_price" numeric(18, 2) DEFAULT '0' NOT NULL,
	"line_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_shipments" (
	"no" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"pos_po_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"customer" text DEFAULT '' NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"posting_date" date NOT NULL,
	"shipment_date" date NOT NULL,
	"ship_to_address" text DEFAULT '' NOT NULL,
	"shipping_agent_code" text DEFAULT '' NOT NULL,
	"external_document_no" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consignment_issue_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"ci_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"ci_qty" numeric(18, 5) NOT NULL,
	"la_to_line_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consignment_issues" (
	"ci_no" text PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"direction" text DEFAULT 'issue' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"la_external_doc" text DEFAULT '' NOT NULL,
	"la_notes" text DEFAULT '' NOT NULL,
	"la_internal_comment" text DEFAULT '' NOT NULL,
	"la_request_delivery_date" date,
	"la_so_payment" boolean DEFAULT false NOT NULL,
	"la_ship_card" boolean DEFAULT false NOT NULL,
	"franchise_name" text DEFAULT '' NOT NULL,
	"franchise_address" text DEFAULT '' NOT NULL,
	"franchise_district_code" text DEFAULT '' NOT NULL,
	"franchise_district_name" text DEFAULT '' NOT NULL,
	"franchise_phone_no" text DEFAULT '' NOT NULL,
	"franchise_contact" text DEFAULT '' NOT NULL,
	"franchise_post_code" text DEFAULT '' NOT NULL,
	"franchise_region_code" text DEFAULT '' NOT NULL,
	"transfer_from_code" text DEFAULT '' NOT NULL,
	"transfer_to_code" text DEFAULT '' NOT NULL,
	"intransit_code" text DEFAULT '' NOT NULL,
	"receiving_code" text DEFAULT '' NOT NULL,
	"receiving_address" text DEFAULT '' NOT NULL,
	"receiving_contact" text DEFAULT '' NOT NULL,
	"receiving_district_code" text DEFAULT '' NOT NULL,
	"receiving_district_name" text DEFAULT '' NOT NULL,
	"receiving_post_code" text DEFAULT '' NOT NULL,
	"receiving_region_code" text DEFAULT '' NOT NULL,
	"bc_to_no" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"cancel_reason_code" text DEFAULT '' NOT NULL,
	"cancel_reason_description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consignment_receipt_lines" (
	"no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consignment_receipts" (
	"no" text PRIMARY KEY NOT NULL,
	"bc_to_no" text NOT NULL,
	"ci_no" text DEFAULT '' NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"intransit_code" text NOT NULL,
	"posting_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"bc_to_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL,
	"qty_shipped" numeric(18, 5) DEFAULT '0' NOT NULL,
	"qty_received" numeric(18, 5) DEFAULT '0' NOT NULL,
	"la_to_line_note" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_orders" (
	"bc_to_no" text PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"direction" text DEFAULT 'issue' NOT NULL,
	"status" text DEFAULT 'released' NOT NULL,
	"transfer_from_code" text NOT NULL,
	"transfer_to_code" text NOT NULL,
	"intransit_code" text NOT NULL,
	"ci_no" text DEFAULT '' NOT NULL,
	"external_document_no" text DEFAULT '' NOT NULL,
	"order_date" date NOT NULL,
	"shipment_date" date,
	"receipt_date" date,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_shipment_lines" (
	"no" text NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_no" integer NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) DEFAULT '1' NOT NULL,
	"quantity" numeric(18, 5) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_shipments" (
	"no" text PRIMARY KEY NOT NULL,
	"bc_to_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"transfer_from_code" text NOT NULL,
	"transfer_to_code" text NOT NULL,
	"intransit_code" text NOT NULL,
	"posting_date" date NOT NULL,
	"shipment_date" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_reverses_entry_id_vendor_ledger_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."vendor_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_invoice_lines" ADD CONSTRAINT "purchase_invoice_lines_no_purchase_invoices_no_fk" FOREIGN KEY ("no") REFERENCES "public"."purchase_invoices"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_pos_po_no_purchase_orders_pos_po_no_fk" FOREIGN KEY ("pos_po_no") REFERENCES "public"."purchase_orders"("pos_po_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_receipt_lines" ADD CONSTRAINT "purchase_receipt_lines_pos_pr_no_purchase_receipts_pos_pr_no_fk" FOREIGN KEY ("pos_pr_no") REFERENCES "public"."purchase_receipts"("pos_pr_no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_shipment_lines" ADD CONSTRAINT "purchase_shipment_lines_no_purchase_shipments_no_fk" FOREIGN KEY ("no") REFERENCES "public"."purchase_shipments"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_issue_lines" ADD CONSTRAINT "consignment_issue_lines_ci_no_consignment_issues_ci_no_fk" FOREIGN KEY ("ci_no") REFERENCES "public"."consignment_issues"("ci_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_receipt_lines" ADD CONSTRAINT "consignment_receipt_lines_no_consignment_receipts_no_fk" FOREIGN KEY ("no") REFERENCES "public"."consignment_receipts"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_order_lines" ADD CONSTRAINT "transfer_order_lines_bc_to_no_transfer_orders_bc_to_no_fk" FOREIGN KEY ("bc_to_no") REFERENCES "public"."transfer_orders"("bc_to_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_shipment_lines" ADD CONSTRAINT "transfer_shipment_lines_no_transfer_shipments_no_fk" FOREIGN KEY ("no") REFERENCES "public"."transfer_shipments"("no") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_ledger_order" ON "vendor_ledger_entries" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "vendor_ledger_document" ON "vendor_ledger_entries" USING btree ("document_type","document_no");--> statement-breakpoint
CREATE INDEX "vendor_ledger_franchise_date" ON "vendor_ledger_entries" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_invoice_lines_pk" ON "purchase_invoice_lines" USING btree ("no","line_no");--> statement-breakpoint
CREATE INDEX "purchase_invoices_order" ON "purchase_invoices" USING btree ("pos_po_no");--> statement-breakpoint
CREATE INDEX "purchase_invoices_franchise" ON "purchase_invoices" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_doc_line" ON "purchase_order_lines" USING btree ("pos_po_no","line_no");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_item" ON "purchase_order_lines" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "purchase_orders_list" ON "purchase_orders" USING btree ("franchise_code","order_date");--> statement-breakpoint
CREATE INDEX "purchase_orders_list_all" ON "purchase_orders" USING btree ("order_date" DESC NULLS LAST,"pos_po_no");--> statement-breakpoint
CREATE INDEX "purchase_orders_status" ON "purchase_orders" USING btree ("status","order_date");--> statement-breakpoint
CREATE INDEX "purchase_orders_bc_so_no" ON "purchase_orders" USING btree ("bc_so_no") WHERE "purchase_orders"."bc_so_no" <> '';--> statement-breakpoint
CREATE INDEX "purchase_orders_applies_to" ON "purchase_orders" USING btree ("applies_to_order_no") WHERE "purchase_orders"."applies_to_order_no" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_receipt_lines_pk" ON "purchase_receipt_lines" USING btree ("pos_pr_no","line_no");--> statement-breakpoint
CREATE INDEX "purchase_receipts_order" ON "purchase_receipts" USING btree ("pos_po_no");--> statement-breakpoint
CREATE INDEX "purchase_receipts_franchise" ON "purchase_receipts" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_shipment_lines_pk" ON "purchase_shipment_lines" USING btree ("no","line_no");--> statement-breakpoint
CREATE INDEX "purchase_shipments_order" ON "purchase_shipments" USING btree ("pos_po_no");--> statement-breakpoint
CREATE INDEX "purchase_shipments_franchise" ON "purchase_shipments" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_issue_lines_doc_line" ON "consignment_issue_lines" USING btree ("ci_no","line_no");--> statement-breakpoint
CREATE INDEX "consignment_issues_franchise" ON "consignment_issues" USING btree ("franchise_code","order_date");--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_receipt_lines_pk" ON "consignment_receipt_lines" USING btree ("no","line_no");--> statement-breakpoint
CREATE INDEX "consignment_receipts_order" ON "consignment_receipts" USING btree ("bc_to_no");--> statement-breakpoint
CREATE INDEX "consignment_receipts_franchise" ON "consignment_receipts" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_order_lines_doc_line" ON "transfer_order_lines" USING btree ("bc_to_no","line_no");--> statement-breakpoint
CREATE INDEX "transfer_orders_franchise" ON "transfer_orders" USING btree ("franchise_code","order_date");--> statement-breakpoint
CREATE INDEX "transfer_orders_ci" ON "transfer_orders" USING btree ("ci_no");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_shipment_lines_pk" ON "transfer_shipment_lines" USING btree ("no","line_no");--> statement-breakpoint
CREATE INDEX "transfer_shipments_order" ON "transfer_shipments" USING btree ("bc_to_no");