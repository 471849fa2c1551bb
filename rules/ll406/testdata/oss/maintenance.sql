-- The nightly maintenance job.
OPTIMIZE delta.`/mnt/lake/optimized`;
CREATE TABLE main.web.compacted (id BIGINT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'auto');
