CREATE TABLE "breach_lookups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"customer_id" uuid,
	"account" text NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"breaches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "breach_lookups_owner_idx" ON "breach_lookups" USING btree ("partner_id",coalesce("customer_id", '00000000-0000-0000-0000-000000000000'::uuid),"account");