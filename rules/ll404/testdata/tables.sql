CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)
USING DELTA PARTITIONED BY (event_date);
CREATE TABLE main.sales.clustered (id BIGINT, event_date DATE) USING DELTA CLUSTER BY (id);
