from typing import Generic, TypeVarTuple

Ts = TypeVarTuple("Ts")


class Array(Generic[*Ts]):
    def shape(self, *args: *Ts) -> tuple[int, *Ts]:
        return args


x: Array[*tuple[int, ...]]
