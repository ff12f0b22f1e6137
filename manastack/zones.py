"""Every zone change goes through here, so that each is logged and each triggers what it should.

400.7: an object that moves from one zone to another becomes a new object. 603.6a/603.10a:
enters-the-battlefield abilities look at the game after the event, leaves-the-battlefield ("dies")
abilities look back at the game before it.
"""

from __future__ import annotations

from manastack import layers
from manastack.cards.model import DiesTrigger, EntersTrigger, TriggeredAbility
from manastack.state import Card, GameState, PendingTrigger, Permanent


def draw(g: GameState, pi: int, n: int = 1) -> None:
    """121.1: draw from the top of the library; from an empty one, 704.5b will catch it."""
    pl = g.players[pi]
    for _ in range(n):
        if not pl.library:
            pl.drew_from_empty = True
            g.emit("draw", f"{pl.name} can't draw: the library is empty", "121.3")
            continue
        card = pl.library.pop()
        pl.hand.append(card)
        g.emit("draw", f"{pl.name} draws a card", "121.1")


def enter_battlefield(
    g: GameState, card: Card, controller: int, *, face_down: bool = False, rule: str = "608.3"
) -> Permanent:
    """Put a card onto the battlefield as a new permanent, with a new timestamp (613.7d)."""
    oid = g.new_id()
    perm = Permanent(oid, card, controller, oid)
    perm.face_down = face_down
    g.battlefield.append(perm)
    shown = "a face-down creature" if face_down else card.name
    g.emit("enter", f"{shown} enters the battlefield under {g.pname(controller)}'s control", rule)
    _enters_triggers(g, perm)
    return perm


def _enters_triggers(g: GameState, entered: Permanent) -> None:
    entered_is_creature = layers.is_creature(entered)
    for src in g.battlefield:
        if src.face_down:
            continue
        for ab in src.card.cdef.abilities:
            if not isinstance(ab, TriggeredAbility) or not isinstance(ab.trigger, EntersTrigger):
                continue
            who = ab.trigger.who
            if (who == "self" and src is entered) or (
                who == "another" and src is not entered and entered_is_creature
            ):
                queue_trigger(g, ab, src)


def queue_trigger(
    g: GameState, ab: TriggeredAbility, src: Permanent, controller: int | None = None
) -> None:
    """603.2: the ability triggers now; it waits to go on the stack until 603.3."""
    g.triggered.append(
        PendingTrigger(ab, src.controller if controller is None else controller, src.name, src.oid)
    )
    g.emit("trigger", f"{src.name}'s ability triggers: {ab.text}", "603.2")


def leave_battlefield(
    g: GameState, perms: list[Permanent], dest: str, verb: str, rule: str
) -> None:
    """Move permanents off the battlefield at the same time (to graveyard, hand, library or exile).

    Tokens go nowhere (111.7 / 704.5d). Dies triggers look back at the battlefield as it was.
    """
    if not perms:
        return
    before = list(g.battlefield)
    leaving = {p.oid for p in perms}
    g.battlefield = [p for p in g.battlefield if p.oid not in leaving]
    if g.effects:
        g.effects = [e for e in g.effects if e.oid not in leaving]
    if g.combat is not None:
        for p in perms:
            remove_from_combat(g, p.oid)
    died: list[Permanent] = []
    for p in perms:
        shown = p.name
        if p.face_down:
            shown = f"face-down {p.name} (revealed, 708.9)"
        owner = g.players[p.owner]
        if not p.card.token:
            getattr(owner, dest).append(p.card)
        g.emit("leave", f"{shown} {verb}", rule)
        if dest == "graveyard" and layers.is_creature(p):
            died.append(p)
    for dead in died:
        _dies_triggers(g, dead, before)


def _dies_triggers(g: GameState, dead: Permanent, before: list[Permanent]) -> None:
    for src in before:
        if src.face_down:
            continue
        for ab in src.card.cdef.abilities:
            if not isinstance(ab, TriggeredAbility) or not isinstance(ab.trigger, DiesTrigger):
                continue
            who = ab.trigger.who
            if (who == "self" and src is dead) or who == "self_or_another":
                queue_trigger(g, ab, src)


def remove_from_combat(g: GameState, oid: int) -> None:
    """506.4: a permanent removed from combat stops being an attacking or blocking creature."""
    c = g.combat
    if c is None:
        return
    c.attackers.pop(oid, None)
    for attacker in c.blockers.pop(oid, []):
        blockers = c.blocked.get(attacker)
        if blockers and oid in blockers:
            blockers.remove(oid)
    c.blocked.pop(oid, None)
    for blocked_list in c.blockers.values():
        if oid in blocked_list:
            blocked_list.remove(oid)
