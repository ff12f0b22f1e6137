"""The kinds of pieces a card is made of, as base classes the engine calls (and nothing else).

A new effect is a subclass of :class:`Effect` with a ``resolve`` method; a new trigger a subclass
of :class:`TriggerCondition` with ``matches``; a new static ability a subclass of
:class:`StaticEffect` overriding the hook it changes; a new replacement a subclass of
:class:`Replacement`. The rules modules only call these methods, so a new piece touches no rules
module. This module imports no rules module (the concrete pieces do).
"""

from __future__ import annotations

from dataclasses import field
from typing import TYPE_CHECKING, Any

from mypy_extensions import mypyc_attr

from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.mana import ManaCost

if TYPE_CHECKING:
    from manastack.events.types import DamageDealt, GameEvent
    from manastack.state import Card, GameState, Permanent, StackItem
    from manastack.vocabulary.costs import ExtraCost


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Effect:
    """One instruction of a spell or ability, followed on resolution (608.2c)."""

    __slots__ = ()

    def resolve(self, g: GameState, item: StackItem) -> bool:
        """Do it. False when the resolution must wait for a player's decision (608.2d-e): it
        then goes on with the next instruction once the decision is answered."""
        raise NotImplementedError


class EventInterest:
    """Which kinds of event some class of trigger or replacement looks at, gathered as the
    classes are defined, so that the event pipeline skips events nothing looks at (a mana
    ability's tap, most draws). A class whose ``watched()`` is empty is asked about every event."""

    __slots__ = ("any", "types")

    def __init__(self) -> None:
        self.types: set[type] = set()
        self.any = False

    def note(self, cls: type, events: tuple[type, ...]) -> None:
        if events:
            self.types.update(events)
        else:
            self.any = True

    def wants(self, event_type: type) -> bool:
        return self.any or event_type in self.types


TRIGGER_INTEREST = EventInterest()
REPLACEMENT_INTEREST = EventInterest()


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class TriggerCondition:
    """603.1: the "when/whenever/at" part of a triggered ability: which events it sees
    (``events``: the event classes ``matches`` can say yes to; empty means any)."""

    __slots__ = ()

    @staticmethod
    def watched() -> tuple[type, ...]:
        """The event classes ``matches`` (or ``applies``) can say yes to; empty: any. A method,
        not a class variable: compiled by mypyc, a dataclass would take one for a field."""
        return ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        # vars(): mypyc compiles no cls.__dict__. A class that dataclass(slots=True) rebuilds
        # comes here twice: noting it twice changes nothing. A class that inherits ``matches``
        # and names its own events (triggers.ItsOwnEvent's) is noted too.
        if "matches" in vars(cls) or "watched" in vars(cls):
            TRIGGER_INTEREST.note(cls, cls.watched())

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        """Whether event ``ev`` triggers the ability of ``source`` (a permanent, a card in a
        zone where the ability works such as a suspended card in exile, or None for a delayed
        trigger), controlled by ``controller``."""
        raise NotImplementedError

    def only_its_source(self) -> bool:
        """True when ``matches`` can say yes only to an event whose ``permanent`` is the source
        itself ("when ~ dies", "when ~ enters"): a batch of N such events (a Wrath) then asks
        each source about its own event only, not N x N questions."""
        return False

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        """What the ability remembers of the event that triggered it ("that player", "that
        much damage"): it reaches the effects as ``item.data`` when the ability resolves."""
        return None

    def announce(self, source_name: str, text: str) -> tuple[Msg, str]:
        """The log line saying the ability triggered, and its rule."""
        return Msg(
            "{card!c}'s ability triggers: {ability!t}", card=source_name, ability=text
        ), "603.2"


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Condition:
    """603.4: an intervening "if" clause, checked as the ability triggers and as it resolves."""

    __slots__ = ()

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        raise NotImplementedError

    def holds_for(
        self, g: GameState, info: dict[str, object] | None, controller: int, source: int | None
    ) -> bool:
        """:meth:`holds`, knowing whose ability it is and its source (``source``: its object
        id): what "if you control ..." and "if ~ is untapped" need."""
        return self.holds(g, info)


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class StaticEffect:
    """604: what a static ability does while its source is on the battlefield. Each hook
    defaults to "changes nothing"; a static effect overrides the ones it changes."""

    __slots__ = ()

    def cost_change(
        self, g: GameState, source: Permanent, spell_is_creature: bool, cost: CostChange
    ) -> None:
        """601.2f: change the total cost of a spell being cast (any player's)."""

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        """613.4c: the power/toughness change this gives ``p`` (None: doesn't affect it)."""
        return None

    @property
    def affects_pt(self) -> bool:
        """Whether ``pt_change`` can give anything (the layer system skips it otherwise)."""
        return False

    def grants(self, g: GameState, source: Permanent, p: Permanent) -> frozenset[str] | None:
        """613.1f (layer 6): the abilities (keywords, and restrictions written like them such
        as "can't block") this gives ``p`` (None: none)."""
        return None

    @property
    def affects_abilities(self) -> bool:
        """Whether ``grants`` can give anything (the layer system skips it otherwise)."""
        return False

    def controller_of(self, g: GameState, source: Permanent, p: Permanent) -> int | None:
        """613.1b (layer 2): the player this gives control of ``p`` to, or None."""
        return None

    @property
    def changes_control(self) -> bool:
        """Whether ``controller_of`` can say anything."""
        return False

    def granted_abilities(self, g: GameState, source: Permanent, p: Permanent) -> tuple[Any, ...]:
        """613.1f (layer 6): the abilities other than keywords this gives ``p`` ("enchanted land
        has "{T}: ..."", activated, mana or triggered ones), after its own."""
        return ()

    @property
    def gives_abilities(self) -> bool:
        """Whether ``granted_abilities`` can give anything."""
        return False

    @property
    def uncounterable(self) -> bool:
        """ "This spell can't be countered": an ability that works on the stack (101.2: the
        counter instruction does nothing to it)."""
        return False

    @property
    def enters_tapped(self) -> bool:
        """614.1c / 614.12: "this permanent enters tapped", a replacement effect of the
        permanent itself, applied as it enters (``taps_entering`` says if it does now)."""
        return False

    def taps_entering(self, g: GameState, p: Permanent) -> bool:
        """Whether ``p``, entering with this ability, enters tapped (its condition, if any)."""
        return self.enters_tapped

    @property
    def replaces_entering(self) -> bool:
        """614.1c / 614.12: whether this is a replacement of the permanent itself applied as it
        enters ("~ enters with two +1/+1 counters on it"): ``as_it_enters`` does it."""
        return False

    def as_it_enters(self, g: GameState, p: Permanent) -> None:
        """Apply the replacement to ``p`` as it enters (``g.marks`` says how it was cast)."""

    def base_pt(self, g: GameState, p: Permanent) -> tuple[int | None, int | None] | None:
        """604.3, 613.4a: the power and toughness a characteristic-defining ability of ``p``
        (its own) gives it (None for one it doesn't define); None: not one."""
        return None

    @property
    def affects_damage(self) -> bool:
        """Whether ``prevents`` can prevent anything (615)."""
        return False

    def prevents(self, g: GameState, source: Permanent, ev: DamageDealt) -> int | None:
        """615: how much of the damage ``ev`` this prevents (-1: all of it; None: none)."""
        return None


class CostChange:
    """601.2f in progress: the increases and the minimum the static abilities ask for."""

    __slots__ = ("increase", "minimum")

    def __init__(self) -> None:
        self.increase = 0
        self.minimum = 0


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Replacement:
    """614: a replacement (or 615 prevention) effect: modifies an event before it happens
    (``events``: the event classes ``applies`` can say yes to; empty means any)."""

    rule: str = "614.1"

    @staticmethod
    def watched() -> tuple[type, ...]:
        """The event classes ``matches`` (or ``applies``) can say yes to; empty: any. A method,
        not a class variable: compiled by mypyc, a dataclass would take one for a field."""
        return ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "applies" in vars(cls):  # as TriggerCondition's
            REPLACEMENT_INTEREST.note(cls, cls.watched())

    def applies(self, g: GameState, ev: GameEvent) -> bool:
        raise NotImplementedError

    def replace(self, g: GameState, ev: GameEvent) -> GameEvent | None:
        """Do what happens instead; return the event as modified, or None if nothing of it is
        left to happen."""
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Filter:
    """Which objects something applies to ("nonblack creature", "creature you control")."""

    __slots__ = ()

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        """Whether permanent ``p`` matches, seen by player ``you``."""
        return False

    def spell(self, g: GameState, s: StackItem, you: int) -> bool:
        """Whether spell ``s`` on the stack matches."""
        return False

    def __and__(self, other: Filter) -> Filter:
        from manastack.vocabulary.filters import AllOf

        return AllOf((self, other))

    def __or__(self, other: Filter) -> Filter:
        from manastack.vocabulary.filters import AnyOf

        return AnyOf((self, other))


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Amount:
    """A number an effect uses: fixed, X (107.3), or counted as the effect happens."""

    __slots__ = ()

    def value(self, g: GameState, item: StackItem) -> int:
        raise NotImplementedError


def amount_of(a: int | Amount, g: GameState, item: StackItem) -> int:
    return a if isinstance(a, int) else a.value(g, item)


# --- targets (115) ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """What one target of a spell or ability may be: a player (``player``), a permanent that
    ``permanent`` matches, or a spell on the stack that ``spell`` matches."""

    text: str
    player: bool = False
    permanent: Filter | None = None
    spell: Filter | None = None
    opponent: bool = False  # "target opponent": a player other than the controller (115.1)
    # "target creature card from your graveyard": a card there with one of these card types
    # (empty: any card); the target is the card's id.
    graveyard: frozenset[str] | None = None
    # And of this subtype ("target Spirit card", soulshift 702.46a), and with a mana value of
    # at most ``max_value`` (None: any).
    subtype: str = ""
    max_value: int | None = None


# --- costs and abilities ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Cost:
    """An activation cost: mana, {T}, sacrificing the source (602.2, 118)."""

    mana: ManaCost = field(default_factory=ManaCost)
    tap: bool = False
    sacrifice_self: bool = False
    extra: ExtraCost | None = None  # life, sacrifices, discards (vocabulary/costs.py)

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
    """605.1a: an activated ability without a target that could add mana; it doesn't use the
    stack. ``colors`` is the choice of colour it offers (``amount`` mana of one of them)."""

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
    # 602.5b: "Activate only once each turn", "only during your upkeep", "only if ...": the
    # restriction's words (vocabulary/restrictions.py), "" for none.
    only: str = ""


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """603.1: "when/whenever/at" ``trigger``, do ``effects``. ``condition`` is an intervening
    "if" clause (603.4): checked when the ability triggers and again as it resolves."""

    trigger: TriggerCondition
    effects: tuple[Effect, ...]
    text: str
    targets: tuple[TargetSpec, ...] = ()
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """604: an ability that does something all the time its source is on the battlefield."""

    effect: StaticEffect
    text: str


Ability = ManaAbility | ActivatedAbility | TriggeredAbility | StaticAbility


@dataclass(frozen=True, slots=True)
class Suspend:
    """702.62: exile from hand with ``time`` time counters by paying ``cost`` (a special
    action); ``abilities`` are its triggered abilities, which work while the card is in exile."""

    time: int
    cost: ManaCost
    abilities: tuple[TriggeredAbility, ...] = ()


@dataclass(frozen=True, slots=True)
class KeywordCost:
    """A keyword ability written with a cost (702): "Kicker {2}{R}" (702.33), "Flashback
    {1}{B}" (702.34), "Cycling {2}" and "Plainscycling {2}" (702.29), "Echo {3}{G}" (702.30),
    "Madness {R}" (702.35), ... ``keyword`` is its name in lower case; ``extra`` a cost other
    than mana ("Flashback—Pay 3 life")."""

    keyword: str
    cost: ManaCost
    extra: ExtraCost | None = None


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
    additional: ExtraCost | None = None  # 601.2b: "As an additional cost to cast ~, ..."
    keyword_costs: tuple[KeywordCost, ...] = ()  # kicker, flashback, cycling, echo, ... (702)
    # 204: colours not given by the mana cost: a token's (111.4), none for devoid (702.114a)
    color_indicator: frozenset[str] | None = None
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
    triggered: tuple[TriggeredAbility, ...] = field(init=False, compare=False, repr=False)
    has_activated: bool = field(init=False, compare=False, repr=False)
    exile_triggered: tuple[TriggeredAbility, ...] = field(init=False, compare=False, repr=False)
    statics: tuple[StaticEffect, ...] = field(init=False, compare=False, repr=False)
    replacements: tuple[Replacement, ...] = field(init=False, compare=False, repr=False)
    granting: tuple[StaticEffect, ...] = field(init=False, compare=False, repr=False)
    ability_granting: tuple[StaticEffect, ...] = field(init=False, compare=False, repr=False)
    controlling: tuple[StaticEffect, ...] = field(init=False, compare=False, repr=False)
    enters_tapped: bool = field(init=False, compare=False, repr=False)
    entering: tuple[StaticEffect, ...] = field(init=False, compare=False, repr=False)
    uncounterable: bool = field(init=False, compare=False, repr=False)
    least_mana: int = field(init=False, compare=False, repr=False)
    targets_spell: bool = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        put = object.__setattr__
        colors = self.cost.colors if self.cost else frozenset()
        put(self, "colors", colors if self.color_indicator is None else self.color_indicator)
        put(self, "mana_value", self.cost.mana_value if self.cost else 0)
        put(self, "is_permanent", bool(self.types & PERMANENT_TYPES))
        put(self, "is_land", "Land" in self.types)
        put(self, "is_creature", "Creature" in self.types)
        put(self, "is_legendary", "Legendary" in self.supertypes)
        put(self, "is_planeswalker", "Planeswalker" in self.types)
        # 117.1a / 702.8a: instants and cards with flash may be cast any time with priority.
        put(self, "is_instant_speed", "Instant" in self.types or "flash" in self.keywords)
        # What the event pipeline and the layer system look for, found once per card.
        put(self, "triggered", tuple(a for a in self.abilities if isinstance(a, TriggeredAbility)))
        put(self, "has_activated", any(isinstance(a, ActivatedAbility) for a in self.abilities))
        put(self, "exile_triggered", self.suspend.abilities if self.suspend else ())
        statics = tuple(a.effect for a in self.abilities if isinstance(a, StaticAbility))
        put(self, "statics", statics)
        put(self, "replacements", tuple(e for e in statics if isinstance(e, Replacement)))
        put(self, "granting", tuple(e for e in statics if e.affects_abilities))
        put(self, "ability_granting", tuple(e for e in statics if e.gives_abilities))
        put(self, "controlling", tuple(e for e in statics if e.changes_control))
        put(self, "enters_tapped", any(e.enters_tapped for e in statics))
        put(self, "entering", tuple(e for e in statics if e.replaces_entering))
        put(self, "uncounterable", any(e.uncounterable for e in statics))
        # The fewest mana casting it from the hand takes while no static ability on the
        # battlefield changes costs (601.2f): a symbol takes one mana at least. 0 (nothing
        # known) when its cost may be paid another way: tapping creatures (convoke, 702.51a),
        # fewer with artifacts (affinity, 702.41a), an alternative cost (evoke, dash: 118.9).
        cheaper = (
            "convoke" in self.keywords
            or "affinity for artifacts" in self.keywords
            or bool(self.keyword_costs)
        )
        put(self, "least_mana", 0 if cheaper or self.cost is None else self.cost.symbols)
        # A target that can only be a spell (Counterspell's): with the stack empty, no legal
        # choice, so the card can't be cast (601.2c).
        put(
            self,
            "targets_spell",
            any(
                t.spell is not None and not t.player and t.permanent is None and t.graveyard is None
                for t in self.targets
            ),
        )

    def keyword_cost(self, keyword: str) -> KeywordCost | None:
        """The card's first keyword ability ``keyword`` with a cost ("kicker"), or None."""
        for k in self.keyword_costs:
            if k.keyword == keyword:
                return k
        return None

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
