CREATE TABLE main.sales.events (id BIGINT, event_date DATE) PARTITIONED BY (event_date); -- want: LL304
CREATE TABLE main.sales.clustered (id BIGINT, event_date DATE) CLUSTER BY (event_date);
CREATE TABLE main.sales.parquet (id BIGINT, d DATE) USING PARQUET PARTITIONED BY (d);
