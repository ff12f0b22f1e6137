"""104.4b: a game caught in a loop of mandatory actions is a draw.

The engine can't know in general whether a loop has "no way to stop", so it draws on what it
can see: after every resolution in a stretch where no player did anything but pass priority
(and make the choices the triggered abilities themselves require: their order, 603.3b, and
their targets, 603.3d), it notes the position. When the same position comes round for the
third time in that stretch, the players have twice been through the loop and twice let it go
on: the loop is made only of mandatory actions, and the game is a draw.

A position here leaves out what a repetition renews without changing anything a player could
see as progress: object ids, timestamps and the log. Anything else (a life total, a card moved,
a counter, an effect added) makes it a different position, so a loop that gets somewhere, or
that a player breaks by acting (casting, activating, playing a land, conceding ...), is never
drawn. The stretch ends with the step (117.4), so positions from different steps never meet.
Positions are compared by a short digest, so the state stays small, plain data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from manastack.actions import Action, ChooseTarget, KeepLegend, Pass, PutTrigger
from manastack.state import STATE_FIELDS, GameState, Kind, Pending, Permanent, Player, StackItem

QUIET_BEFORE_WATCHING = 4
"""Resolutions in a passing-only stretch before positions are noted: an ordinary stack of a few
spells and abilities resolves without the (small) cost of a digest."""
REPEATS_FOR_A_DRAW = 3


def note_answer(g: GameState, pend: Pending | None, a: Action) -> None:
    """After an answer: anything but passing or a trigger's own choices ends the stretch."""
    if type(a) in _PART_OF_THE_LOOP:
        return
    if pend is not None and pend.kind is Kind.TRIGGER_TARGET and isinstance(a, ChooseTarget):
        return
    end_stretch(g)


def end_stretch(g: GameState) -> None:
    if g.loop_quiet or g.loop_marks:
        g.loop_quiet = 0
        g.loop_marks = ()


def after_resolution(g: GameState) -> None:
    """608: an object resolved after all players passed in succession. Draw the game if this
    position has come round for the third time in the stretch (104.4b)."""
    if g.game_over:
        return
    g.loop_quiet += 1
    if g.loop_quiet < QUIET_BEFORE_WATCHING:
        return
    # A mark is "L" (the stack's length) or "L:digest". Only a position whose stack did not
    # shrink since the last resolution gets a digest: in a loop the stack's length comes round
    # too, so every turn of the loop has such a position (a length can't fall forever) and the
    # loop is still seen; while a stack of N triggers only drains, no O(N) digest is taken at
    # each of its N resolutions (issue 21: simultaneous triggers cost linear time).
    # Skipped positions leave only their length, and only the last one's is kept (a bare
    # "L" at the end of the marks): the marks don't grow while a stack drains either.
    length = len(g.stack)
    last = g.loop_marks[-1] if g.loop_marks else ""
    previous, _, digest = last.partition(":")
    bare = not digest and previous.isdigit()
    kept = g.loop_marks[:-1] if bare else g.loop_marks
    if previous.isdigit() and length < int(previous):
        g.loop_marks = (*kept, str(length))
        return
    mark = f"{length}:{position_digest(g)}"
    seen = kept.count(mark)
    g.loop_marks = (*kept, mark)
    if seen + 1 < REPEATS_FOR_A_DRAW:
        return
    g.game_over = True
    g.winner = None
    g.pending = None
    g.emit(
        "draw",
        "the same position has come round {n} times with every player only passing: a loop of "
        "mandatory actions, the game is a draw",
        "104.4b",
        n=REPEATS_FOR_A_DRAW,
    )


def position_digest(g: GameState) -> str:
    """A digest of the position: every field the state declares for it (``STATE_FIELDS``),
    blind to object ids, timestamps and the log."""
    names = {p.oid: p.name for p in g.battlefield}
    names.update((s.oid, s.source_name) for s in g.stack)
    position = []
    for f in STATE_FIELDS:
        if f.digest:
            view = _VIEWS.get(f.name)
            value = getattr(g, f.name)
            position.append(value if view is None else view(value, names))
    import hashlib  # not at import: `import manastack` stays light (hashlib loads OpenSSL)

    return hashlib.blake2b(repr(position).encode(), digest_size=10).hexdigest()


Names = dict[int, str]


def _target(t: int, names: Names) -> Any:
    return ("player", -1 - t) if t < 0 else names.get(t, "gone")


def _item(s: StackItem | None, names: Names) -> Any:
    if s is None:
        return None
    text = getattr(s.ability, "text", None)
    data = sorted((k, repr(v)) for k, v in (s.data or {}).items())
    return (s.kind, s.source_name, s.controller, text, [_target(t, names) for t in s.targets], data)


def _players(ps: list[Player], names: Names) -> Any:
    return [
        (
            p.life,
            p.poison,
            tuple(p.pool),
            p.lost,
            p.left,
            p.lands_played,
            *([c.name for c in z] for z in (p.library, p.hand, p.graveyard, p.exile)),
        )
        for p in ps
    ]


def _attached_name(p: Permanent, perms: list[Permanent]) -> str:
    """What ``p`` is attached to, by name (ids differ between two equal positions)."""
    if p.attached_to is None:
        return ""
    return next((q.name for q in perms if q.oid == p.attached_to), "?")


def _battlefield(perms: list[Permanent], names: Names) -> Any:
    return sorted(
        (
            p.name,
            p.owner,
            p.controller,
            p.tapped,
            p.sick,
            p.damage,
            p.face_down,
            p.regen_shields,
            sorted((p.counters or {}).items()),
            _attached_name(p, perms),
        )
        for p in perms
    )


# How a field that holds objects is seen by the digest (names, not ids); plain values as they are.
_VIEWS: dict[str, Callable[[Any, Names], Any]] = {
    "players": _players,
    "battlefield": _battlefield,
    "stack": lambda v, n: [_item(s, n) for s in v],
    "resolving": _item,
    "triggered": lambda v, n: [(t.source_name, t.controller, t.ability.text) for t in v],
    "effects": lambda v, n: sorted(
        (e.layer, n.get(e.oid, "gone"), e.power, e.toughness, sorted(e.keywords)) for e in v
    ),
    "delayed": lambda v, n: [(d.ability.text, d.controller, d.source_name) for d in v],
    "card_counters": lambda v, n: sorted((cid, sorted(c.items())) for cid, c in v.items()),
    "marks": lambda v, n: sorted((n[oid], sorted(m.items())) for oid, m in v.items() if oid in n),
    "upkeeps": lambda v, n: sorted(v.items()),
    "damaged": lambda v, n: sorted(v.items()),
    "control_base": lambda v, n: sorted((n[oid], pi) for oid, pi in v.items() if oid in n),
    "pending": lambda v, n: None if v is None else (v.kind.value, v.player),
    "step": lambda v, n: v.label,
    "stage": lambda v, n: v.value,
}


_PART_OF_THE_LOOP: frozenset[type] = frozenset({Pass, PutTrigger, KeepLegend})
