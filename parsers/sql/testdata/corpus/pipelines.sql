-- Declarative pipeline tables: streaming tables and materialized views.
CREATE OR REFRESH STREAMING TABLE main.pipe.raw_events
AS SELECT * FROM STREAM read_files('/Volumes/main/pipe/landing', format => 'json');

CREATE STREAMING TABLE IF NOT EXISTS main.pipe.clicks
CLUSTER BY (user_id)
COMMENT 'click stream'
TBLPROPERTIES ('pipelines.autoOptimize.zOrderCols' = 'user_id')
AS SELECT * FROM STREAM(main.pipe.raw_clicks);

CREATE OR REFRESH STREAMING TABLE orders_clean (
  order_id BIGINT,
  amount DOUBLE,
  CONSTRAINT valid_amount EXPECT (amount > 0) ON VIOLATION DROP ROW
)
PARTITIONED BY (order_date)
AS SELECT * FROM STREAM(LIVE.orders_raw);

CREATE STREAMING LIVE TABLE legacy_stream
COMMENT 'old syntax'
AS SELECT * FROM cloud_files('/mnt/in', 'csv');

CREATE LIVE TABLE legacy_agg AS SELECT count(*) AS n FROM LIVE.legacy_stream;

CREATE OR REFRESH LIVE TABLE legacy_refreshed
TBLPROPERTIES (delta.autoOptimize.optimizeWrite = true)
AS SELECT * FROM LIVE.legacy_stream;

CREATE MATERIALIZED VIEW main.gold.revenue_by_day
CLUSTER BY AUTO
AS SELECT day, sum(total) AS revenue FROM main.silver.orders GROUP BY day;

CREATE OR REPLACE MATERIALIZED VIEW main.gold.top_customers
SCHEDULE EVERY 1 HOUR
AS SELECT customer_id, sum(total) FROM main.silver.orders GROUP BY customer_id;

CREATE OR REFRESH MATERIALIZED VIEW main.gold.daily (day DATE, revenue DOUBLE COMMENT 'gross')
PARTITIONED BY (day)
SCHEDULE CRON '0 0 * * * ?' AT TIME ZONE 'UTC'
AS SELECT day, sum(total) FROM main.silver.orders GROUP BY day;

CREATE STREAMING TABLE main.pipe.triggered
TRIGGER ON UPDATE AT MOST EVERY INTERVAL 5 MINUTES
AS SELECT * FROM STREAM main.pipe.raw_events;

CREATE OR REFRESH STREAMING TABLE main.pipe.cdc_target;

CREATE OR REFRESH STREAMING TABLE main.pipe.flow_target
FLOW INSERT BY NAME SELECT * FROM STREAM main.pipe.raw_events;

CREATE OR REFRESH PRIVATE MATERIALIZED VIEW scratch_view AS SELECT 1 AS one;

CREATE OR REFRESH TEMPORARY STREAMING TABLE temp_stream AS SELECT * FROM STREAM src;

CREATE MATERIALIZED VIEW IF NOT EXISTS mv_with_props
TBLPROPERTIES ('delta.enableChangeDataFeed' = 'true')
AS SELECT * FROM src;
