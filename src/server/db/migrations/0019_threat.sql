CREATE TABLE "threat_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"purpose" text DEFAULT 'indicators' NOT NULL,
	"kind" text,
	"value_column" integer DEFAULT 0 NOT NULL,
	"risk" integer DEFAULT 80 NOT NULL,
	"threat_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"retention_days" integer DEFAULT 30 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_count" integer,
	"last_error" text,
	CONSTRAINT "threat_feeds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "threat_sightings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"customer_id" uuid,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"context" text DEFAULT 'lookup' NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "threat_warning_list" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"list" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "threat_warning_list_kind_value_pk" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
ALTER TABLE "threat_indicators" ADD COLUMN "source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "threat_indicators" ADD COLUMN "first_seen" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "threat_indicators" ADD COLUMN "last_seen" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "threat_indicators" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "threat_sightings_value_idx" ON "threat_sightings" USING btree ("kind","value","seen_at");--> statement-breakpoint
CREATE INDEX "threat_indicators_source_idx" ON "threat_indicators" USING btree ("source");