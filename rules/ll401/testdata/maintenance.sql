VACUUM main.sales.events RETAIN 0 HOURS; -- want: LL401
VACUUM delta.`/mnt/lake/events` RETAIN 100 HOURS DRY RUN; -- want: LL401
VACUUM main.sales.events RETAIN 168 HOURS;
VACUUM main.sales.events;
