-- want: LL001 -- lakelint: noqa
-- Nothing to suppress in this file — é, 日本
SET spark.sql.adaptive.enabled = true;
