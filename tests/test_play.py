"""``manastack play``: the PlaySession loop without a terminal, and one whole game through a real
pseudo-terminal."""

from __future__ import annotations

import io
import os
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

from manastack import cards
from manastack.actions import (
    Action,
    ActivateMana,
    DeclareAttacker,
    FinishDeclaration,
    Pass,
)
from manastack.agents import AgentView, random_agent
from manastack.decklist import load_decklist
from manastack.game import Game
from manastack.play import DECKS_DIR, PlaySession, complete
from manastack.record import load, replay
from manastack.scenario.runner import describe_action
from manastack.setup import PlayerSpec
from manastack.state import Kind
from manastack.steps import Step

ROOT = Path(__file__).resolve().parent.parent
POOL = [cd.name for defs in cards.POOLS.values() for cd in defs]


def _deck(name: str) -> list[str]:
    return load_decklist(DECKS_DIR / name, POOL).cards()


def _console() -> Console:
    return Console(file=io.StringIO(), width=80)


def _session(stops: str = "real", seed: int = 1) -> PlaySession:
    return PlaySession.new(
        [_deck("red-green.txt"), _deck("white-blue.txt")],
        ["alice", "bob"],
        random_agent,
        seed=seed,
        stops=stops,
        console=_console(),
    )


def _numbered(text: str) -> list[tuple[int, str]]:
    return [(int(n), what) for n, what in re.findall(r"^\s+(\d+)\. (.+)$", text, re.M)]


def test_decks_load() -> None:
    for name in ("red-green.txt", "white-blue.txt", "pool2-red-white.txt"):
        assert len(_deck(name)) >= 40


def test_help_numbers_the_legal_actions_in_order() -> None:
    s = _session()
    screen = s.start()
    assert "Stack: empty" in screen and "Priority: you (alice) have priority" in screen
    listed = _numbered(s.step("help"))
    expected = [describe_action(s.game.state, a) for a in s.game.legal_actions()]
    assert [n for n, _ in listed] == list(range(1, len(expected) + 1))
    assert [what for _, what in listed] == expected
    assert listed[0] == (1, "pass")


def test_a_number_applies_that_action() -> None:
    s = _session()
    s.start()
    listed = _numbered(s.step("help"))
    n = next(n for n, what in listed if what.startswith("play "))
    land = dict(listed)[n].removeprefix("play ")
    out = s.step(str(n))
    assert f"alice plays {land}" in out
    assert [p.name for p in s.game.state.battlefield] == [land]
    assert "There is no action 99" in s.step("99")


def test_refusals_name_the_reason_and_the_rule() -> None:
    s = _session()
    s.start()
    before = len(s.record.answers)
    out = s.step("cast Lightning Bolt targeting bob")
    assert "Refused: cost:" in out and "[601.2h]" in out
    assert len(s.record.answers) == before  # nothing changed, nothing recorded
    s.step("play Mountain")
    out = s.step("play Forest")
    assert "Refused: limit:" in out and "[305.2]" in out
    out = s.step("cast Serra Angel")
    assert "Refused: unknown:" in out
    out = s.step("frobnicate the stack")
    assert "unknown command 'frobnicate'" in out and "The commands are:" in out


def test_explain_with_a_spell_on_the_stack() -> None:
    s = _session(stops="all")
    s.start()
    while s.game.step is not Step.PRECOMBAT_MAIN:
        s.step("pass")
    s.step("play Mountain")
    out = s.step("cast Lightning Bolt targeting bob")
    assert "Lightning Bolt, alice's, targeting bob" in out
    assert "[117.3c]: after casting" in out  # alice keeps priority after casting
    text = s.step("explain")
    assert "[405.5]" in text and "Lightning Bolt" in text and "[117.3b]" in text


def test_explain_with_an_empty_stack_names_the_next_step() -> None:
    s = _session(stops="all")
    s.start()
    assert s.game.step is Step.UPKEEP
    text = s.step("explain")
    assert "[117.4, 500.2]" in text and "[103.8a]" in text and "precombat main" in text


def test_stops_real_passes_when_there_is_nothing_to_choose() -> None:
    real, every = _session("real"), _session("all")
    real.start()
    every.start()
    # Upkeep offers only "pass": the real stops skip it, every stop shows it.
    assert (real.game.step, every.game.step) == (Step.PRECOMBAT_MAIN, Step.UPKEEP)
    log = real.game.log_text()
    assert "alice passes [117.3d]" in log


def test_save_writes_a_record_that_replays(tmp_path: Path) -> None:
    s = _session()
    s.start()
    s.step("play Mountain")
    s.step("pass")
    path = tmp_path / "game.json"
    assert "Saved the game" in s.step(f"save {path}")
    again = replay(load(path))
    assert again.log_text() == s.game.log_text()


def _attack_with_everything(view: AgentView, rng: random.Random) -> Action:
    for a in view.options:
        if isinstance(a, DeclareAttacker):
            return a
    useful = [a for a in view.options if not isinstance(a, ActivateMana)]
    return next((a for a in useful if isinstance(a, Pass | FinishDeclaration)), useful[0])


def test_blocks_stay_open_until_done() -> None:
    game = Game.from_position(
        [
            PlayerSpec("bob", battlefield=["Grizzly Bears", "Hill Giant"]),
            PlayerSpec("alice", battlefield=["Savannah Lions", "Wall of Wood"]),
        ],
        step=Step.BEGINNING_OF_COMBAT,
    )
    s = PlaySession(game, 1, _attack_with_everything, console=_console())
    screen = s.start()
    assert "Waiting for: alice: declare blockers" in screen and "[509.1]" in screen
    out = s.step("block Grizzly Bears with Wall of Wood")
    d = s.game.decision
    assert d is not None and d.kind is Kind.DECLARE_BLOCKERS, out
    s.step("block Hill Giant with Savannah Lions")
    assert s.game.decision is not None and s.game.decision.kind is Kind.DECLARE_BLOCKERS
    s.step("done")
    assert "Savannah Lions" in [c.name for c in s.game.state.players[1].graveyard]
    assert "`done` ends a declaration" in s.step("done")


def test_eof_quits_and_concede_ends_the_game() -> None:
    def eof(prompt: str) -> str:
        raise EOFError

    s = _session()
    s.input_fn = eof
    assert s.run().result is None
    s2 = _session()
    s2.start()
    out = s2.step("concede")
    assert s2.game.is_over and "bob wins" in out


def test_completion() -> None:
    names = ["Lightning Bolt", "Llanowar Elves", "bob"]
    assert complete("cast light", names) == ["cast Lightning Bolt"]
    assert complete("cast Lightning Bolt targeting b", names) == [
        "cast Lightning Bolt targeting bob"
    ]
    assert complete("expl", names) == ["explain"]
    assert "attack with " in complete("att", names)


def test_the_command_without_a_terminal_prints_plain_text(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from manastack.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nexplain\nquit\n"))
    assert main(["play", "--seed", "2", "--vs", "greedy", "--stops", "all"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out  # no colours or cursor codes in a pipe
    # The game starts with the starting player chosen from the seed (103.1) and the mulligans
    # (103.5): seed 2 has bob play first and keep, then alice is asked.
    assert "--- Turn 1, untap step; active: bob ---" in out and "1. choose keep" in out
    assert "You quit; the game was not finished." in out
    # Lines fit 80 columns (input() writes its prompt before the answer's first line).
    assert max(len(line.removeprefix(PROMPT)) for line in out.splitlines()) <= 80


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "nobody"], "unknown agent 'nobody'"),
        (["--name", "two words"], "--name must be one word"),
        (["--deck", "no/such/deck.txt"], "can't read the file"),
    ],
)
def test_the_command_refuses_bad_arguments(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from manastack.cli import main

    assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


# --- end to end, through a pseudo-terminal ---------------------------------------------------

PROMPT = "alice> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _choose(listing: str, tried: set[str]) -> int:
    """Play lands first, then spells and attacks (each once per screen), else the first."""
    options = _numbered(listing)
    for prefix in ("play ", "cast ", "attack with ", "block "):
        for n, what in options:
            if what.startswith(prefix) and what not in tried:
                tried.add(what)
                return n
    for n, what in options:
        if what != "choose cancel":
            return n
    return 1


@pytest.fixture
def record_path(tmp_path: Path) -> Path:
    return tmp_path / "game.json"


@pytest.fixture
def child(record_path: Path) -> Iterator[object]:
    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm", COLUMNS="80", LINES="40")
    args = ["play", "--seed", "1", "--vs", "random", "--stops", "real", "--save", str(record_path)]
    proc = pexpect.spawn(
        sys.executable,
        ["-m", "manastack.cli", *args],
        cwd=str(ROOT),
        env=env,
        dimensions=(40, 80),
        encoding="utf-8",
        timeout=30,
    )
    yield proc
    proc.close(force=True)


def test_a_whole_game_in_a_terminal(child: object, record_path: Path) -> None:
    import pexpect

    assert isinstance(child, pexpect.spawn)
    child.expect_exact(PROMPT)
    first = ANSI.sub("", child.before)
    # The game begins with the mulligans (103.5): nobody has priority yet.
    assert "Stack: empty" in first and "choosing their opening hands [103.5]" in first
    child.send("expl\t\r")  # readline completes the command
    child.expect_exact(PROMPT)
    assert "[117.4, 500.2]" in ANSI.sub("", child.before)
    saw_stack = False
    tried: set[str] = set()
    for _ in range(400):  # bounded: a game against random lasts far fewer answers
        child.sendline("help")
        child.expect_exact(PROMPT)
        listing = ANSI.sub("", child.before)
        assert "1. " in listing
        child.sendline(str(_choose(listing, tried)))
        i = child.expect_exact([PROMPT, pexpect.EOF])
        screen = ANSI.sub("", child.before)
        saw_stack = saw_stack or "Stack (top first" in screen
        if i == 1:
            assert "Game over" in screen
            break
        if "precombat main" in screen:
            tried.clear()
        assert "Priority: " in screen
    else:
        pytest.fail("the game did not end within 400 answers")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert saw_stack
    assert replay(load(record_path)).is_over  # --save wrote a record of the whole game
