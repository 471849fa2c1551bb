from splink.internals.spark.database_api import SparkAPI
from splink.internals.spark.database_api_with_profiling import SparkAPIWithProfiling
from splink.internals.spark.jar_location import similarity_jar_location

__all__ = ["similarity_jar_location", "SparkAPI", "SparkAPIWithProfiling"]
