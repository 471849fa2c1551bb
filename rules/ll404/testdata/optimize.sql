OPTIMIZE main.sales.events ZORDER BY (event_date, customer_id); -- want: LL404 "event_date"
OPTIMIZE main.sales.clustered ZORDER BY (event_date); -- want: LL404 "liquid clustering"
OPTIMIZE main.sales.events ZORDER BY (customer_id);
OPTIMIZE main.sales.unknown ZORDER BY (event_date);
