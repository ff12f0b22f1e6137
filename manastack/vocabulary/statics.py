"""Static abilities' effects (604, 611.3), each overriding the hook of
:class:`~manastack.vocabulary.base.StaticEffect` that it changes."""

from __future__ import annotations

from manastack.frozen import dataclass
from manastack.state import GameState, Permanent
from manastack.vocabulary.base import CostChange, StaticEffect


@dataclass(frozen=True, slots=True)
class CostIncrease(StaticEffect):
    """601.2f: spells cost {amount} more (``noncreature``: only noncreature spells; Thalia)."""

    amount: int
    noncreature: bool = True

    def cost_change(
        self, g: GameState, source: Permanent, spell_is_creature: bool, cost: CostChange
    ) -> None:
        if not (self.noncreature and spell_is_creature):
            cost.increase += self.amount


@dataclass(frozen=True, slots=True)
class CostMinimum(StaticEffect):
    """601.2f: a spell that would cost less than ``total`` costs ``total`` (Trinisphere, only
    while untapped with ``only_untapped``)."""

    total: int
    only_untapped: bool = True

    def cost_change(
        self, g: GameState, source: Permanent, spell_is_creature: bool, cost: CostChange
    ) -> None:
        if not (self.only_untapped and source.tapped):
            cost.minimum = max(cost.minimum, self.total)


@dataclass(frozen=True, slots=True)
class Anthem(StaticEffect):
    """613.4c: creatures you control get +power/+toughness (Glorious Anthem)."""

    power: int
    toughness: int

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        return (self.power, self.toughness) if p.controller == source.controller else None

    @property
    def affects_pt(self) -> bool:
        return True
