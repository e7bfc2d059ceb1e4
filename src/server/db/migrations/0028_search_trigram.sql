-- Contains-searches (partial keywords, exact phrases, wildcards without a field) match the whole
-- event as text. A trigram index on that text lets them skip the events that cannot match.
-- Request work reads through the view log_events_visible (db/tenancy.ts) so that row-level
-- security does not keep PostgreSQL from using it: src/server/areas/logs/README.md, "Contains-
-- searches under row-level security".
CREATE INDEX IF NOT EXISTS "log_events_raw_trgm_idx" ON "log_events" USING gin (("raw"::text) gin_trgm_ops);
