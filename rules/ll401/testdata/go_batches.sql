-- A migration folder's statements separated by GO lines: each is read.
CREATE TABLE main.ops.audit (id BIGINT) USING DELTA
GO
VACUUM main.ops.audit RETAIN 1 HOURS -- want: LL401
go;
VACUUM main.ops.audit RETAIN 2 HOURS -- want: LL401
  Go
VACUUM main.ops.audit RETAIN 200 HOURS
GO
