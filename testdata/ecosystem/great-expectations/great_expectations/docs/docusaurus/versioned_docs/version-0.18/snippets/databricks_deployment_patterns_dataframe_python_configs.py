# isort:skip_file
import pathlib

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py imports">
import great_expectations as gx
from great_expectations.checkpoint import Checkpoint

# </snippet>

from great_expectations.execution_engine import SparkDFExecutionEngine

spark = SparkDFExecutionEngine.get_or_create_spark_session()

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py choose context_root_dir">
context_root_dir = "/dbfs/great_expectations/"
# </snippet>

context_root_dir = None

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py set up context">
context = gx.get_context(context_root_dir=context_root_dir)
# </snippet>

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py add datasource">
dataframe_datasource = context.sources.add_or_update_spark(
    name="my_spark_in_memory_datasource",
)
csv_file_path = "/path/to/data/directory/yellow_tripdata_2020-08.csv"
# </snippet>

csv_file_path = str(
    pathlib.Path(
        pathlib.Path.cwd(),
        "data",
        "yellow_tripdata_sample_2019-01.csv",
    )
)

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py add data asset">
df = spark.read.csv(csv_file_path, header=True)
dataframe_asset = dataframe_datasource.add_dataframe_asset(
    name="yellow_tripdata",
    dataframe=df,
)
# </snippet>

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py build batch request">
batch_request = dataframe_asset.build_batch_request()
# </snippet>

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py get validator">
expectation_suite_name = "insert_your_expectation_suite_name_here"
context.add_or_update_expectation_suite(expectation_suite_name=expectation_suite_name)
validator = context.get_validator(
    batch_request=batch_request,
    expectation_suite_name=expectation_suite_name,
)

print(validator.head())
# </snippet>

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py add expectations">
validator.expect_column_values_to_not_be_null(column="passenger_count")

validator.expect_column_values_to_be_between(
    column="congestion_surcharge", min_value=0, max_value=1000
)
# </snippet>

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py save suite">
validator.save_expectation_suite(discard_failed_expectations=False)
# </snippet>

my_checkpoint_name = "my_databricks_checkpoint"

checkpoint = Checkpoint(
    name=my_checkpoint_name,
    run_name_template="%Y%m%d-%H%M%S-my-run-name-template",
    data_context=context,
    batch_request=batch_request,
    expectation_suite_name=expectation_suite_name,
    action_list=[
        {
            "name": "store_validation_result",
            "action": {"class_name": "StoreValidationResultAction"},
        },
        {"name": "update_data_docs", "action": {"class_name": "UpdateDataDocsAction"}},
    ],
)

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py add checkpoint config">
context.add_or_update_checkpoint(checkpoint=checkpoint)
# </snippet>

# <snippet name="docs/docusaurus/docs/snippets/databricks_deployment_patterns_dataframe_python_configs.py run checkpoint">
checkpoint_result = checkpoint.run()
# </snippet>
