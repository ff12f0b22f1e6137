"""Intervening "if" clauses (603.4): checked as the ability would trigger and again as it
resolves. "if you control two or more Gates", "if you control no untapped lands", "if you
control a creature with power 5 or greater", "if ~ is untapped", "if that player has two or
fewer cards in hand", "if there are four or more card types among cards in your graveyard"."""

from __future__ import annotations

from manastack.frozen import dataclass
from manastack.state import GameState
from manastack.vocabulary.base import Condition, Filter

_CARD_TYPES = ("Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery")


@dataclass(frozen=True, slots=True)
class YouControl(Condition):
    """ "if you control [another] <what>" (``at_least`` of them; 0 with ``none``: "if you
    control no <what>"), counted among the controller's permanents (``other``: not the
    source)."""

    what: Filter
    at_least: int = 1
    none: bool = False
    other: bool = False

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        return False  # needs the controller: holds_for

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        n = 0
        for p in g.battlefield:
            if p.controller != controller or (self.other and p.oid == source):
                continue
            if self.what.permanent(g, p, controller):
                n += 1
        return n == 0 if self.none else n >= self.at_least


@dataclass(frozen=True, slots=True)
class SourceTapped(Condition):
    """ "if ~ is untapped" (``tapped=False``) / "if ~ is tapped"."""

    tapped: bool = False

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        return False

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        p = g.permanent(source) if source is not None else None
        return p is not None and p.tapped == self.tapped


@dataclass(frozen=True, slots=True)
class HandCount(Condition):
    """ "if you have no cards in hand" (``whose`` "you", ``n`` 0, ``most``), "if that player has
    two or fewer cards in hand" (``whose`` "that": the remembered player)."""

    whose: str
    n: int
    most: bool = True

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        return False

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        pi = controller
        if self.whose == "that":
            v = (info or {}).get("player")
            if not isinstance(v, int):
                return False
            pi = v
        k = len(g.players[pi].hand)
        return k <= self.n if self.most else k >= self.n


@dataclass(frozen=True, slots=True)
class GraveyardTypes(Condition):
    """Delirium: "if there are four or more card types among cards in your graveyard"."""

    n: int = 4

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        return False

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        types: set[str] = set()
        for c in g.players[controller].graveyard:
            types |= c.cdef.types & frozenset(_CARD_TYPES)
        return len(types) >= self.n


@dataclass(frozen=True, slots=True)
class LifeAtMost(Condition):
    """ "if you have N or less life" (119)."""

    n: int

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        return False

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        return g.players[controller].life <= self.n


@dataclass(frozen=True, slots=True)
class OpponentMoreLands(Condition):
    """ "if an opponent controls more lands than you"."""

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        return False

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        counts: dict[int, int] = {}
        for p in g.battlefield:
            if "Land" in p.card.cdef.types and not p.face_down:
                counts[p.controller] = counts.get(p.controller, 0) + 1
        mine = counts.get(controller, 0)
        return any(n > mine for pi, n in counts.items() if not g.format.same_team(pi, controller))
