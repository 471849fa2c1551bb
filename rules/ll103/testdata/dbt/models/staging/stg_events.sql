select * from {{ source('raw', 'events') }}
