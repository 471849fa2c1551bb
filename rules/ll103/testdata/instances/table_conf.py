"""Table settings on a dataclass, and instances of it the module keeps."""
from dataclasses import dataclass, field


@dataclass
class TableConf:
    table: str = "main.web.visits"
    partition_col: str = field(default="visitor_id")


KEPT = TableConf(table="main.web.kept")
CALM = TableConf(table="main.web.calm", partition_col="visit_date")


def table_conf():
    return TableConf()


def calm_conf():
    return TableConf(table="main.web.calm", partition_col="visit_date")
