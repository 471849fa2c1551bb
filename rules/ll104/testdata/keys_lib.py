# Partition keys kept in a module of their own, as Glue platforms do.
PARTITION_KEYS = ["import_year", "import_month", "import_day", "import_date"]
OPEN_KEYS = ["import_date", *EXTRA]
