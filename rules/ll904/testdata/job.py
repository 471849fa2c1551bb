df = spark.read.table("main.sales.raw")

# positives: over 1 TB, nothing optimizes them
df.write.mode("append").saveAsTable("main.sales.events")  # want: LL904 "main.sales.events holds 3.2 TB \(over 1 TB\), no OPTIMIZE of it is in the project and none of its last 100 commits ran OPTIMIZE"
df.write.mode("append").saveAsTable("main.sales.events")  # reported once per file
df.write.mode("append").saveAsTable("main.sales.nohistory")  # want: LL904 "its history is not known"

# negatives: optimized lately, optimized by the project, under the size
df.write.mode("append").saveAsTable("main.sales.optimized_live")
df.write.mode("append").saveAsTable("main.sales.optimized_here")
df.write.mode("append").saveAsTable("main.sales.small")
spark.sql("OPTIMIZE main.sales.optimized_here")
