-- clones copy their source's properties
CREATE TABLE main.sales.events_dev SHALLOW CLONE main.sales.events;
CREATE OR REPLACE TABLE main.sales.events_copy DEEP CLONE main.sales.events VERSION AS OF 12 LOCATION '/mnt/copy';

-- registering a table already at its location
CREATE TABLE IF NOT EXISTS main.sales.registered USING DELTA LOCATION '/mnt/lake/registered';
CREATE TABLE main.sales.registered2 USING DELTA LOCATION 'abfss://lake@acct.dfs.core.windows.net/registered2';

-- temporary, Hive-format and Iceberg tables
CREATE TEMPORARY TABLE scratch (id BIGINT) USING DELTA;
CREATE TABLE main.sales.raw_text (line STRING) STORED AS TEXTFILE;
CREATE TABLE main.sales.raw_csv (a STRING, b STRING) ROW FORMAT DELIMITED FIELDS TERMINATED BY ',';
CREATE TABLE main.sales.ice (id BIGINT) USING iceberg;

-- other databases' DDL
CREATE TABLE users (id INT NOT NULL AUTO_INCREMENT, name VARCHAR(50), PRIMARY KEY (id)) ENGINE=InnoDB;
CREATE TABLE Person (ID INTEGER PRIMARY KEY, name VARCHAR(100)) AS NODE;
CREATE TABLE `my-project-1.analytics.events` (id INT64);
CREATE TABLE accounts (id SERIAL PRIMARY KEY, doc JSONB);

-- a table that may already exist at its location: the properties go in an ALTER
CREATE TABLE IF NOT EXISTS main.sales.maybe (id BIGINT) USING DELTA LOCATION '/mnt/lake/maybe'; -- want: LL301

-- the same as the last statement, with no ';' after it: the fix ends it
CREATE TABLE IF NOT EXISTS main.sales.last (id BIGINT) USING DELTA LOCATION '/mnt/lake/last' -- want: LL301
