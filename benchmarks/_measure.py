"""One measurement of one checkout of manastack, for ``compare.py`` (one JSON line on stdout).

    python3 benchmarks/_measure.py CHECKOUT --decks DIR [--games G] [--clone-games C] ...

``CHECKOUT`` is put first on ``sys.path`` (in place of this script's folder), so the manastack
measured is the checkout's own, while the measuring code is this file's: every revision that
``compare.py`` compares runs the same code. It uses only the public API that ``bench.py`` used at
commit 6173fd6 (``Game``, ``cards``, ``agents.random_agent``, ``agents.base.AgentView``,
``decklist.load_decklist``, ``simulate.simulate``), measured the way that ``bench.py`` measures
its ``throughput`` and ``clone`` (rules log off) lines.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from manastack import Game

Decks = tuple[list[str], list[str]]


def load_decks(folder: Path, a: str, b: str) -> Decks:
    from manastack import cards
    from manastack.decklist import load_decklist

    names = cards.names()
    return (
        load_decklist(folder / a, names).cards(),
        load_decklist(folder / b, names).cards(),
    )


def throughput(decks: Decks, games: int, seed: int, auto: bool = False) -> dict[str, float]:
    """Sequential games in this process, as ``simulate`` plays them (rules log off): rates per
    wall-clock second and per CPU second of the process. ``auto``: forced decisions played by
    the engine (where the revision can; off where it can't choose)."""
    from manastack.simulate import simulate

    # The same games on both sides: no mulligans where a revision has them (as before them).
    params = inspect.signature(simulate).parameters
    kw: dict[str, Any] = {"mulligans": False} if "mulligans" in params else {}
    if "auto" in params:
        kw["auto"] = auto
    cpu = time.process_time()
    s = simulate(decks, games, seed=seed, workers=1, **kw)
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


def midgame_positions(decks: Decks, games: int, at: int) -> list[Game]:
    """Positions around decision ``at`` (every 10th from at-20 to at+20), rules log off."""
    from manastack import Game
    from manastack.agents import random_agent
    from manastack.agents.base import AgentView

    wanted = set(range(at - 20, at + 21, 10))
    out: list[Game] = []
    for i in range(games):
        kw = {"mulligans": False} if "mulligans" in inspect.signature(Game.new).parameters else {}
        g = Game.new(decks, ["A", "B"], seed=1000 + i, first_player=i % 2, **kw)
        g.state.log_enabled = False
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
    cost. Median and spread over positions."""
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
    if not per:
        nan = float("nan")
        return {"positions": 0, "median_ns": nan, "p10_ns": nan, "p90_ns": nan}
    return {
        "positions": len(per),
        "median_ns": statistics.median(per),
        "p10_ns": per[len(per) // 10],
        "p90_ns": per[(len(per) * 9) // 10],
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="One measurement of one manastack checkout.")
    p.add_argument("checkout", type=Path, help="the repository root whose manastack to measure")
    p.add_argument("--decks", type=Path, required=True, help="folder of the benchmark decks")
    p.add_argument("--deck-a", default="red-green.txt")
    p.add_argument("--deck-b", default="white-blue.txt")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--clone-games", type=int, default=10)
    p.add_argument("--clone-at", type=int, default=300)
    p.add_argument("--clone-reps", type=int, default=2000)
    p.add_argument(
        "--auto", action="store_true", help="also games with forced decisions played by the engine"
    )
    p.add_argument(
        "--installed",
        action="store_true",
        help="measure the manastack installed for this interpreter (the compiled build), not "
        "CHECKOUT's source",
    )
    args = p.parse_args(argv)

    checkout = args.checkout.resolve()
    if not sys.flags.safe_path:
        del sys.path[0]  # this script's folder
    if not args.installed:
        sys.path.insert(0, str(checkout))  # the checkout's manastack, before any installed one
    import manastack

    where = Path(manastack.__file__).resolve()
    if not args.installed and not where.is_relative_to(checkout):
        print(f"manastack imported from {where}, not from {checkout}", file=sys.stderr)
        return 3

    load = os.getloadavg()
    decks = load_decks(args.decks.resolve(), args.deck_a, args.deck_b)
    out: dict[str, Any] = {
        "manastack_file": str(where),
        "python": sys.version.split()[0],
        "load_average": load,
        "compiled": bool(getattr(manastack, "COMPILED", False)),
    }
    if args.games > 0:
        out["throughput"] = throughput(decks, args.games, args.seed)
        if args.auto:
            out["throughput_auto"] = throughput(decks, args.games, args.seed, auto=True)
    if args.clone_games > 0:
        positions = midgame_positions(decks, args.clone_games, args.clone_at)
        out["clone_log_off"] = clone_cost_ns(positions, args.clone_reps)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
