"""Cycling (702.29): an activated ability that works while the card is in its owner's hand,
"[Cost], Discard this card: Draw a card." (702.29a), and typecycling, which searches for a card
of a type instead (702.29e); "when you cycle ~" triggers from wherever the card went (702.29c).
Activating it is ``ActivateCard``: the ability goes on the stack like any other (602.2), the
card being discarded as part of its cost (601.2h, 602.2b).
"""

from __future__ import annotations

from collections.abc import Sequence

from manastack import casting, targeting
from manastack.actions import Action, ActivateCard
from manastack.errors import IllegalAction
from manastack.events import happen
from manastack.events.pipeline import queue_card_trigger
from manastack.events.types import GameEvent
from manastack.frozen import dataclass
from manastack.state import Card, GameState, Permanent, StackItem, without
from manastack.steps import Step
from manastack.vocabulary.base import (
    ActivatedAbility,
    Cost,
    Effect,
    KeywordCost,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.costs import ExtraCost
from manastack.vocabulary.filters import HasType

# 702.29e: what typecycling searches for ("" a basic land card).
TYPECYCLING = {
    "basic landcycling": "",
    "plainscycling": "Plains",
    "islandcycling": "Island",
    "swampcycling": "Swamp",
    "mountaincycling": "Mountain",
    "forestcycling": "Forest",
    "wizardcycling": "Wizard",
    "slivercycling": "Sliver",
}
_DISCARD_THIS = ExtraCost(discard=1)  # "Discard this card": the card itself (chosen already)
_TAIL = ", reveal it, put it into your hand, then shuffle your library"


def is_cycling(kc: KeywordCost) -> bool:
    return kc.keyword == "cycling" or kc.keyword in TYPECYCLING


GRAVEYARD_ABILITIES = ("unearth", "scavenge")
"""Keywords that are activated abilities of a card in its owner's graveyard, at sorcery speed
(unearth 702.84a, scavenge 702.97a)."""


def zone_of(kc: KeywordCost) -> str:
    """The zone the keyword's ability works from ("" if it is not such an ability)."""
    if is_cycling(kc):
        return "hand"
    return "graveyard" if kc.keyword in GRAVEYARD_ABILITIES else ""


_CREATURE = TargetSpec("target creature", permanent=HasType(frozenset({"Creature"})))


def card_ability(kc: KeywordCost) -> ActivatedAbility:
    """What the keyword means as an activated ability: 702.29a "Cycling [cost]" ([cost],
    discard this card: draw a card), 702.29e "[Type]cycling [cost]", 702.84a "Unearth [cost]"
    (return this card to the battlefield; it gains haste; exile it at the next end step or if
    it would leave; only as a sorcery), 702.97a "Scavenge [cost]" ([cost], exile this card
    from your graveyard: put +1/+1 counters equal to its power on target creature; only as a
    sorcery)."""
    from manastack.vocabulary.effects import DrawCards  # the effects import the rules modules
    from manastack.vocabulary.moves import SearchBasicLand

    text = f"{kc.keyword.capitalize()} {kc.cost}"
    if kc.keyword == "unearth":
        return ActivatedAbility(Cost(mana=kc.cost), (Unearth(),), text, (), True)
    if kc.keyword == "scavenge":
        return ActivatedAbility(Cost(mana=kc.cost), (Scavenge(0),), text, (_CREATURE,), True)
    cost = Cost(mana=kc.cost, extra=_DISCARD_THIS)
    if kc.keyword == "cycling":
        return ActivatedAbility(cost, (DrawCards(1, "you", 0),), text)
    search = SearchBasicLand("hand", False, True, TYPECYCLING[kc.keyword], _TAIL)
    return ActivatedAbility(cost, (search,), text)


def _zone(g: GameState, pi: int, where: str) -> Sequence[Card]:
    pl = g.players[pi]
    return pl.hand if where == "hand" else pl.graveyard


def refusal(g: GameState, pi: int, card: Card | None, index: int) -> IllegalAction | None:
    """Why ``pi`` can't activate ability ``index`` of ``card`` (in their hand or graveyard) now,
    or None."""
    kcs = card.cdef.keyword_costs if card is not None else ()
    where = zone_of(kcs[index]) if 0 <= index < len(kcs) else ""
    if card is None or not where:
        name = card.name if card is not None else "?"
        return IllegalAction(
            "unknown",
            "{card!c} has no ability {value} that works from a hand or a graveyard",
            "113.6",
            card=name,
            value=index + 1,
        )
    if card not in _zone(g, pi, where):
        if where == "hand":
            return IllegalAction("unknown", "that card is not in your hand", "702.29a")
        return IllegalAction("unknown", "that card is not in your graveyard", "113.6")
    ab = card_ability(kcs[index])
    if g.stack and casting.split_second(g):
        return IllegalAction("timing", "a spell with split second is on the stack", "702.61a")
    if ab.sorcery_speed and not casting.sorcery_timing_ok(g, pi):
        return IllegalAction("timing", "this ability can be activated only as a sorcery", "602.5d")
    for spec in ab.targets:
        if not targeting.has_legal_target(g, spec, None, pi, targeting.card_quality(card.cdef)):
            return IllegalAction(
                "target", "no legal {spec!t} for {card!c}", "602.2b", spec=spec.text, card=card.name
            )
    if not casting.can_afford(g, pi, kcs[index].cost):
        return IllegalAction(
            "cost", "{player} can't pay {cost}", "602.2b", player=g.pname(pi), cost=kcs[index].cost
        )
    return None


def hand_actions(g: GameState, pi: int) -> list[Action]:
    """The abilities of cards in ``pi``'s hand (cycling) and graveyard (unearth, scavenge) they
    may activate now."""
    out: list[Action] = []
    seen: set[tuple[str, str]] = set()
    pl = g.players[pi]
    for where, zone in (("hand", pl.hand), ("graveyard", pl.graveyard)):
        for c in zone:
            kcs = c.cdef.keyword_costs
            if not kcs or (where, c.cdef.name) in seen:
                continue
            seen.add((where, c.cdef.name))
            for i, kc in enumerate(kcs):
                if zone_of(kc) == where and refusal(g, pi, c, i) is None:
                    out.append(ActivateCard(pi, c.cid, i))
    return out


def activate_card(g: GameState, a: ActivateCard) -> None:
    """602.2a: the ability goes on the stack; its cost is then paid (602.2b): a card cycled is
    discarded with the mana, a card scavenged exiled."""
    casting.check_priority(g, a.player, "activate an ability")
    pl = g.players[a.player]
    card = next((c for c in (*pl.hand, *pl.graveyard) if c.cid == a.cid), None)
    err = refusal(g, a.player, card, a.index)
    if err:
        raise err
    assert card is not None
    kc = card.cdef.keyword_costs[a.index]
    ab = card_ability(kc)
    g.cast_snapshot = g.clone()
    item = StackItem(
        g.new_id(), "activated", a.player, card.name, ab.effects, ab.targets, ability=ab
    )
    g.stack.append(item)
    g.passes = 0
    if is_cycling(kc):
        item.data = {"discard": [card.cid], "cycled": card.cid}
        g.emit(
            "activate",
            "{player} activates {card!c}'s {ability!t} from their hand",
            "702.29a",
            player=pl.name,
            card=card.name,
            ability=ab.text,
        )
    else:
        item.data = {"card": card.cid, "power": card.cdef.power or 0}
        if kc.keyword == "scavenge":
            item.data["exile_self"] = card.cid
        g.emit(
            "activate",
            "{player} activates {card!c}'s {ability!t} from their graveyard",
            "702.84a" if kc.keyword == "unearth" else "702.97a",
            player=pl.name,
            card=card.name,
            ability=ab.text,
        )
    casting._announce(g, item, kc.cost)


class CardCycled(GameEvent):
    """702.29c-d: a player has cycled a card (discarded it to pay a cycling cost)."""

    __slots__ = ("card", "player")

    def __init__(self, card: Card, player: int) -> None:
        self.card = card
        self.player = player


def after_cost(g: GameState, item: StackItem) -> None:
    """After the cost of a card's ability is paid: a card scavenged is exiled (702.97a, part of
    the cost); a card cycled has been cycled (702.29c)."""
    data = item.data or {}
    cid = data.get("exile_self")
    if cid is not None:
        pl = g.players[item.controller]
        card = next((c for c in pl.graveyard if c.cid == cid), None)
        if card is not None:
            pl.graveyard = without(pl.graveyard, card)
            pl.exile += (card,)
            g.emit("pay", "{card!c} is exiled from the graveyard (cost)", "702.97a", card=card.name)
    if "cycled" in data:
        cycled(g, item)


def cycled(g: GameState, item: StackItem) -> None:
    """The card has been cycled (702.29c): its own "when you cycle" abilities trigger from
    where it went, and others' "whenever a player cycles" ones."""
    cid = (item.data or {}).get("cycled")
    pl = g.players[item.controller]
    card = next((c for z in (pl.graveyard, pl.exile) for c in z if c.cid == cid), None)
    if card is None:
        return
    for ab in card.cdef.abilities:
        if isinstance(ab, TriggeredAbility) and isinstance(ab.trigger, YouCycleThis):
            queue_card_trigger(g, ab, card)
    happen(g, CardCycled(card, item.controller))


@dataclass(frozen=True, slots=True)
class YouCycleThis(TriggerCondition):
    """702.29c: "When you cycle ~": put on the stack by :func:`cycled` as the card is cycled
    (from whatever zone it went to); no event on the battlefield matches it."""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (CardCycled,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class CyclesTrigger(TriggerCondition):
    """702.29d: "whenever a player cycles a card" (``whose="any"``), "whenever you cycle a
    card" (``"you"``)."""

    whose: str = "any"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (CardCycled,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return isinstance(ev, CardCycled) and (self.whose == "any" or ev.player == controller)


# --- unearth (702.84) and scavenge (702.97) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unearth(Effect):
    """702.84a: "Return this card from your graveyard to the battlefield. It gains haste. Exile
    it at the beginning of the next end step." (its replacement, exile if it would leave, is
    kept in ``g.marks``: ``zones``' leaving looks)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.state import DelayedTrigger, Effect613
        from manastack.vocabulary.alt_costs import NextEndStep
        from manastack.zones import enter_battlefield

        cid = (item.data or {}).get("card")
        pl = g.players[item.controller]
        card = next((c for c in pl.graveyard if c.cid == cid), None)
        if card is None:
            return True
        pl.graveyard = without(pl.graveyard, card)
        p = enter_battlefield(g, card, item.controller, rule="702.84a")
        if p is None:
            return True
        g.marks = {**g.marks, p.oid: {**g.marks.get(p.oid, {}), "unearthed": 1}}
        haste = Effect613(g.new_id(), "6", p.oid, 0, 0, False, keywords=frozenset({"haste"}))
        g.effects += (haste,)
        later = TriggeredAbility(
            NextEndStep(g.turn, g.step >= Step.END), (ExileIt(p.oid),), "exile it (unearth)"
        )
        g.delayed += (DelayedTrigger(later.trigger, later, item.controller, p.name),)
        return True


@dataclass(frozen=True, slots=True)
class ExileIt(Effect):
    """702.84a: "exile it" (permanent ``oid``, if it is still that object)."""

    oid: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.i18n import Msg
        from manastack.zones import leave_battlefield

        p = g.permanent(self.oid)
        if p is not None:
            leave_battlefield(g, [p], "exile", Msg("is exiled"), "702.84a")
        return True


@dataclass(frozen=True, slots=True)
class Scavenge(Effect):
    """702.97a: "Put a number of +1/+1 counters equal to the power of the card you exiled on
    target creature" (its power as a card, remembered as it was exiled)."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack import stack

        n = (item.data or {}).get("power", 0)
        p = stack.target_permanent(g, item, self.target)
        if p is None or not isinstance(n, int) or n <= 0:
            return True
        p.counters = dict(p.counters or {})
        p.counters["+1/+1"] = p.counters.get("+1/+1", 0) + n
        g.emit(
            "counter", "{card!c} gets {n} +1/+1 counters (scavenge)", "702.97a", card=p.name, n=n
        )
        return True
