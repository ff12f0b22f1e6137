"""Tokens (111): "create two 1/1 white Soldier creature tokens [with flying]" (701.7a).

A token's definition is a :class:`CardDef` with a colour indicator (its colours are given, not
taken from a mana cost: 111.4, 204) and no mana cost. Its name says what it is,
``Spirit Token (1/1 white with flying)`` (no comma: it is one name in a list), so that a dump
names it like any card and ``cards.find`` can build it again from the name alone
(:func:`from_name`).
"""

from __future__ import annotations

import re

from manastack.frozen import dataclass
from manastack.mana import COLOR_NAMES
from manastack.state import Card, GameState, StackItem
from manastack.vocabulary.base import Amount, CardDef, Effect, amount_of
from manastack.zones import enter_battlefield

_ORDER = "WUBRG"
_LETTER = {name: letter for letter, name in COLOR_NAMES.items() if letter != "C"}
_NAME = re.compile(
    r"^(?P<sub>[A-Z][A-Za-z' ]*?) Token \((?P<p>\d+)/(?P<t>\d+) (?P<colors>[a-z ]+?)"
    r"(?P<artifact> artifact)?(?: with (?P<kws>[a-z ]+))?\)$"
)
_DEFS: dict[str, CardDef] = {}


def color_words(colors: str) -> str:
    """``"WU"`` -> ``"white and blue"``; ``""`` -> ``"colorless"``."""
    names = [COLOR_NAMES[c] for c in _ORDER if c in colors]
    if not names:
        return "colorless"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def token_name(
    subtypes: tuple[str, ...],
    power: int,
    toughness: int,
    colors: str,
    artifact: bool,
    keywords: tuple[str, ...],
) -> str:
    names = [COLOR_NAMES[c] for c in _ORDER if c in colors]
    spec = f"{power}/{toughness} {' and '.join(names) or 'colorless'}"
    spec += " artifact" if artifact else ""
    if keywords:
        spec += " with " + " and ".join(keywords)
    return f"{' '.join(subtypes)} Token ({spec})"


def token_def(
    subtypes: tuple[str, ...],
    power: int,
    toughness: int,
    colors: str,
    artifact: bool = False,
    keywords: tuple[str, ...] = (),
) -> CardDef:
    """The token's definition (one object per name)."""
    name = token_name(subtypes, power, toughness, colors, artifact, keywords)
    cdef = _DEFS.get(name)
    if cdef is None:
        types = frozenset({"Creature", "Artifact"} if artifact else {"Creature"})
        cdef = _DEFS[name] = CardDef(
            name=name,
            types=types,
            subtypes=subtypes,
            power=power,
            toughness=toughness,
            keywords=frozenset(keywords),
            color_indicator=frozenset(colors),
        )
    return cdef


def from_name(name: str) -> CardDef | None:
    """The token definition a name like ``Soldier Token (1/1 white)`` stands for, or None."""
    m = _NAME.match(name.strip())
    if m is None:
        return None
    words = m.group("colors")
    if words == "colorless":
        colors = ""
    else:
        parts = words.split(" and ")
        if any(w not in _LETTER for w in parts):
            return None
        colors = "".join(_LETTER[w] for w in parts)
    kws = tuple(k for k in (m.group("kws") or "").split(" and ") if k)
    sub = tuple(m.group("sub").split(" "))
    cdef = token_def(
        sub, int(m.group("p")), int(m.group("t")), colors, bool(m.group("artifact")), kws
    )
    return cdef if cdef.name == name.strip() else None


@dataclass(frozen=True, slots=True)
class CreateTokens(Effect):
    """701.7a / 111.1: create ``count`` tokens of one definition under your control."""

    count: int | Amount
    token: CardDef

    def resolve(self, g: GameState, item: StackItem) -> bool:
        n = amount_of(self.count, g, item)
        for _ in range(n):
            card = Card(g.new_id(), item.controller, self.token, token=True)
            g.cards = (*g.cards, card) if g.cards else g.cards
            g.card_kinds = -1
            g.emit(
                "token",
                "{player} creates a {token!c}",
                "701.7a",
                player=g.pname(item.controller),
                token=self.token.name,
            )
            enter_battlefield(g, card, item.controller, rule="111.1")
        return True
