"""Damage (120) and life (119), as events through the pipeline: prevention (615) may lower
damage, then it is dealt; lifelink (702.15b) makes the source's controller gain as much life.
The source is the object itself (a permanent or a spell or ability on the stack), so what a
prevention effect or trigger asks of it (its colour, its controller) can be known."""

from __future__ import annotations

from manastack.events import DamageDealt, LifeGained, LifeLost, happen
from manastack.i18n import Msg
from manastack.state import GameState, Permanent, StackItem


def deal(g: GameState, ev: DamageDealt) -> None:
    done = happen(g, ev)
    if isinstance(done, DamageDealt) and done.amount > 0 and done.lifelink:
        gain_life(
            g,
            done.controller,
            done.amount,
            Msg("{card!c} (lifelink)", card=done.source_name),
            "702.15b",
        )


def damage_player(
    g: GameState, source: Permanent | StackItem, pi: int, amount: int, combat: bool = False
) -> None:
    """120.3a: damage to a player causes that much life loss."""
    deal(g, DamageDealt.by(g, source, amount, player=pi, combat=combat))


def damage_creature(
    g: GameState,
    source: Permanent | StackItem,
    target: Permanent,
    amount: int,
    combat: bool = False,
) -> None:
    """120.3e: damage to a creature is marked on it (deathtouch noted: 704.5h)."""
    deal(g, DamageDealt.by(g, source, amount, target=target, combat=combat))


def gain_life(g: GameState, pi: int, amount: int, why: Msg, rule: str = "119.3") -> None:
    happen(g, LifeGained(pi, amount, why, rule))


def lose_life(g: GameState, pi: int, amount: int, why: Msg, rule: str = "119.3") -> None:
    happen(g, LifeLost(pi, amount, why, rule))
