ALTER TABLE "terminal_relay_nodes" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "terminal_sessions" ADD COLUMN "client_address" text;