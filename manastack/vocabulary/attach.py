"""Auras (303.4) and Equipment (301.5): what they give the permanent they are attached to, and
the equip ability's effect (702.6a, 701.3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from manastack import layers, stack
from manastack.state import GameState, Permanent, StackItem
from manastack.vocabulary.base import Effect, StaticEffect


@dataclass(frozen=True, slots=True)
class AttachedGets(StaticEffect):
    """ "Enchanted creature gets +N/+M and has flying" (``kind="enchanted"``) or "Equipped
    creature ..." (``"equipped"``): 613.4c for the power and toughness, 613.1f for the abilities
    (``words``, which may be restrictions such as "can't block")."""

    kind: str = "enchanted"
    power: int = 0
    toughness: int = 0
    words: frozenset[str] = frozenset()

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        if source.attached_to == p.oid and (self.power or self.toughness):
            return self.power, self.toughness
        return None

    @property
    def affects_pt(self) -> bool:
        return bool(self.power or self.toughness)

    def grants(self, g: GameState, source: Permanent, p: Permanent) -> frozenset[str] | None:
        return self.words if source.attached_to == p.oid else None

    @property
    def affects_abilities(self) -> bool:
        return bool(self.words)


@dataclass(frozen=True, slots=True)
class AttachSource(Effect):
    """702.6a / 701.3: attach the ability's source (an Equipment) to target creature; 701.3b:
    nothing happens if it is already attached to it or can't be attached to it."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        host = stack.target_permanent(g, item, self.target)
        if src is None or host is None or src.attached_to == host.oid:
            return True
        if not layers.is_creature(host) or src.controller != item.controller:
            return True
        if layers.protected_from(g, host, layers.quality(src)) is not None:
            return True
        src.attached_to = host.oid
        g.emit(
            "attach", "{card!c} is attached to {host!c}", "701.3a", card=src.name, host=host.name
        )
        return True


@dataclass(frozen=True, slots=True)
class GrantAbility(StaticEffect):
    """613.1f: "enchanted land has "{T}: ..."", "equipped creature has "...": the permanent
    the source is attached to (``kind``: "enchanted" or "equipped"; ``noun``: how the text
    names it) has ``ability`` (activated, mana or triggered), whose "this creature" is that
    permanent."""

    kind: str
    noun: str
    ability: Any

    def granted_abilities(self, g: GameState, source: Permanent, p: Permanent) -> tuple[Any, ...]:
        return (self.ability,) if source.attached_to == p.oid else ()

    @property
    def gives_abilities(self) -> bool:
        return True
