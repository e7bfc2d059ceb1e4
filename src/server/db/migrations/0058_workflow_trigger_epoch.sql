CREATE TABLE "workflow_trigger_epoch" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "workflow_trigger_epoch_one_row" CHECK ("workflow_trigger_epoch"."id")
);
--> statement-breakpoint
INSERT INTO "workflow_trigger_epoch" ("id", "epoch") VALUES (true, 0);
--> statement-breakpoint
-- Moves the counter once per transaction that changes which workflows triggers start, or with
-- which version: the dispatcher (areas/workflows/engine/published.ts) reads it in the statement
-- that reads a job's alerts and keeps what it loaded only while it reads the same. Runs as its
-- owner: request work (the app role) publishes, and is granted nothing on the counter. Names are
-- qualified, since a SECURITY DEFINER function runs with its caller's search_path.
CREATE FUNCTION workflow_trigger_epoch_bump() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  IF pg_catalog.current_setting('watchfloor.workflow_trigger_epoch_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE public.workflow_trigger_epoch SET epoch = epoch + 1;
    PERFORM pg_catalog.set_config('watchfloor.workflow_trigger_epoch_bumped', 'on', true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to commit, as auth_epoch's: the counter's row lock is taken last and held only while
-- committing, so two publishing transactions never deadlock on it.
CREATE CONSTRAINT TRIGGER workflows_trigger_epoch
  AFTER INSERT OR DELETE OR UPDATE OF "state", "published_version", "partner_id" ON "workflows"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION workflow_trigger_epoch_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER workflow_versions_trigger_epoch AFTER INSERT OR UPDATE OR DELETE ON "workflow_versions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION workflow_trigger_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER workflows_trigger_epoch_truncate AFTER TRUNCATE ON "workflows"
  FOR EACH STATEMENT EXECUTE FUNCTION workflow_trigger_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER workflow_versions_trigger_epoch_truncate AFTER TRUNCATE ON "workflow_versions"
  FOR EACH STATEMENT EXECUTE FUNCTION workflow_trigger_epoch_bump();
