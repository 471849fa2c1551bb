CREATE TABLE main.sales.events ( -- want: LL301
  id BIGINT,
  event_date DATE
)
USING DELTA
PARTITIONED BY (event_date);

CREATE OR REPLACE TABLE main.sales.daily -- want: LL301
USING DELTA
AS SELECT * FROM main.sales.events;

CREATE TABLE main.sales.half (id BIGINT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true'); -- want: LL301 "autoCompact"

-- at a LOCATION that may hold a table already, which Delta refuses to
-- register when the properties differ: they go in an ALTER after the CREATE
CREATE OR REPLACE TABLE main.sales.external_replaced (id BIGINT) USING DELTA LOCATION '/mnt/lake/external_replaced'; -- want: LL301
-- one that lists properties has no fix: Delta compares the list whole with
-- the existing table's, so a property added inline or by an ALTER fails it
CREATE TABLE main.sales.external_half (id BIGINT) USING DELTA LOCATION '/mnt/lake/external_half' TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true'); -- want: LL301 "autoCompact"

-- a REPLACE needs the table in the catalog and replaces its properties with
-- the statement's, and a CTAS needs an empty location, so it creates its
-- table: inline
REPLACE TABLE main.sales.replaced (id BIGINT) USING DELTA LOCATION '/mnt/lake/replaced'; -- want: LL301
CREATE TABLE main.sales.loaded USING DELTA LOCATION '/mnt/lake/loaded' AS SELECT * FROM main.sales.events; -- want: LL301
CREATE OR REPLACE TABLE main.sales.reloaded USING DELTA LOCATION '/mnt/lake/reloaded' AS SELECT * FROM main.sales.events; -- want: LL301

-- no USING: on open-source Spark that is not a Delta table
CREATE TABLE main.sales.noformat (id BIGINT);

-- negatives
CREATE TABLE main.sales.good (id BIGINT)
USING DELTA
TBLPROPERTIES (
  'delta.autoOptimize.optimizeWrite' = 'true',
  'delta.autoOptimize.autoCompact' = 'true'
);

CREATE TABLE main.sales.csv_export (id BIGINT) USING CSV;

CREATE OR REFRESH STREAMING TABLE main.sales.bronze AS SELECT * FROM STREAM read_files('/mnt/raw');

CREATE MATERIALIZED VIEW main.sales.mv TBLPROPERTIES ('pipelines.autoOptimize.managed' = 'false') AS SELECT 1; -- want: LL301

-- altered elsewhere in the project (alter.sql)
CREATE TABLE main.sales.altered (id BIGINT) USING DELTA;
