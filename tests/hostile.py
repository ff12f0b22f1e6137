"""Hostile inputs for the four ways a user feeds manastack: scenario files, decklists, saved
records, and lines typed into ``play``; and running one through the command as a user would.

Shared by the property test (``tests/test_hostile.py``, a minute in CI) and the long campaigns
(``benchmarks/fuzz.py --runs N``). A case is made from a kind and a seed alone, so any run of
a campaign can be made again: ``make_case(kind, random.Random(seed), workdir)``.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import re
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from manastack.actions import Action

ROOT = Path(__file__).resolve().parent.parent
KINDS = ("scenario", "decklist", "record", "play")
EXIT_CODES = frozenset({0, 1, 2, 130})
"""The documented exit codes (``manastack --help``): ok, a scenario failed, bad input,
interrupted."""

HOSTILE = [
    "\ud800",
    "\udfff",
    "\x1b[2J\x1b[31m",
    "\x9b31m",
    "\x00",
    "\x07",
    "\r",
    "\u202e",
    "²",
    "٣",
    "9" * 4301,
    "-1",
    "0",
    "99999999999999999999",
    "NaN",
    "Infinity",
    "1e999",
    "[red]markup[/]",
    "%s%n",
    "{",
    "[",
    "&a *a",
    "!!python/object:os.system",
    "\n",
    "\t",
    "x" * 5000,
    "Grizzly Bears",
    "Lightning Bolt",
    "Blood Artist",
    "Wrath of God",
    "alice",
    "bob",
    "Thalia, Guardian of Thraben",
    "é",
    "\ufeff",
    ' "\\uD800 \\e[2J" ',
    ' "\\x1b]0;title\\x07" ',
    '"\\ud800"',
]
SPECIAL_PATHS = ["/dev/zero", "/dev/urandom", "/dev/null", "FIFO", "FOLDER", "LONG", "MISSING"]


@dataclass
class Case:
    kind: str
    argv: list[str]
    stdin: str = ""
    what: str = ""


@dataclass
class Outcome:
    code: int | None
    """The exit code, or None if an exception escaped (a crash)."""
    error: str
    """The traceback of an escaped exception, or ""."""
    out: str


# --- mutations --------------------------------------------------------------------------------


def mutate_text(text: str, rng: random.Random, edits: int | None = None) -> str:
    """A few random edits: cut, duplicate, insert a hostile string or junk, swap two pieces."""
    for _ in range(edits if edits is not None else rng.randint(1, 4)):
        if not text:
            text = rng.choice(HOSTILE)
            continue
        i = rng.randrange(len(text))
        j = min(len(text), i + rng.randint(0, 40))
        op = rng.choice(("cut", "dup", "insert", "insert", "swap", "replace"))
        if op == "cut":
            text = text[:i] + text[j:]
        elif op == "dup":
            text = text[:j] + text[i:j] + text[j:]
        elif op == "insert":
            text = text[:i] + rng.choice(HOSTILE) + text[i:]
        elif op == "replace":
            text = text[:i] + rng.choice(HOSTILE) + text[j:]
        else:
            k = rng.randrange(len(text))
            a, b = sorted((i, k))
            text = text[:a] + text[b:j] + text[a:b] + text[j:] if j > b else text
    return text


def _special_path(rng: random.Random, workdir: Path) -> str:
    which = rng.choice(SPECIAL_PATHS)
    if which == "FIFO":
        fifo = workdir / "fifo"
        if not fifo.exists():
            os.mkfifo(fifo)
        return str(fifo)
    if which == "FOLDER":
        return str(workdir)
    if which == "LONG":
        return str(workdir / ("a" * 256))
    if which == "MISSING":
        return str(workdir / "missing" / "file.txt")
    return which


def _write(workdir: Path, name: str, text: str) -> str:
    path = workdir / name
    # Lone surrogates can't be UTF-8: written as surrogateescape bytes or replaced, either is
    # hostile enough (a file of junk bytes is a case too).
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    return str(path)


_SCENARIOS = sorted((ROOT / "examples").glob("*.scenario.yaml")) + sorted(
    (ROOT / "tests" / "scenarios").rglob("*.scenario.yaml")
)
_DECKS = sorted((ROOT / "decks").glob("*.txt"))
_CACHE: dict[str, str] = {}


def _text(path: Path) -> str:
    key = str(path)
    if key not in _CACHE:
        _CACHE[key] = path.read_text(encoding="utf-8")
    return _CACHE[key]


def _record_text() -> str:
    """A real record: a game between the shipped decks, random agents, stopped at 300 answers."""
    if "record" not in _CACHE:
        from manastack.agents import random_agent
        from manastack.agents.base import AgentView
        from manastack.decklist import load_decklist
        from manastack.record import Recorder

        names = __import__("manastack").cards.names()
        decks = [load_decklist(p, names).cards() for p in _DECKS[:2]]
        rec = Recorder.new(decks, ["alice", "bob"], seed=11)
        rng = random.Random(11)
        while not rec.is_over and len(rec.record.answers) < 300:
            d = rec.decision
            if d is None:
                rec.game.resume()
                continue
            options = rec.legal_actions()
            choice: Action = random_agent(AgentView(rec.game, d, options), rng)
            rec.apply(choice)
        _CACHE["record"] = rec.record.to_json()
    return _CACHE["record"]


def _mutate_json(value: object, rng: random.Random) -> object:
    """A structural edit somewhere in a JSON value: a hostile string or number, a key dropped,
    an entry duplicated, a type changed."""
    junk: list[object] = [
        rng.choice(HOSTILE),
        -1,
        2**70,
        float("nan"),
        float("inf"),
        1.5,
        None,
        True,
        [],
        {},
        "",
    ]
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        op = rng.random()
        if op < 0.15:
            del value[key]
        elif op < 0.25:
            value[rng.choice(HOSTILE)] = rng.choice(junk)
        else:
            value[key] = _mutate_json(value[key], rng)
        return value
    if isinstance(value, list) and value and rng.random() < 0.8:
        i = rng.randrange(len(value))
        op = rng.random()
        if op < 0.15:
            del value[i]
        elif op < 0.3:
            value.insert(i, value[i])
        else:
            value[i] = _mutate_json(value[i], rng)
        return value
    return rng.choice(junk)


PLAY_WORDS = [
    "pass",
    "help",
    "help commands",
    "explain",
    "log",
    "done",
    "pay",
    "1",
    "2",
    "3",
    "0",
    "cast",
    "play",
    "activate",
    "attack with",
    "block",
    "with",
    "targeting",
    "paying",
    "choosing",
    "ability 1",
    "card",
    "save",
    "order",
    "assign 2 to",
    "discard",
    "turn face up",
    "suspend",
    "Mountain",
    "Forest",
    "Llanowar Elves",
    "Prodigal Sorcerer",
    "->",
    ",",
]


def _play_line(rng: random.Random) -> str:
    r = rng.random()
    if r < 0.2:
        return rng.choice(HOSTILE)
    if r < 0.3:
        return "save " + rng.choice([*HOSTILE, "out.json", "/dev/full", ".", "/"])
    words = [rng.choice(PLAY_WORDS + HOSTILE[:12]) for _ in range(rng.randint(1, 6))]
    return " ".join(words)


def make_case(kind: str, rng: random.Random, workdir: Path) -> Case:
    """One hostile input of ``kind`` (files written under ``workdir``) and the command line that
    feeds it to manastack."""
    special = rng.random() < 0.05
    if kind == "scenario":
        if special:
            path = _special_path(rng, workdir)
        else:
            path = _write(
                workdir, "s.scenario.yaml", mutate_text(_text(rng.choice(_SCENARIOS)), rng)
            )
        return Case(kind, ["scenario", path, *(["-v"] if rng.random() < 0.3 else [])])
    if kind == "decklist":
        if special:
            path = _special_path(rng, workdir)
        else:
            path = _write(workdir, "deck.txt", mutate_text(_text(rng.choice(_DECKS)), rng))
        return Case(kind, ["play", "--deck", path, "--seed", str(rng.randrange(100))], "quit\n")
    if kind == "record":
        if special:
            path = _special_path(rng, workdir)
        elif rng.random() < 0.5:
            path = _write(workdir, "r.json", mutate_text(_record_text(), rng))
        else:
            doc = json.loads(_record_text())
            for _ in range(rng.randint(1, 3)):
                doc = _mutate_json(doc, rng)
            path = _write(workdir, "r.json", json.dumps(doc))
        to = ["--to", str(rng.randint(-5, 400))] if rng.random() < 0.3 else []
        return Case(kind, ["replay", path, *to])
    if kind == "play":
        lines = [_play_line(rng) for _ in range(rng.randint(1, 12))]
        argv = [
            "play",
            "--seed",
            str(rng.randrange(1000)),
            "--vs",
            rng.choice(["random", "greedy"]),
        ]
        if rng.random() < 0.1:
            argv += ["--name", rng.choice(HOSTILE)]
        if rng.random() < 0.1:
            argv += ["--save", rng.choice([str(workdir / "saved.json"), *SPECIAL_PATHS[:3]])]
        return Case(kind, argv, "\n".join(lines) + "\nquit\n")
    raise ValueError(f"unknown kind {kind!r}")


# --- running one ------------------------------------------------------------------------------


def run_case(case: Case, workdir: Path, main: Callable[[list[str]], int] | None = None) -> Outcome:
    """Run ``manastack ARGV`` in this process with ``case.stdin`` as its input and ``workdir`` as
    its folder; what it printed, its exit code, or the traceback of an exception that escaped.
    MemoryError and KeyboardInterrupt (a time limit's alarm) are not caught: the caller's."""
    if main is None:
        from manastack.cli import main as cli_main

        main = cli_main
    # A strict UTF-8 stream, as a terminal's: a lone surrogate printed raw raises here too.
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", errors="strict", write_through=True)
    old_stdin, old_cwd = sys.stdin, os.getcwd()
    sys.stdin = io.StringIO(case.stdin)
    error = ""
    code: int | None = None
    try:
        os.chdir(workdir)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            try:
                code = main(case.argv)
            except SystemExit as exc:  # argparse refusing the command line
                code = exc.code if isinstance(exc.code, int) else 2
            except (MemoryError, TimeoutError):
                raise
            except Exception:
                error = traceback.format_exc()
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)
    return Outcome(code, error, raw.getvalue().decode("utf-8", errors="replace"))


_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def classify(outcome: Outcome) -> str:
    """refused (exit 2), accepted (0 or 1), crash (an exception, another exit code, a
    traceback printed), or unsafe (a control character or escape sequence reached the output
    raw: output to a file or pipe holds none of its own)."""
    if outcome.code is None or outcome.code not in EXIT_CODES or "Traceback" in outcome.out:
        return "crash"
    if _RAW_CONTROL.search(outcome.out):
        return "unsafe"
    return "refused" if outcome.code == 2 else "accepted"
