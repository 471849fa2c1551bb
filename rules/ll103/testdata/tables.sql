CREATE TABLE main.web.sessions (session_id STRING, started_at TIMESTAMP)
PARTITIONED BY (session_id); -- want: LL103

CREATE TABLE main.web.by_day (id BIGINT, event_date DATE) PARTITIONED BY (event_date);

-- Hive-style hourly tables: the parts of a date are one key
CREATE TABLE wmf.pageview_hourly (project STRING, view_count BIGINT)
PARTITIONED BY (year INT, month INT, day INT, hour INT) STORED AS PARQUET;
CREATE TABLE wmf.webrequest (uri STRING)
PARTITIONED BY (webrequest_source STRING, year INT, month INT, day INT, hour INT) STORED AS PARQUET;

-- a column declared with a type of few values, whatever its name says
CREATE TABLE main.ops.by_source (amount DECIMAL(10, 2), part_srce_sys_id SMALLINT, part_cntrt_id INT)
USING DELTA PARTITIONED BY (part_srce_sys_id);
CREATE TABLE main.ops.by_contract (amount DECIMAL(10, 2), part_cntrt_id INT)
USING DELTA PARTITIONED BY (part_cntrt_id); -- want: LL103 "part_cntrt_id"

-- the id of a month (or a year) is a month: one partition per month
CREATE TABLE IF NOT EXISTS mhs.monthly (UniqMonthID INT, people INT) USING DELTA PARTITIONED BY (UniqMonthID);
CREATE TABLE IF NOT EXISTS mhs.yearly (fiscal_year_key INT, people INT) USING DELTA PARTITIONED BY (fiscal_year_key);
-- near miss: a user's id with a date word before it
CREATE TABLE IF NOT EXISTS mhs.users (monthly_user_id BIGINT) USING DELTA PARTITIONED BY (monthly_user_id); -- want: LL103 "monthly_user_id"
