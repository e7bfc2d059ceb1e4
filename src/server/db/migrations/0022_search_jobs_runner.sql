ALTER TABLE "search_jobs" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_jobs" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "search_jobs" ADD COLUMN "scanned_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "search_jobs" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "search_jobs" ADD COLUMN "last_read_at" timestamp with time zone DEFAULT now() NOT NULL;