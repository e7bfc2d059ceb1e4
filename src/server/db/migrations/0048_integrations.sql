CREATE TABLE "integration_host_mappings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"integration_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"host_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_webhook_receipts" (
	"integration_id" uuid NOT NULL,
	"signature" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "validated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_host_mappings" ADD CONSTRAINT "integration_host_mappings_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_host_mappings_host_idx" ON "integration_host_mappings" USING btree ("integration_id","host_name");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_webhook_receipts_idx" ON "integration_webhook_receipts" USING btree ("integration_id","signature");--> statement-breakpoint
CREATE INDEX "integration_webhook_receipts_time_idx" ON "integration_webhook_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_mappings_external_idx" ON "integration_mappings" USING btree ("integration_id","external_id");