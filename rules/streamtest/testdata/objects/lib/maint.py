"""Maintenance helpers that build their SQL from parameters."""


def vacuum(table, hours=168):
    spark.sql(f"VACUUM {table} RETAIN {hours} HOURS")


def vacuum_now(table):
    # wrong whatever the caller passes: reported here, once
    spark.sql(f"VACUUM {table} RETAIN 0 HOURS")  # want: LL401


def optimize(table, hours):
    spark.sql("VACUUM {} RETAIN {} HOURS".format(table, hours))


def vacuum_schema(schema, hours):
    spark.sql(f"VACUUM {schema}.events RETAIN {hours} HOURS")
