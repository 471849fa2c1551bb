INSERT INTO main.web.events SELECT * FROM main.staging.events;  -- want: LL902 "recreate the table with liquid clustering \(CLUSTER BY \(session_id\)\) instead of partitioning"

DELETE FROM main.web.events WHERE session_id IS NULL;
