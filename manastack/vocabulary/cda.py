"""Counts as the game stands ("the number of creatures you control", "the number of cards in your
hand", "the number of creature cards in all graveyards", "~'s power"), and what uses them:
characteristic-defining abilities (604.3, layer 7a: "~'s power and toughness are each equal to
the number of Swamps you control"), "+X/+X until end of turn, where X is ..." (613.4c).

A count is an :class:`~manastack.vocabulary.base.Amount`; :func:`count` gives its value for a
player (the ability's controller, or the permanent's, for a characteristic-defining ability).
"""

from __future__ import annotations

from manastack import layers
from manastack.frozen import dataclass
from manastack.state import GameState, Permanent, StackItem
from manastack.vocabulary.amounts import CountOf
from manastack.vocabulary.base import Amount, Effect, StaticEffect, amount_of
from manastack.vocabulary.effects import pump_until_end_of_turn


@dataclass(frozen=True, slots=True)
class CardsIn(Amount):
    """The number of cards (with one of ``types``; any card if empty) in a zone: ``zone``
    "hand" or "graveyard", of ``whose``: "you", "all" (each player's), "opponents"."""

    zone: str
    whose: str = "you"
    types: frozenset[str] = frozenset()

    def value(self, g: GameState, item: StackItem) -> int:
        return self.of(g, item.controller)

    def of(self, g: GameState, you: int) -> int:
        n = 0
        for pl in g.players:
            if self.whose == "you" and pl.idx != you:
                continue
            if self.whose == "opponents" and g.format.same_team(pl.idx, you):
                continue
            cards = pl.hand if self.zone == "hand" else pl.graveyard
            if not self.types:
                n += len(cards)
            else:
                n += sum(1 for c in cards if c.cdef.types & self.types)
        return n


@dataclass(frozen=True, slots=True)
class PowerOf(Amount):
    """ "~'s power" / "its power": the source's power as the effect happens (608.2h), or as
    it last existed (113.7a: nothing if it's gone)."""

    def value(self, g: GameState, item: StackItem) -> int:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is not None:
            return layers.power(g, src)
        last = (item.data or {}).get("power")  # sacrificed to pay the cost (113.7a)
        return last if isinstance(last, int) else 0


@dataclass(frozen=True, slots=True)
class Plus(Amount):
    """``base`` + ``times`` x ``amount`` ("1 plus the number of ...", "twice the number of")."""

    amount: Amount
    base: int = 0
    times: int = 1

    def value(self, g: GameState, item: StackItem) -> int:
        return self.base + self.times * amount_of(self.amount, g, item)


def count(a: int | Amount, g: GameState, you: int) -> int:
    """The value of a count for player ``you`` (no spell or ability needed)."""
    if isinstance(a, int):
        return a
    if isinstance(a, CountOf):
        return a.times * sum(1 for p in g.battlefield if a.what.permanent(g, p, you))
    if isinstance(a, CardsIn):
        return a.of(g, you)
    if isinstance(a, Plus):
        return a.base + a.times * count(a.amount, g, you)
    return 0


@dataclass(frozen=True, slots=True)
class DefinedPT(StaticEffect):
    """604.3, 613.4a (layer 7a): a characteristic-defining ability setting the creature's power
    and/or toughness (None: the printed one) to a count, as its controller sees it."""

    power: Amount | None = None
    toughness: Amount | None = None

    def base_pt(self, g: GameState, p: Permanent) -> tuple[int | None, int | None] | None:
        you = p.controller
        pw = count(self.power, g, you) if self.power is not None else None
        tg = count(self.toughness, g, you) if self.toughness is not None else None
        return pw, tg


SOURCE = -1


@dataclass(frozen=True, slots=True)
class PumpX(Effect):
    """613.4c: "target creature gets +X/+X until end of turn, where X is ..." (``target``:
    a target index, or SOURCE for "~"); the signs of the change (+1, -1, or 0 for "+0"), X
    counted as it resolves (608.2h)."""

    amount: Amount
    target: int = SOURCE
    power_sign: int = 1
    toughness_sign: int = 1

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack import stack

        if self.target == SOURCE:
            p = g.permanent(item.source_oid) if item.source_oid is not None else None
        else:
            p = stack.target_permanent(g, item, self.target)
        if p is None:
            return True
        n = amount_of(self.amount, g, item)
        pump_until_end_of_turn(g, p, self.power_sign * n, self.toughness_sign * n)
        return True


@dataclass(frozen=True, slots=True)
class WhereX(Effect):
    """ "..., where X is <a count>": the instructions ``effects`` of the sentence (none of
    which waits for a decision) with X replaced by ``amount``, counted as each happens
    (608.2h); kept together so that the words can be said again."""

    effects: tuple[Effect, ...]
    amount: Amount

    def resolve(self, g: GameState, item: StackItem) -> bool:
        for e in self.effects:
            e.resolve(g, item)
        return True
