"""Issue 16, part A: keywords, restrictions, Auras, Equipment and lords compiled from Oracle text,
checked where a scenario file can't say it (a declaration that can't end, the legal actions
offered, what the compiler refuses). The behaviour in games is in tests/scenarios/keywords/."""

from __future__ import annotations

from typing import Any

import pytest

from manastack import Game, Kind, Step, actions, cards
from manastack.cards import base
from manastack.errors import IllegalAction
from manastack.execute import execute
from manastack.oracle import Compiled, Refusal, compile_row
from manastack.oracle import refusal as why
from manastack.scenario.commands import parse_command
from manastack.setup import PlayerSpec
from manastack.vocabulary.attach import AttachedGets
from manastack.vocabulary.lords import HasSubtype, Lord


def _do(game: Game, who: str, text: str) -> None:
    execute(game, game.player_index(who), parse_command(text, []))


def _menace_blocks() -> Game:
    game = Game.from_position(
        [
            PlayerSpec("alice", battlefield=["Wayward Giant"]),
            PlayerSpec("bob", battlefield=["Grizzly Bears", "Hill Giant"]),
        ],
        step=Step.BEGINNING_OF_COMBAT,
    )
    _do(game, "alice", "pass")
    _do(game, "bob", "pass")
    _do(game, "alice", "attack with Wayward Giant")
    _do(game, "alice", "pass")
    _do(game, "bob", "pass")
    assert game.decision is not None and game.decision.kind is Kind.DECLARE_BLOCKERS
    return game


def test_702_111b_a_lone_blocker_of_a_menace_attacker_must_be_joined() -> None:
    game = _menace_blocks()
    bob = game.player_index("bob")
    options = game.legal_actions()
    assert any(isinstance(a, actions.DeclareBlocker) for a in options)
    bears = next(p for p in game.state.battlefield if p.name == "Grizzly Bears")
    giant = next(p for p in game.state.battlefield if p.name == "Wayward Giant")
    game.apply(actions.DeclareBlocker(bob, bears.oid, giant.oid))
    # The declaration can't end with one blocker: only the second block is offered.
    options = game.legal_actions()
    assert not any(isinstance(a, actions.FinishDeclaration) for a in options)
    assert [type(a) for a in options] == [actions.DeclareBlocker]
    with pytest.raises(IllegalAction) as err:
        game.apply(actions.FinishDeclaration(bob))
    assert err.value.rule == "702.111b"


def test_702_111b_no_first_block_without_a_possible_second() -> None:
    game = Game.from_position(
        [
            PlayerSpec("alice", battlefield=["Wayward Giant"]),
            PlayerSpec("bob", battlefield=["Grizzly Bears"]),
        ],
        step=Step.BEGINNING_OF_COMBAT,
    )
    _do(game, "alice", "pass")
    _do(game, "bob", "pass")
    _do(game, "alice", "attack with Wayward Giant")
    _do(game, "alice", "pass")
    _do(game, "bob", "pass")
    assert [type(a) for a in game.legal_actions()] == [actions.FinishDeclaration]


def _aura(text: str, subtypes: list[str] | None = None) -> Any:
    return {
        "name": "Zap Aura",
        "manaCost": "{W}",
        "colors": ["White"],
        "type": "Enchantment — Aura",
        "types": ["Enchantment"],
        "subtypes": subtypes if subtypes is not None else ["Aura"],
        "text": text,
        "layout": "normal",
    }


def test_auras_compile_with_their_target_or_are_refused() -> None:
    c = compile_row(_aura("Enchant creature\nEnchanted creature gets +1/+1 and has flying."))
    assert isinstance(c, Compiled)
    assert c.card.targets[0].text == "target creature"
    assert c.card.abilities[0].effect == AttachedGets("enchanted", 1, 1, frozenset({"flying"}))
    land = compile_row(_aura("Enchant land\nEnchanted land has flying."))
    assert isinstance(land, Refusal) and land.fragment == "Enchanted land has flying"
    player = compile_row(_aura("Enchant player\nEnchanted player skips their draw step."))
    assert isinstance(player, Refusal) and player.reason == why.KEYWORD
    not_aura = compile_row(_aura("Enchant creature", subtypes=[]))
    assert isinstance(not_aura, Refusal)


def test_lords_by_creature_type_and_the_words_that_are_not_types() -> None:
    king = base.card("Goblin King")
    assert king is not None
    lord = king.abilities[0].effect
    assert isinstance(lord, Lord) and lord.other and lord.what == HasSubtype("Goblin")
    attacking = compile_row(
        {
            "name": "Zap Banner",
            "manaCost": "{3}",
            "colors": [],
            "type": "Artifact",
            "types": ["Artifact"],
            "text": "Attacking creatures you control get +1/+0.",
            "layout": "normal",
        }
    )
    assert isinstance(attacking, Refusal)


def test_508_1d_no_line_for_a_creature_that_must_attack_fails_the_scenario() -> None:
    """The runner's default (declare no attackers) is illegal under "attacks each turn if able":
    the scenario fails, naming the decision, instead of the runner raising."""
    from manastack.scenario.loader import load_scenarios_text
    from manastack.scenario.runner import run

    text = """
name: Berserkers must attack, and no line says so
start: turn 1 precombat_main
players:
  alice: {battlefield: [Berserkers of Blood Ridge]}
  bob: {}
until: turn 1 end_of_combat
"""
    (sc,) = load_scenarios_text(text, "t.yaml", ["Berserkers of Blood Ridge"])
    result = run(sc)
    assert not result.passed and result.failure is not None
    assert "declare attackers" in result.failure and "508.1d" in result.failure


def test_508_5_a_battalion_trigger_knows_the_defending_player() -> None:
    """508.5: battalion's trigger is an attack trigger of its source, so "defending player" in
    it is the player that creature attacks: such a card compiles and the player loses life."""
    from manastack.oracle.render import check
    from manastack.scenario.loader import load_scenarios_text
    from manastack.scenario.runner import run

    text = (
        "Battalion — Whenever Zap Raider and at least two other creatures attack, defending "
        "player loses 2 life."
    )
    row = {
        "name": "Zap Raider",
        "manaCost": "{1}{R}",
        "colors": ["Red"],
        "type": "Creature — Human Soldier",
        "types": ["Creature"],
        "subtypes": ["Human", "Soldier"],
        "text": text,
        "power": "2",
        "toughness": "2",
        "layout": "normal",
    }
    c = compile_row(row)
    assert isinstance(c, Compiled) and check(c) == [], c
    cards.register(c.card, pool="test")
    try:
        scenario = """
name: a battalion trigger makes the defending player lose life
start: turn 1 precombat_main
players:
  alice: {battlefield: [Zap Raider, Grizzly Bears, Savannah Lions]}
  bob: {}
script:
- at: turn 1 declare_attackers
  alice: attack with Zap Raider, Grizzly Bears, Savannah Lions
until: turn 1 end_of_combat
expect:
  bob: {life: 12}  # 6 combat damage, 2 life lost to the trigger
"""
        names = ["Zap Raider", "Grizzly Bears", "Savannah Lions"]
        (sc,) = load_scenarios_text(scenario, "t.yaml", names)
        result = run(sc)
        assert result.passed, result.failure
    finally:
        cards.unregister(c.card.name)
