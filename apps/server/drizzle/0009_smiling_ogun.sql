CREATE TABLE "sales_order_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"pos_so_no" text NOT NULL,
	"line_no" integer NOT NULL,
	"fee_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '10' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cash_receipts" (
	"receipt_id" serial PRIMARY KEY NOT NULL,
	"receipt_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"customer_no" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"pos_so_no" text DEFAULT '' NOT NULL,
	"sales_order_no" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"tendered_amount" numeric(18, 2),
	"change_amount" numeric(18, 2),
	"receipt_type" text NOT NULL,
	"receipt_kind" text DEFAULT 'customer_payment' NOT NULL,
	"payment_type" text NOT NULL,
	"contract_no" text DEFAULT '' NOT NULL,
	"payment_term" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"collect_store_code" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"posting_date" date,
	"processed_at" timestamp with time zone,
	"processed_by" integer,
	"created_by" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "fees_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "promotion_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "points_discount_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD COLUMN "fees_amount" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_fees" ADD CONSTRAINT "sales_order_fees_pos_so_no_sales_orders_pos_so_no_fk" FOREIGN KEY ("pos_so_no") REFERENCES "public"."sales_orders"("pos_so_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_order_fees_doc_line" ON "sales_order_fees" USING btree ("pos_so_no","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_receipts_no" ON "cash_receipts" USING btree ("franchise_code","receipt_no");--> statement-breakpoint
CREATE INDEX "cash_receipts_order" ON "cash_receipts" USING btree ("pos_so_no");--> statement-breakpoint
CREATE INDEX "cash_receipts_franchise_date" ON "cash_receipts" USING btree ("franchise_code","created_at");