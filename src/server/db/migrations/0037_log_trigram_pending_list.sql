-- Ingest adds each event's trigrams to the contains-search index (log_events_raw_trgm_idx). GIN
-- queues new entries in a pending list and merges them into the index when the list is full;
-- merging a larger list at once is cheaper per event (log events share most of their trigrams).
-- A partitioned index cannot take the setting itself, so each partition's index gets it: the
-- existing ones here, new ones as ensure_log_partition creates them. See
-- src/server/areas/logs/README.md, "Ingest and the trigram index".
CREATE OR REPLACE FUNCTION log_partition_index_settings(partition regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	idx regclass;
BEGIN
	FOR idx IN
		SELECT x.indexrelid::regclass FROM pg_index x
		JOIN pg_inherits i ON i.inhrelid = x.indexrelid
		WHERE x.indrelid = partition AND i.inhparent = to_regclass('log_events_raw_trgm_idx')
	LOOP
		EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 32768)', idx);
	END LOOP;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ensure_log_partition(day date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
	name text := 'log_events_' || to_char(day, 'YYYYMMDD');
BEGIN
	IF to_regclass(name) IS NOT NULL THEN RETURN false; END IF;
	PERFORM pg_advisory_xact_lock(hashtext('log_events_partitions'));
	EXECUTE format(
		'CREATE TABLE IF NOT EXISTS %I PARTITION OF log_events FOR VALUES FROM (%L) TO (%L)',
		name, (day::timestamp AT TIME ZONE 'UTC'), ((day + 1)::timestamp AT TIME ZONE 'UTC')
	);
	PERFORM log_partition_index_settings(name::regclass);
	RETURN true;
EXCEPTION WHEN duplicate_table OR unique_violation THEN
	RETURN false;
END $$;--> statement-breakpoint
SELECT log_partition_index_settings(i.inhrelid::regclass) FROM pg_inherits i WHERE i.inhparent = 'log_events'::regclass;
