"""PySpark native core."""

from pandera.api.pyspark.components import Column
from pandera.api.pyspark.container import DataFrameSchema
