VACUUM main.sales.events RETAIN 0 HOURS; -- want: LL401
VACUUM delta.`/mnt/lake/events` RETAIN 100 HOURS DRY RUN;
VACUUM main.sales.events RETAIN 168 HOURS;
VACUUM main.sales.events;

-- a dry run deletes nothing
VACUUM main.sales.events RETAIN 0 HOURS DRY RUN;
