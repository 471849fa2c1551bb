-- résumé: 日本
SET spark.sql.adaptive.enabled = false;
/* é */ VACUUM main.a.t RETAIN 12 HOURS;
