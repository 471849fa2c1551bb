from export_lib import export_by_day

exports = spark.read.table("main.raw.exports")
export_by_day(exports, "/mnt/export/daily")  # want: LL104 "in the helper"
export_by_day(exports.coalesce(1), "/mnt/export/single")
export_by_day(exports.repartition("export_date"), "/mnt/export/shuffled")
