"""The card pools. ``get(name)`` finds a card by its name, without regard to case.

>>> get("lightning bolt").name
'Lightning Bolt'
>>> get("Lightning Blot").name  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
manastack.errors.UnknownCard: unknown card 'Lightning Blot' (did you mean Lightning Bolt, ...?)
"""

from __future__ import annotations

import difflib

from manastack.cards import pool1, pool2
from manastack.cards.model import CardDef
from manastack.errors import UnknownCard

POOLS: dict[str, tuple[CardDef, ...]] = {"1": pool1.CARDS, "2": pool2.CARDS}
ALL: dict[str, CardDef] = {c.name: c for pool in POOLS.values() for c in pool}
_BY_LOWER: dict[str, CardDef] = {name.lower(): c for name, c in ALL.items()}


def names() -> list[str]:
    """Every card name in the pools, in pool order."""
    return list(ALL)


def suggest(name: str, n: int = 3) -> list[str]:
    """The closest names: those containing what was typed first, then look-alikes."""
    key = name.strip().lower()
    if not key or len(key) > 120:
        return []
    found = [c.name for k, c in _BY_LOWER.items() if key in k]
    close = difflib.get_close_matches(key, list(_BY_LOWER), n=n, cutoff=0.6)
    found += [_BY_LOWER[m].name for m in close if _BY_LOWER[m].name not in found]
    return found[:n]


def find(name: str) -> CardDef | None:
    return _BY_LOWER.get(name.strip().lower())


def get(name: str) -> CardDef:
    """The card named ``name`` (any case); raises UnknownCard with the closest names."""
    card = ALL.get(name) or _BY_LOWER.get(name.strip().lower())
    if card is None:
        raise UnknownCard(name, suggest(name))
    return card


def pool_of(name: str) -> str:
    for pool, cards in POOLS.items():
        if any(c.name == name for c in cards):
            return pool
    raise UnknownCard(name, suggest(name))
