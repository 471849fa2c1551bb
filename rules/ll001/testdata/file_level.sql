-- lakelint: noqa: LL501
-- A file-level suppression that silences a finding is used — é, 日本
SET spark.sql.adaptive.enabled = false;
