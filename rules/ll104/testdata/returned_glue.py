# An AWS Glue job's S3 sink writes what a helper of another module gives back.
from awsglue.context import GlueContext
from awsglue.dynamicframe import DynamicFrame

from returned_lib import add_timestamp_column, by_date

glue_context = GlueContext(sc)
landed = glue_context.create_dynamic_frame.from_catalog(database="raw", table_name="events").toDF()
glue_context.write_dynamic_frame.from_options(
    frame=DynamicFrame.fromDF(add_timestamp_column(landed), glue_context, "out"), connection_type="s3", format="glueparquet",
    connection_options={"path": "s3://refined/stamped/", "partitionKeys": ["import_date"]})  # want: LL104 "repartition the DataFrame by \"import_date\""
# near miss: the helper repartitions by the key
glue_context.write_dynamic_frame.from_options(
    frame=DynamicFrame.fromDF(by_date(landed), glue_context, "out"), connection_type="s3", format="glueparquet",
    connection_options={"path": "s3://refined/by_date/", "partitionKeys": ["import_date"]})
