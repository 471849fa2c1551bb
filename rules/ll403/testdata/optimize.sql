OPTIMIZE main.sales.events WHERE customer_id = 42; -- want: LL403 "customer_id"
OPTIMIZE main.sales.events WHERE event_date >= '2024-01-01' AND id > 3; -- want: LL403 "`id`"
OPTIMIZE sales.flat WHERE event_date = '2024-01-01'; -- want: LL403 "not partitioned"

OPTIMIZE main.sales.events WHERE event_date >= current_date() - INTERVAL 1 DAY;
OPTIMIZE main.sales.unknown WHERE anything = 1;
OPTIMIZE main.sales.events;
