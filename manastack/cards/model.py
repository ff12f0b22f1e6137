"""The card vocabulary: characteristics as data, behaviour from a closed set of typed pieces.

A card is a :class:`CardDef`. What it does is made of :class:`TargetSpec` (what may be targeted,
115), effects (what happens on resolution, 608), costs (601.2f-h, 602.2), abilities (activated 602,
mana 605, triggered 603, static 604) and keywords (702). ``Custom`` is the escape hatch for a card
the vocabulary cannot say.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from manastack.mana import ManaCost
from manastack.steps import Step

if TYPE_CHECKING:
    from manastack.state import GameState, StackItem

# --- targets (115) --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What one target of a spell or ability may be."""

    text: str
    player: bool = False
    permanent_types: frozenset[str] = frozenset()
    spell: bool = False
    spell_types: frozenset[str] = frozenset()
    spell_not_types: frozenset[str] = frozenset()
    not_colors: frozenset[str] = frozenset()


ANY_TARGET = TargetSpec(
    "any target", player=True, permanent_types=frozenset({"Creature", "Planeswalker"})
)
TARGET_CREATURE = TargetSpec("target creature", permanent_types=frozenset({"Creature"}))
TARGET_PLAYER = TargetSpec("target player", player=True)
TARGET_SPELL = TargetSpec("target spell", spell=True)
TARGET_NONBLACK_CREATURE = TargetSpec(
    "target nonblack creature", permanent_types=frozenset({"Creature"}), not_colors=frozenset("B")
)
TARGET_CREATURE_SPELL = TargetSpec(
    "target creature spell", spell=True, spell_types=frozenset({"Creature"})
)
TARGET_NONCREATURE_SPELL = TargetSpec(
    "target noncreature spell", spell=True, spell_not_types=frozenset({"Creature"})
)

# --- effects (608.2c: followed in order) ----------------------------------------------------
# Where an effect names a target, ``target`` is the index into the spell's or ability's targets.
# Where it names a player, ``who`` is "you" (the controller) or "target" (target ``target``).


@dataclass(frozen=True, slots=True)
class DealDamage:
    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class AddMana:
    mana: str  # e.g. "BBB"


@dataclass(frozen=True, slots=True)
class CounterSpell:
    target: int = 0


@dataclass(frozen=True, slots=True)
class CounterUnlessPays:
    amount: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class DrawCards:
    count: int
    who: str = "you"
    target: int = 0


@dataclass(frozen=True, slots=True)
class PumpUntilEndOfTurn:
    power: int
    toughness: int
    target: int = 0


@dataclass(frozen=True, slots=True)
class ReturnToHand:
    target: int = 0


@dataclass(frozen=True, slots=True)
class Destroy:
    target: int = 0


@dataclass(frozen=True, slots=True)
class DestroyAll:
    card_type: str = "Creature"
    can_be_regenerated: bool = True


@dataclass(frozen=True, slots=True)
class GainLife:
    amount: int
    who: str = "you"
    target: int = 0


@dataclass(frozen=True, slots=True)
class LoseLife:
    amount: int
    who: str = "target"
    target: int = 0


@dataclass(frozen=True, slots=True)
class SacrificeSource:
    """Sacrifice the permanent the ability comes from (Ball Lightning)."""


@dataclass(frozen=True, slots=True)
class RegenerateSource:
    """The next time the source would be destroyed this turn, instead regenerate it (701.19)."""


@dataclass(frozen=True, slots=True)
class AddManaAtNextMain:
    """Mana Drain: a delayed trigger (603.7) adding {C} equal to the countered spell's value."""

    target: int = 0


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter:
    """702.62a: remove a time counter from the suspended card (``item.data["cid"]``)."""


@dataclass(frozen=True, slots=True)
class CastWithoutPaying:
    """702.62a: its owner may cast the suspended card without paying its mana cost."""


@dataclass(frozen=True, slots=True)
class Custom:
    """The escape hatch: a Python function run on resolution."""

    text: str
    run: Callable[[GameState, StackItem], None]


Effect = (
    DealDamage
    | AddMana
    | CounterSpell
    | CounterUnlessPays
    | DrawCards
    | PumpUntilEndOfTurn
    | ReturnToHand
    | Destroy
    | DestroyAll
    | GainLife
    | LoseLife
    | SacrificeSource
    | RegenerateSource
    | AddManaAtNextMain
    | RemoveTimeCounter
    | CastWithoutPaying
    | Custom
)

# --- costs and abilities --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost: mana, {T}, sacrificing the source (602.2, 118)."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    sacrifice_self: bool = False

    def __str__(self) -> str:
        parts = []
        if self.mana.mana_value or self.mana.x:
            parts.append(str(self.mana))
        if self.tap:
            parts.append("{T}")
        if self.sacrifice_self:
            parts.append("Sacrifice this")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class ManaAbility:
    """605.1a: an activated ability without a target that could add mana; it doesn't use the stack.

    ``colors`` is the choice of colour it offers (one mana of one of them).
    """

    cost: Cost
    colors: str
    text: str
    amount: int = 1


@dataclass(frozen=True, slots=True)
class ActivatedAbility:
    """602: an activated ability that uses the stack."""

    cost: Cost
    effects: tuple[Effect, ...]
    text: str
    targets: tuple[TargetSpec, ...] = ()
    sorcery_speed: bool = False


# Trigger events (603.2). ``who``: "self" (this object), "another" (another creature), "any".


@dataclass(frozen=True, slots=True)
class EntersTrigger:
    who: str = "self"


@dataclass(frozen=True, slots=True)
class DiesTrigger:
    who: str = "self"  # "self_or_another": Blood Artist


@dataclass(frozen=True, slots=True)
class StepTrigger:
    """At the beginning of a step; ``whose`` is "each" (every turn) or "your"."""

    step: Step
    whose: str = "each"


Trigger = EntersTrigger | DiesTrigger | StepTrigger


@dataclass(frozen=True, slots=True)
class StillSuspended:
    """The card is still suspended: in exile with a time counter on it (702.62b)."""


Condition = StillSuspended


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """603.1. ``condition`` is an intervening "if" clause (603.4): checked when the ability
    triggers and again as it resolves."""

    trigger: Trigger
    effects: tuple[Effect, ...]
    text: str
    targets: tuple[TargetSpec, ...] = ()
    condition: Condition | None = None


# Static abilities (604).


@dataclass(frozen=True, slots=True)
class CostIncrease:
    """Spells matching cost {amount} more (601.2f). ``noncreature``: only noncreature spells."""

    amount: int
    noncreature: bool = True


@dataclass(frozen=True, slots=True)
class CostMinimum:
    """Trinisphere: a spell that would cost less than ``total`` costs ``total`` (601.2f)."""

    total: int
    only_untapped: bool = True


@dataclass(frozen=True, slots=True)
class Anthem:
    """Creatures you control get +power/+toughness (613.4c)."""

    power: int
    toughness: int


StaticEffect = CostIncrease | CostMinimum | Anthem


@dataclass(frozen=True, slots=True)
class StaticAbility:
    effect: StaticEffect
    text: str


Ability = ManaAbility | ActivatedAbility | TriggeredAbility | StaticAbility


@dataclass(frozen=True, slots=True)
class Suspend:
    """702.62: exile from hand with ``time`` time counters by paying ``cost`` (special action)."""

    time: int
    cost: ManaCost


# --- the card ---------------------------------------------------------------------------------

PERMANENT_TYPES = frozenset(
    {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}
)


@dataclass(frozen=True)
class CardDef:
    """A card's printed characteristics (109.3) and behaviour."""

    name: str
    types: frozenset[str]
    text: str = ""
    cost: ManaCost | None = None
    subtypes: tuple[str, ...] = ()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    keywords: frozenset[str] = frozenset()
    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    abilities: tuple[Ability, ...] = ()
    morph: ManaCost | None = None
    suspend: Suspend | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    # Derived once, read on every decision (the engine's hot path): see __post_init__.
    colors: frozenset[str] = field(init=False, compare=False, repr=False)
    mana_value: int = field(init=False, compare=False, repr=False)
    is_permanent: bool = field(init=False, compare=False, repr=False)
    is_land: bool = field(init=False, compare=False, repr=False)
    is_creature: bool = field(init=False, compare=False, repr=False)
    is_legendary: bool = field(init=False, compare=False, repr=False)
    is_planeswalker: bool = field(init=False, compare=False, repr=False)
    is_instant_speed: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        put(self, "colors", self.cost.colors if self.cost else frozenset())
        put(self, "mana_value", self.cost.mana_value if self.cost else 0)
        put(self, "is_permanent", bool(self.types & PERMANENT_TYPES))
        put(self, "is_land", "Land" in self.types)
        put(self, "is_creature", "Creature" in self.types)
        put(self, "is_legendary", "Legendary" in self.supertypes)
        put(self, "is_planeswalker", "Planeswalker" in self.types)
        # 117.1a / 702.8a: instants and cards with flash may be cast any time with priority.
        put(self, "is_instant_speed", "Instant" in self.types or "flash" in self.keywords)

    @property
    def mana_abilities(self) -> tuple[ManaAbility, ...]:
        return tuple(a for a in self.abilities if isinstance(a, ManaAbility))

    @property
    def type_line(self) -> str:
        order = ["Legendary", "Basic", "Snow", "World"]
        sup = [s for s in order if s in self.supertypes]
        tord = ["Artifact", "Enchantment", "Land", "Creature", "Planeswalker", "Instant", "Sorcery"]
        types = [t for t in tord if t in self.types]
        line = " ".join(sup + types)
        if self.subtypes:
            line += " — " + " ".join(self.subtypes)
        return line

    def __repr__(self) -> str:
        return f"cards.get({self.name!r})"
