"""The engine's flow: ``apply`` hands an action to the pending decision, which checks it and
performs it (or refuses it, changing nothing); ``advance`` then runs the game through the
ruleset's hooks (turn-based actions, state-based actions, triggers, priority, resolution) until
the next decision is needed.

117.5: each time a player would receive priority, state-based actions are checked first (and
repeated), then triggered abilities go on the stack, until neither happens.
"""

from __future__ import annotations

from manastack import loops, triggers
from manastack.actions import Action, Concede, Pass
from manastack.errors import IllegalAction
from manastack.players import concede
from manastack.priority import give_priority, receive
from manastack.state import (
    BEGIN_STEP,
    CLEANUP_CHECK,
    END_STEP,
    PRIORITY,
    SETUP_UNTAP,
    GameState,
)


def advance(g: GameState) -> None:
    rules = g.rules
    while not g.game_over and g.pending is None and not g.halted:
        st = g.stage
        if st is PRIORITY:
            if not g.settled:  # (state_checks would return at once)
                state_checks(g)
            if _stopped(g):
                return
            give_priority(g)
            continue
        if st is BEGIN_STEP and g.settled and g.step in rules.quiet_steps:
            # Nothing to check when the step before ended (117.4 with nothing to do) and
            # this one's only turn-based action is its "at the beginning of" event.
            rules.begin_step(g)
            if g.triggered:
                g.settled = False
            continue
        g.settled = False  # a turn-based action may change anything (and trigger abilities)
        if st is BEGIN_STEP:
            rules.begin_step(g)
        elif st is SETUP_UNTAP:
            rules.begin_step(g, keep_sick=True)
        elif st is END_STEP:
            rules.end_step(g)
        elif st is CLEANUP_CHECK:
            if state_checks(g):
                if _stopped(g):
                    # A trigger needs ordering or a target first; check again after.
                    continue
                g.emit("tba", "something happened in cleanup: players get priority", "514.3a")
                receive(g, g.active, "514.3a")
                g.passes = 0
            else:
                rules.end_step(g)
        else:
            raise AssertionError(f"the engine can't go on from stage {st}")


def _stopped(g: GameState) -> bool:
    """Whether the game waits for a decision or is over. A function, not an inline test, where
    a call before it may have changed ``g.pending``: mypy narrows ``g.pending`` from an earlier
    test and keeps the narrowing across calls, and the compiled build checks the narrowed type
    (a TypeError when a trigger or a choice became pending in between)."""
    return g.pending is not None or g.game_over


def state_checks(g: GameState) -> bool:
    """117.5 / 704.3: SBAs until none apply, then triggers to the stack; repeat. Skipped when
    the state is ``settled``: nothing but priority moved since a look that found nothing."""
    if g.settled:
        return False
    happened = False
    rules = g.rules
    while True:
        acted = rules.state_based_actions(g)
        if _stopped(g):
            return True
        if acted:
            happened = True
            continue
        moved = triggers.flush(g)
        if _stopped(g):
            return True
        if moved:
            happened = True
            continue
        g.settled = True
        g.listings = None  # listed before this look: the state may have changed since
        return happened


def apply(g: GameState, a: Action) -> GameState:
    """Perform ``a`` and advance. Returns the state to continue with: ``g`` itself, or the
    state rewound to before a withdrawn spell (733). Raises IllegalAction, changing nothing."""
    if g.game_over:
        raise IllegalAction("priority", "the game is over", "104.1")
    if not 0 <= a.player < len(g.players) or g.players[a.player].left:
        raise IllegalAction(
            "unknown", "there is no player {player} in the game", "102.1", player=a.player
        )
    pend = g.pending
    if type(a) is not Pass:
        g.settled = False  # only a pass to the next player keeps what was checked (state_checks)
    if isinstance(a, Concede):
        loops.end_stretch(g)
        concede(g, a.player)
        if not g.game_over and pend is not None:
            pend.player_left(g, a.player)
        _continue(g)
        return g
    if pend is None:
        raise IllegalAction("priority", "nobody is being asked anything now", "117.1")
    if a.player != pend.player and not pend.answered_by(g, a.player):
        raise IllegalAction(
            "priority",
            "{player} is not being asked: {player2} is ({value})",
            "117.1",
            player=g.pname(a.player),
            player2=g.pname(pend.player),
            value=pend.kind.value,
        )
    other = pend.answer(g, a)
    if other is not None:
        advance(other)  # a rewind (733): the game goes on from the moment before
        return other
    loops.note_answer(g, pend, a)
    if g.halted and g.pending is None:  # _continue, inline: every answer comes this way
        g.halted = False
    advance(g)
    return g


def _continue(g: GameState) -> None:
    if g.halted and g.pending is None:
        g.halted = False
    advance(g)
