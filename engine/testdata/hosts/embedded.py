HOURS = 12
t = "main.a.t"
spark.sql("VACUUM main.a.plain RETAIN 12 HOURS")
spark.sql("""
    -- é 日本
    VACUUM main.a.triple RETAIN 12 HOURS
""")
spark.sql(r"VACUUM main.a.raw RETAIN 12 HOURS")
spark.sql("VACUUM main.a.concat "
          "RETAIN 12 HOURS")
spark.sql(f"VACUUM {t} RETAIN {HOURS} HOURS")
spark.sql("VACUUM {} RETAIN 12 HOURS".format(t))
spark.sql("VACUUM %s RETAIN 12 HOURS" % t)
spark.sql("SELECT 'é\t'; VACUUM main.a.escaped RETAIN 12 HOURS")
