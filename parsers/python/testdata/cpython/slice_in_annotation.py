import numpy as np

def window(a: np.ndarray[tuple[int, ...], np.dtype[np.float64]], s: slice = slice(1, 2)) -> None:
    pass


Row = tuple[int, ...]
cells: dict[str, tuple[int, int]] = {}
grid = [[0] * 3 for _ in range(3)]
sub = grid[1:][0][::2]
view: "np.ndarray[tuple[slice, ...], None]"
def g(m: tuple[slice(None), int] = None): pass
x: tuple[1:2, ...] = ()



def h(a: np.ndarray[:, :], b: "x"[1:] = None, d: X[1:2, 3] = X[:]) -> None:
    z: list[tuple[slice, ...]] = [a[:, 0], a[1:, ::2]]
    return a[..., 1:]
