ALTER TABLE "monitored_domains" ADD COLUMN "scan_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_domains" ADD COLUMN "scan_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_domains" ADD COLUMN "scan_error" text;