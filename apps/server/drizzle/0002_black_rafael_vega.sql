CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text,
	"device_type" text NOT NULL,
	"device_name" text NOT NULL,
	"device_code" text NOT NULL,
	"device_data" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address_units" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_code" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"full_name" text NOT NULL,
	"type" text NOT NULL,
	"post_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_agent_services" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"shipping_agent_code" text NOT NULL,
	"description" text NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"is_temporary" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_agents" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_no_series" (
	"prefix" text PRIMARY KEY NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_setups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"channel" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"customer_no" text PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"location_code" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"phone_no" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"country_region_code" text DEFAULT 'VNM' NOT NULL,
	"birth_date" date DEFAULT '0001-01-01' NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT '' NOT NULL,
	"customer_setup_id" integer,
	"is_temporary" boolean DEFAULT true NOT NULL,
	"referral_code" text NOT NULL,
	"referred_by_code" text DEFAULT '' NOT NULL,
	"referral_pos_so_no" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ship_to_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"name" text NOT NULL,
	"name_2" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"phone_no" text DEFAULT '' NOT NULL,
	"country_region_code" text DEFAULT 'VNM' NOT NULL,
	"is_temporary" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "birthday_promotion_uses" (
	"customer_no" text NOT NULL,
	"year" integer NOT NULL,
	"pos_so_no" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "birthday_promotion_uses_customer_no_year_pk" PRIMARY KEY("customer_no","year")
);
--> statement-breakpoint
CREATE TABLE "loyalty_schemes" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"min_ranking_points" numeric(18, 2) NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ranking_point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"pos_so_no" text DEFAULT '' NOT NULL,
	"entry_type" text NOT NULL,
	"points" numeric(18, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redeemable_point_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_no" text NOT NULL,
	"franchise_code" text NOT NULL,
	"referral_code" text DEFAULT '' NOT NULL,
	"pos_so_no" text DEFAULT '' NOT NULL,
	"website_no" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"entry_type" text NOT NULL,
	"points" numeric(18, 2) NOT NULL,
	"reverses_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD CONSTRAINT "ship_to_addresses_customer_no_customers_customer_no_fk" FOREIGN KEY ("customer_no") REFERENCES "public"."customers"("customer_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_device_code_lower" ON "devices" USING btree (lower("device_code"));--> statement-breakpoint
CREATE INDEX "devices_location_type" ON "devices" USING btree ("location_code","device_type");--> statement-breakpoint
CREATE UNIQUE INDEX "address_units_table_code" ON "address_units" USING btree ("table_code","code");--> statement-breakpoint
CREATE INDEX "address_units_post_code" ON "address_units" USING btree ("post_code");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_agent_services_agent_code" ON "shipping_agent_services" USING btree ("shipping_agent_code","code");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_setups_prefix" ON "customer_setups" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_franchise_phone" ON "customers" USING btree ("franchise_code","phone_no");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_referral_code" ON "customers" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "customers_phone" ON "customers" USING btree ("phone_no");--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_addresses_customer_code" ON "ship_to_addresses" USING btree ("customer_no","code");--> statement-breakpoint
CREATE INDEX "ship_to_addresses_franchise" ON "ship_to_addresses" USING btree ("franchise_code");--> statement-breakpoint
CREATE INDEX "ranking_point_entries_customer" ON "ranking_point_entries" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "redeemable_point_entries_customer" ON "redeemable_point_entries" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "redeemable_point_entries_order" ON "redeemable_point_entries" USING btree ("pos_so_no");