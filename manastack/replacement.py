"""Replacement and prevention effects (614, 615, 616).

An event that a replacement effect may modify passes through here before it happens. Each
replacement is a function that looks at the event and either replaces it (returning True: the
event doesn't happen as it was) or leaves it. Regeneration (701.19) is the first: a shield replaces
"destroy". Prevention (615) fits the same way on damage events: a function from the event to the
damage left. 616.1: when several could apply, the affected object's controller (or the affected
player) would choose their order; with one kind of each in the pools, there is no choice yet.
"""

from __future__ import annotations

from collections.abc import Callable

from manastack.state import GameState, Permanent
from manastack.zones import leave_battlefield, remove_from_combat

DestroyReplacement = Callable[[GameState, Permanent, bool], bool]
DamagePrevention = Callable[[GameState, str, int, int], int]  # (source name, target, amount)


def regeneration(g: GameState, p: Permanent, can_regenerate: bool) -> bool:
    """701.19c: instead of being destroyed, a permanent with a shield is tapped, its damage is
    removed and it is removed from combat. "Can't be regenerated" turns the shield off."""
    if not can_regenerate or p.regen_shields <= 0:
        return False
    p.regen_shields -= 1
    p.tapped = True
    p.damage = 0
    p.deathtouched = False
    remove_from_combat(g, p.oid)
    g.emit(
        "regenerate",
        f"{p.name} regenerates instead of being destroyed: tapped, damage removed, "
        "removed from combat",
        "701.19c",
    )
    return True


DESTROY_REPLACEMENTS: list[DestroyReplacement] = [regeneration]
DAMAGE_PREVENTION: list[DamagePrevention] = []


def destroy(g: GameState, perms: list[Permanent], can_regenerate: bool = True) -> None:
    """701.8: destroy = move to the owner's graveyard, unless a replacement applies (614)."""
    dying = [p for p in perms if not _replaced(g, p, can_regenerate)]
    leave_battlefield(g, dying, "graveyard", "is destroyed", "701.8a")


def _replaced(g: GameState, p: Permanent, can_regenerate: bool) -> bool:
    # 614.5: each replacement applies to an event at most once; the first that applies wins.
    return any(rep(g, p, can_regenerate) for rep in DESTROY_REPLACEMENTS)


def prevent(g: GameState, source_name: str, target: int, amount: int) -> int:
    """615: the damage left after prevention effects (none in the pools yet)."""
    for prev in DAMAGE_PREVENTION:
        amount = prev(g, source_name, target, amount)
    return amount
