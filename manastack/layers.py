"""Characteristics of permanents after continuous effects: the layer system (611, 613).

613.1: effects apply in layers, and within a layer in timestamp order (613.7); dependencies
(613.8) don't arise among the pools' cards, so timestamp order is the whole story here.

- Layer 1b: a face-down permanent is a nameless 2/2 creature with no text, types or cost (708.2).
- Layer 6: abilities gained (``Effect613.keywords``).
- Layer 7a: characteristic-defining P/T; 7b: effects that set P/T; 7c: effects and counters that
  modify P/T (Giant Growth, Glorious Anthem, +1/+1 and -1/-1 counters); 7d: switching.
"""

from __future__ import annotations

from typing import Any

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


def abilities(g: GameState, p: Permanent) -> tuple[Any, ...]:
    """The abilities ``p`` has: its printed ones (none face down, 708.2), then those static
    abilities on the battlefield give it (613.1f: "enchanted land has "{T}: ..."")."""
    printed: tuple[Any, ...] = () if p.face_down else p.card.cdef.abilities
    more = granted_abilities(g, p)
    return printed + more if more else printed


def granted_abilities(g: GameState, p: Permanent) -> tuple[Any, ...]:
    """613.1f: the abilities other than keywords static abilities on the battlefield give
    ``p``, in timestamp order of their sources."""
    out: tuple[Any, ...] = ()
    for src in g.battlefield:
        if src.card.cdef.ability_granting and not src.face_down:
            for st in src.card.cdef.ability_granting:
                out += st.granted_abilities(g, src, p)
    return out


GRANTING = 1
"""``battlefield_kinds``: some permanent's card gives abilities (layer 6, keywords included)."""
ABILITY_GRANTING = 2
"""``battlefield_kinds``: some permanent's card gives abilities other than keywords."""
ATTACHING = 4
"""``battlefield_kinds``: some permanent's card is an Aura or an Equipment (704.5m-n)."""
LEGENDARY = 8
"""``battlefield_kinds``: some permanent's card is legendary (704.5j)."""
TRIGGERED = 16
"""``battlefield_kinds``: some permanent's card has a triggered ability (603.2)."""
REPLACING = 32
"""``battlefield_kinds``: some permanent's card has a replacement effect (614)."""
STATIC = 64
"""``battlefield_kinds``: some permanent's card has a static ability (604): P/T, cost changes."""
ACTIVATED = 128
"""``battlefield_kinds``: some permanent's card has an activated ability other than a mana
ability (602), or morph (it may be turned face up, 702.37e)."""


def battlefield_kinds(g: GameState) -> int:
    """The kinds of static abilities the permanents' cards have (``GRANTING``,
    ``ABILITY_GRANTING``, any: ``STATIC``), of cards a state-based action looks at
    (``ATTACHING``, ``LEGENDARY``), and whether any has a triggered ability (``TRIGGERED``), a
    replacement effect (``REPLACING``) or an activated ability (``ACTIVATED``), kept in
    ``g.bf_kinds`` until a permanent enters or leaves."""
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = 0
        for src in g.battlefield:
            cd = src.card.cdef
            if cd.granting:
                kinds |= GRANTING
            if cd.ability_granting:
                kinds |= ABILITY_GRANTING
            if cd.subtypes and ("Aura" in cd.subtypes or "Equipment" in cd.subtypes):
                kinds |= ATTACHING
            if cd.is_legendary:
                kinds |= LEGENDARY
            if cd.triggered:
                kinds |= TRIGGERED
            if cd.replacements:
                kinds |= REPLACING
            if cd.statics:
                kinds |= STATIC
            if cd.has_activated or cd.morph is not None:
                kinds |= ACTIVATED
        g.bf_kinds = kinds
    return kinds


def any_ability_granting(g: GameState) -> bool:
    """Whether some static ability on the battlefield gives abilities other than keywords."""
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = battlefield_kinds(g)
    return (kinds & ABILITY_GRANTING) != 0


def has(g: GameState, p: Permanent, keyword: str) -> bool:
    if keyword in (_NONE if p.face_down else p.card.cdef.keywords):
        return True
    if any(e.oid == p.oid and e.layer == "6" and keyword in e.keywords for e in g.effects):
        return True
    return granted(g, p, keyword)


def any_granting(g: GameState) -> bool:
    """Whether some static ability on the battlefield gives abilities (layer 6)."""
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = battlefield_kinds(g)
    return (kinds & GRANTING) != 0


def granted(g: GameState, p: Permanent, keyword: str) -> bool:
    """Layer 6 (613.1f): whether a static ability on the battlefield gives ``p`` ``keyword``."""
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = battlefield_kinds(g)
    if not kinds & GRANTING:
        return False  # nothing gives abilities: no scan
    for src in g.battlefield:
        if src.card.cdef.granting and not src.face_down:
            for st in src.card.cdef.granting:
                more = st.grants(g, src, p)
                if more and keyword in more:
                    return True
    return False


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


class Quality:
    """What protection looks at in a source (702.16a): its colours, card types and subtypes
    (a spell's card, an ability's source, a creature, an Aura)."""

    __slots__ = ("colors", "subtypes", "types")

    def __init__(
        self,
        colors: frozenset[str] = _NONE,
        types: frozenset[str] = _NONE,
        subtypes: tuple[str, ...] = (),
    ) -> None:
        self.colors = colors
        self.types = types
        self.subtypes = subtypes


NO_QUALITY: Quality = Quality()


def quality(p: Permanent) -> Quality:
    """A permanent's characteristics as protection sees them (face down: a colourless
    nameless creature, 708.2)."""
    if p.face_down:
        return Quality(_NONE, _FACE_DOWN_TYPES)
    cd = p.card.cdef
    return Quality(cd.colors, cd.types, cd.subtypes)


# 702.16a: "protection from [quality]" other than one colour, as the keyword is written.
_PROTECTION_TYPES = {
    "creatures": "Creature",
    "artifacts": "Artifact",
    "enchantments": "Enchantment",
    "lands": "Land",
    "instants": "Instant",
    "sorceries": "Sorcery",
}
_IRREGULAR = {"elves": "Elf", "werewolves": "Werewolf", "kavu": "Kavu", "arcane": "Arcane"}
_PREFIX = "protection from "


def protection_subtype(word: str) -> str:
    """The subtype "protection from goblins" names (Goblin), from its plural."""
    w = word.lower()
    return _IRREGULAR.get(w) or (w[:-1] if w.endswith("s") else w).capitalize()


def protects_from(keyword: str, q: Quality) -> bool:
    """702.16a: whether the protection ``keyword`` ("protection from red", "... from
    artifacts", "... from goblins", "... from everything") covers a source of quality ``q``."""
    what = keyword[len(_PREFIX) :]
    for letter in q.colors:
        if _COLOR_WORDS[letter] == what:
            return True
    if what == "everything":
        return True
    if what == "all colors":
        return bool(q.colors)
    if what == "multicolored":
        return len(q.colors) > 1
    if what == "monocolored":
        return len(q.colors) == 1
    typ = _PROTECTION_TYPES.get(what)
    if typ is not None:
        return typ in q.types
    if what in _COLOR_WORDS.values():
        return False
    return bool(q.subtypes) and protection_subtype(what) in q.subtypes


def protection_word(kws: frozenset[str], q: Quality) -> str | None:
    """The quality named by the first of ``kws`` (a permanent's abilities) that protects it
    from a source of quality ``q``, or None."""
    for k in kws:
        if k.startswith(_PREFIX) and protects_from(k, q):
            return k[len(_PREFIX) :]
    return None


def protected_from(g: GameState, p: Permanent, q: Quality) -> str | None:
    """702.16a: the quality word if ``p`` has protection from a source of quality ``q`` (None
    if not)."""
    return protection_word(keywords(g, p), q)


StaticPT = list[tuple[Permanent, StaticEffect]]  # (source, effect) of P/T static abilities


def static_pt(g: GameState) -> StaticPT:
    """Power/toughness effects of static abilities on the battlefield (604, 611.3), with their
    sources. Found once per look at many creatures."""
    out: StaticPT = []
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = battlefield_kinds(g)
    if not kinds & STATIC:
        return out  # most battlefields have none: no scan
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
