CREATE TABLE "alert_notification_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"alert_id" bigint NOT NULL,
	"actor_id" uuid,
	"event" text NOT NULL,
	"field" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_notification_queue" ADD CONSTRAINT "alert_notification_queue_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;