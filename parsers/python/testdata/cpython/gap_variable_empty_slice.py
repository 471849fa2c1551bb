# CPython accepts a slice here; tree-sitter-python's type rule does not.
x: X[:] = 1
