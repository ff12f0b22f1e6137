"""Amounts an effect uses (an ``int`` where it is fixed): X (107.3) and counts made as the
effect happens ("damage equal to the number of creatures you control")."""

from __future__ import annotations

from manastack.frozen import dataclass
from manastack.state import GameState, StackItem
from manastack.vocabulary.base import Amount, Filter


@dataclass(frozen=True, slots=True)
class X(Amount):
    """107.3: the value announced for X as the spell was cast (0 anywhere else, 107.3b)."""

    def value(self, g: GameState, item: StackItem) -> int:
        return item.x


@dataclass(frozen=True, slots=True)
class CountOf(Amount):
    """The number of permanents ``what`` matches (seen by the spell's controller), times
    ``times``, counted as the effect happens (608.2h)."""

    what: Filter
    times: int = 1

    def value(self, g: GameState, item: StackItem) -> int:
        you = item.controller
        return self.times * sum(1 for p in g.battlefield if self.what.permanent(g, p, you))
