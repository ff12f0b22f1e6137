"""GameState's fields are written in four places: the class's annotations, ``STATE_FIELDS``
(how a clone copies each, whether dumps and the loop digest see it), ``__slots__`` and
``__init__`` (the defaults and the copy, as plain assignments a compiled class runs at C speed).
These tests check that they agree, so that a field added in one place and forgotten in another
fails here."""

from __future__ import annotations

import random
from typing import Any

import pytest

import manastack
from manastack import Game
from manastack.agents import random_agent
from manastack.agents.base import AgentView
from manastack.state import STATE_FIELDS, Copy, GameState

NAMES = [f.name for f in STATE_FIELDS]


def test_the_table_names_each_field_once() -> None:
    assert len(NAMES) == len(set(NAMES))


@pytest.mark.skipif(manastack.COMPILED, reason="a compiled class keeps no annotations")
def test_the_table_and_the_annotations_agree() -> None:
    annotated = [n for n in GameState.__annotations__ if not n.startswith("_")]
    assert annotated == NAMES


@pytest.mark.skipif(manastack.COMPILED, reason="a compiled class has its own layout")
def test_the_slots_are_the_fields() -> None:
    # A new field left out of __slots__ would fail on first assignment anyway; a slot left
    # behind by a removed field would not.
    assert sorted(GameState.__slots__) == sorted(NAMES)


def test_a_new_state_sets_every_field() -> None:
    g = GameState()
    for name in NAMES:
        getattr(g, name)  # AttributeError if __init__ forgot it


def _midgame() -> GameState:
    """A state with something in most fields: a random game stopped with objects around."""
    from manastack.deckgen import random_deck

    for seed in range(20):
        rng = random.Random(seed)
        g = Game.new([random_deck(rng, ("1", "2")) for _ in range(2)], seed=seed, mulligans=False)
        for _ in range(400):
            if g.is_over:
                break
            d = g.decision
            assert d is not None
            g.apply(random_agent(AgentView(g, d, g.legal_actions()), rng))
            s = g.state
            if s.battlefield and s.stack and s.log and s.pending is not None:
                return s
    raise AssertionError("no random game reached a position with a stack")


def _same(a: Any, b: Any) -> bool:
    return a is b


@pytest.mark.parametrize("field", STATE_FIELDS, ids=lambda f: f.name)
def test_a_clone_copies_each_field_as_declared(field: Any) -> None:
    g = _midgame()
    c = g.clone()
    mine, theirs = getattr(g, field.name), getattr(c, field.name)
    if field.copy is Copy.SHARE:
        assert _same(mine, theirs)
    elif field.copy is Copy.RESET or mine is None:
        assert theirs is None
    elif field.copy in (Copy.LIST, Copy.DICT):
        assert theirs == mine and not _same(mine, theirs)
    elif field.copy is Copy.EACH:
        assert not _same(mine, theirs) and len(theirs) == len(mine)
        assert all(not _same(x, y) for x, y in zip(mine, theirs, strict=True))
    else:
        assert field.copy is Copy.OBJECT
        assert not _same(mine, theirs)
