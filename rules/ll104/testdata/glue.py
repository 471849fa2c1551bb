# An AWS Glue job's S3 sink: an append of the DataFrame's rows, partitioned
# by its partitionKeys.
from awsglue.context import GlueContext
from awsglue.dynamicframe import DynamicFrame

glue_context = GlueContext(sc)
landed = glue_context.create_dynamic_frame.from_catalog(database="raw", table_name="events").toDF()
cleaned = landed.withColumn("n", landed.n + 1)
glue_context.write_dynamic_frame.from_options(
    frame=DynamicFrame.fromDF(cleaned, glue_context, "out"), connection_type="s3", format="glueparquet",
    connection_options={"path": "s3://refined/events/", "partitionKeys": ["import_date"]})  # want: LL104 "repartition the DataFrame by \"import_date\" before it is written"

# near misses: shuffled by the keys first, a sink that is not S3
shuffled = DynamicFrame.fromDF(cleaned.repartition("import_date"), glue_context, "shuffled")
glue_context.write_dynamic_frame.from_options(frame=shuffled, connection_type="s3", format="parquet",
    connection_options={"path": "s3://refined/shuffled/", "partitionKeys": ["import_date"]})
glue_context.write_dynamic_frame.from_options(frame=shuffled, connection_type="postgresql",
    connection_options={"url": "jdbc:postgresql://db/x", "dbtable": "events", "partitionKeys": ["import_date"]})

# the sink made with getSink, its format set on it, then written
sink = glue_context.getSink(path="s3://refined/sheets/", connection_type="s3", updateBehavior="UPDATE_IN_DATABASE",
    partitionKeys=["import_year", "import_date"], enableUpdateCatalog=True, transformation_ctx="sink")  # want: LL104 "by import_year, import_date"
sink.setCatalogInfo(catalogDatabase="refined", catalogTableName="sheets")
sink.setFormat("glueparquet")
sink.writeFrame(DynamicFrame.fromDF(cleaned, glue_context, "sheets"))
