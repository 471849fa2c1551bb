-- Known statements with stretches the parser passes over.
CREATE TABLE main.sales.odd (id INT) USING delta SOMETHING_NEW 'x' TBLPROPERTIES ('a' = '1');

OPTIMIZE main.sales.events WHERE a = 1 ZORDER BY;

VACUUM main.sales.events RETAIN 10 DAYS;

ALTER TABLE main.sales.events SET TBLPROPERTIES ('a' = 1, 'b' = , 'c' = 'x');

CREATE TABLE main.sales.bad_props TBLPROPERTIES ('a' = 1 'b' = 2);

UPDATE main.sales.events e1 e2 SET x = 1
