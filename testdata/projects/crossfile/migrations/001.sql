-- tables of the sales schema

CREATE TABLE main.sales.orders (id BIGINT, day DATE)
USING DELTA
LOCATION 's3://lake/sales/orders'
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true');

CREATE TABLE main.sales.events (id BIGINT, ts TIMESTAMP)
USING DELTA
LOCATION 's3://lake/sales/events';

CREATE TABLE main.sales.visits (id BIGINT, day DATE)
USING DELTA
PARTITIONED BY (day)
LOCATION 's3://lake/sales/visits'
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'false', 'delta.autoOptimize.autoCompact' = 'true');
