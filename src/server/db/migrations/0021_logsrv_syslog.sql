CREATE TABLE "syslog_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" "cidr" NOT NULL,
	"source" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "syslog_sources" ADD CONSTRAINT "syslog_sources_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "syslog_sources_address_idx" ON "syslog_sources" USING btree ("address");--> statement-breakpoint
CREATE INDEX "syslog_sources_customer_idx" ON "syslog_sources" USING btree ("customer_id","created_at");