-- tables of the sales schema

CREATE TABLE main.sales.orders (id BIGINT, day DATE)
USING DELTA
LOCATION 's3://lake/sales/orders'
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true');

CREATE TABLE main.sales.events (id BIGINT, ts TIMESTAMP)
USING DELTA
LOCATION 's3://lake/sales/events';
