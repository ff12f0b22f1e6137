"""Object filters ("nonblack creature", "creature you control", "artifact or enchantment")
that compose with ``&`` and ``|``, and the usual target specifications built from them.

>>> from manastack.vocabulary.filters import CREATURE, NotColor, Controlled
>>> CREATURE & NotColor(frozenset("B"))
AllOf(parts=(HasType(types=frozenset({'Creature'})), NotColor(colors=frozenset({'B'}))))
"""

from __future__ import annotations

from manastack import layers
from manastack.frozen import dataclass
from manastack.state import GameState, Permanent, StackItem
from manastack.targeting import spell_types
from manastack.vocabulary.base import Filter, TargetSpec


@dataclass(frozen=True, slots=True)
class HasType(Filter):
    """An object with at least one of these card types (a face-down one is a creature)."""

    types: frozenset[str]

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return bool(layers.types(p) & self.types)

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return bool(spell_types(s) & self.types)


@dataclass(frozen=True, slots=True)
class NotType(Filter):
    """ "non[type]": an object with none of these card types."""

    types: frozenset[str]

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return not layers.types(p) & self.types

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return not spell_types(s) & self.types


@dataclass(frozen=True, slots=True)
class NotColor(Filter):
    """ "non[colour]": an object that is none of these colours (a face-down one is colourless)."""

    colors: frozenset[str]

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return not layers.colors(p) & self.colors

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        colors = s.card.cdef.colors if s.card is not None and not s.face_down else frozenset()
        return not colors & self.colors


@dataclass(frozen=True, slots=True)
class Controlled(Filter):
    """ "you control" (``by="you"``) or "an opponent controls" (``by="opponent"``)."""

    by: str = "you"

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return (p.controller == you) == (self.by == "you")

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return (s.controller == you) == (self.by == "you")


@dataclass(frozen=True, slots=True)
class AnyObject(Filter):
    """Any permanent, or any spell."""

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return True

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class AllOf(Filter):
    """Every part matches ("nonblack creature")."""

    parts: tuple[Filter, ...]

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return all(f.permanent(g, p, you) for f in self.parts)

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return all(f.spell(g, s, you) for f in self.parts)


@dataclass(frozen=True, slots=True)
class AnyOf(Filter):
    """Some part matches ("artifact or enchantment")."""

    parts: tuple[Filter, ...]

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return any(f.permanent(g, p, you) for f in self.parts)

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        return any(f.spell(g, s, you) for f in self.parts)


@dataclass(frozen=True, slots=True)
class HasKeyword(Filter):
    """A permanent with this keyword ability ("each creature with flying")."""

    keyword: str

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return layers.has(g, p, self.keyword)


@dataclass(frozen=True, slots=True)
class NotKeyword(Filter):
    """A permanent without this keyword ability ("each creature without flying")."""

    keyword: str

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return not layers.has(g, p, self.keyword)


CREATURE = HasType(frozenset({"Creature"}))
CREATURE_OR_PLANESWALKER = HasType(frozenset({"Creature", "Planeswalker"}))

ANY_TARGET = TargetSpec("any target", player=True, permanent=CREATURE_OR_PLANESWALKER)
TARGET_CREATURE = TargetSpec("target creature", permanent=CREATURE)
TARGET_PLAYER = TargetSpec("target player", player=True)
TARGET_SPELL = TargetSpec("target spell", spell=AnyObject())
TARGET_NONBLACK_CREATURE = TargetSpec(
    "target nonblack creature", permanent=CREATURE & NotColor(frozenset("B"))
)
TARGET_CREATURE_SPELL = TargetSpec("target creature spell", spell=CREATURE)
TARGET_NONCREATURE_SPELL = TargetSpec(
    "target noncreature spell", spell=NotType(frozenset({"Creature"}))
)
