ALTER TABLE "platform_updates" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "platform_updates_published_idx" ON "platform_updates" USING btree ("published_at");--> statement-breakpoint
-- Updates written before publishing existed were all shown: they count as published when written.
UPDATE "platform_updates" SET "published_at" = "created_at";