# CPython accepts a slice here; tree-sitter-python's type rule does not.
def h(*, c: tuple[int, ...][0:1] = ()):
    pass
