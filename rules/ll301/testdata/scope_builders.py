from delta.tables import DeltaTable

# negatives: registering the table already at a path, a clone, a registration,
# another database's DDL and a Hive-format table
DeltaTable.createIfNotExists(spark).tableName("lake.events").location("/data/lake/events").execute()
spark.sql("CREATE TABLE lake.copy SHALLOW CLONE lake.events")
spark.sql("CREATE TABLE IF NOT EXISTS lake.reg USING DELTA LOCATION '/data/lake/reg'")
spark.sql("CREATE TABLE users (id INT AUTO_INCREMENT) ENGINE=InnoDB")
spark.sql("CREATE TABLE lake.raw (line STRING) STORED AS TEXTFILE")

# a table that may already exist at its location: reported, but no fix, since
# Delta rejects properties that differ from the existing table's and spark.sql
# runs one statement, so no ALTER can follow
(DeltaTable.createIfNotExists(spark)  # want: LL301
    .tableName("lake.maybe")
    .addColumn("id", "BIGINT")
    .location("/data/lake/maybe")
    .execute())
spark.sql("CREATE TABLE IF NOT EXISTS lake.maybe2 (id BIGINT) USING DELTA LOCATION '/data/lake/maybe2'")  # want: LL301
