-- Suppressions in a plain SQL file — é, 日本
VACUUM main.ops.traces RETAIN 1 HOURS; -- noqa: LL401
VACUUM main.ops.traces RETAIN 2 HOURS; -- noqa
VACUUM main.ops.traces RETAIN 3 HOURS; -- noqa: LL101, LL401
VACUUM main.ops.traces RETAIN 4 HOURS; -- want: LL401 -- noqa: LL101
VACUUM main.ops.traces -- noqa: LL401
RETAIN 5 HOURS; -- want: LL401
