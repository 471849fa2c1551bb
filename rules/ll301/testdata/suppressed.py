# Suppressions in a plain Python file — é, 日本
from delta.tables import DeltaTable

(DeltaTable.create(spark)  # noqa: LL301
    .tableName("main.archive.customers_2019")
    .execute())
spark.read.table("main.raw.customers").writeTo("main.archive.customers_2020").create()  # noqa
spark.read.table("main.raw.customers").writeTo("main.archive.customers_2021").using("delta").create()  # want: LL301 # noqa: LL103
