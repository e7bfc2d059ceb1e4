CREATE TABLE "alert_response_rollup" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"bucket" smallint NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	"seconds" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_response_rollup_customer_id_day_kind_bucket_pk" PRIMARY KEY("customer_id","day","kind","bucket")
);
--> statement-breakpoint
CREATE TABLE "alert_rollup_daily" (
	"customer_id" uuid NOT NULL,
	"day" date NOT NULL,
	"priority" text NOT NULL,
	"type" text NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_rollup_daily_customer_id_day_priority_type_pk" PRIMARY KEY("customer_id","day","priority","type")
);
--> statement-breakpoint
CREATE TABLE "alert_rollup_hourly" (
	"customer_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"priority" text NOT NULL,
	"type" text NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_rollup_hourly_customer_id_hour_priority_type_pk" PRIMARY KEY("customer_id","hour","priority","type")
);
--> statement-breakpoint
CREATE TABLE "alert_status_counts" (
	"customer_id" uuid NOT NULL,
	"status" text NOT NULL,
	"alerts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alert_status_counts_customer_id_status_pk" PRIMARY KEY("customer_id","status")
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_response_rollup" ADD CONSTRAINT "alert_response_rollup_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rollup_daily" ADD CONSTRAINT "alert_rollup_daily_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_rollup_hourly" ADD CONSTRAINT "alert_rollup_hourly_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_status_counts" ADD CONSTRAINT "alert_status_counts_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE cascade ON UPDATE no action;