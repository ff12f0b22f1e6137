"""A small seeded random number generator whose whole state is one integer.

It makes cloning and saving a game trivial and gives the same sequence on every platform
(architecture rule 2: setup + seed + actions reproduce a game).

>>> r = Rng(7); a = [r.below(10) for _ in range(5)]
>>> r2 = Rng(7); a == [r2.below(10) for _ in range(5)]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class Rng:
    """SplitMix64: fast, statistically sound for games, and trivially copyable."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, exact: bool = False) -> None:
        # ``exact``: ``seed`` is a state already (a copy): no masking, which for a 64-bit
        # number makes a new one (compiled: a big-integer operation at every clone).
        self.state = seed if exact else seed & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return self.next64() % n

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next64() % (i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        """``items`` in a new order, as :meth:`shuffle` would put them (the same numbers drawn)."""
        out = list(items)
        self.shuffle(out)
        return tuple(out)

    def copy(self) -> Rng:
        return Rng(self.state, True)

    def __repr__(self) -> str:
        return f"Rng({self.state})"
