-- tables the streams write
CREATE TABLE IF NOT EXISTS main.web.clicks (id BIGINT, ts TIMESTAMP) USING DELTA;
CREATE TABLE IF NOT EXISTS main.web.compacted (id BIGINT) USING DELTA
TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'auto');
CREATE TABLE IF NOT EXISTS main.web.altered (id BIGINT) USING DELTA;
ALTER TABLE main.web.altered SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');
CREATE TABLE IF NOT EXISTS main.web.parquet_clicks (id BIGINT) USING PARQUET;

-- a pipeline streaming table the pipeline does not maintain
CREATE OR REFRESH STREAMING TABLE main.web.raw_events -- want: LL302 "streaming table main.web.raw_events"
TBLPROPERTIES ('pipelines.autoOptimize.managed' = 'false')
AS SELECT * FROM STREAM read_files('/landing/events');
CREATE OR REFRESH STREAMING TABLE main.web.managed_events
AS SELECT * FROM STREAM read_files('/landing/events');
