"""Forced decisions answered by the engine (``Game(auto=True)``, ``drive(auto=True)``), and the
listing of legal actions given again, unchanged, until something is applied."""

from __future__ import annotations

import random

from manastack import Game, actions
from manastack.agents import AGENTS
from manastack.agents.base import drive
from manastack.serialize import to_dict

DECK_A = ["Mountain"] * 16 + ["Grizzly Bears"] * 4 + ["Lightning Bolt"] * 4 + ["Forest"] * 16
DECK_B = ["Island"] * 17 + ["Llanowar Elves"] * 4 + ["Giant Growth"] * 4 + ["Plains"] * 15


def _game(seed: int, auto: bool = False) -> Game:
    return Game.new([DECK_A, DECK_B], ["A", "B"], seed=seed, first_player=seed % 2, auto=auto)


def test_drive_auto_plays_the_same_games() -> None:
    # The built-in agents draw nothing from their rng for a single option, and drive answers
    # forced decisions at the same points of its caps: the same seed, the same game.
    for seed in range(4):
        for agent in ("random", "greedy"):
            a, b = _game(seed), _game(seed)
            ra = drive(a, [AGENTS[agent]] * 2, random.Random(seed))
            rb = drive(b, [AGENTS[agent]] * 2, random.Random(seed), auto=True)
            assert ra == rb
            assert a.log_text() == b.log_text()


def test_game_auto_answers_forced_decisions_and_logs_them() -> None:
    for seed in range(3):
        plain, auto = _game(seed), _game(seed, auto=True)
        rp = drive(plain, [AGENTS["random"]] * 2, random.Random(seed))
        ra = drive(auto, [AGENTS["random"]] * 2, random.Random(seed))
        assert auto.forced > 0
        assert rp == ra  # forced decisions still count as decisions
        assert plain.log_text() == auto.log_text()
        assert to_dict(plain.state) == to_dict(auto.state)


def test_auto_stops_at_every_real_choice() -> None:
    g = _game(5, auto=True)
    rng = random.Random(5)
    while not g.is_over and g.turn < 8:
        opts = g.legal_actions(with_mana=False)
        assert len(opts) > 1, "a forced decision reached the caller"
        g.apply(opts[rng.randrange(len(opts))])


def test_legal_actions_given_again_until_applied() -> None:
    g = _game(2)
    first = g.legal_actions()
    again = g.legal_actions()
    assert first == again and first is not again
    again.clear()  # the caller's list: changing it changes nothing kept
    assert g.legal_actions() == first
    assert g.legal_actions(with_mana=False) == [a for a in first if a in g.legal_actions(False)]
    g.apply(actions.Choose(g.decision.player, "keep"))  # type: ignore[union-attr]
    assert g.legal_actions() != first or g.decision is not None


def test_clone_starts_without_a_cache() -> None:
    g = _game(3)
    g.legal_actions()
    assert g.state.listing_cache is None  # kept only while a listing runs
    c = g.clone()
    assert c.state.listing_cache is None
    assert c.legal_actions() == g.legal_actions()


def test_the_caps_stop_the_engine_where_they_stop_the_agents() -> None:
    # A turn cap and a decision cap fall in the middle of forced decisions: the engine must
    # hand the game back where the agents would have been asked, so the result is the same.
    for seed in range(6):
        for max_turns, max_decisions in ((3, 100_000), (200, 37), (4, 90)):
            results = []
            for auto in (False, True):
                g = _game(seed)
                results.append(
                    drive(
                        g,
                        [AGENTS["random"]] * 2,
                        random.Random(seed),
                        max_turns=max_turns,
                        max_decisions=max_decisions,
                        auto=auto,
                    )
                )
                results.append(to_dict(g.state, log=False))
            assert results[0] == results[2] and results[1] == results[3]


def test_simulate_gives_the_same_results_with_or_without_auto() -> None:
    from manastack.simulate import simulate

    def table(auto: bool) -> dict[str, object]:
        s = simulate([DECK_A, DECK_B], 6, seed=11, workers=1, max_turns=30, auto=auto)
        d = s.to_json()
        for timing in ("seconds", "games_per_second", "decisions_per_second"):
            d.pop(timing)
        return d

    assert table(True) == table(False)


def test_a_record_keeps_the_forced_answers_and_replays(tmp_path: object) -> None:
    from manastack.record import Record, replay

    record = Record(["A", "B"], [DECK_A, DECK_B], 4, "current", 0, [])
    g = record.new_game()
    g.answers = record.answers
    drive(g, [AGENTS["random"]] * 2, random.Random(4), max_turns=6, auto=True)
    assert g.forced > 0 and len(record.answers) > g.forced
    again = replay(record)
    assert to_dict(again.state) == to_dict(g.state)
