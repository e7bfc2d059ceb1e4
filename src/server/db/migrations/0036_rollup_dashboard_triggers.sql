-- The dashboard's rollups (areas/dashboard/README.md), kept in the transaction of every alert
-- write by triggers, so every write path (the alert path, merges, deletes, the seed) keeps them.
-- Open statuses: common/statuses.ts (active); closing statuses: areas/dashboard/span.ts.

-- The histogram bucket of a response time: 20% wide, so a bucket's mean is within 10% of its
-- alerts' times; anything under two seconds is bucket 0.
CREATE FUNCTION alert_response_bucket(seconds float8) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select greatest(0, floor(ln(greatest(seconds, 1)) / ln(1.2)))::smallint $$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one alert's share of every rollup.
CREATE FUNCTION alert_rollup_apply(
  a_customer uuid, a_created timestamptz, a_priority text, a_type text, a_status text,
  a_acknowledged timestamptz, a_closed timestamptz, a_sign integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_open integer := case when a_status = any ('{new,open,acknowledged,escalated,deferred,reopened}'::text[]) then a_sign else 0 end;
  v_utc timestamp := a_created at time zone 'UTC';
  v_day date := v_utc::date;
  v_seconds float8;
BEGIN
  INSERT INTO alert_rollup_hourly AS r (customer_id, hour, priority, type, alerts, open)
    VALUES (a_customer, date_trunc('hour', v_utc) at time zone 'UTC', a_priority, a_type, a_sign, v_open)
    ON CONFLICT (customer_id, hour, priority, type)
    DO UPDATE SET alerts = r.alerts + excluded.alerts, open = r.open + excluded.open;
  INSERT INTO alert_rollup_daily AS r (customer_id, day, priority, type, alerts, open)
    VALUES (a_customer, v_day, a_priority, a_type, a_sign, v_open)
    ON CONFLICT (customer_id, day, priority, type)
    DO UPDATE SET alerts = r.alerts + excluded.alerts, open = r.open + excluded.open;
  INSERT INTO alert_status_counts AS r (customer_id, status, alerts)
    VALUES (a_customer, a_status, a_sign)
    ON CONFLICT (customer_id, status) DO UPDATE SET alerts = r.alerts + excluded.alerts;
  IF a_acknowledged IS NOT NULL THEN
    v_seconds := extract(epoch from a_acknowledged - a_created);
    INSERT INTO alert_response_rollup AS r (customer_id, day, kind, bucket, alerts, seconds)
      VALUES (a_customer, v_day, 'acknowledge', alert_response_bucket(v_seconds), a_sign, a_sign * v_seconds)
      ON CONFLICT (customer_id, day, kind, bucket)
      DO UPDATE SET alerts = r.alerts + excluded.alerts, seconds = r.seconds + excluded.seconds;
  END IF;
  IF a_closed IS NOT NULL THEN
    v_seconds := extract(epoch from a_closed - a_created);
    INSERT INTO alert_response_rollup AS r (customer_id, day, kind, bucket, alerts, seconds)
      VALUES (a_customer, v_day, 'close', alert_response_bucket(v_seconds), a_sign, a_sign * v_seconds)
      ON CONFLICT (customer_id, day, kind, bucket)
      DO UPDATE SET alerts = r.alerts + excluded.alerts, seconds = r.seconds + excluded.seconds;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION alerts_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM alert_rollup_apply(OLD.customer_id, OLD.created_at, OLD.priority, OLD.type, OLD.status,
      OLD.acknowledged_at, OLD.closed_at, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM alert_rollup_apply(NEW.customer_id, NEW.created_at, NEW.priority, NEW.type, NEW.status,
      NEW.acknowledged_at, NEW.closed_at, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An alert's first acknowledgement and first close, from its status changes in the activity log
-- (the earliest one, whatever order they are written in).
CREATE FUNCTION alert_activity_response_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_next text := NEW.after #>> '{}';
BEGIN
  UPDATE alerts SET
    acknowledged_at = case when v_next <> 'new' then least(acknowledged_at, NEW.at) else acknowledged_at end,
    closed_at = case when v_next = any ('{closed,false_positive,accepted_risk}'::text[]) then least(closed_at, NEW.at) else closed_at end
  WHERE id = NEW.alert_id
    AND ((v_next <> 'new' AND (acknowledged_at IS NULL OR acknowledged_at > NEW.at))
      OR (v_next = any ('{closed,false_positive,accepted_risk}'::text[]) AND (closed_at IS NULL OR closed_at > NEW.at)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Backfill before the triggers exist, in one pass each.
UPDATE alerts a SET acknowledged_at = f.acknowledged_at, closed_at = f.closed_at
FROM (
  SELECT alert_id,
    min(at) FILTER (WHERE after #>> '{}' <> 'new') AS acknowledged_at,
    min(at) FILTER (WHERE after #>> '{}' = any ('{closed,false_positive,accepted_risk}'::text[])) AS closed_at
  FROM alert_activity WHERE field = 'status' GROUP BY alert_id
) f
WHERE f.alert_id = a.id AND (f.acknowledged_at IS NOT NULL OR f.closed_at IS NOT NULL);
--> statement-breakpoint
INSERT INTO alert_rollup_hourly (customer_id, hour, priority, type, alerts, open)
SELECT customer_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC', priority, type, count(*),
  count(*) FILTER (WHERE status = any ('{new,open,acknowledged,escalated,deferred,reopened}'::text[]))
FROM alerts GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO alert_rollup_daily (customer_id, day, priority, type, alerts, open)
SELECT customer_id, (created_at at time zone 'UTC')::date, priority, type, count(*),
  count(*) FILTER (WHERE status = any ('{new,open,acknowledged,escalated,deferred,reopened}'::text[]))
FROM alerts GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO alert_status_counts (customer_id, status, alerts)
SELECT customer_id, status, count(*) FROM alerts GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO alert_response_rollup (customer_id, day, kind, bucket, alerts, seconds)
SELECT customer_id, day, kind, alert_response_bucket(seconds), count(*), sum(seconds)
FROM (
  SELECT customer_id, (created_at at time zone 'UTC')::date AS day, 'acknowledge' AS kind,
    extract(epoch from acknowledged_at - created_at)::float8 AS seconds
  FROM alerts WHERE acknowledged_at IS NOT NULL
  UNION ALL
  SELECT customer_id, (created_at at time zone 'UTC')::date, 'close', extract(epoch from closed_at - created_at)::float8
  FROM alerts WHERE closed_at IS NOT NULL
) times
GROUP BY customer_id, day, kind, alert_response_bucket(seconds);
--> statement-breakpoint
CREATE TRIGGER alerts_rollup_insert_delete AFTER INSERT OR DELETE ON alerts
  FOR EACH ROW EXECUTE FUNCTION alerts_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER alerts_rollup_update AFTER UPDATE OF customer_id, created_at, priority, type, status, acknowledged_at, closed_at ON alerts
  FOR EACH ROW
  WHEN (OLD.customer_id IS DISTINCT FROM NEW.customer_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.priority IS DISTINCT FROM NEW.priority OR OLD.type IS DISTINCT FROM NEW.type
    OR OLD.status IS DISTINCT FROM NEW.status OR OLD.acknowledged_at IS DISTINCT FROM NEW.acknowledged_at
    OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
  EXECUTE FUNCTION alerts_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER alert_activity_response AFTER INSERT ON alert_activity
  FOR EACH ROW WHEN (NEW.field = 'status') EXECUTE FUNCTION alert_activity_response_trigger();
