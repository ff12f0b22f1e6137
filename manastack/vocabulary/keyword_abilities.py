"""Keywords that are triggered abilities (702.83 exalted, 702.108 prowess, 702.45 bushido,
702.25 flanking, 702.23 rampage, 702.112 renown, 702.46 soulshift, 702.79 persist, 702.93
undying) or a static ability of the permanent itself (702.54 bloodthirst): the ability a card
with the keyword has."""

from __future__ import annotations

import re

from manastack import layers
from manastack.events.types import EntersBattlefield, GameEvent, PermanentLeft
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import Card, Effect613, GameState, Permanent, StackItem, without
from manastack.vocabulary.base import (
    Effect,
    StaticAbility,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.combat_triggers import (
    AttacksAloneTrigger,
    AttacksTrigger,
    BlockedByTrigger,
    BlocksTrigger,
    CastNoncreatureTrigger,
    CombatDamageToPlayer,
    PutIntoGraveyardTrigger,
)
from manastack.vocabulary.filters import HasType
from manastack.vocabulary.keywords import EntersWithCounters, PumpSource, PumpThat, RampagePump
from manastack.vocabulary.moves import ReturnFromGraveyard, YouMay
from manastack.vocabulary.triggers import DiesTrigger, EntersTrigger
from manastack.vocabulary.upkeep_keywords import YourUpkeep

_ARTIFACT_CREATURE = HasType(frozenset({"Artifact"})) & HasType(frozenset({"Creature"}))

_NUMBERED = re.compile(
    r"(bushido|rampage|renown|soulshift|bloodthirst|modular|fading|vanishing|fabricate) (\d+)"
)
_PLAIN = (
    "exalted",
    "prowess",
    "flanking",
    "persist",
    "undying",
    "battle cry",
    "evolve",
    "cascade",
)


def is_triggered_keyword(word: str) -> bool:
    return word in _PLAIN or _NUMBERED.fullmatch(word) is not None


def keyword_abilities(word: str) -> tuple[TriggeredAbility | StaticAbility, ...]:
    """The abilities keyword ``word`` stands for (modular, fading and vanishing stand for
    two), or none."""
    m = _NUMBERED.fullmatch(word)
    if m is not None and m.group(1) in ("modular", "fading", "vanishing"):
        n = int(m.group(2))
        kind = {"modular": "+1/+1", "fading": "fade", "vanishing": "time"}[m.group(1)]
        text = f"{m.group(1).capitalize()} {n}"
        enters = StaticAbility(EntersWithCounters(n, kind), text)
        if m.group(1) == "modular":
            spec = TargetSpec("target artifact creature", permanent=_ARTIFACT_CREATURE)
            moves = (YouMay(), MoveCountersFrom(0))  # 608.2d: chosen as it resolves
            return enters, TriggeredAbility(ModularDies("self"), moves, text, (spec,))
        remove = RemoveCounterOrSacrifice(kind, m.group(1) == "vanishing")
        return enters, TriggeredAbility(YourUpkeep(), (remove,), text)
    ab = keyword_ability(word)
    return () if ab is None else (ab,)


def keyword_ability(word: str) -> TriggeredAbility | StaticAbility | None:
    """The ability keyword ``word`` stands for, or None."""
    if word == "exalted":
        return TriggeredAbility(AttacksAloneTrigger(), (PumpThat(1, 1),), "Exalted")
    if word == "prowess":
        return TriggeredAbility(CastNoncreatureTrigger(), (PumpSource(1, 1),), "Prowess")
    if word == "flanking":
        return TriggeredAbility(BlockedByTrigger(), (PumpThat(-1, -1),), "Flanking")
    if word == "cascade":
        from manastack.vocabulary.alt_costs import CASCADE

        return CASCADE
    if word == "battle cry":
        return TriggeredAbility(AttacksTrigger(), (BattleCry(),), "Battle cry")
    if word == "evolve":
        return TriggeredAbility(EvolveTrigger(), (Evolve(),), "Evolve")
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
    if m.group(1) == "fabricate":
        made = (YouMay(), Fabricate(n, True), Fabricate(n, False))
        return TriggeredAbility(EntersTrigger("self"), made, text)
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
        g.marks = {**g.marks, src.oid: {**g.marks.get(src.oid, {}), "renowned": 1}}
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
                pl.graveyard = without(pl.graveyard, card)
                rule = "702.79a" if self.kind == "-1/-1" else "702.93a"
                enter_battlefield(g, card, card.owner, rule=rule, counters={self.kind: 1})
                return True
        return True


# --- battle cry (702.91) --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BattleCry(Effect):
    """702.91a: "each other attacking creature gets +1/+0 until end of turn" (those attacking
    as it resolves, 611.2c)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        if g.combat is None:
            return True
        for oid in list(g.combat.attackers):
            p = g.permanent(oid)
            if p is not None and oid != item.source_oid:
                g.effects += (Effect613(g.new_id(), "7c", oid, 1, 0),)
        g.emit(
            "effect",
            "{card!c}: each other attacking creature gets +1/+0 until end of turn",
            "702.91a",
            card=item.source_name,
        )
        return True


# --- evolve (702.100) -----------------------------------------------------------------------------


def _bigger(g: GameState, other: Permanent, me: Permanent) -> bool:
    op, ot = layers.power_toughness(g, other)
    mp, mt = layers.power_toughness(g, me)
    return op > mp or ot > mt


@dataclass(frozen=True, slots=True)
class EvolveTrigger(TriggerCondition):
    """702.100a: "Whenever a creature enters under your control, if that creature has greater
    power or toughness than this creature" (the intervening "if", 603.4; ``info["entered"]``
    is that creature)."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (EntersBattlefield,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, EntersBattlefield) or ev.permanent is None:
            return False
        other = ev.permanent
        if other is source or not isinstance(source, Permanent):
            return False
        if other.controller != controller or not layers.is_creature(other):
            return False
        return _bigger(g, other, source)

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, EntersBattlefield) and ev.permanent is not None:
            return {"entered": ev.permanent.oid}
        return None


@dataclass(frozen=True, slots=True)
class Evolve(Effect):
    """702.100a: "put a +1/+1 counter on this creature", if the "if" still holds (603.4: the
    creature that entered as it last existed, if it has left)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        me = g.permanent(item.source_oid) if item.source_oid is not None else None
        oid = (item.data or {}).get("entered")
        other = g.permanent(oid) if isinstance(oid, int) else None
        if me is None:
            return True
        if other is not None and not _bigger(g, other, me):
            g.emit(
                "resolve",
                '{card!c}\'s ability does nothing: its "if" is false',
                "603.4",
                card=item.source_name,
            )
            return True
        me.counters = dict(me.counters or {})
        me.counters["+1/+1"] = me.counters.get("+1/+1", 0) + 1
        g.emit("counter", "{card!c} evolves: a +1/+1 counter", "702.100a", card=me.name)
        return True


# --- modular (702.43), fading (702.32), vanishing (702.63) ----------------------------------------


@dataclass(frozen=True, slots=True)
class ModularDies(DiesTrigger):
    """702.43a: "When this creature dies": it remembers its +1/+1 counters (603.10a)."""

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, PermanentLeft):
            return {"counters": (ev.permanent.counters or {}).get("+1/+1", 0)}
        return None


@dataclass(frozen=True, slots=True)
class MoveCountersFrom(Effect):
    """702.43a: "put its +1/+1 counters on target artifact creature" (as many as it had as it
    last existed, ``item.data["counters"]``)."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack import stack

        n = (item.data or {}).get("counters", 0)
        p = stack.target_permanent(g, item, self.target)
        if p is None or not isinstance(n, int) or n <= 0:
            return True
        p.counters = dict(p.counters or {})
        p.counters["+1/+1"] = p.counters.get("+1/+1", 0) + n
        g.emit(
            "counter",
            "{card!c} gets {n} +1/+1 counters (modular)",
            "702.43a",
            card=p.name,
            n=n,
        )
        return True


@dataclass(frozen=True, slots=True)
class RemoveCounterOrSacrifice(Effect):
    """702.32a (fading): "remove a fade counter from it. If you can't, sacrifice it."; 702.63a
    (vanishing): "remove a time counter from it", and "when the last is removed, sacrifice
    it" (``last``: sacrificed as the last one goes, or with none to remove)."""

    kind: str
    last: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import leave_battlefield

        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is None:
            return True
        rule = "702.63a" if self.last else "702.32a"
        n = (src.counters or {}).get(self.kind, 0)
        if n == 0 and self.last:
            return True  # 702.63a: only "if this permanent has a time counter on it"
        if n > 0:
            src.counters = dict(src.counters or {})
            src.counters[self.kind] = n - 1
            g.emit(
                "counter",
                "a {counter} counter is removed from {card!c} ({left} left)",
                rule,
                counter=self.kind,
                card=src.name,
                left=n - 1,
            )
            if not (self.last and n == 1):
                return True
        leave_battlefield(g, [src], "graveyard", Msg("is sacrificed"), rule)
        return True


# --- fabricate (702.123) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fabricate(Effect):
    """702.123a: "you may put N +1/+1 counters on it. If you don't, create N 1/1 colorless
    Servo artifact creature tokens": the counters (``counters``, skipped by "no", 608.2d), then
    the Servos, created only if the counters weren't put."""

    n: int
    counters: bool

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.vocabulary.tokens import CreateTokens, token_def

        data = item.data or {}
        if self.counters:
            item.data = {**data, "fabricated": 1}
            src = g.permanent(item.source_oid) if item.source_oid is not None else None
            if src is not None:
                src.counters = dict(src.counters or {})
                src.counters["+1/+1"] = src.counters.get("+1/+1", 0) + self.n
                g.emit(
                    "counter",
                    "{card!c} gets {n} +1/+1 counters (fabricate)",
                    "702.123a",
                    card=src.name,
                    n=self.n,
                )
            return True
        if data.get("fabricated"):
            return True
        servo = token_def(("Servo",), 1, 1, "", artifact=True)
        return CreateTokens(self.n, servo).resolve(g, item)
