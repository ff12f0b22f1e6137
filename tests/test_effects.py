"""Issue 16 part B, below the scenarios (tests/scenarios/effects/): payment with two-mana
sources and hybrid symbols, token names, and the three real decks of decks/."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack import cards
from manastack.decklist import parse_decklist
from manastack.mana import ManaCost, plan_payment
from manastack.simulate import simulate
from manastack.vocabulary.tokens import from_name, token_def

ROOT = Path(__file__).resolve().parent.parent
REAL_DECKS = ("sligh-red-burn", "weenie-white", "tempo-blue-green")


def test_a_two_mana_source_counts_twice() -> None:
    """106.4: Sol Ring's {C}{C} is listed as two units (auto_sources); the plan uses both."""
    c = frozenset("C")
    plan = plan_payment(ManaCost.parse("{2}{U}"), [0] * 6, [c, c, frozenset("U")])
    assert plan is not None and sorted(k for k, _ in plan[1]) == [0, 1, 2]


def test_hybrid_costs() -> None:
    """107.4e, 202.3f, 105.2."""
    cost = ManaCost.parse("{2/R}{2/R}{W/B}")
    assert cost.mana_value == 5 and cost.colors == frozenset("RWB")
    assert str(cost) == "{2/R}{2/R}{W/B}" and ManaCost.parse(str(cost)) == cost
    w = frozenset("W")
    assert plan_payment(cost, [0] * 6, [w, frozenset("R"), frozenset("R")]) is not None
    assert plan_payment(cost, [0] * 6, [frozenset("G")] * 5) is None  # {W/B} unpaid
    assert plan_payment(cost, [0] * 6, [frozenset("G")] * 4 + [w]) is not None


def test_token_names_name_what_they_are() -> None:
    t = token_def(("Goblin", "Soldier"), 1, 1, "RW", False, ("haste",))
    assert t.name == "Goblin Soldier Token (1/1 white and red with haste)"
    assert from_name(t.name) is t and cards.find(t.name) is t
    assert t.colors == frozenset("RW") and t.cost is None and t.mana_value == 0
    assert from_name("Goblin Token (1/1 purple)") is None


@pytest.mark.parametrize("deck", REAL_DECKS)
def test_the_real_decks_compile_whole(deck: str) -> None:
    text = (ROOT / "decks" / f"{deck}.txt").read_text()
    assert text.startswith("#")  # where the list comes from
    parsed = parse_decklist(text, f"{deck}.txt", cards.playable_names())
    names = parsed.cards()
    assert len(names) == 60 and all(cards.find(n) is not None for n in names)


def test_the_real_decks_play() -> None:
    decks = [
        parse_decklist((ROOT / "decks" / f"{d}.txt").read_text(), d, cards.playable_names())
        for d in REAL_DECKS
    ]
    for a, b in ((0, 1), (1, 2), (2, 0)):
        out = simulate([decks[a].cards(), decks[b].cards()], 2, seed=5, workers=1)
        assert out.games == 2 and sum(out.wins) + out.draws == 2
