def main():
    spark.read.table("main.gold.enriched").write.mode("overwrite").saveAsTable("main.gold.published")
