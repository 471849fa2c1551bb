CREATE TABLE IF NOT EXISTS main.web.clicks (id BIGINT, ts TIMESTAMP) USING DELTA;
CREATE TABLE IF NOT EXISTS main.web.clicks_fast (id BIGINT, ts TIMESTAMP) USING DELTA
TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');
