{{ config(file_format='delta', tblproperties=var('table_properties')) }}
-- properties from a variable: not known, so not reported
select * from {{ ref('appended') }}
