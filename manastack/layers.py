"""Characteristics of permanents after continuous effects (611, 613).

Layer 1b: a face-down permanent is a nameless 2/2 creature with no text, types or cost (708.2).
Layer 6: abilities (keywords). Layer 7c: power/toughness modifications from effects, static
abilities and counters, summed (order within 7c never matters for additions). Layers 7a/7b/7d
have no source in the pools yet; they slot in here.
"""

from __future__ import annotations

from manastack.cards.model import Anthem, StaticAbility
from manastack.state import GameState, Permanent

_FACE_DOWN_TYPES = frozenset({"Creature"})


def types(p: Permanent) -> frozenset[str]:
    return _FACE_DOWN_TYPES if p.face_down else p.card.cdef.types


def is_creature(p: Permanent) -> bool:
    return p.face_down or "Creature" in p.card.cdef.types


def name(p: Permanent) -> str:
    """The name the rules see; a face-down permanent has none (708.2a)."""
    return "" if p.face_down else p.card.cdef.name


def colors(p: Permanent) -> frozenset[str]:
    return frozenset() if p.face_down else p.card.cdef.colors


def keywords(g: GameState, p: Permanent) -> frozenset[str]:
    """Layer 6. Nothing in the pools grants or removes keywords, so this is the printed set."""
    return frozenset() if p.face_down else p.card.cdef.keywords


def has(p: Permanent, keyword: str) -> bool:
    return not p.face_down and keyword in p.card.cdef.keywords


def is_legendary(p: Permanent) -> bool:
    return not p.face_down and "Legendary" in p.card.cdef.supertypes


def power_toughness(g: GameState, p: Permanent) -> tuple[int, int]:
    """613.4: base (1b face-down 2/2), then 7c modifications and counters."""
    if p.face_down:
        pw, tg = 2, 2
    else:
        cd = p.card.cdef
        pw, tg = cd.power or 0, cd.toughness or 0
    for e in g.effects:
        if e.oid == p.oid:
            pw += e.power
            tg += e.toughness
    for src in g.battlefield:
        if src.face_down or src.controller != p.controller:
            continue
        for ab in src.card.cdef.abilities:
            if isinstance(ab, StaticAbility) and isinstance(ab.effect, Anthem):
                pw += ab.effect.power
                tg += ab.effect.toughness
    if p.counters:
        plus = p.counters.get("+1/+1", 0)
        minus = p.counters.get("-1/-1", 0)
        pw += plus - minus
        tg += plus - minus
    return pw, tg


def power(g: GameState, p: Permanent) -> int:
    return power_toughness(g, p)[0]


def toughness(g: GameState, p: Permanent) -> int:
    return power_toughness(g, p)[1]
