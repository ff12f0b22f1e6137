"""Instructions a game costs at two (or more) git revisions, counted by valgrind: a measure the
machine's load doesn't move (the time measures of compare.py move by 15-30% on a busy machine).

    python3 benchmarks/instructions.py 6173fd6 worktree        # that commit against the tree
    python3 benchmarks/instructions.py HEAD~1 HEAD --games 10

Each revision (``git archive``, or ``worktree``: the tree as it is) runs ``simulate`` with the
rules log off, no mulligans and every decision answered by the agent (``--auto``: forced ones
by the engine, where a revision can), as compare.py and bench.py do, under
``valgrind --tool=callgrind``, twice: ``--games`` games and ``--base-games`` games of the same
seed; the difference, divided by the games between them, is
the cost of a game without the start-up (imports, the pools, the first games' caches). The games
are the same on every revision when the rules are (the decisions a game are printed to check).
About 20 seconds of CPU a game under valgrind: ``--games 10`` takes 3 to 4 minutes a revision.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from compare import WORKTREE, CompareError, Revision, export, resolve

_CHILD = """
import inspect, json, sys
sys.path.insert(0, sys.argv[1])
from pathlib import Path
import manastack
from manastack import cards
from manastack.decklist import load_decklist
from manastack.simulate import simulate
assert manastack.__file__.startswith(sys.argv[1]), manastack.__file__
names = cards.names()
folder = Path(sys.argv[2])
decks = (load_decklist(folder / sys.argv[3], names).cards(),
         load_decklist(folder / sys.argv[4], names).cards())
# As compare.py and bench.py play them: no mulligans where a revision has them, and forced
# decisions played by the engine only when asked (--auto), so that revisions without those
# options play the same games the same way.
params = inspect.signature(simulate).parameters
kw = {"mulligans": False} if "mulligans" in params else {}
if "auto" in params:
    kw["auto"] = sys.argv[7] == "auto"
s = simulate(decks, int(sys.argv[5]), seed=int(sys.argv[6]), workers=1, **kw)
print(json.dumps({"decisions": s.mean_decisions * s.games}))
"""


def count(checkout: Path, games: int, args: argparse.Namespace) -> tuple[int, float]:
    """(instructions, decisions) of one run of ``games`` games under callgrind."""
    python = str(Path(sys.executable).resolve())  # valgrind follows no shell wrapper (pyenv)
    cmd = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        python,
        "-c",
        _CHILD,
        str(checkout),
        str(args.decks),
        args.deck_a,
        args.deck_b,
        str(games),
        str(args.seed),
        "auto" if args.auto else "caller",
    ]
    # The same hash seed everywhere, as compare.py: set orders, and so the games, the same.
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        raise CompareError(f"valgrind run failed: {proc.stderr.strip()[-500:]}")
    collected = [line for line in proc.stderr.splitlines() if "Collected" in line]
    if not collected:
        raise CompareError("valgrind printed no instruction count")
    return int(collected[-1].split()[-1]), float(json.loads(proc.stdout)["decisions"])


def main(argv: list[str] | None = None) -> int:
    root = Path(__file__).resolve().parent.parent
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("revisions", nargs="+", help="git revisions, or 'worktree'")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--base-games", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--decks", type=Path, default=root / ".." / "shared" / "bench" / "decks")
    p.add_argument("--deck-a", default="red-green.txt")
    p.add_argument("--deck-b", default="white-blue.txt")
    p.add_argument(
        "--auto",
        action="store_true",
        help="forced decisions played by the engine (where a revision can; off by default)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("instructions.py: valgrind is not installed (apt install valgrind)", file=sys.stderr)
        return 2
    if args.games <= args.base_games:
        print("instructions.py: --games must be more than --base-games", file=sys.stderr)
        return 2
    out: dict[str, dict[str, float]] = {}
    try:
        revs: list[Revision] = [
            resolve(spec, chr(ord("A") + k)) for k, spec in enumerate(args.revisions)
        ]
        with tempfile.TemporaryDirectory(prefix="manastack-instructions-") as tmp:
            for rev in revs:
                checkout = root
                if rev.spec != WORKTREE and not rev.installed:
                    export(rev, Path(tmp))
                    assert rev.sha is not None
                    checkout = Path(tmp) / f"{rev.letter}-{rev.sha[:12]}"
                many, decisions_many = count(checkout, args.games, args)
                few, decisions_few = count(checkout, args.base_games, args)
                n = args.games - args.base_games
                out[rev.label] = {
                    "instructions_per_game": (many - few) / n,
                    "decisions_per_game": (decisions_many - decisions_few) / n,
                }
    except CompareError as e:
        print(f"instructions.py: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    base = next(iter(out.values()))["instructions_per_game"]
    how = "forced decisions played by the engine" if args.auto else "every decision by the agent"
    print(
        f"games {args.base_games + 1}-{args.games} of seed {args.seed}, rules log off, no"
        f" mulligans, {how}"
    )
    for label, r in out.items():
        per = r["instructions_per_game"]
        print(
            f"{label:<24} {per / 1e6:9.1f} million instructions a game"
            f"  x{base / per:.3f} of the first  ({r['decisions_per_game']:.1f} decisions a game)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
