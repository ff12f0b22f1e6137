"""manastack's speed on the shared benchmark decks, with random agents (and phase.rs with --phase).

    python3 benchmarks/bench.py                 # throughput, clone cost, memory, scaling
    python3 benchmarks/bench.py --phase         # and phase.rs through phase-python, with ratios
    python3 benchmarks/bench.py --profile 20    # and a cProfile of 20 games, top functions
    python3 benchmarks/bench.py --builds        # the pure and the compiled build side by side
    python3 benchmarks/bench.py --builds --previous HEAD~1   # and that commit as a third column

See benchmarks/README.md. Everything is printed as text, or as one JSON object with --json.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from manastack import Game, cards  # noqa: E402
from manastack.agents import random_agent  # noqa: E402
from manastack.agents.base import AgentView  # noqa: E402
from manastack.decklist import load_decklist  # noqa: E402
from manastack.simulate import simulate  # noqa: E402

Decks = tuple[list[str], list[str]]


def load_decks(folder: Path, a: str, b: str) -> Decks:
    names = cards.names()
    return (
        load_decklist(folder / a, names).cards(),
        load_decklist(folder / b, names).cards(),
    )


# --- throughput --------------------------------------------------------------------------------


def throughput(decks: Decks, games: int, seed: int) -> dict[str, float]:
    """Sequential games in this process (the rules log off, as ``simulate`` plays them). Rates
    per wall-clock second and per CPU second: the second hardly moves when the machine is busy."""
    cpu = time.process_time()
    s = simulate(decks, games, seed=seed, workers=1)
    cpu = time.process_time() - cpu
    total = s.mean_decisions * s.games
    return {
        "games": s.games,
        "seconds": s.seconds,
        "cpu_seconds": cpu,
        "games_per_second": s.games / s.seconds,
        "decisions_per_second": total / s.seconds,
        "games_per_cpu_second": s.games / cpu,
        "decisions_per_cpu_second": total / cpu,
        "mean_decisions": s.mean_decisions,
        "mean_turns": s.mean_turns,
    }


def throughput_logged(decks: Decks, games: int, seed: int) -> dict[str, float]:
    """The same kind of games with the rules log on (``Game.new``'s default), to show its cost."""
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        g = Game.new(decks, ["A", "B"], seed=seed + i, first_player=i % 2)
        rng = random.Random(seed + i)
        while not g.is_over and g.turn <= 200:
            d = g.decision
            assert d is not None
            g.apply(random_agent(AgentView(g, d, g.legal_actions()), rng))
            decisions += 1
    dt, cpu = time.perf_counter() - start, time.process_time() - cpu
    return {
        "games_per_second": games / dt,
        "decisions_per_second": decisions / dt,
        "games_per_cpu_second": games / cpu,
        "decisions_per_cpu_second": decisions / cpu,
    }


# --- clone --------------------------------------------------------------------------------------


def midgame_positions(decks: Decks, games: int, at: int, log: bool) -> list[Game]:
    """Positions around decision ``at`` (every 10th from at-20 to at+20) of several games."""
    wanted = set(range(at - 20, at + 21, 10))
    out: list[Game] = []
    for i in range(games):
        g = Game.new(decks, ["A", "B"], seed=1000 + i, first_player=i % 2)
        g.state.log_enabled = log
        rng = random.Random(1000 + i)
        n = 0
        while not g.is_over and n <= max(wanted):
            if n in wanted:
                out.append(g.clone())
            d = g.decision
            assert d is not None
            g.apply(random_agent(AgentView(g, d, g.legal_actions()), rng))
            n += 1
    return out


def clone_cost_ns(positions: Sequence[Game], reps: int, batch: int = 100) -> dict[str, float]:
    """Per position, ``reps`` clones timed in batches; the fastest batch's mean is the position's
    cost (the slower ones were interrupted by other processes). Median and spread over positions."""
    per: list[float] = []
    for g in positions:
        g.clone()  # warm up
        best = float("inf")
        for _ in range(max(1, reps // batch)):
            start = time.perf_counter_ns()
            for _ in range(batch):
                g.clone()
            best = min(best, (time.perf_counter_ns() - start) / batch)
        per.append(best)
    per.sort()
    return {
        "positions": len(per),
        "median_ns": statistics.median(per),
        "p10_ns": per[len(per) // 10],
        "p90_ns": per[(len(per) * 9) // 10],
    }


# --- memory --------------------------------------------------------------------------------------

_MEMORY_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    sys.path.insert(0, sys.argv[1])
    from manastack.simulate import simulate
    decks = json.loads(sys.stdin.read())
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    n = int(sys.argv[2])
    s = simulate((decks[0], decks[1]), n, seed=7, workers=1) if n else None
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    traced = 0
    if n:
        # What one game holds at its peak, in Python objects (tracemalloc is slow: a few games).
        import tracemalloc
        tracemalloc.start()
        simulate((decks[0], decks[1]), 3, seed=8, workers=1)
        traced = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        from manastack.agents import play_game, random_agent
        play_game(decks, [random_agent, random_agent], 8, log=True)
        traced_log = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    else:
        traced_log = 0
    print(json.dumps({"before_kib": before, "peak_kib": after, "traced_peak_bytes": traced,
                      "traced_log_peak_bytes": traced_log}))
    """
)


def peak_memory(decks: Decks, games: int) -> dict[str, float]:
    """Peak RSS of a fresh process that plays ``games`` sequential games, and of one that plays
    none (the interpreter plus manastack), from ``ru_maxrss``; the bytecode cached first (as
    for ``import_time``): compiling the sources would add the compiler's own peak."""
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache

        def child(n: int) -> dict[str, float]:
            out = subprocess.run(
                [sys.executable, "-c", _MEMORY_CHILD, str(ROOT), str(n)],
                input=json.dumps(decks),
                capture_output=True,
                text=True,
                check=True,
                env=env,
            )
            return dict(json.loads(out.stdout))

        child(0)  # writes the bytecode
        idle = child(0)
        busy = child(games)
    return {
        "games": games,
        "peak_mib": busy["peak_kib"] / 1024,
        "baseline_mib": idle["peak_kib"] / 1024,
        "growth_mib": (busy["peak_kib"] - idle["peak_kib"]) / 1024,
        "game_traced_peak_kib": busy["traced_peak_bytes"] / 1024,
        "game_traced_peak_log_on_kib": busy["traced_log_peak_bytes"] / 1024,
    }


# --- import time ---------------------------------------------------------------------------------

_IMPORT_CHILD = textwrap.dedent(
    """
    import sys, time
    sys.path.insert(0, sys.argv[1])
    before = set(sys.modules)
    t, c = time.perf_counter(), time.process_time()
    import manastack
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    assert manastack.__file__.startswith(sys.argv[1]), manastack.__file__
    print(wall, cpu, len(set(sys.modules) - before))
    """
)


def import_time(runs: int) -> dict[str, float]:
    """``import manastack`` in ``runs`` fresh processes, the bytecode already cached (in a
    temporary directory: ``PYTHONPYCACHEPREFIX``, whatever ``PYTHONDONTWRITEBYTECODE`` says):
    the best and the median, wall-clock and CPU, and how many modules it loads."""
    import tempfile

    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        cmd = [sys.executable, "-c", _IMPORT_CHILD, str(ROOT)]
        subprocess.run(cmd, env=env, capture_output=True, check=True)  # writes the bytecode
        got = []
        for _ in range(runs):
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            wall, cpu, modules = out.stdout.split()
            got.append((float(wall), float(cpu), int(modules)))
    walls = [w for w, _, _ in got]
    cpus = [c for _, c, _ in got]
    return {
        "runs": runs,
        "best_ms": min(walls) * 1000,
        "median_ms": statistics.median(walls) * 1000,
        "best_cpu_ms": min(cpus) * 1000,
        "modules": got[0][2],
    }


# --- scaling ------------------------------------------------------------------------------------


def scaling(decks: Decks, games: int, workers: int, seed: int) -> dict[str, float]:
    one = simulate(decks, games, seed=seed, workers=1)
    many = simulate(decks, games, seed=seed, workers=workers)
    return {
        "games": games,
        "workers": workers,
        "games_per_second_1": one.games_per_second,
        "games_per_second_w": many.games_per_second,
        "speedup": many.games_per_second / one.games_per_second,
    }


# --- phase.rs -------------------------------------------------------------------------------------

_PHASE_CHILD = textwrap.dedent(
    """
    import json, random, sys, time
    import phase

    cfg = json.loads(sys.stdin.read())
    engine = phase.Engine.from_path(cfg["card_data"])
    a, b = cfg["decks"]
    games = decisions = turns = 0
    wins = [0, 0]
    start, cpu = time.perf_counter(), time.process_time()
    for s in range(cfg["games"]):
        rng = random.Random(s)
        g = engine.new_game(player=a, opponent=b, seed=s, first_player=s % 2)
        while True:
            w = g.waiting_for()
            if w["type"] == "GameOver":
                break
            acts = g.actions()
            data = w.get("data") if isinstance(w.get("data"), dict) else {}
            if w["type"] == "MulliganDecision":
                # manastack has no mulligans yet: everyone keeps seven, here too.
                actor = data["pending"][0]["player"]
                keep = [x for x in acts if x.to_dict()["data"]["choice"]["type"] == "Keep"]
                act = keep[0] if keep else acts[rng.randrange(len(acts))]
            else:
                actor = data["player"] if "player" in data else g.priority_player()
                # As the manastack random agent: never cancel when something else exists.
                useful = [x for x in acts if x.kind != "CancelCast"] or acts
                act = useful[rng.randrange(len(useful))]
            g.apply(actor, act)
            decisions += 1
        games += 1
        turns += g.turn
        winner = (w.get("data") or {}).get("winner")
        if winner in (0, 1):
            wins[winner] += 1
    dt, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(json.dumps({"games": games, "seconds": dt, "cpu_seconds": cpu,
                      "decisions": decisions, "turns": turns,
                      "wins": wins, "version": getattr(phase, "__version__", None)}))
    """
)


def phase_python(venv: Path) -> Path:
    """The virtualenv's python with phase-python installed (created on first use)."""
    py = venv / "bin" / "python"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    probe = subprocess.run([str(py), "-c", "import phase"], capture_output=True)
    if probe.returncode != 0:
        subprocess.run([str(py), "-m", "pip", "install", "-q", "phase-python"], check=True)
    return py


def phase_throughput(py: Path, card_data: Path, decks: Decks, games: int) -> dict[str, float]:
    out = subprocess.run(
        [str(py), "-c", _PHASE_CHILD],
        input=json.dumps({"card_data": str(card_data), "decks": decks, "games": games}),
        capture_output=True,
        text=True,
        check=True,
    )
    r = json.loads(out.stdout)
    version = subprocess.run(
        [str(py), "-c", "import importlib.metadata as m; print(m.version('phase-python'))"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return {
        "games": r["games"],
        "seconds": r["seconds"],
        "games_per_second": r["games"] / r["seconds"],
        "decisions_per_second": r["decisions"] / r["seconds"],
        "games_per_cpu_second": r["games"] / r["cpu_seconds"],
        "decisions_per_cpu_second": r["decisions"] / r["cpu_seconds"],
        "mean_decisions": r["decisions"] / r["games"],
        "mean_turns": r["turns"] / r["games"],
        "wins": r["wins"],
        "version": version,
    }


# --- profile ------------------------------------------------------------------------------------


def profile(decks: Decks, games: int, top: int) -> str:
    prof = cProfile.Profile()
    prof.enable()
    simulate(decks, games, seed=99, workers=1)
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("cumulative").print_stats(top)
    return buf.getvalue()


# --- the two builds ----------------------------------------------------------------------------


def builds(args: argparse.Namespace) -> int:
    """The pure build (A, the BASE), the compiled build (B) and optionally a previous commit
    (C), measured by compare.py in one run: interleaved rounds, a fresh process a run, the same
    games (PYTHONHASHSEED=0), each with and without forced decisions played by the engine."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import compare

    specs = ["worktree", compare.INSTALLED + args.compiled_python]
    if args.previous:
        specs.append(args.previous)
    argv = [
        *specs,
        "--auto",
        "--rounds",
        str(args.rounds),
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
        "--decks",
        str(args.decks),
        "--deck-a",
        args.deck_a,
        "--deck-b",
        args.deck_b,
        *(["--json"] if args.json else []),
    ]
    code: int = compare.main(argv)
    return code


# --- the script ---------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--decks", type=Path, default=ROOT / ".." / "shared" / "bench" / "decks")
    p.add_argument("--deck-a", default="red-green.txt")
    p.add_argument("--deck-b", default="white-blue.txt")
    p.add_argument("--games", type=int, default=200, help="games for throughput (default 200)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--clone-games", type=int, default=10, help="games to take positions from")
    p.add_argument("--clone-at", type=int, default=300, help="decision to take positions around")
    p.add_argument("--clone-reps", type=int, default=2000, help="clones timed per position")
    p.add_argument("--memory-games", type=int, default=1000, help="0 skips the memory run")
    p.add_argument("--scaling-games", type=int, default=200, help="0 skips the scaling run")
    p.add_argument(
        "--import-runs", type=int, default=10, help="fresh processes timing `import manastack`"
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--phase", action="store_true", help="also measure phase.rs (phase-python)")
    p.add_argument("--phase-games", type=int, default=20)
    p.add_argument("--phase-venv", type=Path, default=ROOT.parent / ".venv-phase")
    p.add_argument("--phase-card-data", type=Path, default=None)
    p.add_argument("--profile", type=int, default=0, metavar="GAMES", help="cProfile N games")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--builds",
        action="store_true",
        help="only this: the pure build (this tree's source) and the compiled one side by side, "
        "interleaved rounds of fresh processes (compare.py), games with and without forced "
        "decisions played by the engine",
    )
    p.add_argument(
        "--compiled-python",
        default=os.environ.get("MANASTACK_COMPILED_PYTHON", "/tmp/ms-compiled/bin/python"),
        help="with --builds: the interpreter whose installed manastack is the compiled build "
        "(default $MANASTACK_COMPILED_PYTHON or /tmp/ms-compiled/bin/python)",
    )
    p.add_argument(
        "--previous",
        metavar="REV",
        help="with --builds: a git revision (HEAD~1, 6173fd6) measured as a third column",
    )
    p.add_argument("--rounds", type=int, default=3, help="with --builds: rounds (default 3)")
    args = p.parse_args(argv)
    if args.builds:
        return builds(args)

    decks = load_decks(args.decks, args.deck_a, args.deck_b)
    out: dict[str, Any] = {
        "python": sys.version.split()[0],
        "cpus": os.cpu_count(),
        "decks": [args.deck_a, args.deck_b],
        # Other processes on the machine skew every figure, scaling most: say how busy it was.
        "load_average": os.getloadavg(),
    }

    def say(text: str) -> None:
        if not args.json:
            print(text, flush=True)

    say(
        f"python {out['python']}, {out['cpus']} CPUs, load average "
        + ", ".join(f"{x:.2f}" for x in out["load_average"])
    )
    t = throughput(decks, args.games, args.seed)
    out["throughput"] = t
    say(
        f"throughput  {t['games_per_second']:.1f} games/s, {t['decisions_per_second']:.0f} "
        f"decisions/s; per CPU second {t['games_per_cpu_second']:.1f} games, "
        f"{t['decisions_per_cpu_second']:.0f} decisions ({args.games} games, "
        f"{t['mean_decisions']:.0f} decisions and {t['mean_turns']:.1f} turns a game, "
        "1 process, rules log off)"
    )
    logged = throughput_logged(decks, max(1, args.games // 4), args.seed)
    out["throughput_log_on"] = logged
    say(
        f"  with log  {logged['games_per_second']:.1f} games/s, "
        f"{logged['decisions_per_second']:.0f} decisions/s; per CPU second "
        f"{logged['games_per_cpu_second']:.1f} games, "
        f"{logged['decisions_per_cpu_second']:.0f} decisions ({max(1, args.games // 4)} games)"
    )
    for log in (False, True):
        pos = midgame_positions(decks, args.clone_games, args.clone_at, log)
        c = clone_cost_ns(pos, args.clone_reps)
        out[f"clone_log_{'on' if log else 'off'}"] = c
        say(
            f"clone       median {c['median_ns'] / 1000:.1f} µs (p10 {c['p10_ns'] / 1000:.1f}, "
            f"p90 {c['p90_ns'] / 1000:.1f}) over {c['positions']} positions near decision "
            f"{args.clone_at}, rules log {'on' if log else 'off'}"
        )
    if args.memory_games:
        m = peak_memory(decks, args.memory_games)
        out["memory"] = m
        say(
            f"memory      peak RSS {m['peak_mib']:.1f} MiB after {args.memory_games} sequential "
            f"games (interpreter + manastack alone: {m['baseline_mib']:.1f} MiB, "
            f"growth {m['growth_mib']:.1f} MiB); tracemalloc peak of a game "
            f"{m['game_traced_peak_kib']:.0f} KiB, {m['game_traced_peak_log_on_kib']:.0f} KiB "
            "with the rules log on"
        )
    if args.import_runs:
        im = import_time(args.import_runs)
        out["import"] = im
        say(
            f"import      `import manastack` best {im['best_ms']:.1f} ms (median "
            f"{im['median_ms']:.1f}, best CPU {im['best_cpu_ms']:.1f}) of {args.import_runs} fresh "
            f"processes, bytecode cached; {im['modules']} modules loaded"
        )
    if args.scaling_games:
        s = scaling(decks, args.scaling_games, args.workers, args.seed)
        out["scaling"] = s
        say(
            f"scaling     1 worker {s['games_per_second_1']:.1f} games/s, {args.workers} workers "
            f"{s['games_per_second_w']:.1f} games/s: x{s['speedup']:.2f} "
            f"({args.scaling_games} games each)"
        )
    if args.phase:
        card_data = args.phase_card_data or args.decks.parent / "phase-card-data.json"
        py = phase_python(args.phase_venv)
        ph = phase_throughput(py, card_data, decks, args.phase_games)
        out["phase"] = ph
        ratio_g = t["games_per_second"] / ph["games_per_second"]
        ratio_d = t["decisions_per_second"] / ph["decisions_per_second"]
        cpu_g = t["games_per_cpu_second"] / ph["games_per_cpu_second"]
        cpu_d = t["decisions_per_cpu_second"] / ph["decisions_per_cpu_second"]
        out["ratios"] = {
            "games_per_second": ratio_g,
            "decisions_per_second": ratio_d,
            "games_per_cpu_second": cpu_g,
            "decisions_per_cpu_second": cpu_d,
        }
        say(
            f"phase.rs    {ph['games_per_second']:.2f} games/s, "
            f"{ph['decisions_per_second']:.0f} decisions/s; per CPU second "
            f"{ph['games_per_cpu_second']:.2f} games, {ph['decisions_per_cpu_second']:.0f} "
            f"decisions ({args.phase_games} games, "
            f"{ph['mean_decisions']:.0f} decisions and {ph['mean_turns']:.1f} turns a game, "
            f"phase-python {ph['version']})"
        )
        say(
            f"ratios      manastack/phase.rs: games/s x{ratio_g:.1f}, decisions/s "
            f"x{ratio_d:.1f}; per CPU second: games x{cpu_g:.1f}, decisions x{cpu_d:.1f}"
        )
    if args.profile:
        text = profile(decks, args.profile, 30)
        out["profile"] = text
        say(text)
    if args.json:
        print(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
