CREATE TABLE "terminal_sessions" (
	"session_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"host_name" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text NOT NULL,
	"certificate_id" uuid NOT NULL,
	"cols" integer NOT NULL,
	"rows" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"recording" text,
	"recording_bytes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminal_sessions" ADD CONSTRAINT "terminal_sessions_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_sessions" ADD CONSTRAINT "terminal_sessions_certificate_id_terminal_certificates_certificate_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."terminal_certificates"("certificate_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_sessions_partner_started_idx" ON "terminal_sessions" USING btree ("partner_id","started_at");--> statement-breakpoint
CREATE INDEX "terminal_sessions_customer_idx" ON "terminal_sessions" USING btree ("customer_id","started_at");