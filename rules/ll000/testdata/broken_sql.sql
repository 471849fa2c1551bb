-- SQL that does not parse is counted as unread, never reported as LL000 — é, 日本
SELECT FROM WHERE (;
CREATE TABLE main.web.half (
