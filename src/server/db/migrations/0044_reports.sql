CREATE TABLE "report_branding" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid DEFAULT current_partner_id() NOT NULL,
	"customer_id" uuid,
	"primary_color" text NOT NULL,
	"secondary_color" text NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"partner_id" uuid DEFAULT current_partner_id() NOT NULL,
	"customer_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"schedule_id" uuid,
	"requested_by" uuid NOT NULL,
	"report_version" integer NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"recipients" text[] NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"pdf" "bytea",
	"pdf_bytes" integer,
	"pages" integer,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid DEFAULT current_partner_id() NOT NULL,
	"customer_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"time_zone" text NOT NULL,
	"recipients" text[] NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"scope" text NOT NULL,
	"saved_search_id" uuid,
	"target" text DEFAULT 'month' NOT NULL,
	"start_date" date,
	"end_date" date,
	"retention_days" integer DEFAULT 90 NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "report_branding" ADD CONSTRAINT "report_branding_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules" ADD CONSTRAINT "report_schedules_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_branding_owner_idx" ON "report_branding" USING btree ("partner_id",coalesce("customer_id", '00000000-0000-0000-0000-000000000000'::uuid));--> statement-breakpoint
CREATE INDEX "report_runs_customer_idx" ON "report_runs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "report_runs_expiry_idx" ON "report_runs" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "report_schedules_customer_report_idx" ON "report_schedules" USING btree ("customer_id","report_id");--> statement-breakpoint
CREATE INDEX "report_schedules_due_idx" ON "report_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE INDEX "reports_partner_idx" ON "reports" USING btree ("partner_id","scope");