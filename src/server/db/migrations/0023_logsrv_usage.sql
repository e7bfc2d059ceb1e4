CREATE TABLE "log_usage" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"events" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"metered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_usage_customer_id_day_source_pk" PRIMARY KEY("customer_id","day","source")
);
--> statement-breakpoint
ALTER TABLE "log_usage" ADD CONSTRAINT "log_usage_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;