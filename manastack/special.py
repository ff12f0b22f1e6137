"""Special actions (116): they don't use the stack and the player keeps priority (116.3).

Playing a land (116.2a) lives in casting.py beside the other things done from the hand; here are
turning a face-down permanent face up (116.2b, 702.37e) and suspending a card (116.2f, 702.62a),
with suspend's triggered abilities.
"""

from __future__ import annotations

from manastack import casting
from manastack.actions import Action, CastSpell, Choose, SuspendCard, TurnFaceUp
from manastack.cards.model import (
    CastWithoutPaying,
    RemoveTimeCounter,
    StepTrigger,
    StillSuspended,
    TriggeredAbility,
)
from manastack.errors import IllegalAction
from manastack.state import GameState, Kind, Pending, PendingTrigger, StackItem
from manastack.steps import Step

REMOVE_COUNTER = TriggeredAbility(
    StepTrigger(Step.UPKEEP, "your"),
    (RemoveTimeCounter(),),
    "At the beginning of your upkeep, if this card is suspended, remove a time counter from it.",
    condition=StillSuspended(),
)
CAST_IT = TriggeredAbility(
    StepTrigger(Step.UPKEEP, "your"),
    (CastWithoutPaying(),),
    "When the last time counter is removed from it, if it's exiled, you may cast it without "
    "paying its mana cost.",
)


def face_up_refusal(g: GameState, pi: int, oid: int) -> IllegalAction | None:
    p = g.permanent(oid)
    if p is None or p.controller != pi:
        return IllegalAction("unknown", "no such permanent under your control", "116.2b")
    if not p.face_down:
        return IllegalAction("unknown", f"{p.name} is not face down", "702.37e")
    morph = p.card.cdef.morph
    if morph is None:
        return IllegalAction("unknown", "that permanent has no morph cost", "702.37e")
    if not casting.can_afford(g, pi, morph, sacrifice=False):
        return IllegalAction("cost", f"can't pay the morph cost {morph}", "702.37e")
    return None


def turn_face_up(g: GameState, a: TurnFaceUp) -> None:
    err = face_up_refusal(g, a.player, a.oid)
    if err:
        raise err
    p = g.permanent(a.oid)
    assert p is not None and p.card.cdef.morph is not None
    casting.pay_cost(
        g, a.player, p.card.cdef.morph, f"turning {p.name} face up", None, rule="702.37e"
    )
    p.face_down = False
    g.passes = 0
    g.emit(
        "special",
        f"{g.pname(a.player)} turns {p.name} face up (special action, no stack)",
        "116.2b",
    )


def suspend_refusal(g: GameState, pi: int, cid: int) -> IllegalAction | None:
    card = next((c for c in g.players[pi].hand if c.cid == cid), None)
    if card is None:
        return IllegalAction("unknown", "that card is not in your hand", "702.62a")
    sus = card.cdef.suspend
    if sus is None:
        return IllegalAction("unknown", f"{card.name} has no suspend", "702.62a")
    if not card.cdef.is_instant_speed and not casting.sorcery_timing_ok(g, pi):
        return IllegalAction(
            "timing", f"{card.name} can be suspended only when it could be cast", "702.62a"
        )
    if not casting.can_afford(g, pi, sus.cost, sacrifice=False):
        return IllegalAction("cost", f"can't pay the suspend cost {sus.cost}", "702.62a")
    return None


def suspend(g: GameState, a: SuspendCard) -> None:
    casting.check_priority(g, a.player, "suspend a card")
    err = suspend_refusal(g, a.player, a.cid)
    if err:
        raise err
    pl = g.players[a.player]
    card = next(c for c in pl.hand if c.cid == a.cid)
    sus = card.cdef.suspend
    assert sus is not None
    casting.pay_cost(g, a.player, sus.cost, f"suspending {card.name}", None, rule="702.62a")
    pl.hand.remove(card)
    pl.exile.append(card)
    g.suspended[card.cid] = sus.time
    g.passes = 0
    g.emit(
        "special",
        f"{pl.name} suspends {card.name}: exiled with {sus.time} time counter(s) "
        "(special action, no stack)",
        "116.2f",
    )


def upkeep_triggers(g: GameState) -> None:
    """702.62a: each suspended card its owner owns triggers at the beginning of their upkeep."""
    ap = g.players[g.active]
    for card in ap.exile:
        if card.cid in g.suspended:
            g.triggered.append(
                PendingTrigger(REMOVE_COUNTER, g.active, card.name, None, {"cid": card.cid})
            )
            g.emit("trigger", f"suspended {card.name}'s ability triggers", "702.62a")


def remove_time_counter(g: GameState, item: StackItem) -> None:
    cid = (item.data or {}).get("cid")
    if cid is None or cid not in g.suspended:
        return
    g.suspended[cid] -= 1
    left = g.suspended[cid]
    g.emit("counter", f"a time counter is removed from {item.source_name} ({left} left)", "702.62a")
    if left <= 0:
        del g.suspended[cid]
        g.triggered.append(
            PendingTrigger(CAST_IT, item.controller, item.source_name, None, {"cid": cid})
        )
        g.emit("trigger", f"the last time counter is gone: {item.source_name} triggers", "702.62a")


def offer_free_cast(g: GameState, item: StackItem) -> bool:
    """Ask the owner whether to cast the card; False means the resolution waits for them."""
    cid = (item.data or {}).get("cid")
    pl = g.players[item.controller]
    if cid is None or not any(c.cid == cid for c in pl.exile):
        return True
    g.pending = Pending(Kind.CAST_OR_DECLINE, item.controller, {"cid": cid})
    return False


def answer_free_cast(g: GameState, a: Action) -> None:
    pend = g.pending
    assert pend is not None
    if isinstance(a, Choose):
        if a.option != "decline":
            raise IllegalAction("target", "answer with cast or decline", "702.62a")
        g.emit("choice", f"{g.pname(a.player)} declines to cast it; it stays exiled", "702.62a")
        g.pending = None
        return
    assert isinstance(a, CastSpell)
    if a.cid != pend.context["cid"]:
        raise IllegalAction("target", "that is not the card you may cast now", "702.62a")
    casting.cast_spell(g, CastSpell(a.player, a.cid), free=True, from_exile=True)
