-- The dashboard's rollups are counters rewritten by every alert write (migration 0036). Packed
-- full (fillfactor 100), each new row version lands on another page: at 1 000 000 alerts, 101 000
-- histogram rows filled 10 960 pages and 220 status counts 10 099 (the charts read thousands of
-- pages for a few hundred rows). Room left on each page keeps an update on its page (HOT: no
-- indexed column changes) where the next vacuum reclaims the old version; CLUSTER packs the rows
-- written so far in key order, so a span of days of a customer is a few adjacent pages.
ALTER TABLE alert_rollup_hourly SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE alert_rollup_daily SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE alert_response_rollup SET (fillfactor = 70);
--> statement-breakpoint
-- A few hundred rows, each updated by most alert writes of its customer: mostly room.
ALTER TABLE alert_status_counts SET (fillfactor = 20);
--> statement-breakpoint
CLUSTER alert_rollup_hourly USING alert_rollup_hourly_customer_id_hour_priority_type_pk;
--> statement-breakpoint
CLUSTER alert_rollup_daily USING alert_rollup_daily_customer_id_day_priority_type_pk;
--> statement-breakpoint
CLUSTER alert_response_rollup USING alert_response_rollup_customer_id_day_kind_bucket_pk;
--> statement-breakpoint
CLUSTER alert_status_counts USING alert_status_counts_customer_id_status_pk;
--> statement-breakpoint
ANALYZE alert_rollup_hourly, alert_rollup_daily, alert_response_rollup, alert_status_counts;
