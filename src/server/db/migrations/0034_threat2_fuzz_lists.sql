ALTER TABLE "monitored_domains" ADD COLUMN "fuzz_words" text[];--> statement-breakpoint
ALTER TABLE "monitored_domains" ADD COLUMN "fuzz_tlds" text[];