-- positive: the whole table, beside the stream's MERGE
OPTIMIZE main.sales.orders;  -- want: LL405 "OPTIMIZE compacts all of main.sales.orders while a stream in .*streams.py MERGEs into it .*OPTIMIZE main.sales.orders WHERE order_date < "
OPTIMIZE main.sales.orders ZORDER BY (id);  -- want: LL405 "\(1440 times a day, a foreachBatch function of a stream with a trigger of 1 minute\)"
-- negatives: only partitions the stream no longer writes; a table streams only append to; a batch MERGE
OPTIMIZE main.sales.orders WHERE order_date < current_date();
OPTIMIZE main.sales.appended;
OPTIMIZE main.sales.batch_merged;
-- negative: the stream that MERGEs into it runs with availableNow and stops
OPTIMIZE main.sales.daily;
