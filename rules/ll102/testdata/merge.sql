INSERT INTO main.sales.summary
SELECT /*+ COALESCE(1) */ region, sum(amount) FROM main.sales.orders GROUP BY region; -- want: LL102

INSERT INTO main.sales.summary SELECT /*+ COALESCE(4) */ region, 1 FROM main.sales.orders;

-- an overwrite replaces the last run's files: one file per partition, none piling up
INSERT OVERWRITE main.sales.summary_all
SELECT /*+ COALESCE(1) */ * FROM main.raw.orders;
