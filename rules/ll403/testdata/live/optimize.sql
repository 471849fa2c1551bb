OPTIMIZE main.live.events WHERE customer_id = 1; -- want: LL403 "partitioned by event_date"
OPTIMIZE main.live.events WHERE event_date > '2026-01-01';
OPTIMIZE main.live.clustered WHERE customer_id = 1; -- want: LL403 "not partitioned"
