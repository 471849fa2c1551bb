"""Schema serialization (import backend modules explicitly).

Examples:

- ``import pandera.io.pandas_io`` — pandas / modin / dask / pyspark.pandas API schemas
- ``import pandera.io.polars_io`` — Polars API schemas
- ``import pandera.io.pyspark_sql_io`` — PySpark SQL API schemas
- ``import pandera.io.ibis_io`` — Ibis API schemas
- ``import pandera.io.xarray_io`` — xarray API schemas
"""
