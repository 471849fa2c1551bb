-- with unity-catalog-auto-tuning: false managed tables are reported too
CREATE TABLE main.sales.managed (id BIGINT) USING DELTA; -- want: LL301
