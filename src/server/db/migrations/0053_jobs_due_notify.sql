-- Tells the worker loops listening (jobs/runner.ts) at commit which kinds of job were added due
-- now, so a lane starts on them at once instead of at its next poll. One notice per kind and
-- statement; PostgreSQL folds repeats within a transaction. Jobs due later wait for the poll.
CREATE FUNCTION jobs_due_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_catalog.pg_notify('jobs_due', k.kind)
    FROM (SELECT DISTINCT a.kind FROM added a WHERE a.run_at <= pg_catalog.clock_timestamp() + interval '1 second') k;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER jobs_due_notify AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION jobs_due_notify();
