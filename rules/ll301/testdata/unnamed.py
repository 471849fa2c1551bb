import os

# Tables known only by a location, or by a name the code does not resolve:
# the message names the location or the expression, never an empty name.
(DeltaTable.createIfNotExists(spark)  # want: LL301 "^the Delta table at `/mnt/lake/unnamed` is created"
    .location("/mnt/lake/unnamed")
    .addColumn("id", "BIGINT")
    .execute())
spark.sql(f"CREATE TABLE {CachedTest_name} (id BIGINT) USING DELTA")  # want: LL301 "^the Delta table given as `CachedTest_name` is created"
spark.sql("CREATE TABLE main.sales.named_ok (id BIGINT) USING DELTA")  # want: LL301 "^Delta table main.sales.named_ok is created"
