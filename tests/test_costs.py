"""Costs paid together (601.2h, 602.2b): one permanent can't pay two parts of one cost."""

from __future__ import annotations

from manastack import Game, actions
from manastack.errors import IllegalAction
from manastack.setup import PlayerSpec
from manastack.steps import Step


def test_a_creature_chosen_to_be_sacrificed_is_not_offered_as_mana() -> None:
    # Voracious Null: "{1}{B}, Sacrifice another creature: ..."; Basal Thrull: "{T}, Sacrifice
    # Basal Thrull: Add {B}{B}." Once Basal Thrull is chosen for the sacrifice, a payment with
    # its mana would sacrifice it twice: every option offered must be accepted (found by the
    # compiled-card soak, seed 803362).
    game = Game.from_position(
        [
            PlayerSpec("Ann", battlefield=["Voracious Null", "Basal Thrull", "Swamp"]),
            PlayerSpec("Bo"),
        ],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    null = next(p for p in game.state.battlefield if p.name == "Voracious Null")
    thrull = next(p for p in game.state.battlefield if p.name == "Basal Thrull")
    game.apply(actions.ActivateAbility(0, null.oid, 0))
    game.apply(actions.Choose(0, str(thrull.oid)))  # the creature to sacrifice
    options = game.legal_actions()
    assert options
    for a in options:
        trial = game.clone()
        try:
            trial.apply(a)
        except IllegalAction as err:
            raise AssertionError(f"offered {a} was refused: {err}") from err
    assert all(
        not (isinstance(a, actions.PayMana) and a.sources and thrull.oid in a.sources)
        for a in options
    )
