"""Suspend (702.62): the keyword's two triggered abilities, which work while the card is in
exile, and their effects. Suspending a card is a special action (``special.suspend``)."""

from __future__ import annotations

from manastack.events import TimeCounterRemoved, happen
from manastack.frozen import dataclass
from manastack.mana import ManaCost
from manastack.special import CastOrDecline
from manastack.state import GameState, StackItem
from manastack.vocabulary.base import Effect, Suspend, TriggeredAbility
from manastack.vocabulary.triggers import (
    LastTimeCounterRemoved,
    StillSuspended,
    UpkeepWhileSuspended,
)


@dataclass(frozen=True, slots=True)
class RemoveTimeCounter(Effect):
    """702.62a: remove a time counter from the suspended card (``item.data["cid"]``)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        cid = (item.data or {}).get("cid")
        counters = g.card_counters.get(cid) if isinstance(cid, int) else None
        if counters is None or counters.get("time", 0) <= 0:
            return True
        assert isinstance(cid, int)
        left = counters["time"] - 1
        g.emit(
            "counter",
            "a time counter is removed from {card!c} ({left} left)",
            "702.62a",
            card=item.source_name,
            left=left,
        )
        if left <= 0:
            g.card_counters = {c: x for c, x in g.card_counters.items() if c != cid}
        else:
            g.card_counters = {**g.card_counters, cid: {**counters, "time": left}}
        card = next((c for c in g.players[item.controller].exile if c.cid == cid), None)
        if card is not None:
            happen(g, TimeCounterRemoved(card, item.controller, left))
        return True


@dataclass(frozen=True, slots=True)
class CastWithoutPaying(Effect):
    """702.62a: its owner may cast the suspended card without paying its mana cost (a
    decision; the resolution waits for it)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        cid = (item.data or {}).get("cid")
        pl = g.players[item.controller]
        if not isinstance(cid, int) or not any(c.cid == cid for c in pl.exile):
            return True
        g.pending = CastOrDecline(item.controller, cid)
        return False


REMOVE_COUNTER = TriggeredAbility(
    UpkeepWhileSuspended(),
    (RemoveTimeCounter(),),
    "At the beginning of your upkeep, if this card is suspended, remove a time counter from it.",
    condition=StillSuspended(),
)
CAST_IT = TriggeredAbility(
    LastTimeCounterRemoved(),
    (CastWithoutPaying(),),
    "When the last time counter is removed from it, if it's exiled, you may cast it without "
    "paying its mana cost.",
)


def suspend(time: int, cost: str) -> Suspend:
    """The keyword "Suspend N—[cost]" with its triggered abilities."""
    return Suspend(time, ManaCost.parse(cost), (REMOVE_COUNTER, CAST_IT))
