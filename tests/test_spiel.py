"""manastack as an OpenSpiel game, played by OpenSpiel's MCTS bot (issue 18)."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("manastack.env.spiel")

from open_spiel.python.algorithms import mcts  # noqa: E402

from manastack.env.spiel import BoardEvaluator  # noqa: E402


def test_registered_imperfect_information_with_a_chance_node() -> None:
    game = pyspiel.load_game("python_manastack")
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    s = game.new_initial_state()
    assert s.is_chance_node() and len(s.chance_outcomes()) == 1 << 16
    s.apply_action(5)
    assert not s.is_chance_node() and s.current_player() in (0, 1)


@pytest.mark.parametrize("players", [2, 3])
def test_random_playthrough_ends_with_returns(players: int) -> None:
    game = pyspiel.load_game("python_manastack", {"players": players, "max_turns": 30})
    rng = np.random.RandomState(players)
    s = game.new_initial_state()
    s.apply_action(11)
    moves = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        assert legal and all(
            s.legal_actions(p) == [] for p in range(players) if p != s.current_player()
        )
        s.apply_action(int(rng.choice(legal)))
        moves += 1
    assert moves > 20 and len(s.returns()) == players
    with pytest.raises(Exception, match="not legal"):
        s2 = game.new_initial_state()
        s2.apply_action(1)
        s2.apply_action(game.num_distinct_actions() - 1)


def test_resampled_states_look_the_same_to_the_player() -> None:
    game = pyspiel.load_game("python_manastack")
    rng = np.random.RandomState(0)
    s = game.new_initial_state()
    s.apply_action(3)
    differs = 0
    for _ in range(200):
        if s.is_terminal():
            break
        me = s.current_player()
        other = s.resample_from_infostate(me, rng.random_sample)
        assert other.observation_tensor(me) == s.observation_tensor(me)
        assert other.legal_actions() == s.legal_actions()
        differs += other.observation_tensor(1 - me) != s.observation_tensor(1 - me)
        s.apply_action(int(rng.choice(s.legal_actions())))
    assert differs > 50  # the opponent's own view of its hand did change


def test_mcts_bot_plays_a_game() -> None:
    game = pyspiel.load_game("python_manastack", {"max_turns": 8})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2, 8, BoardEvaluator(), random_state=rng, solve=False)
    s = game.new_initial_state()
    s.apply_action(2)
    searched = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        if s.current_player() == 0 and len(legal) > 1:
            action = bot.step(s.resample_from_infostate(0, rng.random_sample))
            assert action in legal
            searched += 1
        else:
            action = int(rng.choice(legal))
        s.apply_action(action)
    assert searched > 5
