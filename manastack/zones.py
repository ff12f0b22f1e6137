"""Every zone change (and change of status, 110.5) goes through here, as an event through the
pipeline, so that each is logged and each triggers what it should.

400.7: an object that moves from one zone to another becomes a new object. 603.6a/603.10a:
enters-the-battlefield abilities look at the game after the event, leaves-the-battlefield ("dies")
abilities look back at the game before it.
"""

from __future__ import annotations

from manastack.events import (
    CardDrawn,
    EntersBattlefield,
    LeavesBattlefield,
    Tapped,
    Untapped,
    happen,
    queue_trigger,
)
from manastack.i18n import Msg
from manastack.state import Card, GameState, Permanent, StackItem

__all__ = [
    "draw",
    "enter_battlefield",
    "leave_battlefield",
    "queue_trigger",
    "remove_from_combat",
    "tap",
    "untap",
]


def draw(g: GameState, pi: int, n: int = 1) -> None:
    """121.2: drawing N cards is N draws, one at a time."""
    for _ in range(n):
        happen(g, CardDrawn(pi))


def enter_battlefield(
    g: GameState,
    card: Card,
    controller: int,
    *,
    face_down: bool = False,
    rule: str = "608.3",
    spell: StackItem | None = None,
    counters: dict[str, int] | None = None,
) -> Permanent | None:
    """Put a card onto the battlefield as a new permanent, with a new timestamp (613.7d);
    ``spell``: the permanent spell it was, if it resolved (608.3). Returns the permanent (None
    if a replacement effect kept it from entering)."""
    ev = happen(g, EntersBattlefield(card, controller, face_down, rule, spell, counters))
    return ev.permanent if isinstance(ev, EntersBattlefield) else None


def leave_battlefield(
    g: GameState, perms: list[Permanent], dest: str, verb: Msg, rule: str
) -> None:
    """Move permanents off the battlefield at the same time (to graveyard, hand, library or exile).

    Tokens go nowhere (111.7 / 704.5d). Dies triggers look back at the battlefield as it was.
    """
    if perms:
        happen(g, LeavesBattlefield(perms, dest, verb, rule))


def discard(g: GameState, pi: int, card: Card, template: str, rule: str = "701.9a") -> None:
    """701.9a: ``pi`` discards ``card`` from their hand to its owner's graveyard, logged with
    ``template`` ("{player} discards {card!c}"). 702.35a: a card with madness is exiled instead,
    and its madness ability triggers."""
    pl = g.players[pi]
    pl.hand.remove(card)
    g.emit("discard", template, rule, player=pl.name, card=card.name)
    if card.cdef.keyword_costs and card.cdef.keyword_cost("madness") is not None:
        from manastack.vocabulary.alt_costs import exile_for_madness

        exile_for_madness(g, card)
        return
    g.players[card.owner].graveyard += (card,)


def remove_from_combat(g: GameState, oid: int) -> None:
    """506.4: a permanent removed from combat stops being an attacking or blocking creature."""
    if g.combat is not None:
        g.combat.remove(oid)


def tap(g: GameState, p: Permanent) -> None:
    """701.26a: ``p`` becomes tapped (to pay a cost, to attack, by an effect)."""
    happen(g, Tapped(p))


def untap(g: GameState, perms: list[Permanent]) -> None:
    """701.26b: ``perms`` become untapped (by an effect, or at once in the untap step)."""
    if perms:
        happen(g, Untapped(perms))
