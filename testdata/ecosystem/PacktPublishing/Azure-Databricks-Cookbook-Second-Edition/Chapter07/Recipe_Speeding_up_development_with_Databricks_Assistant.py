from pyspark.sql import SparkSession


# Initialize the Spark session
spark = SparkSession.builder.appName("DataAnalysisWithDatabricks").getOrCreate()

# Step 1: Execute an SQL query to analyze sales data
sql_query = """
SELECT product_name, SUM(revenue) AS total_revenue
FROM sales_table
GROUP BY product_name
ORDER BY total_revenue DESC
LIMIT 10
"""
result = spark.sql(sql_query)
result.show()

# Step 2: Convert a Pandas DataFrame to PySpark DataFrame for improved performance
import pandas as pd
pandas_df = pd.DataFrame({'data': [1, 2, 3]})
pyspark_df = spark.createDataFrame(pandas_df)

# Step 3: Troubleshoot and correct code errors using the Databricks Assistant
# Example of problematic code and the correction applied
# incorrect_code_here  # This is just a placeholder
corrected_code = "pyspark_df.show()" 

# Assume this is the corrected code
exec(corrected_code)

# Step 4: Review and refine code continuously based on the Assistant’s feedback
# Assume continuous refinement and feedback implementation here

# Step 5: Ensure AI-generated code aligns with your data analysis objectives
# Final execution of reviewed code
pyspark_df.show()

# Connecting to Azure Data Lake Storage Gen2
storage_account_name = "your_storage_account_name"
container_name = "your_container_name"
sas_token = "your_sas_token"  # Ensure SAS token starts with '?'

# Configure Spark session to access ADLS Gen2
spark.conf.set(f"fs.azure.sas.{container_name}.{storage_account_name}.blob.core.windows.net", sas_token)

# Read data from a CSV file in ADLS Gen2
file_path = f"abfss://{container_name}@{storage_account_name}.blob.core.windows.net/your_file_path.csv"
df = spark.read.format("csv").option("header", "true").load(file_path)
df.show()

# Perform a specific query using Spark SQL after creating a temporary view
df.createOrReplaceTempView("temp_data_view")
result_df = spark.sql("SELECT * FROM temp_data_view WHERE some_column = 'some_value'")
result_df.show()
