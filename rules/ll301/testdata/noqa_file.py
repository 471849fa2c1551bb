# lakelint: noqa
# Tables temporaires — é, 日本
from delta.tables import DeltaTable

(DeltaTable.create(spark)
    .tableName("main.staging.events_raw")
    .addColumn("id", "BIGINT")
    .execute())
spark.sql("CREATE TABLE main.staging.sessions_raw (id BIGINT) USING DELTA")
