CREATE TABLE "idp_store" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "idp_store_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE INDEX "idp_store_grant_idx" ON "idp_store" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "idp_store_uid_idx" ON "idp_store" USING btree ("model","uid");--> statement-breakpoint
CREATE INDEX "idp_store_user_code_idx" ON "idp_store" USING btree ("model","user_code");--> statement-breakpoint
CREATE INDEX "idp_store_expires_idx" ON "idp_store" USING btree ("expires_at");