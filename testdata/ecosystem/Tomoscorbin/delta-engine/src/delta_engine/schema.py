"""
Public schema declaration surface.

Import table declarations, columns, data types, properties, and key helpers
from here when defining desired Delta table schemas.
"""

from delta_engine.api.delta_table import DeltaTable, ForeignKey, Self
from delta_engine.application.properties import Property
from delta_engine.domain.model import (
    Array,
    Binary,
    Boolean,
    Byte,
    Date,
    Decimal,
    DesiredColumn as Column,
    Double,
    Float,
    Integer,
    Long,
    Map,
    Short,
    String,
    Struct,
    StructField,
    Timestamp,
    TimestampNtz,
    Variant,
)

__all__ = [
    "Array",
    "Binary",
    "Boolean",
    "Byte",
    "Column",
    "Date",
    "Decimal",
    "DeltaTable",
    "Double",
    "Float",
    "ForeignKey",
    "Integer",
    "Long",
    "Map",
    "Property",
    "Self",
    "Short",
    "String",
    "Struct",
    "StructField",
    "Timestamp",
    "TimestampNtz",
    "Variant",
]
