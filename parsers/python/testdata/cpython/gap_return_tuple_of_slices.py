# CPython accepts a slice here; tree-sitter-python's type rule does not.
def h() -> tuple[:, ...]:
    pass
