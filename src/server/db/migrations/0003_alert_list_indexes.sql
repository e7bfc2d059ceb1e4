CREATE INDEX "alerts_priority_rank_idx" ON "alerts" USING btree ((case "priority" when 'critical' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end),"id");--> statement-breakpoint
CREATE INDEX "alerts_updated_id_idx" ON "alerts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "alerts_status_id_idx" ON "alerts" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "alerts_host_name_id_idx" ON "alerts" USING btree ("host_name","id");--> statement-breakpoint
CREATE INDEX "alerts_title_id_idx" ON "alerts" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "alerts_assigned_gin" ON "alerts" USING gin ("assigned_users");