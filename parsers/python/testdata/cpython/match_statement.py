def describe(cmd):
    match cmd:
        case {"action": "write", "table": str(name), **rest}:
            return name, rest
        case [first, *others] if others:
            return first
        case Point(x=0, y=0) | (0, 0):
            return "origin"
        case str() as s:
            return s
        case _:
            return None


match = 1
case = match + 1
