"""Describing actions and targets in words, close to the commands that would produce them."""

from __future__ import annotations

from manastack import actions as A
from manastack.game import Game


def numbered_name(game: Game, oid: int) -> str | None:
    """``Savannah Lions #2`` for the second of two or more face-up permanents of one name (in
    battlefield order, whoever controls them), as commands accept it; None if the name is
    not shared (or ``oid`` is not a face-up permanent)."""
    perms = game.state.battlefield
    p = next((x for x in perms if x.oid == oid), None)
    if p is None or p.face_down:
        return None
    same = [x.oid for x in perms if x.name == p.name and not x.face_down]
    return f"{p.name} #{same.index(oid) + 1}" if len(same) > 1 else None


def numbered_item(game: Game, oid: int) -> str | None:
    """``Lightning Bolt #2`` for the second (from the bottom: the later one) of two or more
    stack objects of one name, as commands accept it; None if the name is not shared."""
    stack = game.state.stack
    s = next((x for x in stack if x.oid == oid), None)
    if s is None or s.face_down:
        return None
    same = [x.oid for x in stack if x.source_name == s.source_name and not x.face_down]
    return f"{s.source_name} #{same.index(oid) + 1}" if len(same) > 1 else None


def describe_target(game: Game, target: int) -> str:
    """How the log names ``target``: a player (as a target), a permanent or a stack object;
    a permanent whose name is shared is numbered (``numbered_name``)."""
    return (
        numbered_name(game, target) or numbered_item(game, target) or game.describe_target(target)
    )


def _card(game: Game, cid: int) -> str:
    for pl in game.state.players:
        for z in (pl.hand, pl.exile, pl.graveyard):
            for c in z:
                if c.cid == cid:
                    return c.name
    return f"card {cid}"


def describe_action(game: Game, a: object) -> str:
    """An action in words, close to the command that would produce it. (A bare ``GameState``
    in place of ``game`` is read as it stands.)"""
    game = Game.of(game)
    g = game.state

    def card(cid: int) -> str:
        return _card(game, cid)

    def obj(oid: int) -> str:
        return describe_target(game, oid)

    def pname(pi: int) -> str:
        return g.players[pi].name

    if isinstance(a, A.Pass):
        return "pass"
    if isinstance(a, A.PlayLand):
        return f"play {card(a.cid)}"
    if isinstance(a, A.CastSpell):
        return f"cast {card(a.cid)}" + (" face down" if a.face_down else "")
    if isinstance(a, A.ActivateAbility):
        return f"activate {obj(a.oid)} ability {a.index + 1}"
    if isinstance(a, A.ActivateMana):
        return f"activate {obj(a.oid)} choosing {a.color}"
    if isinstance(a, A.ChooseTarget):
        return f"choose {obj(a.target)}"
    if isinstance(a, A.PayMana):
        return "pay"
    if isinstance(a, A.Choose):
        return f"choose {a.option}"
    if isinstance(a, A.DeclareAttacker):
        return f"attack with {obj(a.oid)} -> {pname(a.defender)}"
    if isinstance(a, A.DeclareBlocker):
        return f"block {obj(a.attacker)} with {obj(a.oid)}"
    if isinstance(a, A.FinishDeclaration):
        return "done (no more)"
    if isinstance(a, A.AssignDamage):
        return "assign " + ", ".join(f"{n} to {obj(t)}" for t, n in a.assignment)
    if isinstance(a, A.PutTrigger):
        return (
            f"order {g.triggered[a.index].source_name}" if a.index < len(g.triggered) else "order"
        )
    if isinstance(a, A.Discard):
        return f"discard {card(a.cid)}"
    if isinstance(a, A.KeepLegend):
        return f"choose {obj(a.oid)}"
    if isinstance(a, A.TurnFaceUp):
        return f"turn face up {obj(a.oid)}"
    if isinstance(a, A.SuspendCard):
        return f"suspend {card(a.cid)}"
    if isinstance(a, A.Concede):
        return "concede"
    return repr(a)
