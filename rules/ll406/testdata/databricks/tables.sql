CREATE TABLE main.dbx.external (id BIGINT) USING DELTA LOCATION 's3://lake/dbx/external';
