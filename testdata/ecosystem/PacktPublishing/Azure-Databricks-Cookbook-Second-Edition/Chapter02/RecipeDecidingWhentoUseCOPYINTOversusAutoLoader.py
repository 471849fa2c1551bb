# Import necessary modules
from pyspark.sql import SparkSession

# Initialize Spark session
spark = SparkSession.builder.appName("DataAssessmentWorkflow").getOrCreate()

# SQL commands to set up environment and databases
spark.sql("CREATE DATABASE IF NOT EXISTS customer_db")

spark.sql("""
CREATE TABLE IF NOT EXISTS customer_db.customer_info (
    id INT,
    name STRING,
    age INT,
    additional_columns_here STRING
)
""")

# Data volume assessment using COPY INTO
spark.sql("""
COPY INTO customer_db.customer_info
FROM 'dbfs:/path/to/your/files/'
FILE_TYPE = 'CSV'
""")

# Replace the placeholder path with your actual data path for COPY INTO
# Record the time it takes to run the COPY INTO command and the cost of the operation

# Data volume assessment using Auto Loader
df = spark.readStream.format("cloudFiles").option("cloudFiles.format", "csv").load("dbfs:/path/to/your/files/")
df.writeStream.format("delta").outputMode("append").option("checkpointLocation", "/path/to/checkpoint").start("customer_db.customer_info")

# Replace the placeholders with your actual file paths for Auto Loader
# Record the time it takes to run the Auto Loader commands and the cost of the operation

# Compare results of COPY INTO and Auto Loader for efficiency and cost-effectiveness

# Schema evolution evaluation for a new batch of data
df_new_batch = spark.readStream.format("cloudFiles").option("cloudFiles.format", "csv").load("dbfs:/path/to/your/second/batch/")
df_new_batch.writeStream.format("delta").outputMode("append").option("checkpointLocation", "/path/to/second_checkpoint").start("customer_db.customer_info")

# Replace the placeholder path with your actual data path for the second batch

# Note: Ensure you record and analyze the execution time and cost for both methods and batches to determine the most efficient approach.
