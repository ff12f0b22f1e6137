"""Triggers of combat and of leaving the battlefield (603.2, 508.3a, 509.3, 510.3a, 603.6c):
"whenever ~ attacks", "whenever ~ blocks", "whenever ~ becomes blocked", "whenever ~ blocks or
becomes blocked", "whenever ~ deals combat damage to a player", "when ~ leaves the
battlefield"."""

from __future__ import annotations

from dataclasses import dataclass

from manastack.events.types import (
    AttackerBlocked,
    AttackerDeclared,
    BlockerDeclared,
    DamageDealt,
    GameEvent,
    PermanentLeft,
)
from manastack.state import Card, GameState, Permanent
from manastack.vocabulary.base import TriggerCondition


@dataclass(frozen=True, slots=True)
class AttacksTrigger(TriggerCondition):
    """508.3a: "whenever ~ attacks" (as attackers are declared)."""

    events = (AttackerDeclared,)

    def only_its_source(self) -> bool:
        return True

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, AttackerDeclared) and ev.permanent is source

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"player": ev.defender} if isinstance(ev, AttackerDeclared) else None


@dataclass(frozen=True, slots=True)
class BlocksTrigger(TriggerCondition):
    """509.3a: "whenever ~ blocks" (``blocked=False``); 509.3c: "whenever ~ becomes blocked"
    (``blocks=False``, once however many block it); both: "whenever ~ blocks or becomes
    blocked"."""

    events = (BlockerDeclared, AttackerBlocked)

    blocks: bool = True
    blocked: bool = False

    def only_its_source(self) -> bool:
        return True

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if self.blocks and isinstance(ev, BlockerDeclared) and ev.permanent is source:
            return True
        return self.blocked and isinstance(ev, AttackerBlocked) and ev.permanent is source


@dataclass(frozen=True, slots=True)
class CombatDamageToPlayer(TriggerCondition):
    """510.3a: "whenever ~ deals combat damage to a player" ("that player": ``info``)."""

    events = (DamageDealt,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, DamageDealt)
            and ev.combat
            and ev.player is not None
            and ev.amount > 0
            and ev.source is source
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, DamageDealt):
            return {"player": ev.player, "amount": ev.amount}
        return None


@dataclass(frozen=True, slots=True)
class LeavesTrigger(TriggerCondition):
    """603.6c / 603.10a: "when ~ leaves the battlefield" (to any zone; it looks back)."""

    events = (PermanentLeft,)

    def only_its_source(self) -> bool:
        return True

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, PermanentLeft) and ev.permanent is source
