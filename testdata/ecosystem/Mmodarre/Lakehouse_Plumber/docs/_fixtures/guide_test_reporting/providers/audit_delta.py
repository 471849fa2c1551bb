"""Test-reporting provider: write every test result to a Delta audit table.

Lakehouse Plumber calls ``publish_results`` once, at pipeline terminal state,
with the accumulated test results. The signature is fixed:

    publish_results(results, config, context, spark) -> dict

- ``results``  list of per-test dicts (test_id, status, passed/failed_records, ...)
- ``config``   the parsed ``config_file`` mapping (here: the target table)
- ``context``  pipeline_id, update_id, pipeline_name, terminal_state
- ``spark``    an active SparkSession

Return a ``{"published": N, "failed": M}`` dict so LHP can log the outcome.
Swap the body for an Azure DevOps Test Plans API call, a webhook, or any sink.
"""

from datetime import datetime, timezone


def publish_results(results, config, context, spark):
    audit_table = config["audit_table"]

    rows = [
        {
            "pipeline_name": context.get("pipeline_name", ""),
            "update_id": context.get("update_id", ""),
            "test_id": r["test_id"],
            "status": r["status"],
            "failed_records": r["failed_records"],
            "reported_at": datetime.now(timezone.utc).isoformat(),
        }
        for r in results
    ]

    (
        spark.createDataFrame(rows)
        .write.format("delta")
        .mode("append")
        .saveAsTable(audit_table)
    )

    return {"published": len(rows), "failed": 0}
