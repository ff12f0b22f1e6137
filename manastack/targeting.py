"""Targets (115): which objects and players a spell or ability may target, checked when it is
put on the stack (601.2c, 603.3d) and again as it resolves (608.2b)."""

from __future__ import annotations

from manastack import layers
from manastack.actions import player_target, target_player
from manastack.cards.model import TargetSpec
from manastack.errors import IllegalAction
from manastack.state import GameState, StackItem


def is_legal(g: GameState, spec: TargetSpec, target: int, item: StackItem | None) -> bool:
    pi = target_player(target)
    if pi is not None:
        return spec.player and 0 <= pi < len(g.players) and not g.players[pi].left
    if spec.permanent_types:
        for p in g.battlefield:
            if p.oid == target:
                if not (layers.types(p) & spec.permanent_types):
                    return False
                return not (spec.not_colors and layers.colors(p) & spec.not_colors)
    if spec.spell:
        for s in g.stack:
            if s.oid == target:
                return _spell_ok(spec, s, item)
    return False


def _spell_ok(spec: TargetSpec, s: StackItem, item: StackItem | None) -> bool:
    if not s.is_spell or s is item or (item is not None and s.oid == item.oid):
        return False  # 115.5: a spell or ability on the stack can't target itself
    types = spell_types(s)
    if spec.spell_types and not (types & spec.spell_types):
        return False
    return not (spec.spell_not_types and types & spec.spell_not_types)


def spell_types(s: StackItem) -> frozenset[str]:
    if s.face_down:
        return frozenset({"Creature"})  # 708.4: a face-down spell is a 2/2 creature spell
    return s.card.cdef.types if s.card else frozenset()


def legal_targets(g: GameState, spec: TargetSpec, item: StackItem | None) -> list[int]:
    """Every legal choice for ``spec``, players first (in turn order), then permanents, then
    spells top of the stack first."""
    out: list[int] = []
    if spec.player:
        out.extend(player_target(p.idx) for p in g.players if not p.left)
    if spec.permanent_types:
        for p in g.battlefield:
            if layers.types(p) & spec.permanent_types and not (
                spec.not_colors and layers.colors(p) & spec.not_colors
            ):
                out.append(p.oid)
    if spec.spell:
        out.extend(s.oid for s in reversed(g.stack) if _spell_ok(spec, s, item))
    return out


def has_legal_target(g: GameState, spec: TargetSpec, item: StackItem | None) -> bool:
    if spec.player and any(not p.left for p in g.players):
        return True
    if spec.permanent_types:
        for p in g.battlefield:
            if layers.types(p) & spec.permanent_types and not (
                spec.not_colors and layers.colors(p) & spec.not_colors
            ):
                return True
    if spec.spell:
        return any(_spell_ok(spec, s, item) for s in g.stack)
    return False


_TARGET_RULE = {"spell": "601.2c", "activated": "602.2b", "triggered": "603.3d"}


def choose(g: GameState, pi: int, target: int) -> tuple[StackItem, int]:
    """Add ``target`` to the spell or ability whose target the pending decision asks for
    (601.2c, 602.2b, 603.3d), or refuse it. Returns the item and the index just chosen."""
    pend = g.pending
    assert pend is not None
    item = g.stack_item(pend.context["item"])
    assert item is not None
    idx: int = pend.context["index"]
    spec = item.target_specs[idx]
    rule = _TARGET_RULE[item.kind]
    whose = item.source_name if item.kind == "spell" else f"{item.source_name}'s ability"
    if not is_legal(g, spec, target, item):
        raise IllegalAction(
            "target",
            f"{describe(g, target)} is not a legal choice for {spec.text} of {whose}",
            rule,
        )
    item.targets.append(target)
    g.emit(
        "target", f"{g.pname(pi)} chooses {describe(g, target)} as {spec.text} for {whose}", rule
    )
    return item, idx


def describe(g: GameState, target: int) -> str:
    pi = target_player(target)
    if pi is not None:
        return g.players[pi].name if pi < len(g.players) else f"player {pi + 1} (no such player)"
    for p in g.battlefield:
        if p.oid == target:
            return p.name if not p.face_down else "a face-down creature"
    for s in g.stack:
        if s.oid == target:
            return s.source_name
    return f"object {target}"
