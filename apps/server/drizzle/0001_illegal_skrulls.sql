CREATE TABLE "franchises" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_no" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"district_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"post_code" text DEFAULT '' NOT NULL,
	"region_code" text DEFAULT '' NOT NULL,
	"phone_no" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"tp_no" text DEFAULT '' NOT NULL,
	"ss_no" text DEFAULT '' NOT NULL,
	"vendor_no" text DEFAULT '' NOT NULL,
	"vendor_name" text DEFAULT '' NOT NULL,
	"buy_from_code" text DEFAULT '' NOT NULL,
	"buy_from_address" text DEFAULT '' NOT NULL,
	"receipt_lead_time" integer DEFAULT 0 NOT NULL,
	"header_campaign" text DEFAULT '' NOT NULL,
	"header_costcenter" text DEFAULT '' NOT NULL,
	"header_channel" text DEFAULT '' NOT NULL,
	"header_department" text DEFAULT '' NOT NULL,
	"header_factory" text DEFAULT '' NOT NULL,
	"line_campaign" text DEFAULT '' NOT NULL,
	"line_costcenter" text DEFAULT '' NOT NULL,
	"line_gen_bus_posting_group" text DEFAULT '' NOT NULL,
	"batch_name" text DEFAULT '' NOT NULL,
	"consignment_location_code" text DEFAULT '' NOT NULL,
	"consignment_warehouse_code" text DEFAULT '' NOT NULL,
	"consignment_intransit_code" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_synced_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_code" text NOT NULL,
	"customer_no" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"district_code" text DEFAULT '' NOT NULL,
	"district_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone_no" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "number_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"document_type" text NOT NULL,
	"year" integer NOT NULL,
	"prefix" text NOT NULL,
	"last_no" integer DEFAULT 0 NOT NULL,
	"last_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_code" text NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"erp_mode" text DEFAULT 'standalone' NOT NULL,
	"user_id" integer,
	"username" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "franchises_customer_no" ON "franchises" USING btree ("customer_no");--> statement-breakpoint
CREATE INDEX "franchises_phone_no" ON "franchises" USING btree ("phone_no");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_location_code" ON "locations" USING btree ("location_code");--> statement-breakpoint
CREATE INDEX "locations_customer_no" ON "locations" USING btree ("customer_no");--> statement-breakpoint
CREATE UNIQUE INDEX "number_series_key" ON "number_series" USING btree ("franchise_code","document_type","year");--> statement-breakpoint
CREATE INDEX "sync_logs_table_started" ON "sync_logs" USING btree ("table_code","started_at");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_customer_no_franchises_customer_no_fk" FOREIGN KEY ("customer_no") REFERENCES "public"."franchises"("customer_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "number_series" ADD CONSTRAINT "number_series_franchise_code_franchises_customer_no_fk" FOREIGN KEY ("franchise_code") REFERENCES "public"."franchises"("customer_no") ON DELETE cascade ON UPDATE cascade;