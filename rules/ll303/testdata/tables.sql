ALTER TABLE main.sales.events SET TBLPROPERTIES (
  'delta.autoOptimize.autoCompact' = 'false' -- want: LL303 "switches off auto compaction of main.sales.events:"
);
CREATE TABLE main.sales.x (id INT) TBLPROPERTIES ('DELTA.AUTOOPTIMIZE.OPTIMIZEWRITE' = false); -- want: LL303 "optimized writes of main.sales.x:"
SET spark.databricks.delta.optimizeWrite.enabled = false; -- want: LL303 "switches off optimized writes: every write"
SET spark.databricks.delta.autoCompact.enabled = false; -- want: LL303
SET spark.databricks.delta.autoCompact.enabled = true;
ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');

-- optimized writes on for the same table: auto compaction's loss is the merge, not the sizing
CREATE TABLE main.sales.sized (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'false'); -- want: LL303 "optimized writes still shuffle each write into few files, but nothing merges"
ALTER TABLE main.sales.sized SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false'); -- want: LL303 "nothing merges the small files"
INSERT INTO main.sales.sized SELECT id FROM main.sales.x;
-- near miss: the same policy on a table nothing in the project writes (loaded elsewhere)
CREATE TABLE main.sales.registered (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'false');
-- near miss: optimized writes not on for that table
CREATE TABLE main.sales.unsized (id INT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false'); -- want: LL303 "nothing merges the small files each write leaves .one per task and partition, unless optimized writes are on"
