OPTIMIZE main.live.events ZORDER BY (event_date); -- want: LL404 "partition column"
OPTIMIZE main.live.events ZORDER BY (customer_id);
OPTIMIZE main.live.clustered ZORDER BY (customer_id); -- want: LL404 "liquid clustering"
