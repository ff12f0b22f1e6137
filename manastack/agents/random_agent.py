"""The random agent: uniform over the legal options, with two exceptions that keep games moving."""

from __future__ import annotations

import random

from manastack.actions import Action, ActivateMana, Choose
from manastack.agents.base import AgentView
from manastack.decisions import Kind

_MULLIGANS = (Kind.MULLIGAN, Kind.PUT_ON_BOTTOM)


def random_agent(view: AgentView, rng: random.Random) -> Action:
    """Uniform over the options, skipping mana abilities (payment taps lands by itself) unless
    nothing else is offered, and never "cancel" when something else is."""
    if view.kind in _MULLIGANS:
        return view.mulligan_answer(range(1, 7))  # a fixed simple policy: no 0- or 7-landers
    opts = view.options
    if len(opts) == 1:
        return opts[0]  # what the lines below give too, without building their lists
    useful = [a for a in opts if type(a) is not ActivateMana]  # not is_mana_only(a), inlined
    if len(useful) > 1:
        useful = [a for a in useful if not (isinstance(a, Choose) and a.option == "cancel")]
    pool = useful or opts
    return pool[rng.randrange(len(pool))] if len(pool) > 1 else pool[0]
