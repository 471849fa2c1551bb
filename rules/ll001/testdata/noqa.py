df = spark.read.table("main.raw.events")
df.write.saveAsTable("main.sales.events")  # want: LL001 # noqa: LL102
spark.conf.set("spark.sql.adaptive.enabled", "false")  # noqa: LL501
# A bare noqa is shared with other linters (ruff, flake8): not lakelint's to judge.
spark.conf.set("spark.sql.shuffle.partitions", "8")  # noqa
import os  # noqa: F401
# Only the unused LL code of a comment that also names another tool's code.
spark.conf.set("spark.sql.adaptive.enabled", "false")  # want: LL001 "LL102" # noqa: E501, LL501, LL102
