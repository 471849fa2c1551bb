{{ config(file_format='parquet') }}
-- not Delta: the properties do not apply
select * from {{ ref('appended') }}
