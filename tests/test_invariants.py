"""The invariant checks catch what they promise to (so that a green soak means something)."""

from __future__ import annotations

import pytest

from manastack import Game
from manastack.invariants import InvariantError, all_cids, check, owners


def _game() -> tuple[Game, dict[int, int], dict[int, int]]:
    deck = ["Forest"] * 10 + ["Grizzly Bears"] * 10
    g = Game.new([deck, deck], seed=3)
    return g, dict(all_cids(g.state)), owners(g.state)


def test_a_sound_game_passes() -> None:
    g, cards, own = _game()
    check(g, cards, own)


def test_a_card_in_two_zones_is_caught() -> None:
    g, cards, own = _game()
    p = g.state.players[0]
    p.graveyard.append(p.hand[0])
    with pytest.raises(InvariantError, match="two zones"):
        check(g, cards, own)


def test_a_vanished_card_is_caught() -> None:
    g, cards, own = _game()
    g.state.players[1].library.pop()
    with pytest.raises(InvariantError, match="vanished"):
        check(g, cards, own)


def test_negative_mana_is_caught() -> None:
    g, cards, own = _game()
    g.state.players[0].pool[2] = -1
    with pytest.raises(InvariantError, match="negative mana"):
        check(g, cards, own)


def test_a_game_waiting_for_nothing_is_caught() -> None:
    g, cards, own = _game()
    g.state.pending = None
    with pytest.raises(InvariantError, match="waiting for a decision"):
        check(g, cards, own)
