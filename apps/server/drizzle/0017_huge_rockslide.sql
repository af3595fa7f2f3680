CREATE TABLE "bank_account_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"posting_date" date NOT NULL,
	"document_type" text NOT NULL,
	"bank_account_no" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"receipt_no" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shift_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_id" integer NOT NULL,
	"payment_method" text NOT NULL,
	"expected_amount" numeric(18, 2) NOT NULL,
	"counted_amount" numeric(18, 2) NOT NULL,
	"difference" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"shift_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opening_float" numeric(18, 2) NOT NULL,
	"business_date" date NOT NULL,
	"opened_by" integer,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" integer,
	"closed_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "bank_account_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "bank_bin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "bank_account_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "franchises" ADD COLUMN "bank_account_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_receipts" ADD COLUMN "bank_account_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_receipts" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "shift_counts" ADD CONSTRAINT "shift_counts_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_account_entries_no" ON "bank_account_entries" USING btree ("franchise_code","entry_no");--> statement-breakpoint
CREATE INDEX "bank_account_entries_posting" ON "bank_account_entries" USING btree ("franchise_code","posting_date");--> statement-breakpoint
CREATE INDEX "bank_account_entries_receipt" ON "bank_account_entries" USING btree ("receipt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_counts_method" ON "shift_counts" USING btree ("shift_id","payment_method");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_no" ON "shifts" USING btree ("franchise_code","shift_no");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_one_open_per_location" ON "shifts" USING btree ("location_code") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "shifts_franchise" ON "shifts" USING btree ("franchise_code","business_date");--> statement-breakpoint
CREATE INDEX "cash_receipts_shift" ON "cash_receipts" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "cash_receipts_posting" ON "cash_receipts" USING btree ("franchise_code","posting_date");