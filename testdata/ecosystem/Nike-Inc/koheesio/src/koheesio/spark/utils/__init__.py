from koheesio.spark.utils.common import (
    SPARK_MINOR_VERSION,
    SparkDatatype,
    check_if_pyspark_connect_is_supported,
    check_if_pyspark_connect_module_is_available,
    get_column_name,
    get_spark_minor_version,
    import_pandas_based_on_pyspark_version,
    on_databricks,
    schema_struct_to_schema_str,
    show_string,
    spark_data_type_is_array,
    spark_data_type_is_numeric,
)

__all__ = [
    "SparkDatatype",
    "import_pandas_based_on_pyspark_version",
    "on_databricks",
    "schema_struct_to_schema_str",
    "spark_data_type_is_array",
    "spark_data_type_is_numeric",
    "show_string",
    "get_spark_minor_version",
    "SPARK_MINOR_VERSION",
    "check_if_pyspark_connect_module_is_available",
    "check_if_pyspark_connect_is_supported",
    "get_column_name",
]
