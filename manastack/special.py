"""Special actions (116): they don't use the stack and the player keeps priority (116.3).

Playing a land (116.2a) lives in casting.py beside the other things done from the hand; here are
turning a face-down permanent face up (116.2b, 702.37e) and suspending a card (116.2f, 702.62a),
with suspend's triggered abilities.
"""

from __future__ import annotations

from typing import Any, ClassVar

from manastack import casting
from manastack.actions import Action, CastSpell, Choose, SuspendCard, TurnFaceUp
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.i18n import Msg
from manastack.state import Card, GameState, without


def face_up_refusal(g: GameState, pi: int, oid: int) -> IllegalAction | None:
    p = g.permanent(oid)
    if p is None or p.controller != pi:
        return IllegalAction("unknown", "no such permanent under your control", "116.2b")
    if not p.face_down:
        return IllegalAction("unknown", "{card!c} is not face down", "702.37e", card=p.name)
    morph = p.card.cdef.morph
    if morph is None:
        return IllegalAction("unknown", "that permanent has no morph cost", "702.37e")
    if not casting.can_afford(g, pi, morph, sacrifice=False):
        return IllegalAction("cost", "can't pay the morph cost {morph}", "702.37e", morph=morph)
    return None


def turn_face_up(g: GameState, a: TurnFaceUp) -> None:
    err = face_up_refusal(g, a.player, a.oid)
    if err:
        raise err
    p = g.permanent(a.oid)
    assert p is not None and p.card.cdef.morph is not None
    casting.pay_cost(
        g,
        a.player,
        p.card.cdef.morph,
        Msg("turning {card!c} face up", card=p.name),
        None,
        rule="702.37e",
    )
    p.face_down = False
    g.source_memo = None
    g.passes = 0
    g.emit(
        "special",
        "{player} turns {card!c} face up (special action, no stack)",
        "116.2b",
        player=g.pname(a.player),
        card=p.name,
    )
    if "megamorph" in p.card.cdef.keywords:
        # 702.37b: as it is turned face up, a +1/+1 counter is put on it.
        p.counters = dict(p.counters or {})
        p.counters["+1/+1"] = p.counters.get("+1/+1", 0) + 1
        g.emit("counter", "{card!c} gets a +1/+1 counter (megamorph)", "702.37b", card=p.name)


def suspend_refusal(g: GameState, pi: int, cid: int) -> IllegalAction | None:
    card = next((c for c in g.players[pi].hand if c.cid == cid), None)
    if card is None:
        return IllegalAction("unknown", "that card is not in your hand", "702.62a")
    sus = card.cdef.suspend
    if sus is None:
        return IllegalAction("unknown", "{card!c} has no suspend", "702.62a", card=card.name)
    if not card.cdef.is_instant_speed and not casting.sorcery_timing_ok(g, pi):
        return IllegalAction(
            "timing",
            "{card!c} can be suspended only when it could be cast",
            "702.62a",
            card=card.name,
        )
    if not casting.can_afford(g, pi, sus.cost, sacrifice=False):
        return IllegalAction("cost", "can't pay the suspend cost {cost}", "702.62a", cost=sus.cost)
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
    casting.pay_cost(
        g, a.player, sus.cost, Msg("suspending {card!c}", card=card.name), None, rule="702.62a"
    )
    pl.hand.remove(card)
    pl.exile += (card,)
    g.card_counters = {**g.card_counters, card.cid: {"time": sus.time}}  # 702.62a: N time counters
    g.passes = 0
    g.emit(
        "special",
        "{player} suspends {card!c}: exiled with {time} time counter (special action, no stack)"
        if sus.time == 1
        else "{player} suspends {card!c}: exiled with {time} time counters (special action, "
        "no stack)",
        "116.2f",
        player=pl.name,
        card=card.name,
        time=sus.time,
    )


class CastOrDecline(Pending):
    """702.62a: the owner of a card whose last time counter was removed may cast it without
    paying its mana cost, or decline (it stays exiled); with ``how="madness"`` (702.35a), cast
    the card exiled by madness for its madness cost, or decline (it goes to the graveyard)."""

    kind: ClassVar[Kind] = Kind.CAST_OR_DECLINE
    __slots__ = ("cid", "how")

    def __init__(self, player: int, cid: int, how: str = "") -> None:
        super().__init__(player)
        self.cid = cid
        self.how = how

    def copy(self) -> CastOrDecline:
        return CastOrDecline(self.player, self.cid, self.how)

    def prompt(self, g: GameState) -> Msg:
        if self.how == "madness":
            return Msg(
                "{player}: cast the card for its madness cost, or decline",
                player=g.pname(self.player),
            )
        if self.how:
            return Msg(
                "{player}: cast the exiled card without paying its mana cost, or decline",
                player=g.pname(self.player),
            )
        return Msg(
            "{player}: cast the suspended card without paying its mana cost, or decline",
            player=g.pname(self.player),
        )

    def castable(self, g: GameState, card: Card) -> bool:
        """Whether the player may cast ``card`` now, as this decision lets them."""
        pi = self.player
        if self.how == "madness":
            alt = casting.alt_mana(card.cdef, "madness")
            return casting.cast_refusal(g, pi, card, alt=alt, anytime=True) is None
        return casting.cast_refusal(g, pi, card, free=True) is None

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        card = next((c for c in g.players[pi].exile if c.cid == self.cid), None)
        opts: list[Action] = []
        if card is not None and self.castable(g, card):
            opts.append(CastSpell(pi, self.cid))
        opts.append(Choose(pi, "decline"))
        return opts

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose | CastSpell):
            raise self.refuse(g, a)
        answer_free_cast(g, a)
        if g.pending is None:
            from manastack import priority, stack

            stack.resume(g)
            priority.after_resolution(g)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi != self.player:
            return
        from manastack import priority, stack

        if g.resolving is not None:
            stack.resume(g)
        priority.after_resolution(g)

    def fields(self) -> dict[str, Any]:
        return {"cid": self.cid, "how": self.how}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> CastOrDecline:
        return cls(player, d["cid"], d.get("how", ""))


def answer_free_cast(g: GameState, a: Action) -> None:
    pend = g.pending
    assert pend is not None
    assert isinstance(pend, CastOrDecline)
    madness = pend.how == "madness"
    rule = {"madness": "702.35a", "rebound": "702.88a", "cascade": "702.85a"}.get(
        pend.how, "702.62a"
    )
    if isinstance(a, Choose):
        if a.option != "decline":
            raise IllegalAction("target", "answer with cast or decline", rule)
        if madness:
            pl = g.players[a.player]
            card = next((c for c in pl.exile if c.cid == pend.cid), None)
            g.emit(
                "choice",
                "{player} declines to cast it; it is put into their graveyard",
                rule,
                player=g.pname(a.player),
            )
            if card is not None:
                pl.exile = without(pl.exile, card)
                pl.graveyard += (card,)
        else:
            g.emit(
                "choice",
                "{player} declines to cast it; it stays exiled",
                rule,
                player=g.pname(a.player),
            )
        g.pending = None
        return
    assert isinstance(a, CastSpell)
    if a.cid != pend.cid:
        raise IllegalAction("target", "that is not the card you may cast now", rule)
    if madness:
        casting.cast_spell(g, CastSpell(a.player, a.cid), from_exile=True, alt="madness")
    else:
        casting.cast_spell(g, CastSpell(a.player, a.cid), free=True, from_exile=True)
