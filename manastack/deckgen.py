"""Random decks from the card pools, for property tests, soak tests and simulation."""

from __future__ import annotations

import random

from manastack import cards
from manastack.cards.model import CardDef

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


def random_deck(rng: random.Random, pools: tuple[str, ...] = ("1",), size: int = 40) -> list[str]:
    """A two-colour deck: 40% basic lands of its colours, the rest spells that those colours
    (or colorless mana) can cast, drawn from ``pools``."""
    colours = rng.sample(sorted(BASICS), 2)
    spells: list[CardDef] = [
        c for pool in pools for c in cards.POOLS[pool] if not c.is_land and c.colors <= set(colours)
    ]
    n_lands = size * 2 // 5
    deck = [BASICS[colours[i % 2]] for i in range(n_lands)]
    deck += [rng.choice(spells).name for _ in range(size - n_lands)]
    return deck
