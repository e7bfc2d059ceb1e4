CREATE TABLE "escalation_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid DEFAULT current_partner_id() NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"time_zone" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"steps" jsonb NOT NULL,
	"hours" jsonb NOT NULL,
	"holidays" jsonb NOT NULL,
	"partial_days" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "escalations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid DEFAULT current_partner_id() NOT NULL,
	"customer_id" uuid NOT NULL,
	"plan_id" uuid,
	"plan_name" text NOT NULL,
	"alert_id" bigint NOT NULL,
	"steps" jsonb NOT NULL,
	"step" integer DEFAULT -1 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"ack_key" text NOT NULL,
	"server_url" text NOT NULL,
	"started_by" uuid,
	"acknowledged_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "escalation_plans" ADD CONSTRAINT "escalation_plans_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalation_plans" ADD CONSTRAINT "escalation_plans_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "escalations" ADD CONSTRAINT "escalations_plan_id_escalation_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."escalation_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "escalation_plans_partner_idx" ON "escalation_plans" USING btree ("partner_id","customer_id");--> statement-breakpoint
CREATE INDEX "escalations_alert_idx" ON "escalations" USING btree ("alert_id");--> statement-breakpoint
CREATE INDEX "escalations_running_idx" ON "escalations" USING btree ("state","due_at");