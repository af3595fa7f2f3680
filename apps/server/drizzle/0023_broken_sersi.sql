ALTER TABLE "items" ADD COLUMN "barcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "items_barcode" ON "items" USING btree ("barcode");