SELECT count(*) FROM main.silver.events;
