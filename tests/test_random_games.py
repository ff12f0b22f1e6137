"""Random legal play to the end: the engine's own invariants after every action (117, 405, 704).

Like OpenSpiel's random-simulation test: every option offered is accepted, refused actions leave
the state identical, cards are conserved, and the stack is empty whenever a step ends.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from manastack import Game, IllegalAction, actions
from manastack.decisions import is_mana_only
from manastack.deckgen import random_deck
from manastack.serialize import to_dict
from tests.invariants import all_cids, check, remember_owners

pytestmark = pytest.mark.slow  # the fast subset, `-m "not slow"`, leaves these out

BENCH_RG = (
    ["Mountain"] * 12
    + ["Forest"] * 12
    + ["Lightning Bolt"] * 9
    + ["Shock"] * 9
    + ["Grizzly Bears"] * 9
    + ["Giant Growth"] * 9
)
BENCH_WU = (
    ["Plains"] * 12
    + ["Island"] * 12
    + ["Savannah Lions"] * 8
    + ["Serra Angel"] * 8
    + ["Counterspell"] * 6
    + ["Essence Scatter"] * 6
    + ["Negate"] * 4
    + ["Unsummon"] * 4
)
MAX_DECISIONS = 6000


def _illegal_probes(game: Game, rng: random.Random) -> list[actions.Action]:
    g = game.state
    assert g.pending is not None
    me = g.pending.player
    other = (me + 1) % len(g.players)
    probes: list[actions.Action] = [
        actions.Pass(other),  # 117.1: not the player being asked
        actions.CastSpell(me, 10**6),  # no such card
        actions.ChooseTarget(me, 10**6),
        actions.PlayLand(other, 10**6),
        actions.DeclareAttacker(me, 10**6, other),
    ]
    legal = set(game.legal_actions())
    return [p for p in probes if p not in legal]


def play_one(decks: list[list[str]], seed: int, probe_every: int = 7) -> Game:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(len(decks))]
    game = Game.new(decks, names, seed=seed, first_player=seed % len(decks))
    expected = all_cids(game.state)
    remember_owners(game)
    check(game, expected)
    for n in range(MAX_DECISIONS):
        if game.is_over:
            break
        before_step = (game.turn, game.step)
        before_next_id = game.state.next_id
        before_stack = {s.oid for s in game.state.stack}
        opts = game.legal_actions()
        if n % probe_every == 0:
            snap = to_dict(game.state)
            # Every option offered is accepted (on a clone).
            for a in opts:
                game.clone().apply(a)
            # Illegal actions are refused and change nothing.
            for bad in _illegal_probes(game, rng):
                with pytest.raises(IllegalAction):
                    game.apply(bad)
                assert to_dict(game.state) == snap, f"refused {bad} changed the state"
        choices = [a for a in opts if not is_mana_only(a)] or opts
        if len(game.state.players) > 2 and rng.random() < 0.003:
            game.apply(actions.Concede(rng.choice(game.state.in_game())))
        else:
            game.apply(rng.choice(choices))
        check(game, expected)
        if (game.turn, game.step) != before_step and not game.is_over:
            # 117.4 / 500.2: a step ends only with an empty stack, so anything on it now was
            # put there in the new step.
            old = {s.oid for s in game.state.stack} & before_stack
            assert not old, "an object survived the end of a step on the stack"
            assert all(s.oid >= before_next_id for s in game.state.stack)
    return game


@pytest.mark.parametrize("seed", range(60))
def test_bench_decks_play_to_the_end(seed: int) -> None:
    game = play_one([BENCH_RG, BENCH_WU], seed)
    assert game.is_over or game.turn > 30


@pytest.mark.parametrize("seed", range(120))
def test_random_pool1_decks(seed: int) -> None:
    rng = random.Random(1000 + seed)
    decks = [random_deck(rng, ("1",)) for _ in range(2)]
    play_one(decks, seed)


@pytest.mark.parametrize("seed", range(30))
def test_multiplayer_random_pool1_decks(seed: int) -> None:
    rng = random.Random(5000 + seed)
    n = 3 + seed % 2
    decks = [random_deck(rng, ("1",)) for _ in range(n)]
    game = play_one(decks, seed)
    if game.is_over:
        assert sum(1 for p in game.state.players if not p.left) <= 1


def test_same_seed_same_game() -> None:
    """Architecture rule 2: setup + seed + the same answers reproduce a game exactly."""
    a = play_one([BENCH_RG, BENCH_WU], 3, probe_every=10**9)
    b = play_one([BENCH_RG, BENCH_WU], 3, probe_every=10**9)
    assert to_dict(a.state) == to_dict(b.state)


def test_clone_is_independent() -> None:
    game = Game.new([BENCH_RG, BENCH_WU], seed=5)
    rng = random.Random(5)
    for _ in range(150):
        game.apply(rng.choice(game.legal_actions()))
    snap = to_dict(game.state)
    twin = game.clone()
    for _ in range(50):
        if twin.is_over:
            break
        twin.apply(rng.choice(twin.legal_actions()))
    assert to_dict(game.state) == snap
    assert Counter(all_cids(twin.state)) == Counter(all_cids(game.state))


@pytest.mark.parametrize("seed", range(60))
def test_random_pool2_decks(seed: int) -> None:
    """Pool 2 in the decks: triggers (603), static abilities (604), morph, suspend, regeneration."""
    rng = random.Random(9000 + seed)
    n = 2 + seed % 3
    decks = [random_deck(rng, ("1", "2")) for _ in range(n)]
    play_one(decks, seed)
