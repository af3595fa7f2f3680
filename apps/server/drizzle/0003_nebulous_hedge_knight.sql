CREATE TABLE "item_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_no" text NOT NULL,
	"variant_code" text,
	"title" text NOT NULL,
	"document_type" text NOT NULL,
	"file_id" text NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"web_url" text DEFAULT '' NOT NULL,
	"uploaded_by" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_documents_item" ON "item_documents" USING btree ("item_no","variant_code");--> statement-breakpoint
CREATE INDEX "item_documents_path" ON "item_documents" USING btree ("file_path");