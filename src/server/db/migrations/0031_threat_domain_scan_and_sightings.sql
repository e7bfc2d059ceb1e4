ALTER TABLE "monitored_domains" ADD COLUMN "scan_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_domains" ADD COLUMN "scan_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "monitored_domains" ADD COLUMN "scan_error" text;--> statement-breakpoint
ALTER TABLE "threat_sightings" ADD COLUMN "alert_id" bigint;--> statement-breakpoint
ALTER TABLE "threat_sightings" ADD COLUMN "field" text;--> statement-breakpoint
CREATE INDEX "threat_sightings_alert_idx" ON "threat_sightings" USING btree ("alert_id");