-- The provider (partner) each outbox message and job is for, so the admin outbox and jobs tabs
-- show a provider its own rows only. queueMail and enqueueJob fill it when they know it; else the
-- default does: the caller's provider under request scope (app.partner_id), or on the system
-- connection the deployment's provider (the first partner: a deployment serves one provider,
-- enforced at first start). Null only before any provider exists.
CREATE FUNCTION current_partner_id() RETURNS uuid LANGUAGE sql STABLE AS $$
  select coalesce(nullif(current_setting('app.partner_id', true), '')::uuid,
    (select partner_id from partners order by created_at, partner_id limit 1))
$$;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "partner_id" uuid DEFAULT current_partner_id();--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "partner_id" uuid DEFAULT current_partner_id();--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_partner_id_partners_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("partner_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_partner_idx" ON "mail_outbox" USING btree ("partner_id","id");--> statement-breakpoint
CREATE INDEX "jobs_partner_idx" ON "jobs" USING btree ("partner_id","id");--> statement-breakpoint
-- Rows queued so far are the deployment's provider's.
UPDATE mail_outbox SET partner_id = current_partner_id() WHERE partner_id IS NULL;
--> statement-breakpoint
UPDATE jobs SET partner_id = current_partner_id() WHERE partner_id IS NULL;
