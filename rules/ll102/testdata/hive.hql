-- A Hive script, run by Spark too (spark-sql -f job.hql): read as Spark SQL.
SET hive.exec.dynamic.partition.mode = nonstrict;
ADD JAR hdfs:///refinery/artifacts/refinery-hive.jar;

INSERT INTO TABLE wmf.events SELECT /*+ COALESCE(1) */ * FROM raw.events; -- want: LL102

-- a static partition overwritten whole: one file for it is what it asks for
INSERT OVERWRITE TABLE wmf.daily PARTITION(year=${year}, month=${month}, day=${day})
SELECT /*+ COALESCE(1) */ project, COUNT(1) AS n FROM wmf.events GROUP BY project;

-- a day deleted, then inserted again: the rerun replaces its own file
DELETE FROM wmf_traffic.spur_dch WHERE `day` = DATE('2025-11-30');
INSERT INTO TABLE wmf_traffic.spur_dch
SELECT /*+ COALESCE(1) */ asn, network, DATE('2025-11-30') AS day
FROM json.`hdfs:///raw/dch/2025-11-30/`;

-- a delete from another table does not
DELETE FROM wmf_traffic.other WHERE `day` = DATE('2025-11-30');
INSERT INTO TABLE wmf_traffic.spur_asn SELECT /*+ COALESCE(1) */ asn FROM raw.asn; -- want: LL102
