"""Random decks from the card pools, for property tests, soak tests and simulation."""

from __future__ import annotations

import random

from manastack import cards
from manastack.cards import base
from manastack.cards.model import CardDef

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
COMPILED = "compiled"  # a pool name: the cards compiled from the card base
_COMPILED_SPELLS: list[CardDef] = []


def _pool(pool: str) -> tuple[CardDef, ...] | list[CardDef]:
    """A pool's cards; ``COMPILED``: every nonland card compiled from the card base (compiled
    once, on first use)."""
    if pool != COMPILED:
        return cards.POOLS[pool]
    if not _COMPILED_SPELLS:
        for name in base.compiled_names():
            cd = base.card(name)
            if cd is not None and not cd.is_land:
                _COMPILED_SPELLS.append(cd)
    return _COMPILED_SPELLS


def random_deck(rng: random.Random, pools: tuple[str, ...] = ("1",), size: int = 40) -> list[str]:
    """A two-colour deck: 40% basic lands of its colours, the rest spells that those colours
    (or colorless mana) can cast, drawn from ``pools`` (``COMPILED``: the compiled card base)."""
    colours = rng.sample(sorted(BASICS), 2)
    spells: list[CardDef] = [
        c for pool in pools for c in _pool(pool) if not c.is_land and c.colors <= set(colours)
    ]
    n_lands = size * 2 // 5
    deck = [BASICS[colours[i % 2]] for i in range(n_lands)]
    deck += [rng.choice(spells).name for _ in range(size - n_lands)]
    return deck
