"""Costs paid together (601.2h, 602.2b): one permanent can't pay two parts of one cost."""

from __future__ import annotations

from manastack import Game, actions
from manastack.errors import IllegalAction
from manastack.mana import ManaCost, empty_pool, plan_payment
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


def test_dual_lands_pay_both_colours_in_either_order() -> None:
    # 601.2h / 106.1: Taiga ({R} or {G}) and Plateau ({R} or {W}) pay {R}{G}: Plateau the red,
    # Taiga the green. Taking the first red source for {R} left nothing for {G} when Taiga
    # came first: the spell was neither offered nor castable.
    r_g = ManaCost.parse("{R}{G}")
    taiga, plateau = frozenset("RG"), frozenset("RW")
    for order in ([taiga, plateau], [plateau, taiga]):
        plan = plan_payment(r_g, empty_pool(), order)
        assert plan is not None
        paid = {colour: order[k] for k, colour in plan[1]}
        assert paid == {"R": plateau, "G": taiga}
    # Three sources, the second red symbol must move: {R}{R}{G} from Taiga, Taiga, Plateau.
    assert plan_payment(ManaCost.parse("{R}{R}{G}"), empty_pool(), [taiga, taiga, plateau])
    assert (
        plan_payment(ManaCost.parse("{R}{G}{G}"), empty_pool(), [taiga, plateau, plateau]) is None
    )
    game = Game.from_position(
        [
            PlayerSpec("Ann", hand=["Scarwood Goblins"], battlefield=["Taiga", "Plateau"]),
            PlayerSpec("Bo"),
        ],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    goblins = game.state.players[0].hand[0]
    assert actions.CastSpell(0, goblins.cid) in game.legal_actions()
    game.apply(actions.CastSpell(0, goblins.cid))
    while game.state.stack and game.current_player is not None:
        game.apply(game.legal_actions(with_mana=False)[0])
    assert any(p.name == "Scarwood Goblins" for p in game.state.battlefield)
