"""The June-2004 rule set beside today's (what scenario files can't say: dumps and clones with the
combat damage object on the stack, mana burn by phase), mulligans under both, and the starting
player chosen from the seed (103.1)."""

from __future__ import annotations

import random

import pytest

from manastack import Game, Kind, actions
from manastack.agents import greedy_agent, random_agent
from manastack.agents.base import AgentView, play_game
from manastack.record import Record, replay
from manastack.serialize import from_dict, to_dict
from manastack.setup import PlayerSpec
from manastack.steps import Step

FORESTS = ["Forest"] * 30
BEARS = ["Grizzly Bears"] * 10 + ["Forest"] * 20


def _pass_until(game: Game, step: Step, turn: int) -> None:
    for _ in range(200):
        if game.turn == turn and game.step is step and game.decision is not None:
            return
        d = game.decision
        assert d is not None
        opts = game.legal_actions()
        game.apply(next((a for a in opts if isinstance(a, actions.Pass)), opts[-1]))
    raise AssertionError(f"never reached turn {turn} {step.label}")


def _combat_with_damage_on_the_stack(*others: PlayerSpec) -> Game:
    game = Game.from_position(
        [
            PlayerSpec("ann", battlefield=["Grizzly Bears"]),
            PlayerSpec("bo", battlefield=["Hill Giant"]),
            *others,
        ],
        turn=1,
        step=Step.BEGINNING_OF_COMBAT,
        rules="2004",
    )
    while game.decision is not None and game.decision.kind is Kind.PRIORITY:
        game.apply(actions.Pass(game.decision.player))
    bears = next(p for p in game.state.battlefield if p.name == "Grizzly Bears")
    giant = next(p for p in game.state.battlefield if p.name == "Hill Giant")
    game.apply(actions.DeclareAttacker(0, bears.oid, 1))
    game.apply(actions.FinishDeclaration(0))
    _pass_until(game, Step.DECLARE_BLOCKERS, 1)
    if game.decision is not None and game.decision.kind is Kind.DECLARE_BLOCKERS:
        game.apply(actions.DeclareBlocker(1, giant.oid, bears.oid))
        game.apply(actions.FinishDeclaration(1))
    _pass_until(game, Step.COMBAT_DAMAGE, 1)
    return game


def test_the_combat_damage_object_survives_a_dump_and_a_clone() -> None:
    game = _combat_with_damage_on_the_stack()
    assert [s.source_name for s in game.state.stack] == ["combat damage"]
    assert game.state.stack[0].controller == -1  # no controller (2004 310.1)
    again = Game(from_dict(to_dict(game.state)), advance=False)
    twin = game.clone()
    for g in (game, again, twin):
        g.apply(actions.Pass(0))
        g.apply(actions.Pass(1))
    logs = [g.log_text() for g in (game, twin)]
    assert logs[0] == logs[1]
    assert to_dict(again.state, log=False) == to_dict(game.state, log=False)
    assert "Grizzly Bears" in [c.name for c in game.state.players[0].graveyard]
    giant = next(p for p in game.state.battlefield if p.name == "Hill Giant")
    assert giant.damage == 2


def test_a_player_leaving_does_not_take_the_combat_damage_away() -> None:
    # The object has no controller: whoever leaves, it stays (rules-2004.md, details).
    game = _combat_with_damage_on_the_stack(PlayerSpec("cy"))
    assert [s.source_name for s in game.state.stack] == ["combat damage"]
    game.apply(actions.Concede(2))
    assert [s.source_name for s in game.state.stack] == ["combat damage"]
    while game.state.stack:
        assert game.decision is not None
        game.apply(actions.Pass(game.decision.player))
    assert "Grizzly Bears" in [c.name for c in game.state.players[0].graveyard]


def test_mana_burn_waits_for_the_end_of_the_phase() -> None:
    game = Game.from_position(
        [PlayerSpec("ann", mana_pool="RR"), PlayerSpec("bo")],
        turn=1,
        step=Step.BEGINNING_OF_COMBAT,
        rules="2004",
    )
    _pass_until(game, Step.END_OF_COMBAT, 1)  # the combat phase goes on: the mana stays
    assert game.state.players[0].pool[3] == 2 and game.state.players[0].life == 20
    _pass_until(game, Step.POSTCOMBAT_MAIN, 1)
    assert sum(game.state.players[0].pool) == 0 and game.state.players[0].life == 18
    assert any(e.rule == "2004 300.3" for e in game.log)


def test_the_starting_player_comes_from_the_seed() -> None:
    firsts = {
        Game.new([FORESTS, FORESTS], seed=s, mulligans=False).active_player for s in range(12)
    }
    assert firsts == {0, 1}
    named = {Game.new([FORESTS, FORESTS], seed=s, first_player=1).active_player for s in range(5)}
    assert named == {1}
    a = Game.new([BEARS, FORESTS], seed=9)
    b = Game.new([BEARS, FORESTS], seed=9)
    assert to_dict(a.state) == to_dict(b.state)


def _keep_all(game: Game) -> None:
    while game.decision is not None and game.decision.kind is Kind.MULLIGAN:
        game.apply(actions.Choose(game.decision.player, "keep"))


def test_london_mulligan_puts_cards_on_the_bottom() -> None:
    game = Game.new([BEARS, BEARS], ["ann", "bo"], seed=4, first_player=0)
    assert game.decision is not None and game.decision.kind is Kind.MULLIGAN
    assert game.decision.player == 0  # the starting player declares first (103.5)
    game.apply(actions.Choose(0, "mulligan"))
    assert game.decision is not None and game.decision.player == 1
    game.apply(actions.Choose(1, "keep"))
    # ann shuffled and drew seven; now she puts one on the bottom.
    assert game.decision is not None and game.decision.kind is Kind.PUT_ON_BOTTOM
    assert len(game.state.players[0].hand) == 7
    bottom = game.legal_actions()[0]
    assert isinstance(bottom, actions.Choose)
    game.apply(bottom)
    assert len(game.state.players[0].hand) == 6
    assert str(game.state.players[0].library[0].cid) == bottom.option
    _keep_all(game)
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    with pytest.raises(Exception, match="keep or mulligan"):
        Game.new([BEARS, BEARS], seed=4, first_player=0).apply(actions.Choose(0, "maybe"))


def test_multiplayer_first_mulligan_is_free() -> None:
    game = Game.new([BEARS, BEARS, BEARS], seed=5, first_player=0)
    game.apply(actions.Choose(0, "mulligan"))
    game.apply(actions.Choose(1, "keep"))
    game.apply(actions.Choose(2, "keep"))
    # 103.5c: a new hand of seven and nothing to put on the bottom.
    assert game.decision is not None and game.decision.kind is Kind.MULLIGAN
    assert len(game.state.players[0].hand) == 7
    assert any(e.rule == "103.5c" for e in game.log)


def test_paris_mulligan_one_card_fewer_starting_player_first() -> None:
    game = Game.new([BEARS, BEARS], seed=6, first_player=1, rules="2004")
    assert game.decision is not None and game.decision.player == 1
    game.apply(actions.Choose(1, "mulligan"))
    assert len(game.state.players[1].hand) == 6
    assert game.decision is not None and game.decision.player == 1  # all of hers first
    game.apply(actions.Choose(1, "mulligan"))
    assert len(game.state.players[1].hand) == 5
    game.apply(actions.Choose(1, "keep"))
    assert game.decision is not None and game.decision.player == 0
    game.apply(actions.Choose(0, "keep"))
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    assert sum(1 for e in game.log if e.rule == "2004 101.4") == 4


def test_agents_keep_by_their_policies() -> None:
    for agent in (random_agent, greedy_agent):
        for seed in range(8):
            game = Game.new([BEARS, BEARS], seed=seed)
            rng = random.Random(seed)
            while game.decision is not None and game.decision.kind in (
                Kind.MULLIGAN,
                Kind.PUT_ON_BOTTOM,
            ):
                d = game.decision
                game.apply(agent(AgentView(game, d, game.legal_actions()), rng))
            assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    result = play_game([BEARS, BEARS], [greedy_agent, random_agent], seed=3, rules="2004")
    assert result.decisions > 0


def test_a_format_version_1_record_replays_without_mulligans() -> None:
    old = {
        "format_version": 1,
        "setup": {"players": ["ann", "bo"], "decks": [FORESTS, FORESTS]},
        "seed": 7,
        "answers": [{"type": "Pass", "player": 0}],
    }
    game = replay(Record.from_dict(old))
    assert game.state.first_player == 0
    assert not any(e.rule == "103.5" and "keeps" in e.text for e in game.log)
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    new = Record.from_json(Record(["ann", "bo"], [FORESTS, FORESTS], 7).to_json())
    assert new.mulligans and new.first_player is None
    assert replay(new).decision is not None
