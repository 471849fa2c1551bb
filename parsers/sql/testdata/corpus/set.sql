SET spark.sql.shuffle.partitions = 20;

SET spark.databricks.delta.optimizeWrite.enabled = true;

SET spark.databricks.delta.autoCompact.enabled=false;

SET spark.sql.autoBroadcastJoinThreshold = 52428800;

SET spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite = true;

SET spark.sql.files.maxRecordsPerFile = 0;

SET spark.databricks.delta.retentionDurationCheck.enabled = false;

SET `spark.sql.legacy.timeParserPolicy` = LEGACY;

SET spark.sql.session.timeZone = America/Los_Angeles;

SET spark.app.note = 'semi;colon inside';

SET spark.sql.adaptive.coalescePartitions.minPartitionSize = 64MB;

SET spark.hadoop.fs.s3a.* = ignored;

SET spark.databricks.delta.optimizeWrite.binSize=512;

set spark.sql.shuffle.partitions = ${partitions};

SET;

SET -v;

SET spark.sql.shuffle.partitions;

SET TIME ZONE 'America/Los_Angeles';

SET VAR total = 5;

SET VARIABLE (a, b) = (SELECT 1, 2)
