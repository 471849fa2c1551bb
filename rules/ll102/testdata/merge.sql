INSERT OVERWRITE main.sales.summary
SELECT /*+ COALESCE(1) */ region, sum(amount) FROM main.sales.orders GROUP BY region; -- want: LL102

INSERT INTO main.sales.summary SELECT /*+ COALESCE(4) */ region, 1 FROM main.sales.orders;
