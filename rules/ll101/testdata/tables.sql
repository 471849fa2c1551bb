-- The table turns optimized writes on for every writer.
CREATE TABLE IF NOT EXISTS main.sales.orders (
  id BIGINT,
  order_date DATE
)
USING DELTA
PARTITIONED BY (order_date)
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true');

INSERT INTO main.sales.orders
SELECT /*+ REPARTITION(8) */ * FROM main.raw.orders; -- want: LL101

-- REBALANCE works with optimized writes
INSERT INTO main.sales.orders SELECT /*+ REBALANCE(order_date) */ * FROM main.raw.orders;

-- a table nobody defined: unknown, silent
INSERT INTO main.sales.other SELECT /*+ COALESCE(1) */ * FROM main.raw.orders;
