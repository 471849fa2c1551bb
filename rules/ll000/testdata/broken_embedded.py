# Broken SQL inside a Python string is not a Python syntax error — é, 日本
spark.sql("SELECT FROM WHERE (")
spark.sql("""
    CREATE TABLE main.web.half (
""")
