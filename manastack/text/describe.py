"""Describing actions and targets in words, close to the commands that would produce them."""

from __future__ import annotations

from manastack import actions as A
from manastack.game import Game
from manastack.i18n import Msg, comma_list


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
    return game.tr("card {cid}", cid=cid)


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
        return game.tr("pass")
    if isinstance(a, A.PlayLand):
        return game.tr("play {card!c}", card=card(a.cid))
    if isinstance(a, A.CastSpell):
        if a.face_down:
            return game.tr("cast {card!c} face down", card=card(a.cid))
        return game.tr("cast {card!c}", card=card(a.cid))
    if isinstance(a, A.ActivateAbility):
        return game.tr("activate {obj!c} ability {value}", obj=obj(a.oid), value=a.index + 1)
    if isinstance(a, A.ActivateMana):
        return game.tr("activate {obj!c} choosing {color}", obj=obj(a.oid), color=a.color)
    if isinstance(a, A.ChooseTarget):
        return game.tr("choose {obj!c}", obj=obj(a.target))
    if isinstance(a, A.PayMana):
        return game.tr("pay")
    if isinstance(a, A.Choose):
        return game.tr("choose {option}", option=a.option)
    if isinstance(a, A.DeclareAttacker):
        return game.tr("attack with {obj!c} -> {player}", obj=obj(a.oid), player=pname(a.defender))
    if isinstance(a, A.DeclareBlocker):
        return game.tr("block {obj!c} with {obj2!c}", obj=obj(a.attacker), obj2=obj(a.oid))
    if isinstance(a, A.FinishDeclaration):
        return game.tr("done (no more)")
    if isinstance(a, A.AssignDamage):
        parts: list[object] = [Msg("{n} to {obj!c}", n=n, obj=obj(t)) for t, n in a.assignment]
        return game.tr("assign {parts}", parts=comma_list(parts))
    if isinstance(a, A.PutTrigger):
        if a.index < len(g.triggered):
            return game.tr("order {card!c}", card=g.triggered[a.index].source_name)
        return game.tr("order")
    if isinstance(a, A.Discard):
        return game.tr("discard {card!c}", card=card(a.cid))
    if isinstance(a, A.KeepLegend):
        return game.tr("choose {obj!c}", obj=obj(a.oid))
    if isinstance(a, A.TurnFaceUp):
        return game.tr("turn face up {obj!c}", obj=obj(a.oid))
    if isinstance(a, A.SuspendCard):
        return game.tr("suspend {card!c}", card=card(a.cid))
    if isinstance(a, A.ActivateCard):
        return game.tr("activate {card!c} ability {value}", card=card(a.cid), value=a.index + 1)
    if isinstance(a, A.Concede):
        return game.tr("concede")
    return repr(a)
