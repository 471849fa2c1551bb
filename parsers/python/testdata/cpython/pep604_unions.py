def f(x: int | None = None) -> str | None:
    return None if x is None else str(x)


ok = isinstance(3, int | str)
Alias = list[int] | dict[str, int] | None
