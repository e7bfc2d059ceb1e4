CREATE TABLE "agent_installers" (
	"installer_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"requested_by" uuid,
	"email" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"server_url" text NOT NULL,
	"token_id" uuid,
	"enrolment_token" text,
	"download_key_hash" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agent_installers" ADD CONSTRAINT "agent_installers_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_installers" ADD CONSTRAINT "agent_installers_token_id_agent_enrolment_tokens_token_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."agent_enrolment_tokens"("token_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_installers_customer_idx" ON "agent_installers" USING btree ("customer_id","created_at");