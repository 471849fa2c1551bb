-- positives: a query that only picks, filters and computes columns of a table of small files
INSERT INTO main.web.clicks_de SELECT ts, url FROM main.raw.clicks WHERE country = 'DE'; -- want: LL905 "The write to main.web.clicks_de copies main.raw.clicks \(40,000 files averaging 900 KB, under 32 MB\) through a query that only picks, filters and computes columns: .* add a /\*\+ REPARTITION\(n\) \*/ hint"
INSERT OVERWRITE main.web.orders_copy SELECT * EXCEPT (secret), upper(region) AS region FROM main.raw.orders o; -- want: LL905 "copies main.raw.orders"
CREATE OR REPLACE TABLE main.web.clicks_ctas AS SELECT *, to_date(ts) AS day FROM main.raw.clicks; -- want: LL905 "The write to main.web.clicks_ctas copies main.raw.clicks"
INSERT INTO main.web.clicks_table TABLE main.raw.clicks; -- want: LL905 "copies main.raw.clicks"

-- negatives: the query shuffles
INSERT INTO main.web.url_counts SELECT url, count(*) AS n FROM main.raw.clicks GROUP BY url;
INSERT INTO main.web.total SELECT count(*) FROM main.raw.clicks;
INSERT INTO main.web.joined SELECT * FROM main.raw.clicks c JOIN main.raw.orders o ON c.user_id = o.user_id;
INSERT INTO main.web.distinct_clicks SELECT DISTINCT url FROM main.raw.clicks;
INSERT INTO main.web.sorted_clicks SELECT * FROM main.raw.clicks ORDER BY ts;
INSERT INTO main.web.ranked SELECT *, rank() OVER (PARTITION BY url ORDER BY ts) AS r FROM main.raw.clicks;
INSERT INTO main.web.repartitioned SELECT /*+ REPARTITION(64) */ * FROM main.raw.clicks;
INSERT INTO main.web.limited SELECT * FROM main.raw.clicks LIMIT 1000;
CREATE TABLE main.web.agg_ctas AS SELECT url, sum(bytes) AS bytes FROM main.raw.clicks GROUP BY url;

-- negatives: the source's files are big, or it has no live stats
INSERT INTO main.web.from_big SELECT * FROM main.raw.big_files WHERE x > 1;
INSERT INTO main.web.from_unknown SELECT * FROM main.raw.unknown WHERE x > 1;

-- negative: optimized writes on the target, set where it is defined
CREATE TABLE main.web.optimized_ctas TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true') AS SELECT * FROM main.raw.clicks;
