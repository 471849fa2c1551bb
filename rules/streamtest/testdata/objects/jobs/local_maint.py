"""SQL helpers defined and called in the same file."""


def vac(t):
    spark.sql(f"VACUUM {t} RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"


def vac2(t, h):
    spark.sql(f"VACUUM {t} RETAIN {h} HOURS")


vac("main.a")
vac("main.b")
vac2("main.c", 0)  # want: LL401 "VACUUM of main.c"
vac2("main.d", 0)  # want: LL401 "VACUUM of main.d"
vac2("main.e", 240)
