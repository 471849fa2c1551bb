MERGE INTO main.delta_opt_demo.sales AS t
USING main.delta_opt_demo.sales_updates AS s
ON t.sale_id = s.sale_id
WHEN MATCHED THEN UPDATE SET *
WHEN NOT MATCHED THEN INSERT *;

MERGE INTO target USING source ON target.key = source.key WHEN MATCHED THEN DELETE;

MERGE WITH SCHEMA EVOLUTION INTO main.sales.customers c
USING (SELECT * FROM staging.customers) u
ON c.id = u.id
WHEN MATCHED AND u.deleted THEN DELETE
WHEN MATCHED THEN UPDATE SET c.name = u.name
WHEN NOT MATCHED BY SOURCE THEN DELETE;

MERGE INTO delta.`/mnt/lake/customers` AS t USING updates AS s ON t.id = s.id WHEN NOT MATCHED THEN INSERT (id, name) VALUES (s.id, s.name);

MERGE INTO `main`.`sales`.`orders` o USING staged s ON o.id = s.id WHEN MATCHED THEN UPDATE SET o.total = s.total;

MERGE INTO ${catalog}.sales.orders AS o USING ${catalog}.staging.orders AS s ON o.id = s.id WHEN MATCHED THEN UPDATE SET *;

UPDATE main.delta_opt_demo.sales SET amount = amount * 1.05 WHERE region IN (SELECT region FROM main.delta_opt_demo.promo_regions);

UPDATE events SET event_type = 'click' WHERE event_type = 'clck';

UPDATE main.sales.orders AS o SET status = 'shipped' WHERE o.id = 7;

UPDATE delta.`/mnt/lake/events` SET flag = true;

UPDATE `main`.`sales`.`events` e SET e.note = 'a;b' WHERE e.id = 1;

DELETE FROM events WHERE date < '2017-01-01';

DELETE FROM main.sales.events AS e WHERE e.tenant_id IN (SELECT id FROM main.sales.closed_tenants);

DELETE FROM delta.`/mnt/lake/events` WHERE ts < current_timestamp() - INTERVAL 90 DAYS;

DELETE FROM main.sales.staging;

DELETE FROM {schema}.events WHERE day = '{day}';

merge into lower_target t using lower_source s on t.id = s.id when matched then update set *;

DELETE FROM all_rows_gone
