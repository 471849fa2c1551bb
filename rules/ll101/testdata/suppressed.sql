-- Paiements — é, 日本
SET spark.databricks.delta.optimizeWrite.enabled = true;
INSERT INTO main.finance.payments SELECT /*+ REPARTITION(4) */ * FROM main.raw.payments; -- noqa: LL101
INSERT INTO main.finance.payments SELECT /*+ COALESCE(4) */ * FROM main.raw.payments; -- noqa
INSERT INTO main.finance.payments SELECT /*+ COALESCE(2) */ * FROM main.raw.payments; -- noqa: LL102, LL101
INSERT INTO main.finance.payments SELECT /*+ COALESCE(3) */ * FROM main.raw.payments; -- want: LL101 -- noqa: LL102
