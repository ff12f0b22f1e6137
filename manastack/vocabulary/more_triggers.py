"""More trigger conditions (603.2): "whenever a creature enters under your control", "whenever ~
or another Ally enters under your control", "whenever another creature dies", "whenever a
creature you control dies", "whenever ~ attacks and isn't blocked", "whenever ~ deals damage to
a player", "whenever ~ is dealt damage", "whenever you gain life", "whenever ~ becomes tapped".
What they remember ("that player", "that much") reaches the effects as ``item.data``."""

from __future__ import annotations

from manastack.events.types import (
    AttackerDeclared,
    AttackerUnblocked,
    CardDrawn,
    DamageDealt,
    EntersBattlefield,
    GameEvent,
    LifeGained,
    PermanentLeft,
    PermanentUntapped,
    Tapped,
)
from manastack.frozen import dataclass
from manastack.state import Card, GameState, Permanent, StackItem
from manastack.vocabulary.base import Amount, Filter, TriggerCondition
from manastack.vocabulary.triggers import DamageTrigger, ItsOwnAttack, ItsOwnEvent


@dataclass(frozen=True, slots=True)
class NotToken(Filter):
    """ "nontoken" (111.1)."""

    def permanent(self, g: GameState, p: Permanent, you: int) -> bool:
        return not p.card.token


@dataclass(frozen=True, slots=True)
class EntersWhich(TriggerCondition):
    """603.6a: "whenever a[nother] <what> enters [under your control]" (``who``: "a",
    "another" or "self_or_another": "~ or another"; ``yours``: "under your control")."""

    what: Filter
    who: str = "a"
    yours: bool = True

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (EntersBattlefield,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, EntersBattlefield) or ev.permanent is None:
            return False
        p = ev.permanent
        if self.yours and p.controller != controller:
            return False
        if p is source:
            return self.who == "self_or_another"
        if self.who == "self":
            return False
        return self.what.permanent(g, p, controller)

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, EntersBattlefield) and ev.permanent is not None:
            return {"that": ev.permanent.oid}
        return None


@dataclass(frozen=True, slots=True)
class DiesWhich(TriggerCondition):
    """700.4, 603.10a: "whenever a[nother] <what> dies" (a creature put into a graveyard from
    the battlefield, as it last existed there; ``what`` seen by the ability's controller)."""

    what: Filter
    another: bool = False

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentLeft,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, PermanentLeft) or not ev.dies:
            return False
        if self.another and ev.permanent is source:
            return False
        return self.what.permanent(g, ev.permanent, controller)


@dataclass(frozen=True, slots=True)
class AttacksUnblocked(ItsOwnAttack):
    """509.1h: "whenever ~ attacks and isn't blocked" ("defending player": ``info``)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (AttackerUnblocked,)


@dataclass(frozen=True, slots=True)
class DealsDamage(DamageTrigger):
    """603.2, 120.3: "whenever ~ deals [combat] damage [to a player / to an opponent / to a
    creature]" (``to``: "", "player", "opponent", "creature"); it remembers the player and how
    much ("that player", "that much")."""

    to: str = ""
    combat: bool = False

    def dealt(
        self, g: GameState, ev: DamageDealt, source: Permanent | Card | None, controller: int
    ) -> bool:
        if ev.source is not source or (self.combat and not ev.combat):
            return False
        if self.to == "player":
            return ev.player is not None
        if self.to == "opponent":
            return ev.player is not None and not g.format.same_team(ev.player, controller)
        if self.to == "creature":
            return ev.target is not None
        return True


@dataclass(frozen=True, slots=True)
class DealtDamage(DamageTrigger):
    """603.2: "whenever ~ is dealt [combat] damage" ("that much": ``info``)."""

    combat: bool = False

    def dealt(
        self, g: GameState, ev: DamageDealt, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.target is not None and ev.target is source and (ev.combat or not self.combat)


@dataclass(frozen=True, slots=True)
class YouGainLife(TriggerCondition):
    """603.2, 119.3: "whenever you gain life" ("that much", "that many": ``info``)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (LifeGained,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, LifeGained) and ev.player == controller and ev.amount > 0

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"amount": ev.amount} if isinstance(ev, LifeGained) else None


@dataclass(frozen=True, slots=True)
class BecomesTapped(ItsOwnEvent):
    """603.2, 701.26a: "whenever ~ becomes tapped"."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (Tapped,)


@dataclass(frozen=True, slots=True)
class ThatMuch(Amount):
    """ "that much" / "that many" (``word``): the amount the trigger remembered (the damage
    dealt, the life gained)."""

    word: str = "much"

    def value(self, g: GameState, item: StackItem) -> int:
        v = (item.data or {}).get("amount")
        return v if isinstance(v, int) else 0


@dataclass(frozen=True, slots=True)
class AttachedAttacks(TriggerCondition):
    """508.3a: "whenever enchanted/equipped creature attacks" (the creature the source is
    attached to; ``kind``: "enchanted" or "equipped", for the words); "defending player"."""

    kind: str = "equipped"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (AttackerDeclared,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, AttackerDeclared)
            and isinstance(source, Permanent)
            and source.attached_to == ev.permanent.oid
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"player": ev.defender} if isinstance(ev, AttackerDeclared) else None


@dataclass(frozen=True, slots=True)
class AttachedDealsCombatDamage(DamageTrigger):
    """510.3a: "whenever enchanted/equipped creature deals combat damage to a player" ("that
    player": ``info``)."""

    kind: str = "equipped"

    def dealt(
        self, g: GameState, ev: DamageDealt, source: Permanent | Card | None, controller: int
    ) -> bool:
        src = ev.source
        return (
            ev.combat
            and ev.player is not None
            and isinstance(source, Permanent)
            and isinstance(src, Permanent)
            and source.attached_to == src.oid
        )


@dataclass(frozen=True, slots=True)
class AttacksAlone(ItsOwnAttack):
    """506.5, 508.3a: "whenever ~ attacks alone"."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (AttackerDeclared,)

    def also(self, g: GameState, ev: GameEvent, controller: int) -> bool:
        return isinstance(ev, AttackerDeclared) and ev.alone


@dataclass(frozen=True, slots=True)
class AttacksWithOthers(ItsOwnAttack):
    """Battalion: "whenever ~ and at least two other creatures attack" (508.3a: counted as
    attackers are declared)."""

    others: int = 2

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (AttackerDeclared,)

    def also(self, g: GameState, ev: GameEvent, controller: int) -> bool:
        c = g.combat
        if c is None:
            return False
        mine = 0
        for oid in c.attackers:
            p = g.permanent(oid)
            if p is not None and p.controller == controller:
                mine += 1
        return mine > self.others


@dataclass(frozen=True, slots=True)
class YouDraw(TriggerCondition):
    """121.1, 603.2: "whenever you draw a card"."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (CardDrawn,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, CardDrawn) and ev.player == controller and ev.card is not None


@dataclass(frozen=True, slots=True)
class BecomesUntapped(ItsOwnEvent):
    """603.2, 701.26b: "whenever ~ becomes untapped" (inspired: in its controller's untap step,
    or by an effect)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentUntapped,)


class ItsCreatureDies(TriggerCondition):
    """700.4, 603.10a: a trigger of an Aura or Equipment on the death of the creature it was
    attached to, looking back at the battlefield as it was (the source still attached)."""

    __slots__ = ()

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentLeft,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, PermanentLeft)
            and ev.dies
            and isinstance(source, Permanent)
            and source.attached_to == ev.permanent.oid
        )


@dataclass(frozen=True, slots=True)
class AttachedDies(ItsCreatureDies):
    """700.4, 603.10a: "when enchanted/equipped creature dies" (``kind``, for the words)."""

    kind: str = "enchanted"
