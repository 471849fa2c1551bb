-- lakelint: noqa: LL401 — a sandbox schema nobody reads from (é, 日本)
VACUUM main.sandbox.trials RETAIN 0 HOURS;
VACUUM main.sandbox.drafts RETAIN 1 HOURS;
