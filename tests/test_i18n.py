"""Messages in French (issue 17): every message has a translation, a French log of whole
random games is French (card names and card texts apart), the 2004 words under the 2004
rules, refusals in the game's language, English unchanged."""

from __future__ import annotations

import gettext
import random
import re
import string
from pathlib import Path

import pytest

from manastack import Game, IllegalAction, actions
from manastack.decisions import is_mana_only
from manastack.deckgen import random_deck
from manastack.i18n import (
    DOMAIN,
    LOCALE_DIR,
    Msg,
    Translator,
    elide,
    elision_rule,
    languages,
    tr,
    translator,
)
from manastack.i18n.extract import messages, scan

ROOT = Path(__file__).resolve().parent.parent


def _catalog(lang: str) -> dict[str, str]:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        cat = gettext.GNUTranslations(f)
    return {k: v for k, v in cat._catalog.items() if isinstance(k, str) and k}  # type: ignore[attr-defined]


def _fields(template: str) -> set[str]:
    return {
        f"{name}!{conv}" if conv else name
        for _, name, _, conv in string.Formatter().parse(template)
        if name
    }


# --- the catalogs -------------------------------------------------------------------------------


def test_no_message_is_an_f_string() -> None:
    """A message is a template with named fields, never an f-string (no catalog can hold it)."""
    bad = [f"{f.path}:{f.line}" for f in scan() if f.msgid is None]
    assert not bad, f"f-strings given as messages (write a template and its params): {bad}"


@pytest.mark.parametrize("lang", [lang for lang in languages() if lang != "en"])
def test_every_message_is_translated(lang: str) -> None:
    cat = _catalog(lang)
    missing = sorted(m for m in messages() if not cat.get(m))
    assert not missing, f"no {lang} translation for: {missing} (tools/i18n.py update)"


@pytest.mark.parametrize(
    "lang", [p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/*.mo")]
)
def test_translations_keep_the_fields(lang: str) -> None:
    """A translation has the same fields as its template (``{card!c}`` stays a card)."""
    for msgid, msgstr in _catalog(lang).items():
        assert _fields(msgid) == _fields(msgstr), (lang, msgid, msgstr)


def test_the_compiled_catalogs_are_those_of_the_po_files() -> None:
    pytest.importorskip("babel")
    import importlib.util

    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert tool.problems() == []


def test_the_era_variant_falls_back_to_the_language() -> None:
    fr04 = translator("fr", "2004")
    assert fr04.gettext("state-based action: {why}") == "effet basé sur un état : {why}"
    assert fr04.gettext("{player} passes") == "{player} passe"  # from fr
    assert translator("fr").gettext("state-based action: {why}").startswith("action basée")
    assert translator("en", "2004").gettext("{player} passes") == "{player} passes"


def test_languages_are_the_catalogs() -> None:
    assert languages() == ["en", "fr"]


def test_rendering() -> None:
    assert tr("{player} passes", "fr", player="alice") == "alice passe"
    assert tr("{a} and {b}", "fr", a="x", b=Msg("{a} and {b}", a="y", b="z")) == "x et y et z"
    assert tr("{card!c} has no morph", card="Grizzly Bears") == "Grizzly Bears has no morph"
    assert tr("{card!c} is tapped", "fr", card="a face-down creature") == (
        "une créature face cachée est engagé"
    )
    assert str(Msg("{card!c}'s ability", card="Llanowar Elves")) == "Llanowar Elves's ability"


# --- the log ------------------------------------------------------------------------------------

BENCH_RG = ["Mountain"] * 12 + ["Forest"] * 12 + ["Lightning Bolt", "Shock", "Grizzly Bears"] * 6
BENCH_WU = ["Plains"] * 12 + ["Island"] * 12 + ["Serra Angel", "Counterspell", "Unsummon"] * 6

# English words that no French line has outside card names and card texts.
ENGLISH = re.compile(
    r"\b(the|is|are|and|of|to|casts|cast|passes|draws|damage|deals|player|players|step|"
    r"ability|its|their|with|from|for|resolves|resolved|attacks|blocks|turn|begins|priority|"
    r"receives|card|pool|life|wins|game|stack|untap|until|end|enters|battlefield|graveyard|"
    r"state-based|counter|countered|pays|chooses|target|activates|plays|first|no)\b"
)


def _template_patterns(lang: str) -> list[re.Pattern[str]]:
    """A pattern per translation: its fields match anything, a word the language elides
    before a field ("de {player}") either form ("de bob", "d'alice")."""
    elision = elision_rule(lang)
    out = []
    for msgstr in _catalog(lang).values():
        elided = msgstr if elision is None else elision.sub("\x00\\1\x00\\2", msgstr)
        parts = re.split(r"\{\{|\}\}|\{[^{}]*\}", elided)
        literal = [
            re.sub(
                "\x00(\\w+)\x00",
                lambda m: f"(?:{m.group(1)} |{m.group(1)[:-1]}')",
                re.escape(p).replace("\\\x00", "\x00"),
            )
            for p in parts
        ]
        out.append(re.compile("(?s)" + ".*".join(literal)))
    return out


def _play(g: Game, seed: int, decisions: int = 3000) -> None:
    rng = random.Random(seed)
    for _ in range(decisions):
        if g.is_over:
            return
        opts = g.legal_actions()
        g.apply(rng.choice([a for a in opts if not is_mana_only(a)] or opts))


def _french_game(seed: int, rules: str, n: int = 2) -> list[str]:
    rng = random.Random(seed)
    decks = [BENCH_RG, BENCH_WU] if seed % 2 else [random_deck(rng, ("1", "2")) for _ in range(n)]
    g = Game.new(decks, [f"p{i}" for i in range(len(decks))], seed=seed, rules=rules, lang="fr")
    g.state.tr = Translator("fr", g.state.rules.era, mark=True)  # card names and texts set apart
    _play(g, seed)
    return [e.text for e in g.state.log]


def _check_french(lines: list[str], lang: str) -> None:
    patterns = _template_patterns(lang)
    for line in lines:
        bare = re.sub(r"⟦[^⟧]*⟧", "", line)
        found = ENGLISH.search(bare)
        assert found is None, f"English word {found.group()!r} in {line!r}"
        assert any(p.fullmatch(line) for p in patterns), f"no French template for {line!r}"


@pytest.mark.parametrize("seed", range(6))
def test_a_french_log_of_a_random_game_has_no_english(seed: int) -> None:
    lines = _french_game(seed, "current", n=2 + seed % 3)
    assert len(lines) > 50
    _check_french(lines, "fr")
    text = "\n".join(lines)
    assert "reçoit la priorité" in text and "étape de pioche" in text


@pytest.mark.parametrize("seed", range(4))
def test_a_french_log_under_the_2004_rules_has_the_words_of_2004(seed: int) -> None:
    lines = _french_game(seed, "2004")
    _check_french(lines, "fr")
    text = "\n".join(lines)
    assert "sur le champ de bataille" not in text and "a lancé" not in text
    assert "arrive en jeu" in text or "a joué" in text


def test_english_is_unchanged_and_french_is_the_same_game() -> None:
    en = Game.new([BENCH_RG, BENCH_WU], seed=4)
    fr = Game.new([BENCH_RG, BENCH_WU], seed=4, lang="fr")
    _play(en, 4, 400)
    _play(fr, 4, 400)
    assert [(e.kind, e.rule) for e in en.state.log] == [(e.kind, e.rule) for e in fr.state.log]
    assert "p1 passes" in en.log_text() or "p2 passes" in en.log_text()
    assert fr.lang == "fr" and en.lang == "en"


def test_a_refusal_in_the_games_language() -> None:
    g = Game.new([BENCH_RG, BENCH_WU], seed=1, lang="fr", mulligans=False)
    other = 1 - g.decision.player  # type: ignore[union-attr]
    with pytest.raises(IllegalAction) as err:
        g.apply(actions.Pass(other))
    assert err.value.localized().startswith("priorité : ce n'est pas à ")
    assert str(err.value).startswith("priority: ")  # the exception's text stays English
    assert err.value.localized(translator("en")) == str(err.value)


# --- the commands -------------------------------------------------------------------------------


def _cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from manastack.cli import main

    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_card_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(["card", "Counterspell", "--lang", "fr"], capsys)
    assert code == 0
    assert "rythme d'éphémère" in out and "Comment elle rencontre la pile" in out
    code, out, _ = _cli(["card", "Counterspell"], capsys)
    assert "instant speed" in out


def test_the_language_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MANASTACK_LANG", "fr")
    _, out, _ = _cli(["card", "Dark Ritual"], capsys)
    assert "Comportement" in out
    _, out, _ = _cli(["card", "Dark Ritual", "--lang", "en"], capsys)  # the option wins
    assert "Behaviour" in out
    monkeypatch.setenv("MANASTACK_LANG", "xx")
    _, out, err = _cli(["card", "Dark Ritual"], capsys)
    assert "Behaviour" in out and "unknown language 'xx'" in err


def test_an_unknown_language_is_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        _cli(["card", "Shock", "--lang", "de"], capsys)
    assert exit_.value.code == 2


def test_explain_in_french(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ROOT / "examples" / "dark-ritual-counterspell.scenario.yaml")
    code, out, _ = _cli(["scenario", "--explain", "--lang", "fr", path], capsys)
    assert code == 0
    from manastack.i18n import cardnames

    counterspell = cardnames.french_card_name("Counterspell")  # its French name, if verified
    assert f"les deux joueurs passent : {counterspell} se résout [405.5]" in out
    assert "est contrecarré par" in out and "réussi(s)" in out
    code, out, _ = _cli(["scenario", "--explain", path], capsys)
    assert "both players pass: Counterspell resolves [405.5]" in out


def test_simulate_summary_in_french() -> None:
    from manastack.simulate import Summary

    s = Summary(
        deck_names=("a", "b"),
        agents=("random", "random"),
        games=4,
        wins=(3, 1),
        draws=0,
        draw_reasons={},
        first_player_wins=2,
        mean_turns=10.0,
        mean_decisions=100.0,
        seconds=1.0,
        workers=2,
        seed=0,
        max_turns=200,
        rules="2004",
        format="free-for-all",
        interrupted=False,
    )
    fr = s.text(translator("fr"))
    assert "4 parties, a (random) contre b (random), graine 0, règles de 2004" in fr
    assert "2 processus" in fr and "games" not in fr
    assert "4 games, a (random) vs b (random), seed 0, rules of 2004" in s.text()


def test_play_in_french() -> None:
    import io

    from rich.console import Console

    from manastack.agents import random_agent
    from manastack.play import PlaySession

    s = PlaySession.new(
        [BENCH_RG, BENCH_WU],
        ["alice", "bob"],
        random_agent,
        seed=3,
        console=Console(file=io.StringIO(), width=100),
        lang="fr",
    )
    screen = s.start()
    assert "Pile : vide" in screen and "vous (alice) avez la priorité" in screen
    assert "Les actions légales maintenant" in s.step("help")
    assert "Si alice et bob passent" in s.step("explain")
    refused = s.step("cast Serra Angel")
    from manastack.i18n import cardnames

    angel = cardnames.french_card_name("Serra Angel")
    assert f"Refusé : inconnu : alice n'a pas {elide('de', angel)} en main" in refused


def test_a_log_can_be_written_again_in_another_language() -> None:
    g = Game.new([BENCH_RG, BENCH_WU], seed=2)
    _play(g, 2, 200)
    fr = translator("fr")
    assert g.log_text(tr=fr) != g.log_text()
    assert g.log_text(tr=translator("en")) == g.log_text()
    _check_french([e.render(fr) for e in g.state.log], "fr")


def test_a_bad_decklist_in_french(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("3 Forest\n", encoding="utf-8")
    code, _, err = _cli(["simulate", str(small), str(small), "-n", "1", "--lang", "fr"], capsys)
    assert code == 2 and "le deck a 3 cartes ; un deck doit en avoir au moins 40" in err
    code, _, err = _cli(["card", "Shokc", "--lang", "fr"], capsys)
    assert code == 2 and "carte inconnue 'Shokc' ; vouliez-vous dire : Shock ?" in err
