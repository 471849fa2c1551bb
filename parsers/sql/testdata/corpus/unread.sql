-- Statements of a known kind too broken to read.
CREATE TABLE;

CREATE TABLE (id INT) USING delta;

INSERT main.sales.events SELECT 1;

INSERT INTO main.sales.events;

MERGE main.sales.events USING s ON 1 = 1;

OPTIMIZE;

VACUUM;

ALTER TABLE main.sales.events SET TBLPROPERTIES;

DELETE main.sales.events WHERE 1 = 1;

SET = 5;

UPDATE (SELECT 1) SET a = 1
