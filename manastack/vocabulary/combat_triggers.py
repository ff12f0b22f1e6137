"""Triggers of combat and of leaving the battlefield (603.2, 508.3a, 509.3, 510.3a, 603.6c):
"whenever ~ attacks", "whenever ~ blocks", "whenever ~ becomes blocked", "whenever ~ blocks or
becomes blocked", "whenever ~ deals combat damage to a player", "when ~ leaves the
battlefield"."""

from __future__ import annotations

from manastack import layers
from manastack.events.types import (
    AttackerBlocked,
    AttackerDeclared,
    BecameTarget,
    BlockerDeclared,
    DamageDealt,
    EntersBattlefield,
    GameEvent,
    PermanentLeft,
    SpellCast,
)
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import Card, GameState, Permanent
from manastack.targeting import spell_types
from manastack.vocabulary.base import TriggerCondition
from manastack.vocabulary.triggers import DamageTrigger, ItsOwnAttack, ItsOwnEvent


@dataclass(frozen=True, slots=True)
class AttacksTrigger(ItsOwnAttack):
    """508.3a: "whenever ~ attacks" (as attackers are declared)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (AttackerDeclared,)


@dataclass(frozen=True, slots=True)
class BlocksTrigger(ItsOwnEvent):
    """509.3a: "whenever ~ blocks" (``blocked=False``); 509.3c: "whenever ~ becomes blocked"
    (``blocks=False``, once however many block it); both: "whenever ~ blocks or becomes
    blocked"."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (BlockerDeclared, AttackerBlocked)

    blocks: bool = True
    blocked: bool = False

    def also(self, g: GameState, ev: GameEvent, controller: int) -> bool:
        return self.blocks if isinstance(ev, BlockerDeclared) else self.blocked

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"blockers": ev.blockers} if isinstance(ev, AttackerBlocked) else None


@dataclass(frozen=True, slots=True)
class CombatDamageToPlayer(DamageTrigger):
    """510.3a: "whenever ~ deals combat damage to a player" ("that player": ``info``)."""

    def dealt(
        self, g: GameState, ev: DamageDealt, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.combat and ev.player is not None and ev.source is source


@dataclass(frozen=True, slots=True)
class LeavesTrigger(ItsOwnEvent):
    """603.6c / 603.10a: "when ~ leaves the battlefield" (to any zone; it looks back)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentLeft,)


@dataclass(frozen=True, slots=True)
class AttacksAloneTrigger(TriggerCondition):
    """702.83a (exalted): "whenever a creature you control attacks alone" (506.5); "that
    creature" is remembered as ``attacker``."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (AttackerDeclared,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, AttackerDeclared) and ev.alone and ev.permanent.controller == controller
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"that": ev.permanent.oid} if isinstance(ev, AttackerDeclared) else None

    def announce(self, source_name: str, text: str) -> tuple[Msg, str]:
        return Msg("{card!c}'s exalted triggers", card=source_name), "702.83a"


@dataclass(frozen=True, slots=True)
class BlockedByTrigger(TriggerCondition):
    """702.25a (flanking): "whenever ~ becomes blocked by a creature without flanking"; the
    blocker is remembered as ``that``."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (BlockerDeclared,)

    def only_its_source(self) -> bool:
        return False

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, BlockerDeclared)
            and ev.attacker is source
            and not layers.has(g, ev.permanent, "flanking")
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"that": ev.permanent.oid} if isinstance(ev, BlockerDeclared) else None


@dataclass(frozen=True, slots=True)
class CastNoncreatureTrigger(TriggerCondition):
    """702.108a (prowess): "whenever you cast a noncreature spell"."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (SpellCast,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, SpellCast)
            and ev.item.controller == controller
            and "Creature" not in spell_types(ev.item)
        )


@dataclass(frozen=True, slots=True)
class LandfallTrigger(TriggerCondition):
    """ "Whenever a land enters under your control" (landfall, 207.2c)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (EntersBattlefield,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, EntersBattlefield)
            and ev.permanent is not None
            and ev.permanent.controller == controller
            and "Land" in layers.types(ev.permanent)
        )


@dataclass(frozen=True, slots=True)
class BecomesTargetTrigger(ItsOwnEvent):
    """ "When ~ becomes the target of a spell or ability" (603.2)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (BecameTarget,)


@dataclass(frozen=True, slots=True)
class PutIntoGraveyardTrigger(ItsOwnEvent):
    """ "When ~ is put into a graveyard from the battlefield" (603.6c, 603.10a); the card in
    the graveyard is remembered (400.7d: the ability can find the new object)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentLeft,)

    def also(self, g: GameState, ev: GameEvent, controller: int) -> bool:
        return isinstance(ev, PermanentLeft) and ev.dest == "graveyard"

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, PermanentLeft) and not ev.permanent.card.token:
            return {"cid": ev.permanent.card.cid}
        return None
