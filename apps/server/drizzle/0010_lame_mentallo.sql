CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_type" text NOT NULL,
	"document_no" text DEFAULT '' NOT NULL,
	"franchise_code" text DEFAULT '' NOT NULL,
	"device_id" integer,
	"device_code" text NOT NULL,
	"user_id" integer,
	"status" text NOT NULL,
	"document" jsonb NOT NULL,
	"text_lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_referral_rewards" (
	"customer_no" text PRIMARY KEY NOT NULL,
	"referrer_customer_no" text NOT NULL,
	"referral_code" text NOT NULL,
	"pos_so_no" text NOT NULL,
	"pos_si_no" text NOT NULL,
	"points" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_sales_postings" (
	"document_no" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"pos_so_no" text NOT NULL,
	"customer_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"scheme" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"redeemable_per_100k" numeric(18, 2) NOT NULL,
	"ranking_per_100k" numeric(18, 2) NOT NULL,
	"redeemable_points" numeric(18, 2) NOT NULL,
	"ranking_points" numeric(18, 2) NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remaining_amount_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"pos_so_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"remaining_before" numeric(18, 2) NOT NULL,
	"remaining_after" numeric(18, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"pos_so_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"kind" text NOT NULL,
	"coupon_code" text DEFAULT '' NOT NULL,
	"discount_type" text NOT NULL,
	"discount_value" numeric(18, 2) NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"scope_values" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_order_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"franchise_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"usage_limit" integer,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"pos_so_no" text NOT NULL,
	"promotion_id" integer,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"fee_code" text NOT NULL,
	"description" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"vat_percent" numeric(5, 2) DEFAULT '10' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ranking_point_entries" ADD COLUMN "document_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "redeemable_point_entries" ADD COLUMN "document_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_promotions" ADD CONSTRAINT "sales_order_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_jobs_user" ON "print_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "print_jobs_document" ON "print_jobs" USING btree ("document_type","document_no");--> statement-breakpoint
CREATE INDEX "loyalty_sales_postings_order" ON "loyalty_sales_postings" USING btree ("pos_so_no");--> statement-breakpoint
CREATE INDEX "loyalty_sales_postings_customer" ON "loyalty_sales_postings" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "remaining_amount_adjustments_order" ON "remaining_amount_adjustments" USING btree ("pos_so_no");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_order" ON "coupon_uses" USING btree ("pos_so_no");--> statement-breakpoint
CREATE INDEX "coupon_uses_promotion" ON "coupon_uses" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code" ON "promotions" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_coupon_code" ON "promotions" USING btree ("coupon_code") WHERE "promotions"."coupon_code" <> '';--> statement-breakpoint
CREATE INDEX "promotions_auto" ON "promotions" USING btree ("kind","is_active","valid_from");--> statement-breakpoint
CREATE INDEX "sales_order_promotions_order" ON "sales_order_promotions" USING btree ("pos_so_no");--> statement-breakpoint
CREATE INDEX "sales_order_promotions_promotion" ON "sales_order_promotions" USING btree ("promotion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_fee_code" ON "fees" USING btree ("fee_code");