"""104.4b: a loop of mandatory actions ends the game in a draw; a loop a player breaks does not.

The pools have no card that loops, so these tests declare one of their own (``cards.register``):
Loop Wisp enters, its controller must sacrifice it, and when it dies it comes back.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from manastack import actions, cards
from manastack.cards.build import creature
from manastack.cards.model import (
    Custom,
    DiesTrigger,
    EntersTrigger,
    SacrificeSource,
    TriggeredAbility,
)
from manastack.deckgen import random_deck
from manastack.game import Game
from manastack.serialize import from_dict, to_dict
from manastack.setup import PlayerSpec
from manastack.state import GameState, StackItem
from manastack.steps import Step
from manastack.zones import enter_battlefield


def _come_back(g: GameState, item: StackItem) -> None:
    pl = g.players[item.controller]
    for card in reversed(pl.graveyard):
        if card.name == item.source_name:
            pl.remove_card("graveyard", card)
            enter_battlefield(g, card, item.controller)
            return


WISP = creature(
    "Loop Wisp",
    "{1}",
    "Spirit",
    1,
    1,
    "When Loop Wisp enters, sacrifice it. When Loop Wisp dies, return it to the battlefield.",
    abilities=(
        TriggeredAbility(
            EntersTrigger(), (SacrificeSource(),), "When Loop Wisp enters, sacrifice it."
        ),
        TriggeredAbility(
            DiesTrigger(),
            (Custom("return it to the battlefield", _come_back),),
            "When Loop Wisp dies, return it to the battlefield.",
        ),
    ),
)


@pytest.fixture(autouse=True)
def _wisp() -> Iterator[None]:
    cards.register(WISP, pool="test")
    yield
    cards.unregister(WISP.name)


def _game(*, bolts: int = 0) -> Game:
    return Game.from_position(
        [
            PlayerSpec("Ann", hand=["Loop Wisp"], battlefield=["Wastes"]),
            PlayerSpec("Bo", hand=["Lightning Bolt"] * bolts, battlefield=["Mountain"] * bolts),
        ],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )


def _pass_until_over(game: Game, limit: int = 500) -> int:
    for n in range(limit):
        if game.is_over:
            return n
        game.apply(actions.Pass(game.decision.player))  # type: ignore[union-attr]
    raise AssertionError("the loop did not end the game")


def _cast_wisp(game: Game) -> None:
    game.apply(actions.CastSpell(0, game.state.players[0].hand[0].cid))
    for a in game.legal_actions():  # pay for it if the engine asks
        if isinstance(a, actions.PayMana | actions.ActivateMana):
            game.apply(a)
            break


def test_a_mandatory_loop_is_a_draw() -> None:
    game = _game()
    _cast_wisp(game)
    answers = _pass_until_over(game)
    assert game.is_over and game.state.winner is None
    assert game.returns() == [0.0, 0.0]
    last = game.state.log[-1]
    assert last.rule == "104.4b" and "draw" in last.text
    # The loop went round: Loop Wisp entered, was sacrificed and came back more than once.
    entered = [e for e in game.state.log if e.text.startswith("Loop Wisp enters")]
    assert len(entered) >= 3 and answers < 100


def test_acting_in_the_loop_restarts_the_count() -> None:
    game = _game(bolts=1)
    _cast_wisp(game)
    for _ in range(12):  # into the loop, a few rounds (alone, it is drawn at the 16th pass)
        game.apply(actions.Pass(game.decision.player))  # type: ignore[union-attr]
    assert not game.is_over
    quiet = game.state.loop_quiet
    assert quiet > 0
    # Bo casts Lightning Bolt at Ann in the middle of it: an optional action, the stretch ends.
    while game.decision is not None and game.decision.player != 1:
        game.apply(actions.Pass(game.decision.player))
    bolt = next(a for a in game.legal_actions() if isinstance(a, actions.CastSpell))
    game.apply(bolt)
    assert game.state.loop_quiet == 0 and game.state.loop_marks == ()
    while not game.is_over:
        opts = game.legal_actions()
        target = [a for a in opts if isinstance(a, actions.ChooseTarget) and a.target == -1]
        pay = [a for a in opts if isinstance(a, actions.PayMana | actions.ActivateMana)]
        game.apply((target or pay or [actions.Pass(game.decision.player)])[0])  # type: ignore[union-attr]
    # The loop went on after the Bolt and was then drawn; Ann took the 3 damage.
    assert game.state.players[0].life == 17
    assert game.state.log[-1].rule == "104.4b"


def test_random_games_never_draw_by_loop() -> None:
    """The pools can't loop: no ordinary game (stacks of spells and triggers resolving one after
    another with everyone passing) may be taken for one."""
    rng = random.Random(4)
    for seed in range(12):
        decks = [random_deck(rng, ("1", "2")) for _ in range(2 + seed % 3)]
        game = Game.new(decks, seed=seed)
        for _ in range(5000):
            if game.is_over:
                break
            game.apply(rng.choice(game.legal_actions(with_mana=False)))
        assert game.is_over
        assert all(e.rule != "104.4b" for e in game.state.log)


def test_the_loop_count_survives_clone_and_dump() -> None:
    game = _game()
    _cast_wisp(game)
    for _ in range(10):  # five resolutions: two positions noted, the draw comes at sixteen passes
        game.apply(actions.Pass(game.decision.player))  # type: ignore[union-attr]
    assert game.state.loop_quiet == 5 and len(game.state.loop_marks) == 2
    twin = game.clone()
    rebuilt = from_dict(to_dict(game.state))
    assert (twin.state.loop_quiet, twin.state.loop_marks) == (
        game.state.loop_quiet,
        game.state.loop_marks,
    )
    assert (rebuilt.loop_quiet, rebuilt.loop_marks) == (
        game.state.loop_quiet,
        game.state.loop_marks,
    )
    copy = Game(rebuilt, advance=False)
    a, b = _pass_until_over(game), _pass_until_over(copy)
    assert a == b and to_dict(game.state) == to_dict(copy.state)


def test_register_refuses_a_name_in_use() -> None:
    with pytest.raises(ValueError, match="already"):
        cards.register(creature("loop wisp", "{1}", "Spirit", 1, 1))
