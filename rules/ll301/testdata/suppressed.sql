-- Suppressions in a plain SQL file — é, 日本
CREATE TABLE main.archive.orders_2019 (id BIGINT) USING DELTA; -- noqa: LL301
CREATE TABLE main.archive.orders_2020 (id BIGINT) USING DELTA; -- noqa
CREATE TABLE main.archive.orders_2021 (id BIGINT) USING DELTA; -- noqa: LL103, LL301
CREATE TABLE main.archive.orders_2022 (id BIGINT) USING DELTA; -- want: LL301 -- noqa: LL103
CREATE TABLE -- noqa: LL301
  main.archive.orders_2023 (id BIGINT) USING DELTA; -- want: LL301
