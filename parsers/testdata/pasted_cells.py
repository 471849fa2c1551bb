# Cells of a notebook pasted into one file, without the notebook header

%sql
CREATE TABLE IF NOT EXISTS lake.visits (visit_id BIGINT, visit_day DATE) USING DELTA PARTITIONED BY (visit_day);

visits = spark.read.table("raw.visits")
visits.write.mode("append").saveAsTable("lake.visits")

%SQL 
OPTIMIZE lake.visits WHERE visit_day >= current_date() - 1;
# compacted
%pip install nothing
print("done")
