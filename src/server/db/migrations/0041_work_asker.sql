ALTER TABLE "log_alert_rules" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "log_exports" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "log_exports" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "search_jobs" ADD COLUMN "api_key_id" uuid;