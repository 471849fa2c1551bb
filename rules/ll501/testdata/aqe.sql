SET spark.sql.adaptive.enabled = false; -- want: LL501
SET spark.sql.adaptive.enabled = true;
SET spark.sql.Adaptive.enabled = false;
