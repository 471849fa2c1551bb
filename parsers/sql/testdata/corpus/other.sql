-- Statements lakelint reads no facts from.
SELECT * FROM main.sales.events WHERE tenant_id = 'a';

SELECT /*+ BROADCAST(d) */ * FROM facts f JOIN dims d ON f.k = d.k;

CREATE VIEW main.sales.v_events AS SELECT * FROM main.sales.events;

CREATE OR REPLACE TEMPORARY VIEW tmp AS SELECT 1;

CREATE TEMPORARY LIVE VIEW staging_view AS SELECT * FROM src;

CREATE SCHEMA IF NOT EXISTS main.sales;

CREATE TABLE main.sales.events_like LIKE main.sales.events;

USE CATALOG main;

USE main.sales;

GRANT SELECT ON TABLE main.sales.events TO `analysts`;

COPY INTO main.sales.events FROM '/mnt/landing' FILEFORMAT = JSON COPY_OPTIONS ('mergeSchema' = 'true');

DESCRIBE DETAIL main.sales.events;

DESCRIBE HISTORY main.sales.events;

DROP TABLE IF EXISTS main.sales.tmp;

REFRESH TABLE main.sales.events;

MSCK REPAIR TABLE hive_logs;

EXPLAIN INSERT INTO t SELECT * FROM s;

APPLY CHANGES INTO LIVE.customers FROM STREAM(LIVE.cdc) KEYS (id) SEQUENCE BY ts;

CREATE FUNCTION main.hr.ssn_mask(ssn STRING) RETURN '***';

WITH x AS (SELECT 1) SELECT * FROM x;

ANALYZE TABLE main.sales.events COMPUTE STATISTICS;

ALTER VIEW main.sales.v_events AS SELECT 1;

TRUNCATE TABLE main.sales.tmp
