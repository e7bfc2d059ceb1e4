CREATE TABLE "customer_indicators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"det" text NOT NULL,
	"risk" integer NOT NULL,
	"threat_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"malware_group" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "threat_indicators" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_indicators_value_idx" ON "customer_indicators" USING btree ("customer_id","kind","value");--> statement-breakpoint
ALTER TABLE "threat_indicators" ADD CONSTRAINT "threat_indicators_id_unique" UNIQUE("id");