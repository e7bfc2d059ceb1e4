CREATE TABLE "auth_epoch" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_epoch_one_row" CHECK ("auth_epoch"."id")
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "epoch") VALUES (true, 0);
--> statement-breakpoint
-- Moves the counter once per transaction that changes what a signed-in caller is made of, and
-- tells the processes listening (PGlite's own, auth/session-principals.ts) at commit. Runs as its
-- owner: request work (the app role) is granted nothing on auth_epoch. Names are qualified, since a
-- SECURITY DEFINER function runs with its caller's search_path.
CREATE FUNCTION auth_epoch_bump() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  v_epoch bigint;
BEGIN
  IF pg_catalog.current_setting('watchfloor.auth_epoch_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE public.auth_epoch SET epoch = epoch + 1 RETURNING epoch INTO v_epoch;
    PERFORM pg_catalog.set_config('watchfloor.auth_epoch_bumped', 'on', true);
    PERFORM pg_catalog.pg_notify('auth_epoch', v_epoch::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to commit: the counter's row lock is taken last and held only while committing, so a
-- transaction that changes a user and then waits for another row can never deadlock on it.
CREATE CONSTRAINT TRIGGER sessions_auth_epoch AFTER UPDATE OR DELETE ON "sessions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_auth_epoch AFTER UPDATE OR DELETE ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER partners_auth_epoch AFTER UPDATE OR DELETE ON "partners"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
-- A Global user sees every customer of the partner: a customer added, removed or moved changes them.
CREATE CONSTRAINT TRIGGER customers_auth_epoch AFTER INSERT OR DELETE OR UPDATE OF "partner_id" ON "customers"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_epoch_truncate AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER users_auth_epoch_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER partners_auth_epoch_truncate AFTER TRUNCATE ON "partners"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_bump();
--> statement-breakpoint
CREATE TRIGGER customers_auth_epoch_truncate AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_bump();
