# Settings a scheduler gives the Spark jobs it runs: a spark-submit command
# line, a ("conf", "k=v") pair, a cluster's spark_conf.
STEPS = [{
    "Name": "cleanse",
    "HadoopJarStep": {"Jar": "command-runner.jar", "Args": [
        "spark-submit", "--conf", "spark.databricks.delta.retentionDurationCheck.enabled=false",  # want: LL402
        "--conf", "spark.sql.shuffle.partitions=400", "s3://jobs/cleanse.py"]},
}]
add = EmrAddStepsOperator(task_id="add", steps=STEPS)
task = EmrJobTask(name="x", additional_args=[("conf", "spark.databricks.delta.retentionDurationCheck.enabled=false")])  # want: LL402
run = DatabricksSubmitRunOperator(task_id="r", new_cluster={
    "spark_version": "15.4.x",
    "spark_conf": {"spark.databricks.delta.retentionDurationCheck.enabled": "false"},  # want: LL402
})

# near misses: the check kept on, a key given as something else than a setting
ok = DatabricksSubmitRunOperator(task_id="ok", new_cluster={
    "spark_conf": {"spark.databricks.delta.retentionDurationCheck.enabled": "true"}})
notes = LogTask(args=["--note", "spark.databricks.delta.retentionDurationCheck.enabled=false"])

# a command line in one string, and an operator's conf dict
cmd = "spark-submit --conf spark.databricks.delta.retentionDurationCheck.enabled=false job.py"
shell = BashOperator(task_id="t", bash_command=cmd)  # want: LL402
conf = {"spark.databricks.delta.retentionDurationCheck.enabled": "false"}  # want: LL402
submit = SparkSubmitOperator(task_id="s", application="job.py", conf=conf)
echo = BashOperator(task_id="e", bash_command="echo --conf is a flag")
