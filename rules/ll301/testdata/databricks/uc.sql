-- Unity Catalog managed tables tune their own file sizes; a one- or two-part
-- name is in the current catalog, which may well be Unity Catalog's
CREATE TABLE sales.two_part (id BIGINT) USING DELTA;
CREATE TABLE one_part (id BIGINT);
CREATE TABLE main.sales.managed (id BIGINT) USING DELTA;
CREATE OR REPLACE TABLE main.sales.managed_ctas AS SELECT * FROM main.sales.managed;

-- external, path and legacy metastore tables do not
CREATE TABLE main.sales.external (id BIGINT) USING DELTA LOCATION 's3://lake/external'; -- want: LL301
CREATE TABLE hive_metastore.sales.legacy (id BIGINT) USING DELTA; -- want: LL301
CREATE TABLE hive_metastore.sales.noformat (id BIGINT); -- want: LL301
CREATE TABLE delta.`/mnt/lake/path_table` (id BIGINT); -- want: LL301
CREATE TABLE main.sales.options_path USING DELTA OPTIONS (path '/mnt/app/options_path') AS SELECT 1 AS id; -- want: LL301
