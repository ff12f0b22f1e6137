"""Players losing, conceding and leaving the game (104, 800.4)."""

from __future__ import annotations

from manastack.i18n import Msg, and_list
from manastack.state import GameState
from manastack.zones import leave_battlefield


def lose(g: GameState, pi: int, rule: str, why: Msg) -> None:
    """104.3: the player loses; in a multiplayer game they leave it (800.4a)."""
    lose_all(g, [(pi, rule, why)])


def lose_all(g: GameState, losers: list[tuple[int, str, Msg]]) -> None:
    """Players who lose at the same time (state-based actions are one event, 704.3): if that
    leaves nobody, the game is a draw (104.4a)."""
    losers = [x for x in losers if not g.players[x[0]].left]
    if g.format.loses_together:
        # 810.8a: in Two-Headed Giant a player who loses takes their team down.
        named = {pi for pi, _, _ in losers}
        for pi, _, _ in list(losers):
            for mate in g.format.losing_with(g, pi):
                if mate not in named and not g.players[mate].left:
                    named.add(mate)
                    losers.append(
                        (mate, "810.8a", Msg("{player}'s team loses", player=g.pname(pi)))
                    )
    for pi, rule, why in losers:
        g.players[pi].lost = True
        g.emit("lose", "{player} loses the game: {why}", rule, player=g.pname(pi), why=why)
    remaining = [p.idx for p in g.players if not p.left and not p.lost]
    if _one_team(g, remaining):
        for pi, _, _ in losers:
            g.players[pi].left = True
        _end(g, remaining)
        return
    for pi, _, _ in losers:
        leave(g, pi)


def concede(g: GameState, pi: int) -> None:
    pl = g.players[pi]
    if pl.left:
        return
    g.emit("concede", "{player} concedes", "104.3a", player=pl.name)
    pl.lost = True
    group = [p for p in g.format.conceding_with(g, pi) if p != pi and not g.players[p].left]
    for mate in group:  # 810.8b: in Two-Headed Giant the team concedes
        g.emit("concede", "{player} leaves with their team", "810.8b", player=g.pname(mate))
        g.players[mate].lost = True
    for p in (pi, *group):
        if not g.players[p].left and not g.game_over:
            leave(g, p)


def leave(g: GameState, pi: int) -> None:
    """800.4a: everything the player owns leaves the game; their spells and abilities on the stack
    cease to exist; what they control but don't own is exiled. The game ends when at most one
    player is left (104.2a)."""
    pl = g.players[pi]
    pl.left = True
    alive = [p.idx for p in g.players if not p.left]
    if _one_team(g, alive):
        _end(g, alive)
        return
    pl.library = ()
    pl.hand.clear()
    pl.graveyard = pl.exile = ()
    owned = [p for p in g.battlefield if p.owner == pi]
    if owned:
        g.battlefield = [p for p in g.battlefield if p.owner != pi]
        g.bf_kinds = -1
        if g.combat is not None:
            for p in owned:
                g.combat.remove(p.oid)
        g.emit(
            "leave",
            "{count} permanent owned by {player} leaves the game"
            if len(owned) == 1
            else "{count} permanents owned by {player} leave the game",
            "800.4a",
            count=len(owned),
            player=pl.name,
        )
    controlled = [p for p in g.battlefield if p.controller == pi]
    leave_battlefield(g, controlled, "exile", Msg("is exiled (its controller left)"), "800.4a")
    before = len(g.stack)
    g.stack = [s for s in g.stack if s.controller != pi and (s.card is None or s.card.owner != pi)]
    if len(g.stack) != before:
        g.emit("leave", "{player}'s spells and abilities leave the stack", "800.4a", player=pl.name)
    g.triggered = tuple(t for t in g.triggered if t.controller != pi)
    g.delayed = tuple(d for d in g.delayed if d.controller != pi)
    if g.combat is not None:
        c = g.combat
        for a, d in list(c.attackers.items()):
            if d == pi:
                c.remove(a)
    if g.pending is not None and g.pending.player == pi:
        # The engine picks up what the decision was part of (engine.after_leave).
        g.pending = None
    # A rewind point from before this player left can't come back (it would bring them back).
    g.cast_snapshot = None
    if g.resolving is not None and g.resolving.controller == pi:
        g.resolving = None  # its ability left the stack with its controller
        # The choice its resolution waited for (another player's: "that player discards a
        # card") goes with it, and the game goes on as after a resolution (117.3b).
        from manastack.priority import receive  # priority's imports lead back here

        receive(g, g.active, "117.3b")
    if g.priority_player == pi:
        g.priority_player = g.rules.seat_holder(g, pi)
        g.priority_rule = "800.4a"
    g.passes = 0


def _one_team(g: GameState, alive: list[int]) -> bool:
    """104.2a / 104.2c: the game ends when at most one player, or one team, is left."""
    if g.format.solo:
        return len(alive) <= 1
    return len({g.format.team_of(p) for p in alive}) <= 1


def _end(g: GameState, alive: list[int]) -> None:
    g.game_over = True
    g.winner = alive[0] if alive and _one_team(g, alive) else None
    g.pending = None
    if g.winner is not None and not g.format.solo:
        f = g.format
        g.emit(
            "win",
            "{team} ({members}) wins the game",
            "104.2c",
            team=f.team_msg(f.team_of(g.winner)),
            members=and_list([g.pname(p) for p in alive]),
        )
    elif g.winner is not None:
        g.emit("win", "{player} wins the game", "104.2a", player=g.pname(g.winner))
    else:
        g.emit("draw", "every remaining player lost at once: the game is a draw", "104.4a")
