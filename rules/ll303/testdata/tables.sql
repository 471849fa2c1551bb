ALTER TABLE main.sales.events SET TBLPROPERTIES (
  'delta.autoOptimize.autoCompact' = 'false' -- want: LL303
);
CREATE TABLE main.sales.x (id INT) TBLPROPERTIES ('DELTA.AUTOOPTIMIZE.OPTIMIZEWRITE' = false); -- want: LL303
SET spark.databricks.delta.autoCompact.enabled = false; -- want: LL303
SET spark.databricks.delta.autoCompact.enabled = true;
ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');
