-- lakelint: noqa
SET spark.databricks.delta.optimizeWrite.enabled = true;
-- é — 日本
INSERT INTO main.finance.journal SELECT /*+ REPARTITION(16) */ * FROM main.raw.journal;
