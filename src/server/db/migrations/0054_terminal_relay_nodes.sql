CREATE TABLE "terminal_channels" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"node_id" uuid NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_relay_nodes" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_sessions" ADD COLUMN "relay_node_id" uuid;