CREATE INDEX "agents_host_name_trgm" ON "agents" USING gin ("host_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alerts_title_trgm" ON "alerts" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alerts_host_name_trgm" ON "alerts" USING gin ("host_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cases_title_trgm" ON "cases" USING gin ("title" gin_trgm_ops);