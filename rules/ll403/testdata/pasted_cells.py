# Notebook cells pasted into a plain .py, without the notebook header: the
# SQL after each %sql line is read as SQL.

%sql
CREATE TABLE IF NOT EXISTS ops.audit_log (event_id BIGINT, actor STRING, event_day DATE) USING DELTA PARTITIONED BY (event_day);

log = spark.read.table("raw.audit")
log.write.mode("append").saveAsTable("ops.audit_log")

%Sql
OPTIMIZE ops.audit_log WHERE actor = 'batch'; -- want: LL403

# near miss: the predicate is on the partition column
%sql
OPTIMIZE ops.audit_log WHERE event_day >= '2026-01-01';
