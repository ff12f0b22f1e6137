"""manastack's speed at two (or more) git revisions, side by side in one run, interleaved.

    python3 benchmarks/compare.py 6173fd6               # that commit against the working tree
    python3 benchmarks/compare.py main HEAD --rounds 9  # two commits
    python3 benchmarks/compare.py 6173fd6 --json        # everything as one JSON object
    python3 benchmarks/compare.py worktree installed:/tmp/ms-compiled/bin/python --auto
                                                        # the source against a compiled build

Each revision is exported (``git archive``) into a temporary folder, removed at the end; the word
``worktree`` (the default last revision) is the working tree as it is, uncommitted changes
included; ``installed:PYTHON`` is the manastack installed for that interpreter (the compiled build
in its own virtual environment). Every round runs one fresh process per revision, in the order AB,
then BA, AB, ...: the same measuring script (``benchmarks/_measure.py`` of this tree) with the
revision's checkout first on ``sys.path``. The table gives each revision's median over the rounds
(min-max) and the ratio to the first revision (BASE) against ``--tolerance``. See
benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MEASURE = Path(__file__).resolve().parent / "_measure.py"
WORKTREE = "worktree"

Result = dict[str, Any]


class CompareError(Exception):
    """A git or measuring failure, reported as one message (exit 1)."""


# --- revisions ------------------------------------------------------------------------------------


@dataclass
class Revision:
    spec: str  # as given on the command line
    letter: str  # A, B, ...: the first one is BASE
    sha: str | None  # None: the working tree
    subject: str
    dirty: bool = False  # the working tree has uncommitted changes
    checkout: Path = ROOT
    python: str = sys.executable  # the interpreter that runs the measurement
    installed: bool = False  # measure that interpreter's installed manastack (a compiled build)
    manastack_file: str | None = None
    runs: list[Result] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.letter} {self.spec}"

    def describe(self) -> str:
        if self.installed:
            return f"the manastack installed for {self.python}"
        if self.sha is None:
            changes = " + uncommitted changes" if self.dirty else ", no uncommitted changes"
            return f"the working tree ({self.subject}{changes})"
        return f"{self.sha[:12]} {self.subject}"


def git(*args: str) -> str:
    proc = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
    if proc.returncode != 0:
        raise CompareError(f"git {' '.join(args)}: {proc.stderr.strip() or proc.returncode}")
    return proc.stdout.strip()


INSTALLED = "installed:"


def resolve(spec: str, letter: str) -> Revision:
    if spec.startswith(INSTALLED):
        # ``installed:PYTHON``: the package installed for that interpreter (the compiled build
        # in its own virtual environment), measured from a folder without manastack's source.
        python = spec[len(INSTALLED) :]
        if not Path(python).is_file():
            raise CompareError(f"{spec!r}: no interpreter {python}")
        return Revision(spec, letter, None, "installed", python=python, installed=True)
    if spec == WORKTREE:
        head = git("log", "-1", "--format=HEAD %h %s")
        dirty = bool(git("status", "--porcelain"))
        return Revision(spec, letter, None, head, dirty=dirty)
    try:
        sha = git("rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    except CompareError:
        raise CompareError(f"{spec!r} is not a commit of {ROOT}") from None
    return Revision(spec, letter, sha, git("log", "-1", "--format=%s", sha))


def export(rev: Revision, into: Path) -> None:
    """The revision's files, from ``git archive``, into a folder of ``into`` (nothing is written
    to the repository: no worktree, no branch, no index change)."""
    assert rev.sha is not None
    dest = into / f"{rev.letter}-{rev.sha[:12]}"
    dest.mkdir()
    proc = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev.sha], capture_output=True
    )
    if proc.returncode != 0:
        raise CompareError(f"git archive {rev.sha}: {proc.stderr.decode().strip()}")
    with tarfile.open(fileobj=io.BytesIO(proc.stdout)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(dest, filter="data")
        else:  # Python before 3.11.4
            tar.extractall(dest)
    rev.checkout = dest


# --- measuring ------------------------------------------------------------------------------------


def measure_once(rev: Revision, args: argparse.Namespace, decks: Path) -> Result:
    """One fresh process: this tree's ``_measure.py`` with the revision's checkout first on
    ``sys.path``."""
    cmd = [
        rev.python,
        str(MEASURE),
        str(rev.checkout),
        "--decks",
        str(decks),
        "--deck-a",
        args.deck_a,
        "--deck-b",
        args.deck_b,
        "--games",
        str(args.games),
        "--seed",
        str(args.seed),
        "--clone-games",
        str(args.clone_games),
        "--clone-at",
        str(args.clone_at),
        "--clone-reps",
        str(args.clone_reps),
        *(["--auto"] if getattr(args, "auto", False) else []),
        *(["--installed"] if rev.installed else []),
    ]
    # The same hash seed on every side: set iteration orders, and so the games, repeat. The
    # bytecode is cached (whatever PYTHONDONTWRITEBYTECODE says), in one folder for the run:
    # else a module imported on first use during the games is compiled in the time measured.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONHASHSEED"] = "0"
    env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / "manastack-compare-pycache")
    # An installed build runs from an empty folder: no source tree on the path to shadow it.
    cwd = Path(tempfile.gettempdir()) if rev.installed else rev.checkout
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd, env=env)
    if proc.returncode in (-signal.SIGINT, -signal.SIGTERM) or proc.stderr.rstrip().endswith(
        "KeyboardInterrupt"
    ):
        raise KeyboardInterrupt  # Ctrl-C reaches the whole process group
    if proc.returncode != 0:
        raise CompareError(
            f"measuring {rev.label} failed (exit {proc.returncode}):\n{proc.stderr.strip()}"
        )
    result: Result = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def round_order(revs: Sequence[Revision], r: int) -> list[Revision]:
    """AB, BA, AB, ...: each revision runs first as often as last."""
    return list(revs) if r % 2 == 0 else list(reversed(revs))


# --- what is compared -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Measure:
    key: str
    title: str
    digits: int
    better: str  # "higher", "lower", or "" (no verdict: shown for information)
    get: Callable[[Result], float | None]


def _get(section: str, key: str, scale: float = 1.0) -> Callable[[Result], float | None]:
    def get(r: Result) -> float | None:
        v = r.get(section, {}).get(key)
        return None if v is None else float(v) * scale

    return get


MEASURES = (
    Measure("games_per_second", "games/s", 1, "higher", _get("throughput", "games_per_second")),
    Measure(
        "games_per_cpu_second",
        "games/CPU s",
        1,
        "higher",
        _get("throughput", "games_per_cpu_second"),
    ),
    Measure(
        "decisions_per_second",
        "decisions/s",
        0,
        "higher",
        _get("throughput", "decisions_per_second"),
    ),
    Measure(
        "decisions_per_cpu_second",
        "decisions/CPU s",
        0,
        "higher",
        _get("throughput", "decisions_per_cpu_second"),
    ),
    Measure(
        "auto_games_per_second",
        "games/s, forced by the engine",
        1,
        "higher",
        _get("throughput_auto", "games_per_second"),
    ),
    Measure(
        "auto_decisions_per_cpu_second",
        "decisions/CPU s, forced by the engine",
        0,
        "higher",
        _get("throughput_auto", "decisions_per_cpu_second"),
    ),
    Measure("clone_us", "clone µs (log off)", 2, "lower", _get("clone_log_off", "median_ns", 1e-3)),
    Measure("mean_decisions", "decisions/game", 1, "", _get("throughput", "mean_decisions")),
)

# The architecture issue's speed check: games/s and clone time.
HEADLINE = ("games_per_second", "games_per_cpu_second", "clone_us")


def verdict(m: Measure, ratio: float, tolerance: float) -> str:
    """``ratio`` is other/BASE. For a rate, slower means a lower ratio; for a time, a higher."""
    slower = 1 - ratio if m.better == "higher" else ratio - 1
    if abs(slower) <= tolerance:
        return f"within {tolerance:.0%}"
    return f"{'slower' if slower > 0 else 'faster'} by {abs(slower):.1%}"


def summarize(revs: Sequence[Revision], tolerance: float) -> dict[str, Any]:
    """Per measure: each revision's median, min, max and values; each other revision's ratio to
    BASE and verdict."""
    out: dict[str, Any] = {}
    base = revs[0]
    for m in MEASURES:
        per: dict[str, Any] = {}
        for rev in revs:
            values = [v for v in (m.get(r) for r in rev.runs) if v is not None]
            if not values:
                break
            med = statistics.median(values)
            per[rev.letter] = {
                "median": med,
                "min": min(values),
                "max": max(values),
                "spread": (max(values) - min(values)) / med if med else 0.0,
                "values": values,
            }
        else:
            ratios: dict[str, Any] = {}
            b = per[base.letter]["median"]
            for rev in revs[1:]:
                ratio = per[rev.letter]["median"] / b if b else float("nan")
                # The same round's runs ran one after the other, under much the same load: their
                # ratios show how far a single round could be trusted.
                paired = [
                    x / y if y else float("nan")
                    for x, y in zip(
                        per[rev.letter]["values"], per[base.letter]["values"], strict=False
                    )
                ]
                q: dict[str, Any] = {
                    "ratio": ratio,
                    "round_ratios": paired,
                    "round_ratio_min": min(paired),
                    "round_ratio_max": max(paired),
                }
                if m.better:
                    q["verdict"] = verdict(m, ratio, tolerance)
                else:
                    same = all(
                        v == per[base.letter]["values"][0]
                        for r in (base, rev)
                        for v in per[r.letter]["values"]
                    )
                    q["verdict"] = "same games" if same else "games differ"
                ratios[rev.letter] = q
            out[m.key] = {"title": m.title, "better": m.better, "revisions": per, "ratios": ratios}
    return out


# --- output ---------------------------------------------------------------------------------------


def table(revs: Sequence[Revision], summary: dict[str, Any]) -> str:
    base = revs[0]
    head = ["measure"] + [rev.label + (" (BASE)" if rev is base else "") for rev in revs]
    head += [f"{rev.letter}/{base.letter}" for rev in revs[1:]]
    rows = [head]
    for m in MEASURES:
        s = summary.get(m.key)
        if s is None:
            continue
        row = [m.title]
        for rev in revs:
            v = s["revisions"][rev.letter]
            d = m.digits
            text = f"{v['median']:.{d}f}"
            if len(v["values"]) > 1:
                text += f" ({v['min']:.{d}f}-{v['max']:.{d}f})"
            row.append(text)
        for rev in revs[1:]:
            q = s["ratios"][rev.letter]
            text = f"x{q['ratio']:.3f} {q['verdict']}"
            if len(q["round_ratios"]) > 1:
                text += f" (x{q['round_ratio_min']:.2f}-{q['round_ratio_max']:.2f})"
            row.append(text)
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)


def notes(revs: Sequence[Revision], summary: dict[str, Any], tolerance: float) -> list[str]:
    base = revs[0]
    out: list[str] = []
    for rev in revs[1:]:
        parts = [
            f"{summary[k]['title']} x{summary[k]['ratios'][rev.letter]['ratio']:.3f} "
            f"({summary[k]['ratios'][rev.letter]['verdict']})"
            for k in HEADLINE
            if k in summary
        ]
        if parts:
            out.append(f"speed check, {rev.label} against {base.label}: " + ", ".join(parts))
    noisy = []
    for key in HEADLINE:
        s = summary.get(key)
        if s is None:
            continue
        spreads = {rev.letter: s["revisions"][rev.letter]["spread"] for rev in revs}
        if max(spreads.values()) > tolerance:
            noisy.append(
                f"{s['title']} by " + ", ".join(f"{v:.0%} ({k})" for k, v in spreads.items())
            )
    if noisy:
        out.append(
            "note: over the rounds (max-min)/median of "
            + "; ".join(noisy)
            + f": more than the {tolerance:.0%} tolerance, the machine was busy. The medians of "
            "interleaved rounds stand up to some of that; more --rounds or a quieter machine "
            "give a firmer answer"
        )
    games = summary.get("mean_decisions")
    if games is not None and any(q["verdict"] != "same games" for q in games["ratios"].values()):
        out.append(
            "note: the revisions play different games (another number of decisions a game), so "
            "games/s compares unlike games; decisions/s is the fairer ratio"
        )
    return out


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# --- the script -----------------------------------------------------------------------------------


def _interrupted(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt  # so that the temporary checkouts are removed on SIGTERM too


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("base", metavar="BASE", help="git revision to compare against")
    p.add_argument(
        "others",
        metavar="HEAD",
        nargs="*",
        help=f"git revision(s) to compare with BASE (default: {WORKTREE}, the working tree "
        "with its uncommitted changes)",
    )
    p.add_argument("--rounds", type=int, default=5, help="runs of each revision (default 5)")
    p.add_argument("--games", type=int, default=200, help="games a run (default 200; 0: none)")
    p.add_argument(
        "--clone-games",
        type=int,
        default=10,
        help="games to take clone positions from (10; 0: none)",
    )
    p.add_argument("--clone-at", type=int, default=300, help="decision to take positions around")
    p.add_argument("--clone-reps", type=int, default=2000, help="clones timed per position")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--decks", type=Path, default=ROOT / ".." / "shared" / "bench" / "decks")
    p.add_argument("--deck-a", default="red-green.txt")
    p.add_argument("--deck-b", default="white-blue.txt")
    p.add_argument(
        "--tolerance", type=float, default=0.10, help="relative change called 'within' (0.10)"
    )
    p.add_argument(
        "--auto",
        action="store_true",
        help="also games with forced decisions played by the engine (where a revision can)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if args.rounds < 1:
        p.error("--rounds must be at least 1")
    specs = [args.base, *(args.others or [WORKTREE])]
    decks = args.decks.resolve()  # of this repository: a temporary checkout has no ../shared
    if not decks.is_dir():
        p.error(f"no decks folder {decks} (--decks)")

    def progress(text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    signal.signal(signal.SIGTERM, _interrupted)
    tmp: Path | None = None
    try:
        revs = [resolve(spec, chr(ord("A") + i)) for i, spec in enumerate(specs)]
        if any(rev.sha is not None for rev in revs):
            tmp = Path(tempfile.mkdtemp(prefix="manastack-compare-"))
            for rev in revs:
                if rev.sha is not None:
                    export(rev, tmp)
        load_start = os.getloadavg()
        for rev in revs:
            progress(f"{rev.label}: {rev.describe()}")
        # A short run of each first, not counted: it writes the bytecode of what the games load.
        warm = argparse.Namespace(**{**vars(args), "games": 2, "clone_games": 1, "clone_reps": 100})
        for rev in revs:
            measure_once(rev, warm, decks)
        for r in range(args.rounds):
            order = round_order(revs, r)
            for rev in order:
                res = measure_once(rev, args, decks)
                if rev.manastack_file is None:
                    rev.manastack_file = res["manastack_file"]
                    progress(f"{rev.label}: manastack from {rev.manastack_file}")
                elif res["manastack_file"] != rev.manastack_file:
                    raise CompareError(f"{rev.label} imported {res['manastack_file']} this time")
                rev.runs.append(res)
                t, c = res.get("throughput"), res.get("clone_log_off")
                progress(
                    f"round {r + 1}/{args.rounds} "
                    f"({''.join(x.letter for x in order)}): {rev.label}"
                    + (
                        f"  {t['games_per_second']:.1f} games/s, "
                        f"{t['games_per_cpu_second']:.1f} per CPU s"
                        if t
                        else ""
                    )
                    + (f"  clone {c['median_ns'] / 1000:.2f} µs" if c else "")
                )
        load_end = os.getloadavg()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except CompareError as e:
        print(f"compare.py: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)

    summary = summarize(revs, args.tolerance)
    if args.json:
        print(
            json.dumps(
                {
                    "python": sys.version.split()[0],
                    "cpus": os.cpu_count(),
                    "load_average_start": load_start,
                    "load_average_end": load_end,
                    "settings": {
                        k: (str(v) if isinstance(v, Path) else v)
                        for k, v in vars(args).items()
                        if k not in ("base", "others", "json")
                    },
                    "decks": str(decks),
                    "revisions": [
                        {
                            "letter": rev.letter,
                            "spec": rev.spec,
                            "sha": rev.sha,
                            "subject": rev.subject,
                            "dirty": rev.dirty,
                            "manastack_file": rev.manastack_file,
                            "runs": rev.runs,
                        }
                        for rev in revs
                    ],
                    "measures": summary,
                    "notes": notes(revs, summary, args.tolerance),
                },
                indent=2,
            )
        )
        return 0

    def load(x: Sequence[float]) -> str:
        return ", ".join(f"{v:.2f}" for v in x)

    print(
        f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average {load(load_start)} "
        f"at the start, {load(load_end)} at the end"
    )
    orders = " ".join("".join(x.letter for x in round_order(revs, r)) for r in range(args.rounds))
    print(
        f"{plural(args.rounds, 'round')} ({orders}), a fresh process a run: "
        f"{plural(args.games, 'game')} (rules log off), clones at positions of "
        f"{plural(args.clone_games, 'game')}; each revision's median over the rounds (min-max), "
        "its ratio to BASE (the range of the rounds' own ratios)"
    )
    for rev in revs:
        print(f"{rev.label}: {rev.describe()}")
        print(f"{' ' * len(rev.label)}  manastack from {rev.manastack_file}")
    print()
    print(table(revs, summary))
    extra = notes(revs, summary, args.tolerance)
    if extra:
        print()
        print("\n".join(extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
