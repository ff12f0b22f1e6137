"""Keywords that are triggered abilities (702.83 exalted, 702.107 prowess, 702.45 bushido,
702.25 flanking, 702.23 rampage, 702.112 renown, 702.46 soulshift, 702.79 persist, 702.93
undying) or a static ability of the permanent itself (702.54 bloodthirst): the ability a card
with the keyword has."""

from __future__ import annotations

import re
from dataclasses import dataclass

from manastack.events.types import GameEvent, PermanentLeft
from manastack.state import Card, GameState, Permanent, StackItem
from manastack.vocabulary.base import (
    Effect,
    StaticAbility,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.combat_triggers import (
    AttacksAloneTrigger,
    BlockedByTrigger,
    BlocksTrigger,
    CastNoncreatureTrigger,
    CombatDamageToPlayer,
    PutIntoGraveyardTrigger,
)
from manastack.vocabulary.keywords import EntersWithCounters, PumpSource, PumpThat, RampagePump
from manastack.vocabulary.moves import ReturnFromGraveyard, YouMay

_NUMBERED = re.compile(r"(bushido|rampage|renown|soulshift|bloodthirst) (\d+)")
_PLAIN = ("exalted", "prowess", "flanking", "persist", "undying")


def is_triggered_keyword(word: str) -> bool:
    return word in _PLAIN or _NUMBERED.fullmatch(word) is not None


def keyword_ability(word: str) -> TriggeredAbility | StaticAbility | None:
    """The ability keyword ``word`` stands for, or None."""
    if word == "exalted":
        return TriggeredAbility(AttacksAloneTrigger(), (PumpThat(1, 1),), "Exalted")
    if word == "prowess":
        return TriggeredAbility(CastNoncreatureTrigger(), (PumpSource(1, 1),), "Prowess")
    if word == "flanking":
        return TriggeredAbility(BlockedByTrigger(), (PumpThat(-1, -1),), "Flanking")
    if word in ("persist", "undying"):
        kind = "-1/-1" if word == "persist" else "+1/+1"
        return TriggeredAbility(DiesWithout(kind), (ReturnWithCounter(kind),), word.capitalize())
    m = _NUMBERED.fullmatch(word)
    if m is None:
        return None
    n = int(m.group(2))
    text = f"{m.group(1).capitalize()} {n}"
    if m.group(1) == "bushido":
        return TriggeredAbility(BlocksTrigger(True, True), (PumpSource(n, n),), text)
    if m.group(1) == "renown":
        return TriggeredAbility(RenownTrigger(), (BecomeRenowned(n),), text)
    if m.group(1) == "soulshift":
        words = "target Spirit card with mana value " + str(n) + " or less from your graveyard"
        spec = TargetSpec(
            words,
            graveyard=frozenset(),
            subtype="Spirit",
            max_value=n,
        )
        effects = (YouMay(), ReturnFromGraveyard(0))  # 608.2d: chosen as it resolves
        return TriggeredAbility(PutIntoGraveyardTrigger(), effects, text, (spec,))
    if m.group(1) == "bloodthirst":
        return StaticAbility(EntersWithCounters(n, bloodthirst=True), text)
    return TriggeredAbility(BlocksTrigger(False, True), (RampagePump(n),), text)


# --- renown (702.112) ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RenownTrigger(CombatDamageToPlayer):
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned":
    the intervening "if" is checked as it triggers (and again by :class:`BecomeRenowned`)."""

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not CombatDamageToPlayer.matches(self, g, ev, source, controller):
            return False
        return isinstance(source, Permanent) and not g.marks.get(source.oid, {}).get("renowned")


@dataclass(frozen=True, slots=True)
class BecomeRenowned(Effect):
    """702.112a: "put N +1/+1 counters on it and it becomes renowned" (if it still isn't,
    603.4)."""

    n: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is None or g.marks.get(src.oid, {}).get("renowned"):
            return True
        src.counters = dict(src.counters or {})
        src.counters["+1/+1"] = src.counters.get("+1/+1", 0) + self.n
        g.marks[src.oid] = {**g.marks.get(src.oid, {}), "renowned": 1}
        g.emit(
            "counter",
            "{card!c} gets {n} +1/+1 counters and becomes renowned"
            if self.n != 1
            else "{card!c} gets a +1/+1 counter and becomes renowned",
            "702.112a",
            card=src.name,
            n=self.n,
        )
        return True


# --- persist (702.79) and undying (702.93) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DiesWithout(TriggerCondition):
    """702.79a / 702.93a: "When this permanent is put into a graveyard from the battlefield, if
    it had no ``kind`` counters on it" (as it last existed, 603.10a)."""

    kind: str

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (PermanentLeft,)

    def only_its_source(self) -> bool:
        return True

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return (
            isinstance(ev, PermanentLeft)
            and ev.permanent is source
            and ev.dest == "graveyard"
            and not (ev.permanent.counters or {}).get(self.kind)
        )

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, PermanentLeft) and not ev.permanent.card.token:
            return {"cid": ev.permanent.card.cid}
        return None


@dataclass(frozen=True, slots=True)
class ReturnWithCounter(Effect):
    """702.79a / 702.93a: "return it to the battlefield under its owner's control with a
    ``kind`` counter on it" (the card, from its owner's graveyard: 400.7)."""

    kind: str

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import enter_battlefield

        cid = (item.data or {}).get("cid")
        for pl in g.players:
            card = next((c for c in pl.graveyard if c.cid == cid), None)
            if card is not None:
                pl.graveyard.remove(card)
                rule = "702.79a" if self.kind == "-1/-1" else "702.93a"
                enter_battlefield(g, card, card.owner, rule=rule, counters={self.kind: 1})
                return True
        return True
