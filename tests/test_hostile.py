"""Hostile input never crashes (issue 21): the four input kinds through the command, fuzzed, and
each input of the issue's report as a regression test.

The property test runs the command in this process on inputs made by ``tests/hostile.py`` (the
same generator as ``benchmarks/fuzz.py``'s long campaigns): no traceback, an exit code from the
documented set, no raw control character in the output. A hang is caught by an alarm of
``HANG_SECONDS``: not a speed limit (a case takes milliseconds), only so that a hang fails the
test instead of blocking CI.
"""

from __future__ import annotations

import json
import os
import random
import signal
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from manastack.record import Recorder
from manastack.safetext import shown
from tests.hostile import KINDS, Case, Outcome, classify, make_case, run_case

HANG_SECONDS = 60


@contextmanager
def no_hang() -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise TimeoutError(f"no answer in {HANG_SECONDS} s: a hang")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def run(case: Case, workdir: Path) -> Outcome:
    with no_hang():
        return run_case(case, workdir)


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(kind=st.sampled_from(KINDS), seed=st.integers(0, 2**32))
def test_hostile_inputs_never_crash(kind: str, seed: int, tmp_path: Path) -> None:
    workdir = tmp_path / f"{kind}-{seed}"
    workdir.mkdir(exist_ok=True)
    case = make_case(kind, random.Random(seed), workdir)
    outcome = run(case, workdir)
    assert classify(outcome) in ("refused", "accepted"), (case, outcome.error, outcome.out[-2000:])


# --- the inputs, one by one ------------------------------------------------------------


def cli(tmp_path: Path, *argv: str, stdin: str = "") -> Outcome:
    outcome = run(Case("cli", list(argv), stdin), tmp_path)
    assert classify(outcome) in ("refused", "accepted"), (argv, outcome.error, outcome.out)
    return outcome


def one_line_refusal(outcome: Outcome, *words: str) -> None:
    assert outcome.code == 2, outcome.out
    lines = [ln for ln in outcome.out.splitlines() if ln.strip()]
    assert len(lines) == 1, lines
    for w in words:
        assert w in lines[0], lines[0]


@pytest.mark.parametrize("line", ["²", "٣", "9" * 4301], ids=["superscript", "arabic", "long"])
def test_play_refuses_numbers_that_are_not_ascii_or_too_long(tmp_path: Path, line: str) -> None:
    out = cli(tmp_path, "play", "--seed", "1", stdin=f"{line}\nquit\n")
    assert out.code == 0
    assert "is not a number of an action" in " ".join(out.out.split())


def test_play_save_with_a_nul_byte_is_refused(tmp_path: Path) -> None:
    out = cli(tmp_path, "play", "--seed", "1", stdin="save a\x00b\nquit\n")
    assert "Can't save: a\\x00b: the path holds a NUL character" in " ".join(out.out.split())


SCENARIO = """\
name: "a name with \\uD800 and \\e[2J in it"
start: turn 1 precombat_main
players:
  alice:
    battlefield: [Grizzly Bears]
  bob: {}
script:
  - alice: activate Grizzly Bears
    rejected: unknown
"""


def test_lone_surrogates_and_escapes_in_a_scenario_are_shown_escaped(tmp_path: Path) -> None:
    path = tmp_path / "s.scenario.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    out = cli(tmp_path, "scenario", str(path), "-v")
    assert out.code == 0, out.out
    assert "a name with \\ud800 and \\x1b[2J in it" in out.out
    assert "Grizzly Bears has no ability that can be activated [602.1]" in out.out


def test_activating_a_permanent_without_abilities_is_refused_unknown_in_play() -> None:
    import io

    from rich.console import Console

    from manastack import Game
    from manastack.agents import random_agent
    from manastack.play import PlaySession
    from manastack.setup import PlayerSpec
    from manastack.steps import Step

    game = Game.from_position(
        [PlayerSpec("alice", battlefield=["Grizzly Bears", "Forest"]), PlayerSpec("bob")],
        turn=1,
        step=Step.PRECOMBAT_MAIN,
    )
    session = PlaySession(
        game, 0, random_agent, stops="all", console=Console(file=io.StringIO(), width=100)
    )
    session.start()
    out = session.step("activate Grizzly Bears")
    assert "Refused: unknown: Grizzly Bears has no ability that can be activated [602.1]" in out


def _fifo(tmp_path: Path) -> str:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("what", ["long", "fifo", "/dev/zero", "/dev/urandom", "folder", "nul"])
@pytest.mark.parametrize("command", ["scenario", "replay", "simulate", "play"])
def test_paths_that_are_not_regular_files_are_one_line(
    tmp_path: Path, what: str, command: str
) -> None:
    path = {
        "long": str(tmp_path / ("a" * 256)),
        "folder": str(tmp_path),
        "nul": "bad\x00path",
    }.get(what) or (_fifo(tmp_path) if what == "fifo" else what)
    if command == "scenario" and what == "folder":
        pytest.skip("a folder is what scenario searches")
    argv = {
        "scenario": ["scenario", path],
        "replay": ["replay", path],
        "simulate": ["simulate", path, path, "-n", "1", "--workers", "1"],
        "play": ["play", "--deck", path],
    }[command]
    out = cli(tmp_path, *argv, stdin="quit\n")
    assert out.code == 2, out.out
    text = out.out.strip()
    if command == "scenario":
        assert text.splitlines()[0].startswith("ERROR "), text
        assert len(text.splitlines()) == 2, text  # the error, then the count
    else:
        one_line_refusal(out)
    expected = {
        "long": "the path is too long",
        "fifo": "a named pipe (FIFO), not a regular file",
        "/dev/zero": "a character device, not a regular file",
        "/dev/urandom": "a character device, not a regular file",
        "folder": "a folder, not a regular file",
        "nul": "the path holds a NUL character",
    }[what]
    assert expected in text


def test_the_size_limit_holds_while_reading(tmp_path: Path) -> None:
    from manastack.errors import InputError
    from manastack.textfile import read_bytes

    path = tmp_path / "big"
    path.write_bytes(b"x" * 1000)
    assert read_bytes(path, 1000) == b"x" * 1000
    with pytest.raises(InputError, match="limit"):
        read_bytes(path, 999)


def _record(tmp_path: Path, name: str) -> Path:
    rec = Recorder.new([["Forest"] * 40, ["Island"] * 40], [name, "bob"], seed=2)
    for _ in range(20):
        rec.apply(rec.legal_actions()[0])
    path = tmp_path / "r.json"
    rec.save(path)
    return path


def test_a_record_with_a_hostile_player_name_replays_escaped(tmp_path: Path) -> None:
    path = _record(tmp_path, "\ud800\x1b[2J")
    out = cli(tmp_path, "replay", str(path))
    assert out.code == 0
    assert "\\ud800\\x1b[2J plays first [103.1]" in out.out


def test_a_record_with_a_nan_seed_says_so(tmp_path: Path) -> None:
    path = _record(tmp_path, "alice")
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["seed"] = float("nan")
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = cli(tmp_path, "replay", str(path))
    one_line_refusal(out, "NaN is not a number JSON allows")


@pytest.mark.parametrize("card", ["Lightning Bolt", "Wrath of God"])
def test_instants_and_sorceries_cannot_be_on_the_battlefield(tmp_path: Path, card: str) -> None:
    path = tmp_path / "s.scenario.yaml"
    path.write_text(
        f"name: x\nplayers:\n  alice:\n    battlefield: [{card}]\n  bob: {{}}\nscript: []\n",
        encoding="utf-8",
    )
    out = cli(tmp_path, "scenario", str(path))
    assert out.code == 2
    assert "can't be on the battlefield [304.4, 307.4]" in out.out


def test_save_targets_are_checked_before_the_game(tmp_path: Path) -> None:
    out = cli(tmp_path, "play", "--save", str(tmp_path / "no" / "such" / "x.json"))
    one_line_refusal(out, "--save", "no such folder")
    read_only = tmp_path / "ro"
    read_only.mkdir()
    read_only.chmod(stat.S_IRUSR | stat.S_IXUSR)
    if not os.access(read_only, os.W_OK):  # root may write anyway
        out = cli(tmp_path, "play", "--save", str(read_only / "x.json"))
        one_line_refusal(out, "permission denied")


def test_help_documents_the_exit_codes(tmp_path: Path) -> None:
    out = cli(tmp_path, "--help")
    assert out.code == 0
    for code in ("0    ok", "1    a scenario failed", "2    bad input", "130  interrupted"):
        assert code in out.out


def test_bad_command_lines_exit_2_escaped(tmp_path: Path) -> None:
    out = cli(tmp_path, "play", "--vs", "\x1b[2J")
    assert out.code == 2
    assert "\\x1b[2J" in out.out


def test_shown_escapes_what_a_terminal_would_obey() -> None:
    assert shown("a\x1b[31mb") == "a\\x1b[31mb"
    assert shown("\x9b2J") == "\\x9b2J"
    assert shown("\ud800") == "\\ud800"
    assert shown("\u202eabc") == "\\u202eabc"
    assert shown("Æther Vial, é") == "Æther Vial, é"


# --- issue 12: the scenario explained --------------------------------------------------------


def test_explain_tells_the_founding_question(tmp_path: Path) -> None:
    path = (
        Path(__file__).resolve().parent.parent
        / "examples"
        / "dark-ritual-counterspell.scenario.yaml"
    )
    out = cli(tmp_path, "scenario", "--explain", str(path))
    assert out.code == 0, out.out
    text = " ".join(out.out.split())
    assert "The founding question of manastack." in text  # the description
    assert (
        "Dark Ritual is a spell, not a mana ability (605.1a: a mana ability has no target" in text
    )
    assert (
        "Trinisphere is an artifact: it can be cast only in its player's main phase with the "
        "stack empty (307.1 / 117.1a): refused (timing:" in text
    )
    assert "-> stack (top first): Counterspell, Dark Ritual" in text
    assert "both players pass: Counterspell resolves [405.5]" in text
    assert "bob passes" not in text  # folded


@pytest.mark.parametrize("value", ["²", "٣", "9" * 4301, "1e3"])
def test_command_line_numbers_are_ascii_digits(tmp_path: Path, value: str) -> None:
    out = cli(tmp_path, "play", "--seed", value, stdin="quit\n")
    assert out.code == 2
    assert "--seed: not a number" in out.out
