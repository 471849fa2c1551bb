select *
from {{ var('incremental_mar') }}