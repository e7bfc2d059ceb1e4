ALTER TABLE "customers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "locale" text;