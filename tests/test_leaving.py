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
    game = _leak_position()
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


def _leak_position() -> Game:
    return Game.from_position(
        [
            PlayerSpec(
                "alice", hand=["Grizzly Bears"], battlefield=["Forest", "Forest"] + ["Wastes"] * 3
            ),
            PlayerSpec("bob", hand=["Mana Leak"], battlefield=["Island", "Island"]),
            PlayerSpec("carol"),
        ],
        step=Step.PRECOMBAT_MAIN,
    )


def test_the_only_target_leaves_while_a_spell_is_being_cast_733() -> None:
    """Found by the soak: bob is choosing Mana Leak's target when alice, whose spell was the
    only target, concedes. The casting can't be completed: it is withdrawn (733)."""
    game = _leak_position()
    _do(game, "alice", "cast Grizzly Bears")
    _do(game, "alice", "pass")
    bob = game.player_index("bob")
    leak = next(c for c in game.state.players[bob].hand if c.name == "Mana Leak")
    game.apply(actions.CastSpell(bob, leak.cid))
    assert game.decision is not None and game.decision.kind is Kind.TARGET
    game.apply(actions.Concede(0))
    g = game.state
    assert not g.stack and [c.name for c in g.players[bob].hand] == ["Mana Leak"]
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    assert game.decision.player == bob and any(e.rule == "733.1" for e in g.log)


def test_the_asker_leaves_while_mana_leak_waits_for_payment() -> None:
    """Found by the soak: bob's Mana Leak asks alice to pay; bob concedes. The ability that
    asked left the game with him (800.4a): alice's spell stays on the stack."""
    game = _leak_position()
    _do(game, "alice", "cast Grizzly Bears")
    _do(game, "alice", "pass")
    _do(game, "bob", "cast Mana Leak targeting Grizzly Bears")
    for who in ("bob", "carol", "alice"):
        _do(game, who, "pass")
    assert game.decision is not None and game.decision.kind is Kind.PAY_OR_DECLINE
    game.apply(actions.Concede(1))
    g = game.state
    assert [s.source_name for s in g.stack] == ["Grizzly Bears"]
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
