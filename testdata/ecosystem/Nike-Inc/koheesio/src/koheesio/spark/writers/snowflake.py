"""This module contains the SnowflakeWriter class, which is used to write data to Snowflake."""

from koheesio.spark.snowflake import SnowflakeWriter

__all__ = ["SnowflakeWriter"]
