"""The listing's quick answers (priority._priority_actions): a card in hand is asked about only
when it could be cast, and what they skip is exactly what casting would refuse (601.2c, 601.2f).
"""

from __future__ import annotations

from manastack import Game, actions, cards
from manastack.setup import PlayerSpec
from manastack.steps import Step


def _cast_names(game: Game, pi: int) -> set[str]:
    hand = {c.cid: c.name for c in game.state.players[pi].hand}
    return {
        hand[a.cid]
        for a in game.legal_actions()
        if isinstance(a, actions.CastSpell) and a.player == pi and a.cid in hand
    }


def test_what_the_card_definitions_know() -> None:
    assert cards.get("Counterspell").targets_spell  # "counter target spell"
    assert not cards.get("Lightning Bolt").targets_spell  # "any target"
    assert cards.get("Serra Angel").least_mana == 5  # {3}{W}{W}
    assert cards.get("Stoke the Flames").least_mana == 0  # convoke: creatures may pay


def _bears_against_counterspell() -> Game:
    return Game.from_position(
        [
            PlayerSpec("Ann", hand=["Grizzly Bears"], battlefield=["Forest", "Forest"]),
            PlayerSpec("Bo", hand=["Counterspell"], battlefield=["Island", "Island"]),
        ],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )


def test_counterspell_is_offered_only_against_a_spell() -> None:
    from manastack.decisions import Kind

    game = _bears_against_counterspell()
    game.apply(actions.Pass(0))
    assert _cast_names(game, 1) == set()  # 601.2c: the stack is empty, no spell to target
    game = _bears_against_counterspell()
    game.apply(actions.CastSpell(0, game.state.players[0].hand[0].cid))
    while (d := game.decision) is not None and d.player == 0:
        # Ann pays (the first offer) and passes with the Bears on the stack.
        game.apply(actions.Pass(0) if d.kind is Kind.PRIORITY else game.legal_actions()[0])
    assert game.state.stack
    assert _cast_names(game, 1) == {"Counterspell"}


def test_a_spell_costing_more_than_the_lands_is_not_offered() -> None:
    game = Game.from_position(
        [PlayerSpec("Ann", hand=["Serra Angel"], battlefield=["Plains"] * 4), PlayerSpec("Bo")],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    assert _cast_names(game, 0) == set()  # five symbols, four lands
    game = Game.from_position(
        [PlayerSpec("Ann", hand=["Serra Angel"], battlefield=["Plains"] * 5), PlayerSpec("Bo")],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    assert _cast_names(game, 0) == {"Serra Angel"}


def test_a_convoke_spell_is_offered_when_creatures_make_up_the_difference() -> None:
    # Stoke the Flames ({2}{R}{R}, convoke) with two Mountains: two red creatures pay the rest
    # (702.51a), though the lands alone are two mana short.
    game = Game.from_position(
        [
            PlayerSpec(
                "Ann",
                hand=["Stoke the Flames"],
                battlefield=["Mountain"] * 2 + ["Mons's Goblin Raiders"] * 2,
            ),
            PlayerSpec("Bo"),
        ],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    assert _cast_names(game, 0) == {"Stoke the Flames"}
