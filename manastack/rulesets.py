"""Rulesets: the places where rule sets differ, as replaceable pieces rather than branches.

``current`` is the Comprehensive Rules as they stand. A ``2004`` ruleset (the rules of June 2004:
combat damage on the stack, mana burn, the old legend rule) plugs in by giving other functions for
these slots: how pools empty (500.4 / old 300.3 mana burn), which state-based actions there are
(704), and how combat damage is dealt (510).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from manastack import combat, sba
from manastack.mana import pool_text
from manastack.state import GameState


def empty_pools_current(g: GameState) -> None:
    """500.4: unused mana empties from each player's pool at the end of each step and phase."""
    for pl in g.players:
        if any(pl.pool):
            g.emit("mana", f"{pl.name}'s unused mana ({pool_text(pl.pool)}) empties", "500.4")
            pl.pool = [0, 0, 0, 0, 0, 0]


def sba_current(g: GameState) -> bool:
    return sba.check(g)


def combat_damage_current(g: GameState, first_step: bool) -> None:
    """510.1-510.2: assigned and dealt at once as a turn-based action; it doesn't use the stack."""
    combat.begin_damage(g, first_step)


@dataclass(frozen=True)
class Ruleset:
    name: str
    empty_pools: Callable[[GameState], None]
    state_based_actions: Callable[[GameState], bool]
    combat_damage: Callable[[GameState, bool], None]


RULESETS: dict[str, Ruleset] = {
    "current": Ruleset("current", empty_pools_current, sba_current, combat_damage_current),
}


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(f"unknown ruleset {name!r} (known: {known})") from None
