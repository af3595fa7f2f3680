CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"parent_id" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "franchise_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"franchise_code" text NOT NULL,
	"item_no" text NOT NULL,
	"price_rate" numeric(9, 4) DEFAULT '1' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_units" (
	"item_no" text NOT NULL,
	"code" text NOT NULL,
	"qty_per_unit_of_measure" numeric(18, 5) NOT NULL,
	CONSTRAINT "item_units_item_no_code_pk" PRIMARY KEY("item_no","code")
);
--> statement-breakpoint
CREATE TABLE "item_variants" (
	"item_no" text NOT NULL,
	"variant_code" text NOT NULL,
	"description" text NOT NULL,
	"unit_price" numeric(18, 2),
	"blocked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "item_variants_item_no_variant_code_pk" PRIMARY KEY("item_no","variant_code")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_no" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"description_2" text DEFAULT '' NOT NULL,
	"base_unit_of_measure" text NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"category_id" integer,
	"blocked" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_price_lists" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"price_list_code" text NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text DEFAULT '' NOT NULL,
	"unit_of_measure" text NOT NULL,
	"franchise_code" text,
	"unit_price" numeric(18, 2) NOT NULL,
	"minimum_quantity" numeric(18, 5) DEFAULT '1' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"pinned" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "franchise_items" ADD CONSTRAINT "franchise_items_franchise_code_franchises_customer_no_fk" FOREIGN KEY ("franchise_code") REFERENCES "public"."franchises"("customer_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "franchise_items" ADD CONSTRAINT "franchise_items_item_no_items_item_no_fk" FOREIGN KEY ("item_no") REFERENCES "public"."items"("item_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_item_no_items_item_no_fk" FOREIGN KEY ("item_no") REFERENCES "public"."items"("item_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "item_variants" ADD CONSTRAINT "item_variants_item_no_items_item_no_fk" FOREIGN KEY ("item_no") REFERENCES "public"."items"("item_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_prices" ADD CONSTRAINT "item_prices_price_list_code_item_price_lists_code_fk" FOREIGN KEY ("price_list_code") REFERENCES "public"."item_price_lists"("code") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "item_prices" ADD CONSTRAINT "item_prices_item_no_items_item_no_fk" FOREIGN KEY ("item_no") REFERENCES "public"."items"("item_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "item_prices" ADD CONSTRAINT "item_prices_franchise_code_franchises_customer_no_fk" FOREIGN KEY ("franchise_code") REFERENCES "public"."franchises"("customer_no") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_code" ON "categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "categories_parent" ON "categories" USING btree ("parent_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "franchise_items_franchise_item" ON "franchise_items" USING btree ("franchise_code","item_no");--> statement-breakpoint
CREATE INDEX "franchise_items_franchise_sort" ON "franchise_items" USING btree ("franchise_code","sort");--> statement-breakpoint
CREATE INDEX "franchise_items_item" ON "franchise_items" USING btree ("item_no");--> statement-breakpoint
CREATE INDEX "items_category" ON "items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "items_description" ON "items" USING btree ("description");--> statement-breakpoint
CREATE INDEX "item_prices_item_franchise" ON "item_prices" USING btree ("item_no","franchise_code","valid_from");--> statement-breakpoint
CREATE INDEX "item_prices_franchise" ON "item_prices" USING btree ("franchise_code");--> statement-breakpoint
CREATE INDEX "item_prices_list" ON "item_prices" USING btree ("price_list_code","sort");