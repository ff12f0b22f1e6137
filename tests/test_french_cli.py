"""Issue 17, every command in French: the command line's help and errors (argparse's own words
too), command syntax errors, ``cards``, ``tournament``, ``simulate``'s progress, records,
scenario files' errors and failures, ``play``'s notices; French elision; English unchanged."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from manastack import cards
from manastack.errors import InputError
from manastack.i18n import ENGLISH, Translator, cardnames, elide, tr, translator
from manastack.record import Record, RecordError, replay, summary
from manastack.scenario.loader import load_scenarios_text
from manastack.scenario.runner import run
from manastack.scenario.suite import failure_report
from manastack.text import GRAMMAR, GRAMMAR_FR, CommandSyntaxError, parse_command
from tests.hostile import Case, Outcome, run_case

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "decks"
POOL = [cd.name for defs in cards.POOLS.values() for cd in defs]
NAMES = cardnames.index(POOL)
FR = translator("fr")

SUBCOMMANDS = ("scenario", "cards", "card", "replay", "simulate", "tournament", "play")

# English words no French line has (the values one types apart: agent names, --rules and
# --format choices, --stops' real and all; and the words French shares: options, argument,
# position, message, deck, agent).
ENGLISH_WORDS = re.compile(
    r"\b(the|is|are|and|of|to|or|an|for|with|from|each|every|one|show|print|list|this|that|"
    r"help|exit|usage|positional|default|games|game|cards|card|file|files|folder|"
    r"folders|rules|seed|turns|turn|team|stack|when|what|how|many|run|scenario|replay|"
    r"record|log|answers|after|first|whole|allow|under|processes|your|"
    r"opponent|name|word|write|here|ends|ask|too|needs|join|new|error|required|following|"
    r"unrecognized|invalid|choice|choose|expected|not|number|unknown|language|"
    r"command|commands|missing|got|must|be|in|at|by|on|it|its|no|nothing|failed|passed)\b",
    re.IGNORECASE,
)


def _cli(*argv: str, stdin: str = "", tmp_path: Path | None = None) -> Outcome:
    return run_case(Case("cli", list(argv), stdin), tmp_path or ROOT)


def _bare(text: str) -> str:
    """``text`` without what is typed rather than said: option names, choices in braces,
    quoted and backquoted text, file names, the program's and the game's names."""
    text = text.replace("Magic: The Gathering", "")
    text = re.sub(r"manastack(?: \w+)?", "", text)
    text = re.sub(r"\{[^{}]*\}", "", text)
    text = re.sub(r"`[^`]*`|(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"", "", text)
    text = re.sub(r"(?<!\w)--?[\w-]+", "", text)
    text = re.sub(r"\S*(?:/|\.(?=\w))\S*", "", text)  # paths, file names, rule numbers
    text = re.sub(r"^ {4}(\w+)", "", text, flags=re.MULTILINE)  # the subcommands' list
    return text


def _assert_french(text: str) -> None:
    for line in _bare(text).splitlines():
        found = ENGLISH_WORDS.search(line)
        assert found is None, f"English word {found.group()!r} in {line!r} (of {text!r})"


# --- elision ---------------------------------------------------------------------------------


def test_elision_before_a_vowel() -> None:
    assert elide("de", "alice") == "d'alice"
    assert elide("de", "bob") == "de bob"
    assert elide("de", "Île") == "d'Île"
    assert elide("que", "alice") == "qu'alice"
    assert elide("De", "Alice") == "D'Alice"
    assert elide("la", "Ange de Serra") == "l'Ange de Serra"
    assert elide("de", "⟦Ange de Serra⟧") == "d'⟦Ange de Serra⟧"
    # An h, a y, a digit: no elision (the word can't tell an aspirated h).
    assert elide("de", "Hill Giant") == "de Hill Giant"
    assert elide("de", "Yawgmoth") == "de Yawgmoth"
    assert elide("de", "8") == "de 8"


def test_french_templates_elide_and_english_is_untouched() -> None:
    library = "{who}'s library (top first): expected {want}, got {got}"
    assert tr(library, "fr", who="alice", want=[], got=[]).startswith("bibliothèque d'alice ")
    assert tr(library, "fr", who="bob", want=[], got=[]).startswith("bibliothèque de bob ")
    assert tr(library, who="alice", want=[], got=[]).startswith("alice's library (top first)")
    graveyard = "{card!c} is put into {player}'s graveyard"
    assert tr(graveyard, "fr", card="Shock", player="alice").endswith("le cimetière d'alice")
    assert tr(graveyard, "fr", card="Shock", player="bob").endswith("le cimetière de bob")
    unless = "{card!c} can't attack unless {player} controls a {land!c}"
    assert "à moins qu'alice ne contrôle" in tr(
        unless, "fr", card="Sea Serpent", player="alice", land="Island"
    )
    # A card's French name counts by its first letter: l'Ange, d'Ange.
    no_card = "{player} has no {card!c} in hand{hint}"
    assert tr(no_card, "fr", player="bob", card="Serra Angel", hint="") == (
        f"bob n'a pas {elide('de', cardnames.display_name('Serra Angel', 'fr'))} en main"
    )
    assert tr(no_card, player="bob", card="Serra Angel", hint="") == (
        "bob has no Serra Angel in hand"
    )
    # Set apart (the tests' marked log), the name still decides.
    marked = Translator("fr", mark=True)
    assert "cimetière d'⟦" in marked.tr(graveyard, card="Shock", player="⟦Île⟧")


# --- the command line's help -----------------------------------------------------------------


def _helps(argv_tail: list[str]) -> list[tuple[str, str]]:
    out = []
    for command in ("", *SUBCOMMANDS):
        argv = [*([command] if command else []), "--help", *argv_tail]
        got = _cli(*argv)
        assert got.code == 0, (argv, got.out, got.error)
        out.append((command, got.out))
    return out


@pytest.mark.parametrize("how", ["option", "environment"])
def test_every_help_is_french(how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if how == "environment":
        monkeypatch.setenv("MANASTACK_LANG", "fr")
        helps = _helps([])
    else:
        monkeypatch.delenv("MANASTACK_LANG", raising=False)
        helps = _helps(["--lang", "fr"])
    for command, text in helps:
        assert text.startswith(f"utilisation : manastack{' ' + command if command else ''}")
        assert "options :" in text and "affiche ce message d'aide et quitte" in text
        _assert_french(text)
    main = dict(helps)[""]
    assert "arguments positionnels :" in main and "codes de sortie :" in main
    assert "%" not in "".join(text for _, text in helps)  # argparse formats help with %


def test_the_help_stays_english_without_the_option(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MANASTACK_LANG", raising=False)
    for command, text in _helps([]):
        assert text.startswith(f"usage: manastack{' ' + command if command else ''}")
        assert "show this help message and exit" in text
    simulate = dict(_helps([]))["simulate"]
    assert "--seed SEED" in simulate and "same seed, same games (default 0)" in simulate


def test_the_language_option_anywhere_on_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MANASTACK_LANG", raising=False)
    for argv in (["--lang", "fr", "card", "-h"], ["card", "-h", "--lang=fr"], ["card", "-h"]):
        french = "--lang" in " ".join(argv)
        out = _cli(*argv).out
        assert out.startswith("utilisation" if french else "usage"), argv


def test_argparse_errors_in_french(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MANASTACK_LANG", raising=False)
    cases = {
        ("simulate", "--lang", "fr"): (
            "manastack simulate : erreur : les arguments suivants sont obligatoires : "
            "DECK_A, DECK_B"
        ),
        ("simulate", "a", "b", "--rules", "x", "--lang", "fr"): (
            "erreur : argument --rules : choix invalide : 'x' (choisir parmi '2004', 'current')"
        ),
        ("simulate", "a", "b", "-n", "x", "--lang", "fr"): "argument -n : pas un nombre : 'x'",
        ("simulate", "a", "b", "--partner-decks", "x", "--lang", "fr"): (
            "argument --partner-decks : 2 arguments attendus"
        ),
        ("card", "Shock", "--zzz", "--lang", "fr"): "erreur : arguments non reconnus : --zzz",
        ("zzz", "--lang", "fr"): "erreur : argument commande : choix invalide : 'zzz'",
        ("card", "--lang", "fr"): "les arguments suivants sont obligatoires : nom",
    }
    for argv, said in cases.items():
        got = _cli(*argv)
        assert got.code == 2, argv
        assert said in got.out, (argv, got.out)
        assert got.out.startswith("utilisation : manastack")
        last = got.out.strip().splitlines()[-1]
        _assert_french(last.split(" : erreur : ", 1)[1])
    # English as it was.
    got = _cli("simulate", "a", "b", "--rules", "x")
    assert "manastack simulate: error: argument --rules: invalid choice: 'x'" in got.out
    got = _cli("simulate")
    assert "error: the following arguments are required: DECK_A, DECK_B" in got.out


def test_an_unknown_language_option_is_refused_in_the_environments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("MANASTACK_LANG", "fr")
    got = _cli("card", "Shock", "--lang", "de")
    assert got.code == 2
    assert "argument --lang : langue inconnue 'de' ; les langues sont : en, fr" in got.out


# --- command syntax errors -------------------------------------------------------------------

BAD_FRENCH = [
    "",
    "lancr Foudre",
    "lancer",
    "lancer Foudre en ciblant",
    "lancer Foudre x=abc",
    "lancer Foudre x=99999999999",
    "lancer Foudre face cachée bob",
    "lancer Foudre en ciblant bob en ciblant bob",
    "activer Prodigal Sorcerer capacité",
    "activer Prodigal Sorcerer capacité 1 2",
    "attaquer Ours grisonnants",
    "attaquer avec",
    "attaquer avec Ange de Serra, rien",
    "bloquer avec Ours grisonnants",
    "bloquer Ours grisonnants avec Ange de Serra rien",
    "bloquer Ours grisonnants",
    "assigner",
    "assigner bob",
    "ordonner",
    "défausser",
    "défausser Foudre,, Choc",
    "choisir",
    "retourner Ange exalté",
    "retourner face visible",
    "suspendre",
    "passer maintenant",
    "concéder tout",
    "jouer",
    "x" * 1001,
]


@pytest.mark.parametrize("text", BAD_FRENCH)
def test_command_syntax_errors_in_french_mode_are_french(text: str) -> None:
    with pytest.raises(CommandSyntaxError) as err:
        parse_command(text, NAMES, "fr")
    said = err.value.localized()  # French commands: told in French
    problem, _, rest = said.partition("\nLes commandes sont :\n")
    assert rest, said
    _assert_french(problem)
    assert "lancer CARTE" in rest and "restent valides." in rest
    # The exception's own text stays English (and names the French forms).
    assert "\nThe commands are:\n" in str(err.value)
    assert err.value.localized(ENGLISH) == str(err.value)


def test_french_syntax_errors_name_the_french_words() -> None:
    def problem(text: str) -> str:
        with pytest.raises(CommandSyntaxError) as err:
            parse_command(text, NAMES, "fr")
        return err.value.message.render(FR)

    assert problem("lancr Foudre") == (
        "commande inconnue 'lancr' (vouliez-vous dire 'lancer' ?) dans 'lancr Foudre'"
    )
    assert problem("lancer") == "'lancer' demande un nom de carte dans 'lancer'"
    assert problem("lancer Foudre en ciblant").startswith("'en ciblant' doit être suivi de")
    assert problem("attaquer Ours") == (
        "écrivez 'attaquer avec CARTE, CARTE...' ou 'attaquer avec rien' dans 'attaquer Ours'"
    )
    assert problem("bloquer Ours grisonnants").startswith("'avec' manque")
    assert problem("retourner Ange").startswith("écrivez 'retourner face visible CARTE'")
    assert problem("assigner").startswith("'assigner' demande 'N à C'")
    # English commands typed in French mode are told with the English words, in French.
    assert problem("cast").startswith("'cast' demande un nom de carte")


def test_english_syntax_errors_are_unchanged_and_can_be_told_in_french() -> None:
    with pytest.raises(CommandSyntaxError) as err:
        parse_command("attack Grizzly Bears", NAMES)
    english = str(err.value)
    assert english.startswith(
        "write 'attack with CARD, CARD...' or 'attack with nothing' in 'attack Grizzly Bears'\n"
        "The commands are:\n  pass\n"
    )
    assert english.endswith(
        "\n  CARD is a card name in any case; PLAYER's CARD narrows it to that player's.\n"
        "  T is a player's name or a CARD."
    )
    assert err.value.localized() == english  # English commands: English by default
    french = err.value.localized(FR)
    assert french.startswith("écrivez 'attack with CARD, CARD...' ou 'attack with nothing'")
    assert "  cast CARD [face down]" in french  # the forms one types stay as they are
    assert "CARD est le nom d'une carte" in french


def test_the_grammars_notes_are_the_catalogs() -> None:
    import textwrap

    from manastack.text import commands as C

    assert GRAMMAR.endswith("\n\n" + textwrap.dedent(C._NOTE))
    assert GRAMMAR_FR.endswith("\n\n" + textwrap.dedent(FR.gettext(C._NOTE_FR)))


def test_an_unknown_command_on_a_script_line_is_refused_in_the_games_language() -> None:
    text = """\
name: refused in French
lang: fr
start: turn 1 precombat_main
players:
  alice: {hand: [Shock], battlefield: [Mountain]}
  bob: {}
script:
  - alice: lancr Choc
    rejected: inconnu
"""
    (sc,) = load_scenarios_text(text, "t", POOL)
    result = run(sc)
    assert result.passed, result.failure
    assert result.notes
    assert "commande inconnue 'lancr'" in result.notes[0][1].render(FR)


# --- cards, tournament, simulate -------------------------------------------------------------


def test_cards_in_french() -> None:
    out = _cli("cards", "--lang", "fr").out
    assert out.startswith("Lot de cartes 1 :\n")
    assert "Contresort (Counterspell)" in out and "éphémère" in out
    english = _cli("cards").out
    assert english.startswith("Pool 1:\n") and "  Counterspell " in english
    table = _cli("cards", "--stack", "--lang", "fr").out
    assert "ce qu'elle est" in table and "terrain de base" in table


def test_the_coverage_report_in_french() -> None:
    from manastack.oracle import coverage

    rep = {
        "source": "MTGJSON",
        "cards": 10,
        "compiled": 4,
        "percent": 40.0,
        "by_category": {
            "Creature": {"compiled": 3, "cards": 6},
            "other": {"compiled": 1, "cards": 4},
        },
        "by_reason": {"unparsed clause": 5, "keyword the engine lacks": 1},
        "top_fragments": {
            "unparsed clause: Whenever you cast a ...": 2,
            "keyword the engine lacks: Kicker": 1,
        },
    }
    text = coverage.text(rep, FR)
    assert "Par catégorie (compilées / cartes) :" in text
    assert "Créature" in text and "clause non comprise : Whenever you cast a ..." in text
    assert text.endswith("4 cartes compilées sur 10 (40.0 %)")
    english = coverage.text(rep)
    assert "By category (compiled / cards):" in english
    assert english.endswith("4 of 10 cards compiled (40.0%)")


def test_tournament_standings_in_french() -> None:
    from manastack.sim.tournament import Pairing, Standings

    standings = Standings(
        ["a", "b"], "random", 4, 1, [Pairing(0, 1, 4, 3, 1, 0)], complete=False, seconds=2.0
    )
    text = standings.text(FR)
    assert text.startswith("tournoi : 2 decks, 4 parties par paire, agent random, graine 1\n")
    assert "INTERROMPU : 4 parties jouées sur 4" in text
    assert "classement (toutes les parties" in text and "IC à 95 %" in text
    _assert_french(re.sub(r"\b[ab]\b", "", text))
    assert standings.text().startswith("tournament: 2 decks, 4 games a pair, agent random, seed 1")


def test_simulate_progress_and_errors_in_french(tmp_path: Path) -> None:
    deck_a, deck_b = str(DECKS / "red-green.txt"), str(DECKS / "white-blue.txt")
    got = _cli("simulate", deck_a, deck_b, "-n", "1", "--workers", "1", "--lang", "fr")
    assert got.code == 0, got.out
    assert "1/1 parties simulées" in got.out and "1 parties, red-green (random)" in got.out
    got = _cli("simulate", deck_a, deck_b, "-n", "0", "--lang", "fr")
    assert "manastack simulate: -n doit valoir au moins 1 ; reçu : 0" in got.out
    got = _cli("simulate", deck_a, deck_b, "--agents", "zzz", "--lang", "fr")
    assert "agent inconnu 'zzz' ; les agents sont : random, greedy" in got.out
    got = _cli("tournament", deck_a, "--lang", "fr")
    assert "donnez au moins deux listes de decks" in got.out
    got = _cli("simulate", deck_a, deck_b, "-n", "0")
    assert "manastack simulate: -n must be at least 1, got 0" in got.out


# --- records and replay ----------------------------------------------------------------------


def _record_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as err:
        Record.from_json(text, "r.json")
    return err.value


def test_record_errors_in_french() -> None:
    cases = {
        "[]": "r.json : un enregistrement est un objet JSON, pas une liste",
        "{}": "r.json : pas un enregistrement manastack : pas de 'format_version'",
        '{"format_version": 9}': "format_version 9 non pris en charge",
        '{"format_version": 2, "x": 1}': "r.json : l'enregistrement : clé(s) inconnue(s) 'x'",
        '{"format_version": 2, "setup": {}, "seed": 1, "answers": []}': (
            "r.json : setup : 'players' manque"
        ),
        "{": "r.json : JSON invalide : ",
    }
    for text, said in cases.items():
        err = _record_error(text)
        assert said in err.localized(FR), (text, err.localized(FR))
        assert str(err) == err.localized(ENGLISH)
    assert str(_record_error("[]")) == "r.json: a record is a JSON object, not a list"


def test_replay_in_french(tmp_path: Path) -> None:
    deck_a, deck_b = str(DECKS / "red-green.txt"), str(DECKS / "white-blue.txt")
    saves = tmp_path / "saves"
    got = _cli("simulate", deck_a, deck_b, "-n", "1", "--workers", "1", "--save-dir", str(saves))
    assert got.code == 0, got.out
    record = saves / "game-000000.json"
    got = _cli("replay", str(record), "--to", "30", "--lang", "fr")
    assert got.code == 0, got.out
    position = got.out.split("--- position après la réponse 30 ---\n", 1)[1]
    assert position.startswith("tour ") and "joueur actif" in position
    assert "  pile : vide" in position or "  pile (le dessus en premier) :" in position
    _assert_french(re.sub(r"\bp[12]\b|[A-Z]\b", "", position))
    english = _cli("replay", str(record), "--to", "30").out
    assert "--- position after answer 30 ---\nturn " in english and "step; active player" in english
    got = _cli("replay", str(record), "--to", "99999", "--lang", "fr")
    assert got.code == 2 and "--to doit aller de 0 à" in got.out


def test_a_replayed_summary_names_the_step_by_its_title_in_french() -> None:
    rec = Record(["a", "b"], [["Forest"] * 40, ["Island"] * 40], seed=1)
    game = replay(rec, lang="fr")
    assert summary(game, FR).startswith("tour 1, ")
    assert summary(game).startswith("turn 1, ")
    assert "étape" in summary(game, FR).splitlines()[0] or "phase" in summary(game, FR)


# --- scenario files --------------------------------------------------------------------------

BAD_SCENARIOS = {
    "name: x\nplayers:\n  alice: {tapped: 3}\n": "clé inconnue 'tapped' dans players.alice",
    "name: x\nplayers:\n  alice: {life: ten}\n": "players.alice.life doit être un nombre entier",
    "name: x\nplayers:\n  alice: {hand: [Shokc]}\n": "players.alice.hand : carte inconnue 'Shokc'",
    "name: x\nplayers:\n  alice: {battlefield: [Shock]}\n": "Choc est un éphémère",
    "name: x\nstart: turn 0 upkeep\nplayers:\n  alice:\n": "numéro de tour invalide '0'",
    "name: x\nplayers:\n  alice:\nscript:\n  - bob: pass\n": "'bob' n'est pas un joueur",
    "name: x\nplayers:\n  alice:\nscript:\n  - alice: attack Shock\n": ("la commande d'alice"),
    "name: x\nplayers:\n  alice: {battlefield: [{card: Forest, tapped: 2}]}\n": (
        "tapped dans players.alice.battlefield doit être true ou false"
    ),
}


@pytest.mark.parametrize("text", BAD_SCENARIOS)
def test_scenario_file_errors_in_french(text: str) -> None:
    with pytest.raises(InputError) as err:
        load_scenarios_text(text, "t.yaml", POOL)
    said = err.value.localized(FR)
    assert BAD_SCENARIOS[text] in said or "écrivez 'attack with" in said, said
    assert said.startswith("t.yaml:")


def test_a_scenario_failure_in_french() -> None:
    text = """\
name: a failing one
start: turn 1 precombat_main
players:
  alice: {hand: [Lightning Bolt], battlefield: [Mountain]}
  bob: {}
script:
  - alice: cast Lightning Bolt targeting bob
expect:
  bob: {life: 10, hand: [Island]}
"""
    (sc,) = load_scenarios_text(text, "t.yaml", POOL)
    result = run(sc)
    assert not result.passed
    report = failure_report(result, t=FR)
    first = report.splitlines()[0]
    assert first == (
        "t.yaml:9: au tour 1 precombat_main : expect final : vie de bob : attendu 10, "
        "obtenu 17 (et 1 autre différence)"
    )
    assert "les 15 dernières lignes du journal :" in report
    assert failure_report(result).splitlines()[0] == (
        "t.yaml:9: at turn 1 precombat_main: final expect: bob's life: expected 10, got 17 "
        "(and 1 more difference)"
    )


def test_scenario_command_output_in_french(tmp_path: Path) -> None:
    (tmp_path / "bad.scenario.yaml").write_text("name: x\nplayers:\n  alice: {tapped: 3}\n")
    got = _cli("scenario", str(tmp_path), "--lang", "fr")
    assert got.code == 2
    assert "ERREUR " in got.out and "0 réussi(s), 0 échoué(s), 1 illisible(s)" in got.out
    got = _cli("scenario", str(ROOT / "examples" / "dark-ritual-counterspell.scenario.yaml"))
    assert "PASS " in got.out


# --- play ------------------------------------------------------------------------------------


def test_plays_notices_in_french(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MANASTACK_LANG", raising=False)
    got = _cli("play", "--rules", "2004", "--seed", "1", "--lang", "fr", stdin="quit\n")
    assert got.code == 0, got.out
    assert "manastack play : vous êtes alice, contre l'agent random ; graine 1" in got.out
    assert "Règles de juin 2004 : les blessures de combat utilisent la pile" in got.out
    assert "Nouveau dans le journal" in got.out
    got = _cli("play", "--name", "a b", "--lang", "fr")
    assert "--name doit être un seul mot" in got.out
    got = _cli("play", "--vs", "zzz", "--lang", "fr")
    assert "agent inconnu 'zzz'" in got.out
    got = _cli("play", "--rules", "2004", "--seed", "1", stdin="quit\n")
    assert "Rules of June 2004: combat damage goes on the stack" in got.out
