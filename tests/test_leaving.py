"""Leaving the game in the middle of a decision (104.3a, 800.4a, 800.4j): the game carries on
with what the decision was part of, and the invariants hold."""

from __future__ import annotations

from manastack import Game, Kind, Step, actions
from manastack.execute import execute
from manastack.scenario.commands import parse_command
from manastack.setup import PlayerSpec


def _do(game: Game, who: str, text: str) -> None:
    execute(game, game.player_index(who), parse_command(text, ["Grizzly Bears", "Mana Leak"]))


def test_a_defender_concedes_while_declaring_blockers_the_others_still_block() -> None:
    game = Game.from_position(
        [
            PlayerSpec("alice", battlefield=["Grizzly Bears", "Hill Giant"]),
            PlayerSpec("bob", battlefield=["Wall of Wood"]),
            PlayerSpec("carol", battlefield=["Craw Wurm"]),
        ],
        step=Step.BEGINNING_OF_COMBAT,
    )
    for who in ("alice", "bob", "carol"):
        _do(game, who, "pass")
    _do(game, "alice", "attack with Grizzly Bears -> bob")
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    for who in ("alice", "bob", "carol"):
        _do(game, who, "pass")
    assert game.decision is not None and game.decision.kind is Kind.DECLARE_BLOCKERS
    game.apply(actions.Concede(game.player_index("bob")))
    assert not game.is_over
    # The Bears' defender is gone: the attack goes on without them (800.4a), to priority.
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    assert game.state.players[1].left


def test_the_payer_concedes_while_mana_leak_asks_mana_leak_finishes() -> None:
    game = Game.from_position(
        [
            PlayerSpec(
                "alice", hand=["Grizzly Bears"], battlefield=["Forest", "Forest"] + ["Wastes"] * 3
            ),
            PlayerSpec("bob", hand=["Mana Leak"], battlefield=["Island", "Island"]),
            PlayerSpec("carol"),
        ],
        step=Step.PRECOMBAT_MAIN,
    )
    _do(game, "alice", "cast Grizzly Bears")
    _do(game, "alice", "pass")
    _do(game, "bob", "cast Mana Leak targeting Grizzly Bears")
    for who in ("bob", "carol", "alice"):
        _do(game, who, "pass")
    assert game.decision is not None and game.decision.kind is Kind.PAY_OR_DECLINE
    game.apply(actions.Concede(0))
    g = game.state
    assert not g.stack and g.resolving is None
    assert [c.name for c in g.players[1].graveyard] == ["Mana Leak"]
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
