-- lakelint: noqa: LL301 — staging tables, compacted by the nightly job (é, 日本)
CREATE TABLE main.staging.orders_raw (id BIGINT) USING DELTA;
CREATE TABLE main.staging.customers_raw (id BIGINT);
