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
ALTER TABLE "jobs" ADD COLUMN "group_key" text;--> statement-breakpoint
CREATE INDEX "erp_document_sync_state" ON "erp_document_sync" USING btree ("sync_state");--> statement-breakpoint
CREATE INDEX "jobs_group" ON "jobs" USING btree ("group_key","id") WHERE "jobs"."group_key" is not null;