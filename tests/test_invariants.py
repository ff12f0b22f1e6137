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
    p.graveyard += (p.hand[0],)
    with pytest.raises(InvariantError, match="two zones"):
        check(g, cards, own)


def test_a_vanished_card_is_caught() -> None:
    g, cards, own = _game()
    g.state.players[1].take_top()
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


def test_a_settled_state_with_a_state_based_action_due_is_caught() -> None:
    """The engine skips its look at state-based actions in a settled state (engine.state_checks):
    the check does that look in full and finds the one it would have missed."""
    g, cards, own = _game()
    g.state.settled = True
    check(g, cards, own)  # settled and truly nothing to do: fine
    g.state.players[1].life = 0
    with pytest.raises(InvariantError, match="state-based action"):
        check(g, cards, own)


def test_priority_passed_on_keeps_the_state_settled() -> None:
    from manastack.actions import Pass
    from manastack.decisions import Kind

    g, _, _ = _game()
    while True:  # to the first priority
        d = g.decision
        assert d is not None
        if d.kind is Kind.PRIORITY:
            break
        g.apply(g.legal_actions()[0])
    assert g.state.settled  # 117.5: looked at just before priority was given
    first = d.player
    g.apply(Pass(first))
    d = g.decision
    assert d is not None and d.kind is Kind.PRIORITY and d.player != first
    assert g.state.settled  # only priority moved: the next look is skipped


def _to_priority(g: Game) -> None:
    from manastack.decisions import Kind

    while True:
        d = g.decision
        assert d is not None
        if d.kind is Kind.PRIORITY:
            return
        g.apply(g.legal_actions()[0])


def test_mana_sources_kept_across_decisions_follow_tapping() -> None:
    """casting.source_colours keeps its answer (state.SourceMemo) until something changes the
    sources: tapping a land through the event pipeline forgets it."""
    from manastack import casting
    from manastack.events import happen
    from manastack.events.types import Tapped

    g, cards, own = _game()
    _to_priority(g)
    s = g.state
    forest = next(c for c in s.players[0].library if c.cdef.name == "Forest")
    s.players[0].take_from_library(forest)
    from manastack.state import Permanent

    perm = Permanent(s.new_id(), forest, 0, s.next_id, sick=False)
    s.battlefield.append(perm)
    s.bf_kinds = -1
    assert casting.source_colours(s, 0) == (frozenset("G"),)
    assert s.source_memo is not None and s.source_memo.holds(s)
    happen(s, Tapped(perm))
    assert casting.source_colours(s, 0) == ()  # the memo was forgotten, the scan sees it tapped
    check(g, cards, own)


def test_stale_mana_sources_are_caught() -> None:
    """A change made behind the memo's back (a land untapped without forgetting it) is what the
    fully checked mode must find."""
    from manastack import casting
    from manastack.state import Permanent

    g, cards, own = _game()
    _to_priority(g)
    s = g.state
    forest = next(c for c in s.players[0].library if c.cdef.name == "Forest")
    s.players[0].take_from_library(forest)
    perm = Permanent(s.new_id(), forest, 0, s.next_id, tapped=True, sick=False)
    s.battlefield.append(perm)
    s.bf_kinds = -1
    assert casting.source_colours(s, 0) == ()
    perm.tapped = False  # no event, no reset: the memo is stale now
    assert casting.source_colours(s, 0) == ()
    with pytest.raises(InvariantError, match="SourceMemo"):
        check(g, cards, own)


def _pass_to(g: Game, step: str, who: str) -> None:
    """Answer with the first option (passing at priority) until ``who`` ("active" or
    "other") has priority in ``step``."""
    from manastack.actions import Pass
    from manastack.decisions import Kind

    for _ in range(500):
        d = g.decision
        assert d is not None
        if d.kind is Kind.PRIORITY:
            active = d.player == g.state.active
            if g.step.label == step and active == (who == "active"):
                return
            g.apply(Pass(d.player))
        else:
            g.apply(g.legal_actions()[0])
    raise AssertionError(f"never reached {who}'s priority in {step}")


def test_a_kept_listing_is_used_in_the_next_quiet_step() -> None:
    """Only passes and the start of a step with no turn-based action but its "at the beginning
    of" event happened: a player's options are those of the step before (sorcery timing, 307.1,
    is part of what is kept), not listed again. (Seen through ``GameState.listings``, not by
    replacing a function: the compiled build calls its own functions directly.)"""
    from manastack import priority

    deck = ["Forest"] * 10 + ["Giant Growth"] * 10
    g = Game.new([deck, deck], seed=3)
    _pass_to(g, "draw", "other")
    first = g.legal_actions()
    other = 1 - g.state.active
    listings = g.state.listings
    assert listings is not None
    kept = listings[(other, True, False)]
    _pass_to(g, "precombat_main", "other")
    assert g.state.settled
    assert g.state.listings is listings  # nothing but passes and a quiet step start
    assert g.legal_actions() == first
    assert g.state.listings[(other, True, False)] is kept  # used, not listed again
    active = g.state.active
    assert (active, True, True) not in g.state.listings
    priority.priority_actions(g.state, active)
    assert (active, True, True) in g.state.listings  # sorcery timing: listed anew
    fresh = g.state.clone()
    fresh.settled = False  # nothing kept is read
    assert priority.priority_actions(fresh, other) == first


def test_a_change_forgets_the_kept_listings() -> None:
    deck = ["Forest"] * 20
    g = Game.new([deck, deck], seed=3)
    _pass_to(g, "precombat_main", "active")
    before = g.legal_actions()
    assert g.state.listings
    land = next(a for a in before if type(a).__name__ == "PlayLand")
    g.apply(land)  # 116.3: the player receives priority again, after a look (117.5)
    after = g.legal_actions()
    assert land not in after and not any(type(a).__name__ == "PlayLand" for a in after)


def test_a_stale_kept_listing_is_caught() -> None:
    """The kept options are compared with a listing from scratch: a change the engine did not
    see (here, the kept list itself) is caught."""
    from manastack.actions import Pass
    from manastack.decisions import legal_actions

    g, cards, own = _game()
    _pass_to(g, "upkeep", "active")
    check(g, cards, own)  # lists, keeps, and agrees
    assert g.state.listings
    pi = g.state.active
    key = next(k for k in g.state.listings if k[0] == pi)
    g.state.listings[key] = [Pass(pi), Pass(pi)]
    # What is kept is what is offered (Game.legal_actions keeps its own answer for this very
    # decision: ask the engine).
    assert legal_actions(g.state) == [Pass(pi), Pass(pi)]
    with pytest.raises(InvariantError, match="kept for player"):
        check(g, cards, own)
