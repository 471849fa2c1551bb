select *
from {{ var('log') }}