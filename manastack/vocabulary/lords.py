"""Lords and anthems by creature type, colour or controller (613.4c layer 7c, 613.1f layer 6):
"Other Goblin creatures you control get +1/+1", "White creatures get +1/+1", "Creatures you
control have haste", "Creatures your opponents control get -1/-0"; and the filters they use."""

from __future__ import annotations

from manastack import layers
from manastack.frozen import dataclass
from manastack.state import GameState, Permanent, StackItem
from manastack.vocabulary.base import Filter, StaticEffect


@dataclass(frozen=True, slots=True)
class HasSubtype(Filter):
    """An object with this subtype (a creature type: "Goblin"; 205.3m)."""

    subtype: str

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        if p.face_down:
            return False
        cd = p.card.cdef
        # 702.73a: changeling is every creature type (a characteristic-defining ability).
        return self.subtype in cd.subtypes or (cd.is_creature and "changeling" in cd.keywords)

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        if s.card is None or s.face_down:
            return False
        cd = s.card.cdef
        return self.subtype in cd.subtypes or (cd.is_creature and "changeling" in cd.keywords)


@dataclass(frozen=True, slots=True)
class HasColor(Filter):
    """An object of one of these colours (105.2)."""

    colors: frozenset[str]

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return bool(layers.colors(p) & self.colors)

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        if s.card is None or s.face_down:
            return False
        return bool(s.card.cdef.colors & self.colors)


@dataclass(frozen=True, slots=True)
class Lord(StaticEffect):
    """ "[Other] <creatures matching ``what``> get +N/+M [and have <words>]": every creature
    ``what`` matches (seen by the source's controller), other than the source with ``other``."""

    what: Filter
    power: int = 0
    toughness: int = 0
    words: frozenset[str] = frozenset()
    other: bool = False

    def _applies(self, g: GameState, source: Permanent, p: Permanent) -> bool:
        if self.other and p is source:
            return False
        return layers.is_creature(p) and self.what.permanent(g, p, source.controller)

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        if (self.power or self.toughness) and self._applies(g, source, p):
            return self.power, self.toughness
        return None

    @property
    def affects_pt(self) -> bool:
        return bool(self.power or self.toughness)

    def grants(self, g: GameState, source: Permanent, p: Permanent) -> frozenset[str] | None:
        return self.words if self.words and self._applies(g, source, p) else None

    @property
    def affects_abilities(self) -> bool:
        return bool(self.words)


@dataclass(frozen=True, slots=True)
class InCombat(Filter):
    """ "attacking", "blocking" or "attacking or blocking" (506.3, 506.4)."""

    attacking: bool = True
    blocking: bool = True

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        c = g.combat
        if c is None:
            return False
        return (self.attacking and p.oid in c.attackers) or (self.blocking and p.oid in c.blockers)
