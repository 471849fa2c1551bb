-- Nightly maintenance, run by a SQL warehouse job.
OPTIMIZE main.sales.orders WHERE order_date >= current_date() - INTERVAL 7 DAYS;
OPTIMIZE main.sales.orders WHERE customer_id IS NOT NULL;
OPTIMIZE main.sales.orders ZORDER BY (order_date, customer_id);
OPTIMIZE main.sales.orders ZORDER BY (customer_id);
VACUUM main.sales.orders RETAIN 72 HOURS;
VACUUM main.web.clicks_bronze;
