# CPython accepts a slice here; tree-sitter-python's type rule does not.
y: tuple[int, ...][::-1]
