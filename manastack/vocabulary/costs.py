"""Costs other than mana, {T} and sacrificing the source (118): paying life (119.4),
sacrificing permanents (701.21a) and discarding cards (701.9a), as part of an activated
ability's cost (602.2b) or as a spell's additional cost (601.2b, paid in 601.2h).

The objects to sacrifice or discard are chosen, one decision each, after the targets and before
the mana is paid (:class:`ChooseCostObject`); everything is paid together with the mana.
"""

from __future__ import annotations

from manastack.frozen import dataclass
from manastack.mana import ManaCost
from manastack.state import GameState, Permanent
from manastack.vocabulary.base import Filter


def plus_mana(a: ManaCost, b: ManaCost, times: int = 1) -> ManaCost:
    """601.2f: cost ``a`` with ``times`` x cost ``b`` added (a kicker cost paid with the mana
    cost, an additional cost, multikicker paid N times)."""
    colored = tuple(x + times * y for x, y in zip(a.colored, b.colored, strict=True))
    return ManaCost(
        a.generic + times * b.generic,
        (colored[0], colored[1], colored[2], colored[3], colored[4], colored[5]),
        a.x + times * b.x,
        a.hybrid + b.hybrid * times,
    )


@dataclass(frozen=True, slots=True)
class ExtraCost:
    """Pay ``life`` life; sacrifice ``sacrifice_count`` permanents you control that
    ``sacrifice`` matches (``another``: not the source itself); discard ``discard`` cards.
    ``noun`` is how the text names what is sacrificed ("creature", "Goblin")."""

    life: int = 0
    sacrifice: Filter | None = None
    sacrifice_count: int = 0
    another: bool = False
    noun: str = ""
    discard: int = 0

    @property
    def chooses(self) -> bool:
        """Whether the player chooses objects to pay it (601.2h, 602.2b)."""
        return self.sacrifice_count > 0 or self.discard > 0


def sacrifice_candidates(
    g: GameState, pi: int, cost: ExtraCost, source: int | None
) -> list[Permanent]:
    f = cost.sacrifice
    if f is None:
        return []
    return [
        p
        for p in g.battlefield
        if p.controller == pi and not (cost.another and p.oid == source) and f.permanent(g, p, pi)
    ]


def payable(
    g: GameState, pi: int, cost: ExtraCost, source: int | None, in_hand_besides: int = 0
) -> bool:
    """Whether ``pi`` could pay it now (119.4: life only up to their life total; enough
    permanents to sacrifice, 701.21a; enough cards in hand, ``in_hand_besides`` being cards of
    the hand that don't count, the spell itself)."""
    pl = g.players[pi]
    if cost.life and pl.life < cost.life:
        return False
    if cost.sacrifice_count and (
        len(sacrifice_candidates(g, pi, cost, source)) < cost.sacrifice_count
    ):
        return False
    return not (cost.discard and len(pl.hand) - in_hand_besides < cost.discard)
