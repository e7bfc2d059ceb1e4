ALTER TABLE "threat_sightings" ADD COLUMN "alert_id" bigint;--> statement-breakpoint
ALTER TABLE "threat_sightings" ADD COLUMN "field" text;--> statement-breakpoint
CREATE INDEX "threat_sightings_alert_idx" ON "threat_sightings" USING btree ("alert_id");