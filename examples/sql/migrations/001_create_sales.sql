-- Sales tables. orders gets the auto-optimize properties; daily_revenue, an external
-- table (Unity Catalog tunes only managed ones), was forgotten.
CREATE TABLE IF NOT EXISTS main.sales.orders (
  order_id    BIGINT,
  customer_id BIGINT,
  order_date  DATE,
  country     STRING,
  amount      DECIMAL(18, 2)
)
USING DELTA
PARTITIONED BY (order_date)
TBLPROPERTIES (
  'delta.autoOptimize.optimizeWrite' = 'true',
  'delta.autoOptimize.autoCompact' = 'true'
);

CREATE TABLE IF NOT EXISTS main.sales.daily_revenue (
  order_date DATE,
  country    STRING,
  revenue    DECIMAL(18, 2)
)
USING DELTA
LOCATION 's3://lake/sales/daily_revenue';

CREATE TABLE IF NOT EXISTS main.web.clicks_bronze (
  key   BINARY,
  value BINARY,
  ts    TIMESTAMP
)
USING DELTA
CLUSTER BY (ts)
TBLPROPERTIES (
  'delta.autoOptimize.optimizeWrite' = 'true',
  'delta.autoOptimize.autoCompact' = 'true'
);
