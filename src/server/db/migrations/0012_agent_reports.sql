CREATE TABLE "agent_diagnostic_chunks" (
	"bundle_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "agent_diagnostic_chunks_bundle_id_chunk_index_pk" PRIMARY KEY("bundle_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "agent_diagnostics" (
	"bundle_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"action_id" uuid,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"chunk_count" integer NOT NULL,
	"sha256" text NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_inventory" (
	"agent_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"version" text,
	"publisher" text,
	"install_date" text,
	"last_seen" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_inventory_agent_id_position_pk" PRIMARY KEY("agent_id","position")
);
--> statement-breakpoint
CREATE TABLE "agent_issues" (
	"agent_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"code" text NOT NULL,
	"severity" text NOT NULL,
	"message" text NOT NULL,
	"since" timestamp with time zone,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_issues_agent_id_code_pk" PRIMARY KEY("agent_id","code")
);
--> statement-breakpoint
CREATE TABLE "agent_login_locations" (
	"agent_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"user_name" text NOT NULL,
	"ip" text,
	"country" text,
	"city" text,
	"latitude" double precision,
	"longitude" double precision,
	"logged_in_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_login_locations_agent_id_position_pk" PRIMARY KEY("agent_id","position")
);
--> statement-breakpoint
CREATE TABLE "agent_vulnerabilities" (
	"agent_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"title" text NOT NULL,
	"version" text,
	"severity" text,
	"cve_ids" text[] DEFAULT '{}' NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_vulnerabilities_agent_id_kind_ref_pk" PRIMARY KEY("agent_id","kind","ref")
);
--> statement-breakpoint
CREATE TABLE "cves" (
	"cve_id" text PRIMARY KEY NOT NULL,
	"descriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"severity" text,
	"cvss_score" double precision,
	"cvss_vector" text,
	"published_at" timestamp with time zone,
	"modified_at" timestamp with time zone,
	"first_reported_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_diagnostic_chunks" ADD CONSTRAINT "agent_diagnostic_chunks_bundle_id_agent_diagnostics_bundle_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."agent_diagnostics"("bundle_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_diagnostic_chunks" ADD CONSTRAINT "agent_diagnostic_chunks_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_diagnostics" ADD CONSTRAINT "agent_diagnostics_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_diagnostics" ADD CONSTRAINT "agent_diagnostics_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_diagnostics" ADD CONSTRAINT "agent_diagnostics_action_id_agent_actions_action_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."agent_actions"("action_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_inventory" ADD CONSTRAINT "agent_inventory_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_inventory" ADD CONSTRAINT "agent_inventory_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_issues" ADD CONSTRAINT "agent_issues_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_issues" ADD CONSTRAINT "agent_issues_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_login_locations" ADD CONSTRAINT "agent_login_locations_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_login_locations" ADD CONSTRAINT "agent_login_locations_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_vulnerabilities" ADD CONSTRAINT "agent_vulnerabilities_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_vulnerabilities" ADD CONSTRAINT "agent_vulnerabilities_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_diagnostics_agent_idx" ON "agent_diagnostics" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_vulnerabilities_customer_idx" ON "agent_vulnerabilities" USING btree ("customer_id","kind");