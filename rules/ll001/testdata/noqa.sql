SET spark.sql.adaptive.enabled = false; -- noqa: LL501
SET spark.sql.shuffle.partitions = 8; -- want: LL001 -- noqa: LL501
