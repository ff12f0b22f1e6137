"""Decisions: what the game waits for, one class per kind (see :mod:`manastack.decisions.base`).

The engine asks the pending decision for everything: ``legal_actions`` lists its options,
``describe`` says who decides what, and ``Pending.answer`` carries out an answer. Which actions are
accepted without being listed, and why:

- ``Concede`` (104.3a) from any player still in the game, at any time;
- ``ActivateMana`` while paying a cost (117.1d, 601.2g): listed at priority, accepted (not listed)
  by the payment decisions, where the automatic payment option already covers it;
- ``Choose(player, "cancel")`` while a spell or ability is being proposed (target choice or
  payment): it is withdrawn and the game rewinds (733); listed only when the cost can't be paid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack.actions import Action, ActivateMana
from manastack.decisions.base import Decision, Kind, Pending, pending_data, pending_from_data

if TYPE_CHECKING:
    from manastack.state import GameState


def describe(g: GameState) -> Decision | None:
    """Who must decide what now; None when nothing is asked (or the game is over)."""
    pend = g.pending
    if pend is None or g.game_over:
        return None
    return Decision(pend.player, pend.kind, pend.prompt(g), g.tr)


def legal_actions(g: GameState, with_mana: bool = True) -> list[Action]:
    """The legal options. ``with_mana=False`` leaves out mana abilities at priority (they are
    legal but rarely worth a decision of their own to a search or a random player)."""
    pend = g.pending
    if pend is None or g.game_over:
        return []
    return pend.options(g, with_mana)


def is_mana_only(a: Action) -> bool:
    return type(a) is ActivateMana


__all__ = [
    "Decision",
    "Kind",
    "Pending",
    "describe",
    "is_mana_only",
    "legal_actions",
    "pending_data",
    "pending_from_data",
]
