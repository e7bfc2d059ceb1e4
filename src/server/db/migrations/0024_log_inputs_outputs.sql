CREATE TABLE "syslog_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" "cidr" NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_alert_firings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rule_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"fired_at" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"alert_id" bigint
);
--> statement-breakpoint
CREATE TABLE "log_alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"period_seconds" integer NOT NULL,
	"priority" text NOT NULL,
	"threshold" integer NOT NULL,
	"realert_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"partner_id" uuid NOT NULL,
	"search_id" uuid NOT NULL,
	"customer_ids" uuid[] NOT NULL,
	"format" text NOT NULL,
	"fields" jsonb NOT NULL,
	"size" integer NOT NULL,
	"emails" text[] NOT NULL,
	"status" text NOT NULL,
	"row_count" integer,
	"sha256" text,
	"content" "bytea",
	"download_key_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "log_usage" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"events" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"metered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_usage_customer_id_day_source_pk" PRIMARY KEY("customer_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "syslog_sources" ADD CONSTRAINT "syslog_sources_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_alert_firings" ADD CONSTRAINT "log_alert_firings_rule_id_log_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."log_alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_alert_firings" ADD CONSTRAINT "log_alert_firings_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "log_usage" ADD CONSTRAINT "log_usage_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "syslog_sources_address_idx" ON "syslog_sources" USING btree ("address");--> statement-breakpoint
CREATE INDEX "syslog_sources_customer_idx" ON "syslog_sources" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "log_alert_firings_rule_idx" ON "log_alert_firings" USING btree ("rule_id","customer_id","fired_at");--> statement-breakpoint
CREATE UNIQUE INDEX "log_alert_rules_saved_idx" ON "log_alert_rules" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "log_exports_user_idx" ON "log_exports" USING btree ("user_id","created_at");