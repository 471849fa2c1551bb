"""Stream settings of the package, imported by its modules as a module."""
from dataclasses import dataclass

FAST = "5 seconds"


@dataclass
class StreamConf:
    trigger: str = "4 seconds"
