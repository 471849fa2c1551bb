ALTER TABLE main.delta_opt_demo.sales SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true');

ALTER TABLE main.sales.events SET TBLPROPERTIES (
  'delta.autoOptimize.autoCompact' = 'true'
);

ALTER TABLE events SET TBLPROPERTIES (delta.logRetentionDuration = 'interval 30 days', delta.deletedFileRetentionDuration = 'interval 7 days');

alter table `main`.`sales`.`events` set tblproperties ('delta.targetFileSize' = 134217728);

ALTER TABLE main.sales.events UNSET TBLPROPERTIES ('delta.autoOptimize.autoCompact');

ALTER TABLE main.sales.events UNSET TBLPROPERTIES IF EXISTS ('a', 'b.c');

ALTER TABLE main.sales.events CLUSTER BY (tenant_id, event_date);

ALTER TABLE main.sales.events CLUSTER BY NONE;

ALTER TABLE main.sales.events CLUSTER BY AUTO;

ALTER TABLE ${schema}.events SET TBLPROPERTIES ('delta.enableDeletionVectors' = true);

ALTER TABLE delta.`/mnt/lake/events` SET TBLPROPERTIES ('delta.appendOnly' = 'false');

ALTER TABLE main.sales.events ADD COLUMNS (channel STRING);

ALTER TABLE main.sales.events RENAME TO main.sales.events_old;

ALTER TABLE main.sales.events SET LOCATION '/mnt/new';

ALTER TABLE main.sales.events ALTER COLUMN amount COMMENT 'in cents';

ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.checkpointInterval' = 10, 'delta.isolationLevel' = 'WriteSerializable')
