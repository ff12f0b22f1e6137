"""The pure and the compiled build play the same games: the same seeds give identical logs, and
``simulate --json`` the same results but for timings. The compiled build is found through
``MANASTACK_COMPILED_PYTHON`` (an interpreter whose installed manastack is compiled; CI sets it);
without it, or when this suite itself runs on the compiled build, the test is skipped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import manastack

ROOT = Path(__file__).resolve().parent.parent
COMPILED_PYTHON = os.environ.get("MANASTACK_COMPILED_PYTHON", "")
SEEDS = (0, 1, 2, 3, 4, 5)

# Plays the seeds with random agents, the rules log on, forced decisions asked of the agents in
# half the games and played by the engine in the other half; prints one JSON object.
PLAY = """
import json, random, sys
import manastack
from manastack import Game
from manastack.agents import AGENTS
from manastack.agents.base import drive
from manastack.decklist import load_decklist
root = sys.argv[1]
names = manastack.cards.names()
decks = [load_decklist(f"{root}/decks/{d}.txt", names).cards() for d in ("red-green", "white-blue")]
out = {"compiled": manastack.COMPILED, "games": []}
for seed in map(int, sys.argv[2:]):
    g = Game.new(decks, ["A", "B"], seed=seed)
    r = drive(g, [AGENTS["random"], AGENTS["greedy"]], random.Random(seed), auto=seed % 2 == 1)
    out["games"].append([seed, r.winner, r.turns, r.decisions, g.log_text()])
print(json.dumps(out))
"""


def _run(python: str, *args: str, env: dict[str, str] | None = None) -> str:
    # From an empty folder: no source tree on the path shadows the installed build.
    with tempfile.TemporaryDirectory() as cwd:
        proc = subprocess.run(
            [python, *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=600
        )
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _compiled() -> str:
    if manastack.COMPILED:
        pytest.skip("this suite runs on the compiled build: the pure one runs the comparison")
    if not COMPILED_PYTHON:
        pytest.skip("no compiled build (set MANASTACK_COMPILED_PYTHON to its interpreter)")
    return COMPILED_PYTHON


def _pure_env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def test_the_same_seeds_give_identical_logs_under_both_builds() -> None:
    compiled = _compiled()
    seeds = [str(s) for s in SEEDS]
    pure = json.loads(_run(sys.executable, "-c", PLAY, str(ROOT), *seeds, env=_pure_env()))
    comp = json.loads(_run(compiled, "-c", PLAY, str(ROOT), *seeds))
    assert pure["compiled"] is False and comp["compiled"] is True
    assert len(pure["games"]) == len(SEEDS)
    for a, b in zip(pure["games"], comp["games"], strict=True):
        assert a[:4] == b[:4], f"seed {a[0]}: {a[:4]} (pure) != {b[:4]} (compiled)"
        assert a[4] == b[4], f"seed {a[0]}: the logs differ"


def test_simulate_json_is_the_same_under_both_builds() -> None:
    compiled = _compiled()
    args = [
        "-m",
        "manastack.cli",
        "simulate",
        str(ROOT / "decks" / "red-green.txt"),
        str(ROOT / "decks" / "white-blue.txt"),
        "-n",
        "20",
        "--seed",
        "9",
        "--workers",
        "1",
        "--json",
    ]
    timings = ("seconds", "games_per_second", "decisions_per_second")

    def results(text: str) -> dict[str, object]:
        d: dict[str, object] = json.loads(text)
        return {k: v for k, v in d.items() if k not in timings}

    assert results(_run(sys.executable, *args, env=_pure_env())) == results(_run(compiled, *args))


def test_version_says_which_build() -> None:
    out = _run(sys.executable, "-m", "manastack.cli", "--version", env=_pure_env())
    assert "pure Python" in out or manastack.COMPILED
    if COMPILED_PYTHON and not manastack.COMPILED:
        assert "compiled" in _run(COMPILED_PYTHON, "-m", "manastack.cli", "--version")
