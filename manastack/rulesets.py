"""Rulesets: the places where rule sets differ, as replaceable pieces rather than branches.

``current`` is the Comprehensive Rules as they stand. A ``2004`` ruleset (combat damage on the
stack, mana burn, the old legend rule) plugs in by giving other functions for these slots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from manastack.mana import pool_text
from manastack.state import GameState


def empty_pools_current(g: GameState) -> None:
    """500.4: unused mana empties from each player's pool at the end of each step and phase."""
    for pl in g.players:
        if any(pl.pool):
            g.emit("mana", f"{pl.name}'s unused mana ({pool_text(pl.pool)}) empties", "500.4")
            pl.pool = [0, 0, 0, 0, 0, 0]


@dataclass(frozen=True)
class Ruleset:
    name: str
    empty_pools: Callable[[GameState], None]
    combat_damage_uses_stack: bool = False


RULESETS: dict[str, Ruleset] = {
    "current": Ruleset("current", empty_pools_current),
}


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(f"unknown ruleset {name!r} (known: {known})") from None
