OPTIMIZE main.sales.events;

OPTIMIZE main.sales.events
WHERE event_date >= current_date() - 2;

OPTIMIZE events WHERE event_date >= '2025-03-01';

OPTIMIZE events WHERE date >= '2017-01-01' ZORDER BY (eventType);

OPTIMIZE delta.`/mnt/lake/events` ZORDER BY (tenant_id, ts);

OPTIMIZE main.sales.events ZORDER BY tenant_id, ts;

OPTIMIZE main.sales.events FULL;

OPTIMIZE `main`.`sales`.`events` WHERE `event_date` BETWEEN DATE '2025-01-01' AND DATE '2025-01-31';

OPTIMIZE main.sales.events WHERE region = 'EU' AND event_date > current_date() - INTERVAL 7 DAYS ZORDER BY (customer_id);

OPTIMIZE main.sales.events WHERE tenant_id IN ('a', 'b') OR cast(event_hour AS INT) = 3;

OPTIMIZE main.sales.events WHERE event_date >= '${start_date}';

OPTIMIZE main.sales.events WHERE event_date >= :start_date;

OPTIMIZE '/mnt/lake/raw_events';

OPTIMIZE ${catalog}.sales.events ZORDER BY (user_id);

optimize main.sales.lower_events where day = '2025-01-01' zorder by (id);

VACUUM main.sales.events DRY RUN;

VACUUM main.sales.events;

VACUUM main.sales.events RETAIN 168 HOURS;

VACUUM main.sales.events RETAIN 0 HOURS;

VACUUM delta_table0 RETAIN 48 HOURS DRY RUN;

VACUUM delta.`/mnt/lake/events` RETAIN 720 HOURS;

VACUUM '/mnt/lake/raw_events' RETAIN 24 HOURS;

VACUUM main.sales.events LITE;

VACUUM main.sales.events FULL RETAIN 200 HOURS;

VACUUM main.sales.events USING INVENTORY main.ops.inventory RETAIN 168 HOURS;

VACUUM main.sales.events RETAIN 1.5 HOURS;

VACUUM `main`.`sales`.`events` RETAIN ${hours} HOURS;

vacuum lower_events retain 100 hours dry run
