ALTER TABLE "alerts" ADD COLUMN "agent_id" uuid;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_agent_id_agents_agent_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("agent_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_actions_alert_idx" ON "agent_actions" USING btree ("alert_id") WHERE alert_id is not null;--> statement-breakpoint
CREATE INDEX "agent_actions_case_idx" ON "agent_actions" USING btree ("case_id") WHERE case_id is not null;--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "alerts_agent_idx" ON "alerts" USING btree ("agent_id");