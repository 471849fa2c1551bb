MERGE INTO main.sales.orders AS t  -- want: LL901 "enable auto compaction \(delta.autoOptimize.autoCompact\), or run OPTIMIZE main.sales.orders on a schedule"
USING main.staging.orders AS s
ON t.id = s.id
WHEN MATCHED THEN UPDATE SET *
WHEN NOT MATCHED THEN INSERT *;

-- a DELETE adds no new data files: silent
DELETE FROM main.sales.orders WHERE id < 0;

INSERT INTO main.sales.healthy SELECT * FROM main.staging.orders;
