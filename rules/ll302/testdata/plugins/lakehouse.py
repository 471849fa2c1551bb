from pyspark.sql import SparkSession


def get_spark():
    # lake is Iceberg's catalog, warehouse Delta's own: registered here, for
    # the jobs of other files
    return (
        SparkSession.builder.config("spark.sql.catalog.lake", "org.apache.iceberg.spark.SparkCatalog")
        .config("spark.sql.catalog.lake.type", "hadoop")
        .config("spark.sql.catalog.warehouse", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        .getOrCreate()
    )
