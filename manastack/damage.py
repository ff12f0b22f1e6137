"""Damage (120): to a player it is life loss, to a creature it is marked; deathtouch and lifelink
are properties of the source (702.2, 702.15)."""

from __future__ import annotations

from manastack.actions import player_target
from manastack.replacement import prevent
from manastack.state import GameState, Permanent


def damage_player(
    g: GameState, source_name: str, controller: int, pi: int, amount: int, lifelink: bool
) -> None:
    amount = prevent(g, source_name, player_target(pi), amount)
    if amount <= 0:
        return
    pl = g.players[pi]
    pl.life -= amount
    g.emit("damage", f"{source_name} deals {amount} damage to {pl.name} (life {pl.life})", "120.3a")
    if lifelink:
        gain_life(g, controller, amount, f"{source_name} (lifelink)", "702.15b")


def damage_creature(
    g: GameState,
    source_name: str,
    controller: int,
    target: Permanent,
    amount: int,
    deathtouch: bool,
    lifelink: bool,
) -> None:
    amount = prevent(g, source_name, target.oid, amount)
    if amount <= 0:
        return
    target.damage += amount
    if deathtouch:
        target.deathtouched = True
    shown = target.name if not target.face_down else "a face-down creature"
    g.emit("damage", f"{source_name} deals {amount} damage to {shown}", "120.3e")
    if lifelink:
        gain_life(g, controller, amount, f"{source_name} (lifelink)", "702.15b")


def gain_life(g: GameState, pi: int, amount: int, why: str, rule: str = "119.3") -> None:
    pl = g.players[pi]
    if pl.left:
        return
    pl.life += amount
    g.emit("life", f"{pl.name} gains {amount} life from {why} (life {pl.life})", rule)


def lose_life(g: GameState, pi: int, amount: int, why: str) -> None:
    pl = g.players[pi]
    if pl.left:
        return
    pl.life -= amount
    g.emit("life", f"{pl.name} loses {amount} life from {why} (life {pl.life})", "119.3")
