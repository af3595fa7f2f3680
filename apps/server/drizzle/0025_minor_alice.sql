CREATE TABLE "erp_sync_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_code" text NOT NULL,
	"sync_all" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"job_id" bigint,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"fetched" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"excess" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"erp_mode" text NOT NULL,
	"user_id" integer,
	"username" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "erp_sync_tables" (
	"table_code" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "erp_table_records" (
	"table_code" text NOT NULL,
	"system_id" text NOT NULL,
	"record_key" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"etag" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"excess" boolean DEFAULT false NOT NULL,
	"last_run_id" integer NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erp_table_records_table_code_system_id_pk" PRIMARY KEY("table_code","system_id")
);
--> statement-breakpoint
CREATE INDEX "erp_sync_runs_table" ON "erp_sync_runs" USING btree ("table_code","id");--> statement-breakpoint
CREATE INDEX "erp_table_records_key" ON "erp_table_records" USING btree ("table_code","record_key");