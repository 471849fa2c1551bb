# Suppressions in a plain Python file — é, 日本
from delta.tables import DeltaTable

logs = DeltaTable.forName(spark, "main.ops.logs")
logs.vacuum(1)  # noqa: LL401
logs.vacuum(2)  # noqa
logs.vacuum(3)  # NOQA: ll401
logs.vacuum(4)  # noqa: LL101, LL401
logs.vacuum(5)  # want: LL401 # noqa: LL101
