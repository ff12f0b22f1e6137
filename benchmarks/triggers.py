"""Simultaneous triggers: Wrath of God over N creatures that each have a dies trigger.

The cost of putting N simultaneous triggered abilities on the stack and resolving them must be
linear in N (issue 21): this runs each N in a fresh process and prints its time and peak memory
(``ru_maxrss``), and the cost per trigger, which stays flat when the work is linear.

    python3 benchmarks/triggers.py                    # N = 1000, 2000, 3000; both cases
    python3 benchmarks/triggers.py --n 3000 --case artist
    python3 benchmarks/triggers.py --json

Cases: ``own``: N creatures with "When this creature dies, you gain 1 life" (N identical
triggers, no choice); ``artist``: one Blood Artist and N-1 Grizzly Bears (N triggers of Blood
Artist, each needing a target, 603.3d).
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from manastack import Game, cards  # noqa: E402
from manastack.actions import ChooseTarget, Pass  # noqa: E402
from manastack.cards.build import creature  # noqa: E402
from manastack.cards.model import DiesTrigger, GainLife, TriggeredAbility  # noqa: E402
from manastack.setup import PermanentSpec, PlayerSpec  # noqa: E402
from manastack.steps import Step  # noqa: E402

MOURNER = "Benchmark Mourner"
TEXT = "When Benchmark Mourner dies, you gain 1 life."


def _register() -> None:
    if cards.find(MOURNER) is None:
        cards.register(
            creature(
                MOURNER,
                "{1}{W}",
                "Spirit",
                1,
                1,
                TEXT,
                abilities=(TriggeredAbility(DiesTrigger("self"), (GainLife(1),), TEXT),),
            )
        )


def run_case(n: int, case: str, log: bool) -> dict[str, Any]:
    """Cast Wrath of God over ``n`` creatures and play until every trigger has resolved."""
    _register()
    if case == "own":
        field = [PermanentSpec(MOURNER)] * n
    else:
        field = [PermanentSpec("Blood Artist")] + [PermanentSpec("Grizzly Bears")] * (n - 1)
    alice = PlayerSpec(
        "alice", hand=["Wrath of God"], battlefield=[*field, *["Plains"] * 4], life=20
    )
    bob = PlayerSpec("bob", life=10 * n + 20)
    start = time.perf_counter()
    game = Game.from_position([alice, bob], turn=1, step=Step.PRECOMBAT_MAIN)
    if not log:
        game.state.log_enabled = False
    setup_s = time.perf_counter() - start
    start = time.perf_counter()
    wrath = next(a for a in game.legal_actions() if type(a).__name__ == "CastSpell")
    game.apply(wrath)
    decisions = 1
    while not game.is_over:
        d = game.decision
        if d is None:
            break
        options = game.legal_actions(with_mana=False)
        pay = [a for a in options if type(a).__name__ == "PayMana"]
        target = [a for a in options if isinstance(a, ChooseTarget)]
        if pay:
            game.apply(pay[0])
        elif target:
            game.apply(target[-1])
        elif any(isinstance(a, Pass) for a in options):
            if not game.state.stack and decisions > 2:
                break
            game.apply(Pass(d.player))
        else:
            game.apply(options[0])
        decisions += 1
    took = time.perf_counter() - start
    g = game.state
    left = sum(1 for p in g.battlefield if p.card.cdef.is_creature)
    return {
        "n": n,
        "case": case,
        "log": log,
        "seconds": round(took, 3),
        "setup_seconds": round(setup_s, 3),
        "decisions": decisions,
        "creatures_left": left,
        "life": [p.life for p in g.players],
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--n", type=int, nargs="+", default=[1000, 2000, 3000])
    p.add_argument("--case", choices=("own", "artist", "both"), default="both")
    p.add_argument("--no-log", action="store_true", help="rules log off")
    p.add_argument("--json", action="store_true")
    p.add_argument("--one", action="store_true", help=argparse.SUPPRESS)  # a child process
    args = p.parse_args()
    cases = ("own", "artist") if args.case == "both" else (args.case,)
    if args.one:
        print(json.dumps(run_case(args.n[0], cases[0], not args.no_log)))
        return 0
    rows = []
    for case in cases:
        for n in args.n:
            cmd = [sys.executable, __file__, "--one", "--n", str(n), "--case", case]
            if args.no_log:
                cmd.append("--no-log")
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            row = json.loads(out)
            rows.append(row)
            if not args.json:
                per = 1e6 * row["seconds"] / n
                print(
                    f"{case:<7} N={n:>5}: {row['seconds']:>7.2f} s ({per:,.0f} µs a trigger), "
                    f"peak RSS {row['peak_rss_mib']:>6.1f} MiB, {row['decisions']} decisions, "
                    f"creatures left {row['creatures_left']}, life {row['life']}",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
