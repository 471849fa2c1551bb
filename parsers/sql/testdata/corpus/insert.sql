INSERT INTO main.delta_opt_demo.sales SELECT * FROM main.delta_opt_demo.sales_late_arrivals;

INSERT INTO events_by_country
SELECT /*+ REPARTITION(event_date, country) */ *
FROM daily;

INSERT OVERWRITE TABLE main.sales.daily PARTITION (day = '2025-03-01')
SELECT /*+ COALESCE(1) */ customer_id, sum(total) FROM main.silver.orders WHERE day = '2025-03-01' GROUP BY customer_id;

INSERT INTO students VALUES ('Amy Smith', '123 Park Ave, San Jose', 111111);

INSERT INTO students (name, address, student_id) VALUES ('Bob', '456 Taylor St; Cupertino', 222222), ('Cathy', 'it''s; here', 333333);

INSERT INTO TABLE students PARTITION (student_id = 444444) SELECT name, address FROM persons WHERE name = 'Dora';

INSERT INTO students TABLE visiting_students;

INSERT INTO students FROM applicants SELECT name, address, student_id WHERE qualified = true;

INSERT OVERWRITE students SELECT * FROM persons WHERE name = 'Eve';

INSERT INTO main.sales.events BY NAME SELECT ts, event_id, tenant_id, payload FROM staging.events;

INSERT INTO main.sales.events REPLACE WHERE event_date >= '2025-01-01' SELECT * FROM staging.events;

INSERT WITH SCHEMA EVOLUTION INTO main.sales.events SELECT * FROM staging.events_new_cols;

WITH recent AS (SELECT * FROM staging.events WHERE ts > current_timestamp() - INTERVAL 1 DAY)
INSERT INTO main.sales.events SELECT /*+ REPARTITION(16) */ * FROM recent;

INSERT INTO main.sales.events
WITH dedup AS (SELECT /*+ REPARTITION(200) */ DISTINCT * FROM staging.events)
SELECT /*+ REBALANCE(tenant_id) */ * FROM dedup;

INSERT INTO `main`.`sales`.`events` SELECT /*+ REPARTITION_BY_RANGE(8, ts) */ * FROM staging.events;

INSERT INTO ${catalog}.sales.events SELECT * FROM ${catalog}.staging.events;

INSERT INTO {target_table} SELECT /*+ COALESCE({n}) */ * FROM {source_view};

INSERT OVERWRITE DIRECTORY '/tmp/export' USING parquet OPTIONS (compression 'snappy') SELECT * FROM main.sales.events;

INSERT OVERWRITE DIRECTORY USING json OPTIONS ('path' '/tmp/export_json') SELECT * FROM main.sales.events;

INSERT OVERWRITE LOCAL DIRECTORY '/tmp/hive_out' STORED AS orc SELECT * FROM main.sales.events;

INSERT INTO delta.`/mnt/lake/events` SELECT /*+ COALESCE(4) */ * FROM updates;

INSERT INTO main.sales.events (SELECT * FROM staging.events);

INSERT INTO main.sales.events
  -- keep the file count low
  SELECT /*+ REPARTITION(4), BROADCAST(d) */ e.*
  FROM staging.events e JOIN dims d ON e.k = d.k;

INSERT INTO t_if PARTITION (p) IF NOT EXISTS SELECT a, p FROM s;

INSERT INTO IDENTIFIER(:target) SELECT * FROM staging.events;

insert into lower_case select /*+ repartition(2) */ * from src
