CREATE TABLE "integration_pull_cursors" (
	"integration_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"cursor" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_pulled_alerts" (
	"integration_id" uuid NOT NULL,
	"external_alert_id" text NOT NULL,
	"alert_id" bigint,
	"pulled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "pulled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "pull_error" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "pull_error_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_pull_cursors_idx" ON "integration_pull_cursors" USING btree ("integration_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_pulled_alerts_idx" ON "integration_pulled_alerts" USING btree ("integration_id","external_alert_id");