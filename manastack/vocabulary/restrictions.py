"""Restrictions on when an activated ability may be activated (602.5b, 602.5d): "Activate only
once each turn", "only during your upkeep", "only during your turn", "only if <condition>"."""

from __future__ import annotations

from manastack.errors import IllegalAction
from manastack.state import GameState, Permanent
from manastack.steps import Step
from manastack.vocabulary.keywords import CONDITIONS, condition_holds

# The restrictions read, as "Activate only <words>." writes them (conditions: "if <c>").
ONLY = (
    "once each turn",
    "during your upkeep",
    "during your turn",
    "during your turn, before attackers are declared",
    *(f"if {c}" for c in CONDITIONS if c != "it's attacking"),
)


def _key(index: int) -> str:
    return f"activated{index}"


def refusal(g: GameState, pi: int, p: Permanent, index: int, only: str) -> IllegalAction | None:
    """Why ability ``index`` of ``p`` can't be activated now under its restriction, or None."""
    if not only:
        return None
    if only == "once each turn":
        if g.marks.get(p.oid, {}).get(_key(index)) == g.turn:
            return IllegalAction(
                "timing",
                "{card!c}'s ability was already activated this turn",
                "602.5b",
                card=p.name,
            )
        return None
    if only.startswith("during your"):
        mine = g.rules.is_active(g, pi)
        if only == "during your upkeep" and not (mine and g.step is Step.UPKEEP):
            return IllegalAction(
                "timing", "this ability can be activated only during your upkeep", "602.5b"
            )
        if only == "during your turn" and not mine:
            return IllegalAction(
                "timing", "this ability can be activated only during your turn", "602.5b"
            )
        if only.endswith("before attackers are declared") and not (
            mine and g.step < Step.DECLARE_ATTACKERS
        ):
            return IllegalAction(
                "timing",
                "this ability can be activated only during your turn, before attackers are "
                "declared",
                "602.5b",
            )
        return None
    if only.startswith("if ") and not condition_holds(g, p, only[3:]):
        return IllegalAction(
            "timing", "this ability can be activated only {only!t}", "602.5b", only=only
        )
    return None


def note_activation(g: GameState, p: Permanent, index: int, only: str) -> None:
    """602.5b: remember the turn a once-each-turn ability was activated (by its index)."""
    if only == "once each turn":
        g.marks = {**g.marks, p.oid: {**g.marks.get(p.oid, {}), _key(index): g.turn}}
