-- Compaction was switched off during an incident and never switched back on.
ALTER TABLE main.web.clicks_bronze SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false');
