-- plain SQL beside the project is read as SQL
CREATE TABLE lake.audit (id INT) USING DELTA; -- want: LL301 "Delta table lake.audit"
