type Point = tuple[float, float]
type Pairs[T] = list[tuple[T, T]]


def first[T](xs: list[T]) -> T:
    return xs[0]


class Box[T: (int, str), *Ts, **P]:
    def get(self) -> T: ...
