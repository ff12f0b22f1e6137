"""The effects of cards that prevent damage (615.1a): shields that resolved spells and
abilities set up ("prevent the next 2 damage that would be dealt to any target this turn").
The rules' side (the shields kept in ``GameState.prevention``, the static abilities that
prevent damage, the replacement that applies them) is :mod:`manastack.prevention`, part of the
engine; its names are also reachable from here, where the card vocabulary looks for them.
"""

from __future__ import annotations

from manastack import layers, stack
from manastack.actions import target_player
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.prevention import ALL, PREVENTION, Prevention, Shield, StaticPrevention
from manastack.state import GameState, StackItem
from manastack.vocabulary.asks import Asking
from manastack.vocabulary.base import Effect

__all__ = [
    "ALL",
    "ANY",
    "PREVENTION",
    "SOURCE",
    "YOU",
    "PreventDamage",
    "PreventNextFromChosen",
    "Prevention",
    "Shield",
    "StaticPrevention",
]

# --- the effects that make shields --------------------------------------------------------------

SOURCE = -1
YOU = -2
ANY = -3
"""Who a shield protects or whose damage it prevents, when it isn't a target: the source of the
ability (SOURCE), its controller (YOU), anything (ANY)."""


def _protected(item: StackItem, index: int) -> tuple[int, int] | None:
    """Who a shield of ``item`` protects, its target number ``index``: (the player, -1) or
    (-1, the object); None when that target is gone (608.2b)."""
    t = stack.target_of(item, index)
    if t is None:
        return None
    pi = target_player(t)
    return (pi, -1) if pi is not None else (-1, t)


def _shields(g: GameState, item: StackItem, *shields: Shield) -> None:
    """615.1a: ``item``'s prevention shields set up for the turn."""
    g.prevention = (*g.prevention, *shields)
    g.emit(
        "effect",
        "{card!c}: damage will be prevented this turn",
        "615.1a",
        card=item.source_name,
    )


@dataclass(frozen=True, slots=True)
class PreventDamage(Effect):
    """615.1a: "prevent the next N damage that would be dealt to any target this turn"
    (``amount``; ALL: "prevent all damage"), "prevent all combat damage that would be dealt
    this turn" (``combat``), "... dealt by target creature ..." (``by``), "... dealt to and
    dealt by ..." (``both``: one shield each way): ``to``/``by`` are a target index, SOURCE,
    YOU or ANY."""

    amount: int = ALL
    combat: bool = False
    to: int = ANY
    by: int = ANY
    both: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        to_player = to_oid = by_oid = -1
        if self.to == YOU:
            to_player = item.controller
        elif self.to == SOURCE:
            if item.source_oid is None or g.permanent(item.source_oid) is None:
                return True
            to_oid = item.source_oid
        elif self.to >= 0:
            protected = _protected(item, self.to)
            if protected is None:
                return True
            to_player, to_oid = protected
        if self.by == SOURCE:
            if item.source_oid is None:
                return True
            by_oid = item.source_oid
        elif self.by >= 0:
            t = stack.target_of(item, self.by)
            if t is None or target_player(t) is not None:
                return True
            by_oid = t
        n, name, combat = self.amount, item.source_name, self.combat
        if self.both:
            _shields(
                g,
                item,
                Shield(g.new_id(), n, name, combat, -1, by_oid, -1),
                Shield(g.new_id(), n, name, combat, -1, -1, by_oid),
            )
        else:
            _shields(g, item, Shield(g.new_id(), n, name, combat, to_player, to_oid, by_oid))
        return True


@dataclass(frozen=True, slots=True)
class PreventNextFromChosen(Asking):
    """615.1a, 615.7: "the next time a red source of your choice would deal damage to you this
    turn, prevent that damage": the controller chooses a source (a permanent, or a spell or
    ability on the stack, of one of ``colors``; any if empty) as it resolves; ``to``: YOU, or a
    target index."""

    colors: str = ""
    to: int = YOU

    def resolve(self, g: GameState, item: StackItem) -> bool:
        return self.ask(g, item)

    def _sources(self, g: GameState, item: StackItem) -> list[tuple[int, str]]:
        from manastack.targeting import item_quality

        want = frozenset(self.colors)
        out: list[tuple[int, str]] = []
        for p in g.battlefield:
            if not want or layers.colors(p) & want:
                out.append((p.oid, layers.shown(p)))
        for s in g.stack:
            if s is not item and (not want or item_quality(g, s).colors & want):
                out.append((s.oid, s.source_name))
        return out

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, object]) -> Msg:
        return Msg(
            "{player}: choose a source of damage ({card!c})",
            player=g.pname(item.controller),
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, object]) -> list[str]:
        return [str(oid) for oid, _ in self._sources(g, item)]

    def match(
        self, g: GameState, item: StackItem, st: dict[str, object], option: str
    ) -> str | None:
        low = option.strip().lower()
        for oid, name in self._sources(g, item):
            if str(oid) == low or name.lower() == low:
                return str(oid)
        return None

    def chosen(self, g: GameState, item: StackItem, st: dict[str, object], option: str) -> bool:
        protected = (item.controller, -1) if self.to == YOU else _protected(item, self.to)
        if protected is None:
            return True
        to_player, to_oid = protected
        _shields(
            g,
            item,
            Shield(g.new_id(), ALL, item.source_name, False, to_player, to_oid, int(option), True),
        )
        return True
