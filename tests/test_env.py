"""The PettingZoo and Gymnasium environments and the action encoding (issue 18)."""

from __future__ import annotations

import random

import pytest

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning:pettingzoo.test.api_test")
pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from manastack.actions import PlayLand  # noqa: E402
from manastack.deckgen import random_deck  # noqa: E402
from manastack.env import (  # noqa: E402
    ActionCodec,
    ActionSpaceFull,
    Caps,
    IllegalActionIndex,
    ManastackEnv,
    env,
)
from manastack.env.gym_env import SingleAgentEnv  # noqa: E402
from manastack.serialize import to_dict  # noqa: E402
from tests.test_observation import _reshuffle_hidden  # noqa: E402


def _pool_decks(players: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [random_deck(rng, ("1", "2")) for _ in range(players)]


def test_pettingzoo_api_test_two_players_default_decks() -> None:
    api_test(env(), num_cycles=300)


@pytest.mark.parametrize("players", [3, 4])
def test_pettingzoo_api_test_multiplayer(players: int) -> None:
    api_test(ManastackEnv(_pool_decks(players, players)), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(env, num_cycles=300)


def test_gymnasium_check_env() -> None:
    check_env(SingleAgentEnv("greedy", illegal="penalize"), skip_render_check=True)


def _play(e: ManastackEnv, rng: random.Random, max_steps: int = 3000) -> int:
    """Random legal play, checking the mask against the legal actions at every step."""
    steps = 0
    for agent in e.agent_iter(max_steps):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = e.legal_actions()
        mask = obs["action_mask"]
        picked = np.flatnonzero(mask).tolist()
        assert len(picked) == len(legal)  # one index each, all different
        assert sorted(e.index()) == picked
        assert set(e.index().values()) == set(legal)
        assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
        e.step(rng.choice(picked))
        steps += 1
    return steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mask_is_exactly_the_legal_actions(players: int) -> None:
    e = ManastackEnv(_pool_decks(players, 10 + players), mana_abilities=True, max_turns=30)
    rng = random.Random(players)
    for seed in range(2):
        e.reset(seed=seed)
        assert _play(e, rng, 50_000) > 20
        assert not e.agents


def test_small_caps_still_give_each_action_one_index() -> None:
    caps = Caps(hand=1, permanents=1, stack=1, abilities=1, triggers=1, options=1, overflow=200)
    e = ManastackEnv(_pool_decks(2, 5), caps=caps, mana_abilities=True)
    e.reset(seed=1)
    assert _play(e, random.Random(1)) > 20


def test_overflow_beyond_its_block_says_which_cap() -> None:
    e = env()
    e.reset(seed=2)
    while not any(isinstance(a, PlayLand) for a in e.legal_actions()):
        e.step(min(e.index()))
    tight = ActionCodec(Caps(hand=0, overflow=0))
    with pytest.raises(ActionSpaceFull, match=r"Caps\.overflow"):
        tight.encode(e.game.state, e.legal_actions())


def test_the_encoding_is_stable() -> None:
    c = ActionCodec()
    assert [c.block_of(i) for i in (0, 1, 2, 3)] == ["pass", "finish", "pay_auto", "choose"]
    assert c.blocks["play_land"] == (12, 16) and c.blocks["cast"] == (28, 16)
    assert c.size == ActionCodec().size == 6544


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    e = env()
    e.reset(seed=5)
    before = to_dict(e.game.state)
    legal = set(e.index())
    bad = next(i for i in range(e.codec.size) if i not in legal)
    with pytest.raises(IllegalActionIndex, match="not legal for player_"):
        e.step(bad)
    with pytest.raises(IllegalActionIndex):
        e.step(None)
    assert to_dict(e.game.state) == before
    g = SingleAgentEnv("random")
    obs, _ = g.reset(seed=1)
    with pytest.raises(IllegalActionIndex):
        g.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_rewards_at_the_end_and_truncation_at_the_turn_limit() -> None:
    e = env()
    e.reset(seed=9)
    rng = random.Random(9)
    final: dict[str, float] = {}
    for agent in e.agent_iter(5000):
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
        else:
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert e.game.is_over and sorted(final.values()) == [-1.0, 1.0]
    winner = e.possible_agents[e.game.winner or 0]
    assert final[winner] == 1.0
    short = env(max_turns=2)
    short.reset(seed=9)
    rng = random.Random(0)
    truncated = False
    for _ in short.agent_iter(2000):
        obs, reward, term, trunc, _ = short.last()
        if term or trunc:
            truncated |= trunc
            assert reward == 0.0
            short.step(None)
        else:
            short.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert truncated and short.game.turn == 3


def test_gym_episode_ends_with_the_learners_reward() -> None:
    g = SingleAgentEnv("greedy")
    obs, _ = g.reset(seed=3)
    total, done = 0.0, False
    while not done:
        obs, r, term, trunc, _ = g.step(g.action_space.sample(obs["action_mask"]))
        total += r
        done = term or trunc
    assert total in (-1.0, 0.0, 1.0)
    with pytest.raises(RuntimeError, match="reset"):
        g.step(0)


def test_encoded_observation_hides_what_the_player_cannot_see() -> None:
    e = ManastackEnv(_pool_decks(3, 7))
    e.reset(seed=4)
    rng = random.Random(4)
    checked = 0
    for _ in range(300):
        if not e.agents or e.terminations[e.agent_selection]:
            break
        twin = e.game.clone()
        viewer = rng.randrange(3)
        _reshuffle_hidden(twin, viewer, rng)
        a = e.encoder.encode(e.game.observation(viewer))
        b = e.encoder.encode(twin.observation(viewer))
        assert np.array_equal(a, b)
        checked += 1
        e.step(rng.choice(sorted(e.index())))
    assert checked > 50


def test_auto_hands_the_agents_only_real_choices() -> None:
    e = env(auto=True, max_turns=12)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    steps = 0
    for _agent in e.agent_iter(max_iter=3000):
        obs, _, termination, truncation, _ = e.last()
        if termination or truncation:
            e.step(None)
            continue
        mask = obs["action_mask"]
        assert int(mask.sum()) > 1, "a forced decision reached an agent"
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    assert steps > 10 and e.game.forced > 0
    api_test(env(auto=True, max_turns=12), num_cycles=200)
