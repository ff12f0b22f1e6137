"""Trigger conditions (603.1-603.2): what event makes a triggered ability trigger, each a class
whose ``matches`` looks at one event; and intervening "if" clauses (603.4)."""

from __future__ import annotations

from manastack.events.types import (
    AttackerBlocked,
    AttackerDeclared,
    AttackerUnblocked,
    BecameTarget,
    BlockerDeclared,
    DamageDealt,
    EntersBattlefield,
    GameEvent,
    PermanentLeft,
    PermanentUntapped,
    SpellCast,
    StepBegins,
    Tapped,
    TimeCounterRemoved,
)
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.layers import is_creature
from manastack.state import Card, GameState, Permanent
from manastack.steps import Step
from manastack.vocabulary.base import Condition, TriggerCondition

# The events about one permanent, the one their ``permanent`` names: "~ attacks", "~ blocks",
# "~ becomes blocked", "~ attacks and isn't blocked", "~ becomes the target", "~ leaves the
# battlefield", "~ becomes tapped / untapped".
ABOUT_ONE_PERMANENT = (
    AttackerBlocked,
    AttackerDeclared,
    AttackerUnblocked,
    BecameTarget,
    BlockerDeclared,
    PermanentLeft,
    PermanentUntapped,
    Tapped,
)


class ItsOwnEvent(TriggerCondition):
    """603.2: a trigger of a permanent on an event of its own ("whenever ~ attacks", "whenever ~
    becomes tapped", "when ~ leaves the battlefield"): an event of a kind it ``watched`` (among
    :data:`ABOUT_ONE_PERMANENT`) whose permanent is the source, for which ``also`` holds. No
    other permanent's event can trigger it (``only_its_source``)."""

    __slots__ = ()

    @staticmethod
    def watched() -> tuple[type, ...]:
        return ABOUT_ONE_PERMANENT  # each subclass names its own among these

    def only_its_source(self) -> bool:
        return True

    def also(self, g: GameState, ev: GameEvent, controller: int) -> bool:
        """What more the event must be (``ev``: one of ``watched``, about the source)."""
        return True

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, ABOUT_ONE_PERMANENT)
            and ev.permanent is source
            and isinstance(ev, self.watched())
            and self.also(g, ev, controller)
        )


class ItsOwnAttack(ItsOwnEvent):
    """508.3a, 509.1h: a trigger on its source's attack ("whenever ~ attacks [alone / and isn't
    blocked]"), which remembers the player attacked ("defending player")."""

    __slots__ = ()

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, AttackerDeclared | AttackerUnblocked):
            return {"player": ev.defender}
        return None


class AtStep(TriggerCondition):
    """603.2, 603.7: a trigger at the beginning of a step or phase (a :class:`StepBegins`
    event) for which ``begins`` holds: "at the beginning of your upkeep", "of each end step",
    "of your next main phase"."""

    __slots__ = ()

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (StepBegins,)

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        """Whether the step or phase beginning (``ev.step``) is the one it waits for."""
        raise NotImplementedError

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, StepBegins) and self.begins(g, ev, source, controller)


class DamageTrigger(TriggerCondition):
    """603.2, 120.3: a trigger on damage dealt (more than 0) for which ``dealt`` holds ("whenever
    ~ deals combat damage to a player", "whenever ~ is dealt damage"); it remembers how much
    ("that much") and the player dealt it, if a player was ("that player")."""

    __slots__ = ()

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (DamageDealt,)

    def dealt(
        self, g: GameState, ev: DamageDealt, source: Permanent | Card | None, controller: int
    ) -> bool:
        """What more the damage must be (its source, its player or object, combat)."""
        raise NotImplementedError

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, DamageDealt) and ev.amount > 0 and self.dealt(g, ev, source, controller)
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if not isinstance(ev, DamageDealt):
            return None
        out: dict[str, object] = {"amount": ev.amount}
        if ev.player is not None:
            out["player"] = ev.player
        return out


@dataclass(frozen=True, slots=True)
class EntersTrigger(TriggerCondition):
    """ "When ~ enters" (``who="self"``) or "whenever another creature enters" (``"another"``)."""

    who: str = "self"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (EntersBattlefield,)

    def only_its_source(self) -> bool:
        return self.who == "self"

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, EntersBattlefield) or ev.permanent is None:
            return False
        if self.who == "self":
            return source is ev.permanent
        return source is not ev.permanent and is_creature(ev.permanent)

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        """The permanent that entered (what "if it was kicked" asks about, 603.4)."""
        if isinstance(ev, EntersBattlefield) and ev.permanent is not None:
            return {"entered": ev.permanent.oid}
        return None


@dataclass(frozen=True, slots=True)
class DiesTrigger(TriggerCondition):
    """ "When ~ dies" (``who="self"``) or "whenever ~ or another creature dies"
    (``"self_or_another"``): 700.4, a creature put into a graveyard from the battlefield."""

    who: str = "self"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentLeft,)

    def only_its_source(self) -> bool:
        return self.who == "self"

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, PermanentLeft) or not ev.dies:
            return False
        return self.who == "self_or_another" or source is ev.permanent


@dataclass(frozen=True, slots=True)
class StepTrigger(AtStep):
    """ "At the beginning of each [step]" (``whose="each"``) or "of your [step]" (``"your"``)."""

    step: Step
    whose: str = "each"

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.step is self.step and (self.whose == "each" or g.rules.is_active(g, controller))


@dataclass(frozen=True, slots=True)
class CastTrigger(TriggerCondition):
    """ "Whenever a player casts a spell" (``whose="any"``) or "whenever you cast" (``"you"``)."""

    whose: str = "any"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (SpellCast,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, SpellCast) and (
            self.whose == "any" or ev.item.controller == controller
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        """ "That player": the caster."""
        return {"player": ev.item.controller} if isinstance(ev, SpellCast) else None


@dataclass(frozen=True, slots=True)
class YourNextMainPhase(AtStep):
    """A delayed trigger (603.7): "at the beginning of your next main phase", counted from the
    turn and step it was created in."""

    created_turn: int
    created_step: int

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            ev.step.is_main
            and g.rules.is_active(g, controller)
            and (g.turn, int(ev.step)) != (self.created_turn, self.created_step)
        )


@dataclass(frozen=True, slots=True)
class UpkeepWhileSuspended(AtStep):
    """702.62a: "at the beginning of your upkeep" for a suspended card in exile."""

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.step is Step.UPKEEP and g.rules.is_active(g, controller)

    def announce(self, source_name: str, text: str) -> tuple[Msg, str]:
        return Msg("suspended {card!c}'s ability triggers", card=source_name), "702.62a"


@dataclass(frozen=True, slots=True)
class LastTimeCounterRemoved(TriggerCondition):
    """702.62a: "when the last time counter is removed from it" (it, in exile)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (TimeCounterRemoved,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, TimeCounterRemoved) and ev.left == 0 and source is ev.card

    def announce(self, source_name: str, text: str) -> tuple[Msg, str]:
        return Msg("the last time counter is gone: {card!c} triggers", card=source_name), "702.62a"


@dataclass(frozen=True, slots=True)
class StillSuspended(Condition):
    """702.62b: the card is still suspended: in exile with a time counter on it."""

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        cid = (info or {}).get("cid")
        return isinstance(cid, int) and g.card_counters.get(cid, {}).get("time", 0) > 0
