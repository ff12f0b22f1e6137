"""Issue 12 (tried as a new user would): interrupts, deck sizes, saving, the command's help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manastack.simulate import simulate
from tests.hostile import Case, Outcome, classify, run_case

ROOT = Path(__file__).resolve().parent.parent
DECKS = (ROOT / "decks" / "red-green.txt", ROOT / "decks" / "white-blue.txt")


def cli(tmp_path: Path, *argv: str, stdin: str = "") -> Outcome:
    outcome = run_case(Case("cli", list(argv), stdin), tmp_path)
    assert classify(outcome) in ("refused", "accepted"), (argv, outcome.error, outcome.out)
    return outcome


def _cards(deck: Path) -> list[str]:
    from manastack import cards
    from manastack.decklist import load_decklist

    return load_decklist(deck, cards.names()).cards()


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_during_simulate_keeps_the_games_so_far(workers: int) -> None:
    seen = [0]

    def progress(k: int) -> None:
        seen[0] += k
        if seen[0] >= 3:
            raise KeyboardInterrupt  # as Ctrl-C would, between two games

    decks = (_cards(DECKS[0]), _cards(DECKS[1]))
    summary = simulate(decks, 40, seed=1, workers=workers, progress=progress)
    assert summary.interrupted
    assert 3 <= summary.games < 40
    assert summary.text().startswith(f"interrupted after {summary.games} games")
    assert summary.to_json()["interrupted"] is True
    assert sum(summary.wins) + summary.draws == summary.games


def test_an_uninterrupted_summary_says_nothing_of_it() -> None:
    decks = (_cards(DECKS[0]), _cards(DECKS[1]))
    summary = simulate(decks, 2, seed=1, workers=1, max_turns=3)
    assert not summary.interrupted and "interrupted" not in summary.to_json()


def test_decks_under_forty_cards_are_refused_unless_asked(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("20 Forest\n19 Grizzly Bears\n", encoding="utf-8")
    out = cli(tmp_path, "play", "--deck", str(small), stdin="quit\n")
    assert out.code == 2
    assert "the deck has 39 cards; a deck needs at least 40 (100.2a" in out.out
    out = cli(tmp_path, "simulate", str(small), str(DECKS[1]), "-n", "1", "--workers", "1")
    assert out.code == 2 and "at least 40" in out.out
    out = cli(tmp_path, "play", "--deck", str(small), "--any-deck-size", stdin="quit\n")
    assert out.code == 0
    out = cli(
        tmp_path,
        "simulate",
        str(small),
        str(DECKS[1]),
        "-n",
        "1",
        "--workers",
        "1",
        "--max-turns",
        "2",
        "--any-deck-size",
    )
    assert out.code == 0


def test_a_save_that_fails_at_the_end_keeps_the_record(tmp_path: Path) -> None:
    target = tmp_path / "gone" / "game.json"
    target.parent.mkdir()
    # Checked at the start; the folder disappears before the game ends.
    script = f"pass\n{'save ' + str(target)}\nquit\n"
    target.parent.rmdir()
    out = cli(tmp_path, "play", "--seed", "3", stdin=script)
    assert out.code == 0  # no --save: the typed save just says why it can't
    assert "Can't save:" in out.out
    (tmp_path / "gone").mkdir()
    from manastack import play

    class Args:
        vs = "random"
        name = "alice"
        seed = 3
        deck = None
        opponent_deck = None
        stops = "real"
        save = str(target)
        any_deck_size = False

    # The folder goes away after the check: the record must come out on stderr, exit 2.
    real_check = play.check_writable

    def check_then_remove(path: str) -> None:
        real_check(path)
        (tmp_path / "gone").rmdir()

    play.check_writable = check_then_remove  # type: ignore[assignment]
    try:
        out = run_case(
            Case("cli", [], "quit\n"),
            tmp_path,
            main=lambda argv: play.command(Args()),  # type: ignore[arg-type]
        )
    finally:
        play.check_writable = real_check  # type: ignore[assignment]
    assert out.code == 2, out.out
    assert "the record could not be saved; it was printed above" in out.out
    record = out.out[out.out.index('{"format_version"') : out.out.index("manastack: ")]
    assert json.loads(record)["setup"]["players"] == ["alice", "bob"]


def test_version_and_bare_command(tmp_path: Path) -> None:
    out = cli(tmp_path, "--version")
    assert out.code == 0 and out.out.startswith("manastack ")
    out = cli(tmp_path)
    assert out.code == 0 and "usage: manastack" in out.out and "exit codes:" in out.out


def test_the_engine_refuses_one_source_named_twice() -> None:
    from manastack import Game, IllegalAction
    from manastack.actions import CastSpell, PayMana
    from manastack.setup import PlayerSpec
    from manastack.steps import Step

    g = Game.from_position(
        [PlayerSpec("alice", hand=["Wrath of God"], battlefield=["Plains"] * 4), PlayerSpec("bob")],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    g.apply(next(a for a in g.legal_actions() if isinstance(a, CastSpell)))
    plains = [p.oid for p in g.state.battlefield]
    before = g.clone()
    with pytest.raises(IllegalAction, match=r"named twice.*\[107\.5\]"):
        g.apply(PayMana(0, (plains[0], plains[0], plains[1], plains[2])))
    assert [p.tapped for p in g.state.battlefield] == [p.tapped for p in before.state.battlefield]
    g.apply(PayMana(0, tuple(plains)))
    assert all(p.tapped for p in g.state.battlefield)


def test_misspelt_card_names_in_commands_get_did_you_mean() -> None:
    import io

    from rich.console import Console

    from manastack.agents import random_agent
    from manastack.play import PlaySession

    session = PlaySession.new(
        [["Forest"] * 20 + ["Llanowar Elves"] * 20, ["Island"] * 40],
        ["alice", "bob"],
        random_agent,
        seed=1,
        console=Console(file=io.StringIO(), width=120),
    )
    session.start()
    out = session.step("play Forst")
    assert "alice has no Forst in hand (did you mean Forest?)" in out
    out = session.step("activate Llanowar Elfs")
    assert "Refused: unknown: alice controls no Llanowar Elfs" in out


def test_card_says_when_and_whether_each_ability_is_a_mana_ability(tmp_path: Path) -> None:
    text = " ".join(cli(tmp_path, "card", "Prodigal", "Sorcerer").out.split())
    assert "When: sorcery speed: it is a creature" in text
    assert "not a mana ability (605.1a: it has a target)" in text
    text = " ".join(cli(tmp_path, "card", "Llanowar", "Elves").out.split())
    assert "a mana ability (605.1a: no target, not a loyalty ability, it adds mana)" in text
    text = " ".join(cli(tmp_path, "card", "Dark", "Ritual").out.split())
    assert "When: instant speed" in text and "a spell that adds mana is still a spell" in text


def test_cards_stack_is_one_table(tmp_path: Path) -> None:
    out = cli(tmp_path, "cards", "--stack")
    assert out.code == 0
    assert "uses the stack?" in out.out and "Dark Ritual" in out.out and "Trinisphere" in out.out


def _session(decks: list[list[str]], stops: str = "real", seed: int = 1) -> object:
    import io

    from rich.console import Console

    from manastack.agents import random_agent
    from manastack.play import PlaySession

    return PlaySession.new(
        decks,
        ["alice", "bob"],
        random_agent,
        seed=seed,
        stops=stops,
        console=Console(file=io.StringIO(), width=120),
    )


def test_a_refusal_says_what_to_do_instead() -> None:
    from manastack.play import PlaySession

    s = _session([["Forest"] * 40, ["Island"] * 40])
    assert isinstance(s, PlaySession)
    s.start()
    out = " ".join(s.step("attack with Grizzly Bears").split())
    assert "Refused:" in out
    assert "Now you have priority: `pass`, `play LAND`, `cast CARD`" in out


def _declarations_asked(stops: str) -> int:
    """How often alice (a tapped creature: it can't block) is asked to declare blockers."""
    import io
    import random

    from rich.console import Console

    from manastack import Game
    from manastack.actions import Action, DeclareAttacker
    from manastack.agents import AgentView
    from manastack.play import PlaySession
    from manastack.setup import PermanentSpec, PlayerSpec
    from manastack.state import Kind
    from manastack.steps import Step

    def attack(view: AgentView, rng: random.Random) -> Action:
        return next((a for a in view.options if isinstance(a, DeclareAttacker)), view.options[0])

    game = Game.from_position(
        [
            PlayerSpec("bob", battlefield=["Grizzly Bears"]),
            PlayerSpec("alice", battlefield=[PermanentSpec("Grizzly Bears", tapped=True)]),
        ],
        step=Step.BEGINNING_OF_COMBAT,
    )
    s = PlaySession(game, 1, attack, stops=stops, console=Console(file=io.StringIO(), width=120))
    s.start()
    asked = 0
    for _ in range(10):
        d = s.game.decision
        if d is not None and d.kind is Kind.DECLARE_BLOCKERS and d.player == 1:
            asked += 1
            s.step("done")
        else:
            s.step("pass")
    return asked


def test_real_stops_skip_declarations_without_a_choice() -> None:
    assert _declarations_asked("all") >= 1  # the declaration is there to be skipped
    assert _declarations_asked("real") == 0


def test_new_in_the_log_never_hides_what_a_player_did() -> None:
    from manastack.play import fold_log
    from manastack.state import Event

    noise = [Event("pass", "bob passes", "117.3d", 1), Event("priority", "x", "117.3d", 1)]
    routine = [Event("step", "upkeep step", "503.1", 1)]
    acts = [Event("cast", f"bob casts Shock #{k}", "601.2a", 1) for k in range(40)]
    entries = [e for k in range(40) for e in (*noise, *routine, acts[k])]
    shown = fold_log(entries, 30)
    for act in acts:
        assert str(act) in shown  # every cast, though there are more than 30
    assert not any("passes" in line for line in shown)
    assert any("folded" in line for line in shown)
    assert fold_log(entries[:10], 30) == [str(e) for e in entries[:10]]


def test_objects_of_one_name_are_told_apart_and_named_so() -> None:
    import io

    from rich.console import Console

    from manastack import Game
    from manastack.agents import random_agent
    from manastack.play import PlaySession
    from manastack.setup import PlayerSpec
    from manastack.steps import Step

    game = Game.from_position(
        [PlayerSpec("alice", battlefield=["Savannah Lions", "Savannah Lions"]), PlayerSpec("bob")],
        turn=1,
        step=Step.BEGINNING_OF_COMBAT,
    )
    s = PlaySession(
        game, 0, random_agent, stops="all", console=Console(file=io.StringIO(), width=120)
    )
    screen = s.start()
    s.step("pass")
    help_text = s.step("help")
    assert "attack with Savannah Lions #1 -> bob" in help_text, help_text
    assert "attack with Savannah Lions #2 -> bob" in help_text
    assert "Savannah Lions #2" in screen or "Savannah Lions #2" in help_text
    s.step("attack with Savannah Lions #2")
    combat = s.game.state.combat
    assert combat is not None
    second = s.game.state.battlefield[1].oid
    assert list(combat.attackers) == [second]


def test_log_wording_abilities_costs_and_countered_spells(tmp_path: Path) -> None:
    root = ROOT / "tests" / "scenarios" / "pool1"
    out = cli(
        tmp_path,
        "scenario",
        "-v",
        str(root / "113.7a-ability-resolves-after-its-source-dies.scenario.yaml"),
    )
    assert "Prodigal Sorcerer's ability resolves [405.5]" in out.out
    assert "for Prodigal Sorcerer [602.2b]" in out.out  # an ability's payment: 602.2b, not 601.2h
    out = cli(
        tmp_path,
        "scenario",
        "-v",
        str(ROOT / "examples" / "dark-ritual-counterspell.scenario.yaml"),
    )
    assert "Dark Ritual is put into alice's graveyard [701.6a]" in out.out


def test_replay_to_n_shows_stack_hands_priority_and_json(tmp_path: Path) -> None:
    from manastack.record import Recorder

    rec = Recorder.new([["Forest"] * 40, ["Island"] * 40], ["alice", "bob"], seed=2)
    for _ in range(12):
        rec.apply(rec.legal_actions()[0])
    path = tmp_path / "r.json"
    rec.save(path)
    out = cli(tmp_path, "replay", str(path), "--to", "5")
    assert out.code == 0
    assert "alice's hand: Forest" in out.out and "stack: empty" in out.out
    assert "priority: " in out.out
    out = cli(tmp_path, "replay", str(path), "--to", "5", "--json")
    doc = json.loads(out.out)
    assert doc["answers"] == 5 and doc["stack"] == []
    assert doc["players"][1]["hand"][0] == "Island"
    assert doc["priority"] in ("alice", "bob")


def test_simulate_save_dir_keeps_records_that_replay_to_the_same_result(tmp_path: Path) -> None:
    from manastack.record import load, replay

    out_dir = tmp_path / "games"
    argv = ["simulate", *map(str, DECKS), "-n", "3", "--seed", "4", "--workers", "1"]
    first = cli(tmp_path, *argv, "--json", "--max-turns", "30", "--save-dir", str(out_dir))
    plain = cli(tmp_path, *argv, "--json", "--max-turns", "30")
    assert first.code == 0 and plain.code == 0
    saved, unsaved = json.loads(first.out), json.loads(plain.out)
    assert saved["wins"] == unsaved["wins"] and saved["draws"] == unsaved["draws"]
    files = sorted(out_dir.glob("game-*.json"))
    assert [f.name for f in files] == ["game-000000.json", "game-000001.json", "game-000002.json"]
    winners = [replay(load(f)).winner for f in files]
    assert sum(w == 0 for w in winners) == saved["wins"][0]
    assert sum(w == 1 for w in winners) == saved["wins"][1]
    out = cli(tmp_path, "replay", str(files[0]), "--to", "3")
    assert out.code == 0


def test_a_draw_is_logged_once() -> None:
    from manastack import Game

    g = Game.new([["Forest"] * 40, ["Island"] * 40], ["a", "b"], seed=1, first_player=0)
    while g.turn < 3:
        g.apply(g.legal_actions()[0])
    lines = [str(e) for e in g.log]
    step = lines.index("draw step [504.1]")
    assert lines[step + 1] == "b draws a card [121.1]"
    assert not any("draws for the turn" in line for line in lines)
