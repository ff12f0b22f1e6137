"""Characteristics of permanents after continuous effects: the layer system (611, 613).

613.1: effects apply in layers, and within a layer in timestamp order (613.7); dependencies
(613.8) don't arise among the pools' cards, so timestamp order is the whole story here.

- Layer 1b: a face-down permanent is a nameless 2/2 creature with no text, types or cost (708.2).
- Layer 6: abilities gained (``Effect613.keywords``).
- Layer 7a: characteristic-defining P/T; 7b: effects that set P/T; 7c: effects and counters that
  modify P/T (Giant Growth, Glorious Anthem, +1/+1 and -1/-1 counters); 7d: switching.
"""

from __future__ import annotations

from manastack.i18n import Msg
from manastack.state import GameState, Permanent
from manastack.vocabulary.base import StaticEffect

_FACE_DOWN_TYPES = frozenset({"Creature"})
_NONE: frozenset[str] = frozenset()


def types(p: Permanent) -> frozenset[str]:
    return _FACE_DOWN_TYPES if p.face_down else p.card.cdef.types


def is_creature(p: Permanent) -> bool:
    return p.face_down or p.card.cdef.is_creature


def name(p: Permanent) -> str:
    """The name the rules see; a face-down permanent has none (708.2a)."""
    return "" if p.face_down else p.card.cdef.name


def shown(p: Permanent) -> str:
    """How the log names a permanent: a face-down one by what everyone can see (708.2)."""
    return "a face-down creature" if p.face_down else p.card.cdef.name


def shown_msg(p: Permanent) -> Msg:
    """:func:`shown` as a message, for a log in any language."""
    return _FACE_DOWN if p.face_down else Msg("{card!c}", card=p.card.cdef.name)


_FACE_DOWN = Msg("a face-down creature")


def colors(p: Permanent) -> frozenset[str]:
    return _NONE if p.face_down else p.card.cdef.colors


def is_legendary(p: Permanent) -> bool:
    return not p.face_down and p.card.cdef.is_legendary


def keywords(g: GameState, p: Permanent) -> frozenset[str]:
    """Layer 6: printed keywords (none face down), plus those effects and static abilities
    (an Aura's, a lord's) grant, in timestamp order."""
    kws = _NONE if p.face_down else p.card.cdef.keywords
    for e in g.effects:
        if e.oid == p.oid and e.layer == "6":
            kws = kws | e.keywords
    for src in g.battlefield:
        if src.card.cdef.granting and not src.face_down:
            for st in src.card.cdef.granting:
                more = st.grants(g, src, p)
                if more:
                    kws = kws | more
    return kws


def has(g: GameState, p: Permanent, keyword: str) -> bool:
    if keyword in (_NONE if p.face_down else p.card.cdef.keywords):
        return True
    if any(e.oid == p.oid and e.layer == "6" and keyword in e.keywords for e in g.effects):
        return True
    return granted(g, p, keyword)


def any_granting(g: GameState) -> bool:
    """Whether some static ability on the battlefield gives abilities (layer 6)."""
    return any(src.card.cdef.granting for src in g.battlefield)


def granted(g: GameState, p: Permanent, keyword: str) -> bool:
    """Layer 6 (613.1f): whether a static ability on the battlefield gives ``p`` ``keyword``."""
    for src in g.battlefield:
        if src.card.cdef.granting and not src.face_down:
            for st in src.card.cdef.granting:
                more = st.grants(g, src, p)
                if more and keyword in more:
                    return True
    return False


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def protected_from(g: GameState, p: Permanent, colors: frozenset[str]) -> str | None:
    """702.16a: the colour word if ``p`` has protection from one of ``colors`` (None if not)."""
    for c in colors:
        if has(g, p, "protection from " + _COLOR_WORDS[c]):
            return _COLOR_WORDS[c]
    return None


StaticPT = list[tuple[Permanent, StaticEffect]]  # (source, effect) of P/T static abilities


def static_pt(g: GameState) -> StaticPT:
    """Power/toughness effects of static abilities on the battlefield (604, 611.3), with their
    sources. Found once per look at many creatures."""
    out: StaticPT = []
    for src in g.battlefield:
        if src.face_down:
            continue
        for st in src.card.cdef.statics:
            if st.affects_pt:
                out.append((src, st))
    return out


def lowers_toughness(g: GameState, statics: StaticPT) -> bool:
    """Whether some static P/T effect could lower a creature's toughness (the state-based
    actions look at every creature then)."""
    for src, st in statics:
        for p in g.battlefield:
            change = st.pt_change(g, src, p)
            if change is not None and change[1] < 0:
                return True
    return False


def power_toughness(g: GameState, p: Permanent, statics: StaticPT | None = None) -> tuple[int, int]:
    """613.4: base values (1b face-down 2/2), then 7a-7d in order, timestamps within a layer."""
    if p.face_down:
        pw, tg = 2, 2
    else:
        cd = p.card.cdef
        pw, tg = cd.power or 0, cd.toughness or 0
        if cd.power is None or cd.toughness is None:
            # 613.4a (layer 7a): a characteristic-defining ability sets a `*` (604.3).
            for st in cd.statics:
                defined = st.base_pt(g, p)
                if defined is not None:
                    pw = pw if defined[0] is None else defined[0]
                    tg = tg if defined[1] is None else defined[1]
    effects = [
        (e.layer, e.timestamp, e.power, e.toughness)
        for e in g.effects
        if e.oid == p.oid and e.layer != "6"
    ]
    if statics is None:
        statics = static_pt(g)
    for src, st in statics:
        change = st.pt_change(g, src, p)
        if change is not None:
            effects.append(("7c", src.timestamp, change[0], change[1]))
    if p.counters:
        # 613.4c: counters apply in 7c; additions commute, so their place in 7c doesn't matter.
        n = p.counters.get("+1/+1", 0) - p.counters.get("-1/-1", 0)
        if n:
            effects.append(("7c", 0, n, n))
    if len(effects) > 1:
        effects.sort()
    for layer, _, dp, dt in effects:
        if layer == "7b":
            pw, tg = dp, dt
        elif layer == "7c":
            pw += dp
            tg += dt
        elif layer == "7d":
            pw, tg = tg, pw
    return pw, tg


def power(g: GameState, p: Permanent) -> int:
    return power_toughness(g, p)[0]


def toughness(g: GameState, p: Permanent) -> int:
    return power_toughness(g, p)[1]
