"""Team games through the API (the scenario files of tests/scenarios/teams/ cover the rules):
formats and their refusals, whole random games with every check, records, simulate."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from manastack import Game, Kind, actions
from manastack.agents import greedy_agent, random_agent
from manastack.agents.base import AgentView
from manastack.deckgen import random_deck
from manastack.formats import make
from manastack.invariants import all_cids, check, owners
from manastack.record import Recorder, load, replay, save
from manastack.serialize import from_dict, to_dict
from manastack.simulate import simulate

NAMES = ["ann", "bo", "cy", "di"]
TEAMS = [["ann", "bo"], ["cy", "di"]]


def test_formats_refuse_bad_teams() -> None:
    with pytest.raises(ValueError, match="two teams of two"):
        make("two-headed giant", [[0, 1, 2], [3]])
    with pytest.raises(ValueError, match="unknown format"):
        make("three-headed giant", [[0], [1]])
    with pytest.raises(ValueError, match="team by team"):
        Game.new([["Forest"] * 40] * 4, NAMES, format="2hg", teams=[["ann", "cy"], ["bo", "di"]])


@pytest.mark.parametrize("fmt", ["two-headed giant", "shared team turns"])
@pytest.mark.parametrize("seed", range(3))
def test_random_team_games_keep_every_invariant(fmt: str, seed: int) -> None:
    rng = random.Random(seed)
    decks = [random_deck(rng, ("1", "2")) for _ in range(4)]
    game = Game.new(decks, NAMES, seed=seed, format=fmt, teams=TEAMS)
    expected, card_owners = all_cids(game.state), owners(game.state)
    for n in range(3000):
        if game.is_over:
            break
        d = game.decision
        assert d is not None
        opts = game.legal_actions()
        check(game, expected, card_owners, opts)
        agent = greedy_agent if d.player < 2 else random_agent
        game.apply(agent(AgentView(game, d, opts), rng))
        if n % 97 == 0:  # now and then: a dump rebuilds to the same state
            again = from_dict(to_dict(game.state))
            assert to_dict(again) == to_dict(game.state)
    assert game.is_over
    if game.state.winner is not None:
        returns = game.returns()
        mates = [i for i in range(4) if returns[i] == 1.0]
        assert len(mates) == 2 and game.state.format.same_team(*mates)
    if fmt == "two-headed giant":
        assert game.state.players[0].life == game.state.players[1].life


def test_team_priority_accepts_any_member_and_refuses_the_other_team() -> None:
    game = Game.new([["Forest"] * 40] * 4, NAMES, seed=1, first_player=0, format="2hg", teams=TEAMS)
    while game.decision is not None and game.decision.kind is Kind.MULLIGAN:
        game.apply(actions.Choose(game.decision.player, "keep"))
    d = game.decision
    assert d is not None and d.kind is Kind.PRIORITY and d.player == 0
    assert game.may_answer(1) and not game.may_answer(2)
    before = to_dict(game.state)
    with pytest.raises(Exception, match="not being asked"):
        game.apply(actions.Pass(2))
    assert to_dict(game.state) == before
    game.apply(actions.Pass(1))  # bo passes for the team (805.5b)
    d = game.decision
    assert d is not None and game.state.format.team_of(d.player) == 1


def test_a_team_game_record_replays(tmp_path: Path) -> None:
    rng = random.Random(5)
    rec = Recorder.new(
        [random_deck(rng, ("1",)) for _ in range(4)], NAMES, seed=5, format="2hg", teams=TEAMS
    )
    for _ in range(400):
        if rec.game.is_over:
            break
        d = rec.game.decision
        assert d is not None
        rec.apply(random_agent(AgentView(rec.game, d, rec.game.legal_actions()), rng))
    path = tmp_path / "game.json"
    save(rec.record, path)
    again = replay(load(path))
    assert to_dict(again.state) == to_dict(rec.game.state)


def test_simulate_two_headed_giant_counts_teams() -> None:
    decks = [["Grizzly Bears"] * 16 + ["Forest"] * 24, ["Savannah Lions"] * 16 + ["Plains"] * 24]
    s = simulate(decks, 4, seed=3, workers=1, format="two-headed giant")
    assert s.games == 4 and sum(s.wins) + s.draws == 4
    assert s.to_json()["games"] == 4
