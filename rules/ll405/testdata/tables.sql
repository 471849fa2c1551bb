CREATE TABLE main.sales.orders (id BIGINT, order_date DATE) USING DELTA PARTITIONED BY (order_date);
CREATE TABLE main.sales.appended (id BIGINT) USING DELTA;
