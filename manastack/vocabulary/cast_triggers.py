"""Cast triggers (603.2, 601.2i): "whenever you cast a white spell", "whenever a player casts a
creature spell", "whenever an opponent casts a noncreature spell", heroic's "whenever you cast
a spell that targets ~" (702 ability word); and the spell filters they use (a spell's colours,
types and subtypes as the spell on the stack has them, 112.1a)."""

from __future__ import annotations

from manastack.events.types import GameEvent, SpellCast
from manastack.frozen import dataclass
from manastack.state import Card, GameState, Permanent, StackItem
from manastack.vocabulary.base import CardDef, Filter, TriggerCondition


def _spell_colors(s: StackItem) -> frozenset[str]:
    if s.card is None or s.face_down:
        return frozenset()
    return s.card.cdef.colors


@dataclass(frozen=True, slots=True)
class SpellColor(Filter):
    """A spell of one of these colours ("a white spell", "a blue or black spell"); ``colors``
    in the order the text names them."""

    colors: str

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return bool(_spell_colors(s) & frozenset(self.colors))

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        from manastack import layers

        return bool(layers.colors(p) & frozenset(self.colors))


@dataclass(frozen=True, slots=True)
class Multicolored(Filter):
    """105.4: an object of two or more colours (``multi=False``: colourless, 105.2c)."""

    multi: bool = True

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        n = len(_spell_colors(s))
        return n > 1 if self.multi else n == 0

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        from manastack import layers

        n = len(layers.colors(p))
        return n > 1 if self.multi else n == 0


@dataclass(frozen=True, slots=True)
class TappedState(Filter):
    """ "tapped" / "untapped" (110.5)."""

    tapped: bool = True

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return p.tapped == self.tapped


@dataclass(frozen=True, slots=True)
class Basic(Filter):
    """205.4c: "basic" (``basic=False``: "nonbasic")."""

    basic: bool = True

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return (not p.face_down and "Basic" in p.card.cdef.supertypes) == self.basic


@dataclass(frozen=True, slots=True)
class Stat(Filter):
    """ "with power 2 or less", "with toughness 4 or greater", "with mana value 3 or less"
    (``most``: or less), as the permanent has it now (layer 7 for power and toughness)."""

    stat: str
    n: int
    most: bool = True

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        from manastack import layers

        if self.stat == "power":
            v = layers.power(g, p)
        elif self.stat == "toughness":
            v = layers.toughness(g, p)
        else:
            v = 0 if p.face_down else p.card.cdef.mana_value
        return v <= self.n if self.most else v >= self.n


@dataclass(frozen=True, slots=True)
class Legendary(Filter):
    """205.4d: a legendary object."""

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return s.card is not None and not s.face_down and s.card.cdef.is_legendary

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return not p.face_down and p.card.cdef.is_legendary


# Subtypes that are not creature types (205.3g-k): a changeling doesn't have them.
_NOT_CREATURE_TYPES = frozenset(
    {
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Desert",
        "Gate",
        "Lair",
        "Locus",
        "Mine",
        "Power-Plant",
        "Tower",
        "Urza's",
        "Equipment",
        "Fortification",
        "Vehicle",
        "Clue",
        "Contraption",
        "Aura",
        "Curse",
        "Shrine",
        "Arcane",
        "Trap",
    }
)


def _changeling(cd: CardDef, subtypes: tuple[str, ...]) -> bool:
    """702.73a: a changeling creature has every creature type."""
    return (
        cd.is_creature
        and "changeling" in cd.keywords
        and any(t not in _NOT_CREATURE_TYPES for t in subtypes)
    )


@dataclass(frozen=True, slots=True)
class Subtypes(Filter):
    """An object with one of these subtypes ("a Spirit or Arcane spell", "a Goblin spell";
    702.73a: a changeling creature has every creature type)."""

    subtypes: tuple[str, ...]

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        if s.card is None or s.face_down:
            return False
        cd = s.card.cdef
        return any(t in cd.subtypes for t in self.subtypes) or _changeling(cd, self.subtypes)

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        if p.face_down:
            return False
        cd = p.card.cdef
        return any(t in cd.subtypes for t in self.subtypes) or _changeling(cd, self.subtypes)


@dataclass(frozen=True, slots=True)
class ManaValue(Filter):
    """202.3: "with mana value N or less" (``most``) / "N or greater"."""

    n: int
    most: bool = True

    def _ok(self, mv: int) -> bool:
        return mv <= self.n if self.most else mv >= self.n

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        if s.card is None or s.face_down:
            return self._ok(0)
        cost = s.card.cdef.cost
        # 202.3e: on the stack, X is the value chosen for it.
        return self._ok(s.card.cdef.mana_value + (s.x * cost.x if cost is not None else 0))

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return self._ok(0 if p.face_down else p.card.cdef.mana_value)


@dataclass(frozen=True, slots=True)
class SpellCastTrigger(TriggerCondition):
    """603.2: "whenever you cast" (``whose="you"``), "whenever a player casts" (``"any"``),
    "whenever an opponent casts" (``"opponent"``) a spell ``spell`` matches, as it becomes cast
    (601.2i); ``targets_source``: heroic's "a spell that targets ~". "That player" is the
    caster, "that spell" the spell (``info``)."""

    whose: str
    spell: Filter
    targets_source: bool = False

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (SpellCast,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, SpellCast):
            return False
        item = ev.item
        caster = item.controller
        if self.whose == "you" and caster != controller:
            return False
        if self.whose == "opponent" and g.format.same_team(caster, controller):
            return False
        if self.targets_source and not (
            isinstance(source, Permanent) and source.oid in item.targets
        ):
            return False
        return self.spell.spell(g, item, controller)

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, SpellCast):
            return {"player": ev.item.controller, "spell": ev.item.oid}
        return None
