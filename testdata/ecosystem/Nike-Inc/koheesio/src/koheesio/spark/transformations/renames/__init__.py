"""Transformations for renaming columns and map keys in DataFrames."""

from koheesio.spark.transformations.renames.rename_columns import RenameColumns
from koheesio.spark.transformations.renames.rename_columns_and_map_keys import RenameColumnsMapKeys
from koheesio.spark.transformations.renames.rename_map_keys import RenameMapKeys

__all__ = ["RenameColumns", "RenameMapKeys", "RenameColumnsMapKeys"]
