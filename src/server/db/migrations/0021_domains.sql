CREATE TABLE "lookalikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"domain_uid" uuid NOT NULL,
	"name" text NOT NULL,
	"fuzzer" text NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"resolves" boolean DEFAULT false NOT NULL,
	"has_mx" boolean DEFAULT false NOT NULL,
	"serves_page" boolean DEFAULT false NOT NULL,
	"pending" jsonb,
	"pending_count" integer DEFAULT 0 NOT NULL,
	"stable_count" integer DEFAULT 0 NOT NULL,
	"wildcard" boolean DEFAULT false NOT NULL,
	"addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"name_servers" text[] DEFAULT '{}'::text[] NOT NULL,
	"mx" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" text,
	"popularity" integer,
	"registered_on" timestamp with time zone,
	"classification" text DEFAULT 'unregistered' NOT NULL,
	"confidence" integer DEFAULT 0 NOT NULL,
	"risk" integer DEFAULT 0 NOT NULL,
	"risk_factors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"state_changed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monitored_domains" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_scanned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lookalikes_name_idx" ON "lookalikes" USING btree ("domain_uid","name");--> statement-breakpoint
CREATE INDEX "lookalikes_customer_idx" ON "lookalikes" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "monitored_domains_name_idx" ON "monitored_domains" USING btree ("customer_id","name");