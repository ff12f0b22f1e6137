"""The decision-point API: typed errors that change nothing (architecture rule 4), clone,
determinism, outcome, observation."""

from __future__ import annotations

import pytest

from manastack import Game, IllegalAction, Kind, Step, UnknownCard, actions
from manastack.serialize import to_dict
from manastack.setup import PermanentSpec, PlayerSpec


def bolt_position() -> Game:
    return Game.from_position(
        [
            PlayerSpec("alice", hand=["Lightning Bolt", "Grizzly Bears"], battlefield=["Mountain"]),
            PlayerSpec("bob", battlefield=["Island", PermanentSpec("Grizzly Bears")]),
        ],
        step=Step.PRECOMBAT_MAIN,
    )


def test_unknown_card_names_the_closest() -> None:
    with pytest.raises(UnknownCard) as e:
        Game.new([["Lightning Blot"] * 5, ["Island"] * 5])
    assert "Lightning Bolt" in str(e.value)


def test_wrong_player_is_refused_citing_117_1() -> None:
    g = bolt_position()
    before = to_dict(g.state)
    with pytest.raises(IllegalAction) as e:
        g.apply(actions.Pass(1))
    assert e.value.reason == "priority" and e.value.rule == "117.1"
    assert to_dict(g.state) == before


def test_sorcery_speed_in_response_is_refused_117_1a() -> None:
    g = bolt_position()
    bolt = next(c for c in g.state.players[0].hand if c.name == "Lightning Bolt")
    bears = next(c for c in g.state.players[0].hand if c.name == "Grizzly Bears")
    g.apply(actions.CastSpell(0, bolt.cid))
    assert g.decision is not None and g.decision.kind is Kind.TARGET
    g.apply(actions.ChooseTarget(0, actions.player_target(1)))
    g.apply(actions.PayMana(0))
    before = to_dict(g.state)
    with pytest.raises(IllegalAction) as e:
        g.apply(actions.CastSpell(0, bears.cid))
    assert e.value.reason in ("timing", "cost")
    assert to_dict(g.state) == before


def test_illegal_target_is_refused_601_2c() -> None:
    g = bolt_position()
    bolt = next(c for c in g.state.players[0].hand if c.name == "Lightning Bolt")
    g.apply(actions.CastSpell(0, bolt.cid))
    island = next(p for p in g.state.battlefield if p.name == "Island")
    before = to_dict(g.state)
    with pytest.raises(IllegalAction) as e:
        g.apply(actions.ChooseTarget(0, island.oid))
    assert e.value.reason == "target" and e.value.rule == "601.2c"
    assert to_dict(g.state) == before


def test_every_offered_option_is_accepted_and_clone_is_independent() -> None:
    g = bolt_position()
    snap = to_dict(g.state)
    for a in g.legal_actions():
        c = g.clone()
        c.apply(a)
    assert to_dict(g.state) == snap


def test_mana_ability_keeps_priority_605_3b() -> None:
    g = bolt_position()
    mountain = next(p for p in g.state.battlefield if p.name == "Mountain")
    g.apply(actions.ActivateMana(0, mountain.oid, 0, "R"))
    assert g.decision is not None and g.decision.kind is Kind.PRIORITY and g.decision.player == 0
    assert g.state.players[0].pool[3] == 1 and not g.state.stack


def test_concede_ends_a_two_player_game_104_3a() -> None:
    g = bolt_position()
    g.apply(actions.Concede(1))  # bob concedes although alice holds priority
    assert g.is_over and g.outcome() == "alice" and g.returns() == [1.0, -1.0]
    assert any(e.rule == "104.3a" for e in g.log)


def test_observation_hides_the_opponents_hand() -> None:
    g = bolt_position()
    view = g.observation(1)
    assert view["players"][0]["hand"] == 2 and view["players"][1]["hand"] == []


def test_same_seed_same_shuffle() -> None:
    deck = ["Forest"] * 10 + ["Grizzly Bears"] * 10
    a = Game.new([deck, deck], seed=42)
    b = Game.new([deck, deck], seed=42)
    assert to_dict(a.state) == to_dict(b.state)
    c = Game.new([deck, deck], seed=43)
    assert to_dict(a.state)["players"] != to_dict(c.state)["players"]


def test_can_cast_agrees_with_cast_refusal() -> None:
    """The listing shortcut (no refusal built) must say exactly what the full check says."""
    import random

    from manastack import casting
    from manastack.deckgen import random_deck

    for seed in range(6):
        rng = random.Random(seed)
        g = Game.new([random_deck(rng, ("1", "2")) for _ in range(2)], seed=seed)
        for _ in range(400):
            if g.is_over:
                break
            st = g.state
            for pl in st.players:
                for c in pl.hand:
                    for fd in (False, True):
                        quick = casting.can_cast(st, pl.idx, c, face_down=fd)
                        full = casting.cast_refusal(st, pl.idx, c, face_down=fd) is None
                        assert quick == full, (c.name, fd)
            g.apply(rng.choice(g.legal_actions(with_mana=False)))
