"""Cycling (702.29): an activated ability that works while the card is in its owner's hand,
"[Cost], Discard this card: Draw a card." (702.29a), and typecycling, which searches for a card
of a type instead (702.29e); "when you cycle ~" triggers from wherever the card went (702.29c).
Activating it is ``ActivateCard``: the ability goes on the stack like any other (602.2), the
card being discarded as part of its cost (601.2h, 602.2b).
"""

from __future__ import annotations

from dataclasses import dataclass

from manastack import casting
from manastack.actions import Action, ActivateCard
from manastack.errors import IllegalAction
from manastack.events import happen
from manastack.events.pipeline import queue_card_trigger
from manastack.events.types import GameEvent
from manastack.state import Card, GameState, Permanent, StackItem
from manastack.vocabulary.base import (
    ActivatedAbility,
    Cost,
    KeywordCost,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.costs import ExtraCost

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


def cycling_ability(kc: KeywordCost) -> ActivatedAbility:
    """702.29a / 702.29e: what "Cycling [cost]" or "[Type]cycling [cost]" means."""
    from manastack.vocabulary.effects import DrawCards  # the effects import the rules modules
    from manastack.vocabulary.moves import SearchBasicLand

    cost = Cost(mana=kc.cost, extra=_DISCARD_THIS)
    text = f"{kc.keyword.capitalize()} {kc.cost}"
    if kc.keyword == "cycling":
        return ActivatedAbility(cost, (DrawCards(1, "you", 0),), text)
    search = SearchBasicLand("hand", False, True, TYPECYCLING[kc.keyword], _TAIL)
    return ActivatedAbility(cost, (search,), text)


def refusal(g: GameState, pi: int, card: Card | None, index: int) -> IllegalAction | None:
    """Why ``pi`` can't activate ability ``index`` of ``card`` (in their hand) now, or None."""
    if card is None or card not in g.players[pi].hand:
        return IllegalAction("unknown", "that card is not in your hand", "702.29a")
    kcs = card.cdef.keyword_costs
    if not 0 <= index < len(kcs) or not is_cycling(kcs[index]):
        return IllegalAction(
            "unknown",
            "{card!c} has no ability {value} that works from a hand",
            "113.6",
            card=card.name,
            value=index + 1,
        )
    if not casting.can_afford(g, pi, kcs[index].cost):
        return IllegalAction(
            "cost", "{player} can't pay {cost}", "602.2b", player=g.pname(pi), cost=kcs[index].cost
        )
    return None


def hand_actions(g: GameState, pi: int) -> list[Action]:
    """The cycling abilities ``pi`` may activate now (any time they have priority)."""
    out: list[Action] = []
    seen: set[str] = set()
    for c in g.players[pi].hand:
        kcs = c.cdef.keyword_costs
        if not kcs or c.cdef.name in seen:
            continue
        seen.add(c.cdef.name)
        for i, kc in enumerate(kcs):
            if is_cycling(kc) and refusal(g, pi, c, i) is None:
                out.append(ActivateCard(pi, c.cid, i))
    return out


def activate_card(g: GameState, a: ActivateCard) -> None:
    """602.2a: the ability goes on the stack; its cost is then paid (the card discarded with
    the mana, 602.2b)."""
    casting.check_priority(g, a.player, "activate an ability")
    pl = g.players[a.player]
    card = next((c for c in pl.hand if c.cid == a.cid), None)
    err = refusal(g, a.player, card, a.index)
    if err:
        raise err
    assert card is not None
    kc = card.cdef.keyword_costs[a.index]
    ab = cycling_ability(kc)
    g.cast_snapshot = g.clone()
    item = StackItem(g.new_id(), "activated", a.player, card.name, ab.effects, (), ability=ab)
    item.data = {"discard": [card.cid], "cycled": card.cid}
    g.stack.append(item)
    g.passes = 0
    g.emit(
        "activate",
        "{player} activates {card!c}'s {ability!t} from their hand",
        "702.29a",
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


def cycled(g: GameState, item: StackItem) -> None:
    """After the cost is paid: the card has been cycled (702.29c): its own "when you cycle"
    abilities trigger from where it went, and others' "whenever a player cycles" ones."""
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
