"""A module of the same name one level down: `from .. import conf` is not it."""
FAST = "20 minutes"
