CREATE TABLE main.web.sessions (session_id STRING, started_at TIMESTAMP)
PARTITIONED BY (session_id); -- want: LL103

CREATE TABLE main.web.by_day (id BIGINT, event_date DATE) PARTITIONED BY (event_date);
