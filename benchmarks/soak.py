"""Soak test: many random games with random decks, checking the engine after every answer.

    python3 benchmarks/soak.py --games 300 --seed 1              # full checks
    python3 benchmarks/soak.py --games 2000 --seed 1 --fast      # invariants only
    python3 benchmarks/soak.py --games 50 --seed 9 --players 4   # four-player games only
    python3 benchmarks/soak.py --games 10000 --seed 1 --workers 2 --progress 60

Each game draws 2 to 4 players (``--players``), a random two-colour deck each from pools 1 and
2, and plays random answers (mana abilities at priority only now and then), with a rare random
concession. After every answer it checks :mod:`manastack.invariants`; unless ``--fast``
also: the state survives a JSON save/load round trip unchanged, a clone is independent (answering
on it and scribbling over its data leaves the original's dump unchanged), states rebuilt from a
dump at random points play on alike (each up to the next such point, the last to the end of the
game, where its state and its log are compared with the original's), and replaying the saved
record gives the same final state, log included.

On a failure the game's record is written to ``--out`` and a one-line command that reproduces the
failure is printed. Game ``k`` uses seed ``S + k``, so ``--games 1 --seed S+k`` replays it.
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import orjson

from manastack import actions
from manastack.decisions import Pending, is_mana_only
from manastack.deckgen import COMPILED, random_deck
from manastack.game import Game
from manastack.invariants import all_cids, check, owners
from manastack.record import Recorder, load, replay
from manastack.serialize import from_dict, to_dict
from manastack.state import GameState

POOLS = ("1", "2")
# --compiled: decks of the cards compiled from the card base (manastack.deckgen.COMPILED).
COMPILED_POOLS = (COMPILED,)
MAX_DECISIONS = 5000
CONCEDE_CHANCE = 0.0007
"""Per answer: about one game in two sees a concession before it ends on its own."""
MANA_CHANCE = 0.05
"""Per answer: choose among all options, mana abilities at priority included (floating mana)."""
TWIN_CHANCE = 0.004
"""Per answer: rebuild the state from its dump and, at the end, play it on to the same end."""


class Twin(NamedTuple):
    """A state rebuilt from the dump taken after answer ``at`` (the log had ``log_len`` events)."""

    at: int
    log_len: int
    state: GameState
    dump: dict[str, Any]


class SoakFailure(Exception):
    """A check failed: says which, after which answer."""


@dataclass
class GameResult:
    seed: int
    players: int
    decisions: int
    finished: bool
    conceded: int
    failure: str | None = None
    record_path: str | None = None


@dataclass
class Summary:
    games: int = 0
    decisions: int = 0
    finished: int = 0
    conceded: int = 0
    seconds: float = 0.0
    failures: list[GameResult] = field(default_factory=list)


def parse_players(text: str) -> tuple[int, int]:
    """``"2-4"`` -> (2, 4); ``"3"`` -> (3, 3)."""
    lo, _, hi = text.partition("-")
    a, b = int(lo), int(hi or lo)
    if not 2 <= a <= b:
        raise argparse.ArgumentTypeError("--players wants N or LO-HI with 2 <= LO <= HI")
    return a, b


def reproduce_command(
    seed: int,
    players: tuple[int, int],
    fast: bool,
    pools: tuple[str, ...] = POOLS,
    rules: str = "current",
    format: str = "free-for-all",
) -> str:
    lo, hi = players
    spec = str(lo) if lo == hi else f"{lo}-{hi}"
    extra = (" --fast" if fast else "") + (f" --rules {rules}" if rules != "current" else "")
    extra += f" --format '{format}'" if format != "free-for-all" else ""
    extra += " --compiled" if pools == COMPILED_POOLS else ""
    return f"python3 benchmarks/soak.py --games 1 --seed {seed} --players {spec}{extra}"


def _scribble(g: GameState) -> None:
    """Change, in place, every mutable thing a clone must not share with its original."""
    for p in g.players:
        p.life -= 3
        p.poison += 1
        p.pool[0] += 1
        # The library, graveyard and exile are tuples shared by clones: replaced, never changed.
        p.library = p.library[::-1]
        p.graveyard = p.graveyard[::-1]
        if p.hand:
            p.hand.append(p.hand[0])
        p.lands_played += 1
    for perm in g.battlefield:
        perm.tapped = not perm.tapped
        perm.damage += 1
        if perm.counters is not None:
            perm.counters["scribble"] = 1
    for s in g.stack:
        s.targets.append(-99)
        if s.data is not None:
            s.data["scribble"] = 1
    if g.resolving is not None:
        g.resolving.targets.append(-99)
    pend = g.pending
    while pend is not None:
        # A decision's lists and dicts, changed in place (a decision is an object with slots).
        for name in (n for cls in type(pend).__mro__ for n in getattr(cls, "__slots__", ())):
            v = getattr(pend, name)
            if isinstance(v, list):
                v.append(-99)
            elif isinstance(v, dict):
                v[-99] = ()
        prev = getattr(pend, "prev", None)
        pend = prev if isinstance(prev, Pending) and prev is not pend else None
    if g.combat is not None:
        c = g.combat
        c.attackers[-99] = 0
        for lst in [*c.blockers.values(), *c.blocked.values()]:
            lst.append(-99)
        c.blockers_declared.append(-99)
        c.first_strike_done.add(-99)
    g.battlefield.clear()
    g.stack.clear()
    # Tuples and read-only mappings (triggered, delayed, effects, prevention, card_counters,
    # marks...) are shared with clones and replaced, never changed in place: nothing to scribble.
    if g.legend_choice is not None:
        g.legend_choice[-99] = 1
    g.rng.next64()
    g.log.clear()
    g.turn += 1


def _check_full(game: Game, rng: random.Random) -> None:
    d = to_dict(game.state, log=False)
    # orjson: JSON as the json module writes it, but ten times faster, and stricter (it
    # refuses keys that aren't strings where json would quietly turn them into strings).
    rebuilt = from_dict(orjson.loads(orjson.dumps(d)))
    if to_dict(rebuilt, log=False) != d:
        raise SoakFailure("save/load round trip changed the state")
    twin = game.clone()
    if not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    _scribble(twin.state)
    if to_dict(game.state, log=False) != d:
        raise SoakFailure("changing a clone changed the original")


def play_game(
    seed: int,
    players: tuple[int, int],
    fast: bool,
    out: Path,
    rules: str = "current",
    format: str = "free-for-all",
    pools: tuple[str, ...] = POOLS,
) -> GameResult:
    """One soak game; a failure is reported in the result (and its record written to ``out``)."""
    rng = random.Random(seed)
    n = 4 if format != "free-for-all" else rng.randint(*players)
    decks = [random_deck(rng, pools) for _ in range(n)]
    names = [f"p{i + 1}" for i in range(n)]
    teams = None if format == "free-for-all" else [names[:2], names[2:]]
    rec = Recorder.new(
        decks,
        names,
        seed=seed,
        first_player=rng.randrange(n) if teams is None else 2 * rng.randrange(2),
        rules=rules,
        format=format,
        teams=teams,
    )
    game = rec.game
    result = GameResult(seed, n, 0, False, 0)
    expected = all_cids(game.state)
    card_owners = owners(game.state)
    # The checks draw from their own generator: a game is the same with and without --fast.
    check_rng = random.Random(seed + 1_000_003)
    twins: list[Twin] = []
    try:
        # Mana abilities at priority are listed only when the draw wants them (a tenth of the
        # soak's time otherwise); the options otherwise are the same.
        opts = game.legal_actions(with_mana=False)
        check(game, expected, card_owners, opts)
        for i in range(MAX_DECISIONS):
            if game.is_over:
                break
            if rng.random() < CONCEDE_CHANCE:
                action: actions.Action = actions.Concede(rng.choice(game.state.in_game()))
                result.conceded += 1
            elif rng.random() < MANA_CHANCE:
                action = rng.choice(game.legal_actions())
            else:
                action = rng.choice([a for a in opts if not is_mana_only(a)] or opts)
            try:
                rec.apply(action)
            except Exception as err:
                # Keep the failing answer in the record: replaying it shows the failure.
                rec.record.answers.append(action)
                raise SoakFailure(f"the offered answer {action!r} failed: {err!r}") from err
            game = rec.game
            result.decisions += 1
            opts = game.legal_actions(with_mana=False)
            check(game, expected, card_owners, opts)
            if fast:
                continue
            _check_full(game, check_rng)
            if check_rng.random() < TWIN_CHANCE:
                dump = to_dict(game.state, log=False)
                twins.append(Twin(i + 1, len(game.state.log), from_dict(dump), dump))
        result.finished = game.is_over
        if not fast:
            _check_end(rec, twins)
    except Exception as err:
        where = f"after answer {result.decisions}"
        detail = "".join(traceback.format_exception_only(type(err), err)).strip()
        if not isinstance(err, SoakFailure | AssertionError):
            detail += "\n" + "".join(traceback.format_tb(err.__traceback__)[-3:])
        result.failure = f"{where}: {detail}"
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"soak-failure-{seed}.json"
        rec.save(path)
        result.record_path = str(path)
    return result


def _check_end(rec: Recorder, twins: list[Twin]) -> None:
    """Each rebuilt state plays on to the next one's point (the last to the end of the game) and
    must be the original there, state and log: whatever a dump missed shows up as a difference
    (the next twin, rebuilt from scratch, covers the rest of the game)."""
    final = rec.game.state
    end = Twin(len(rec.record.answers), len(final.log), final, to_dict(final, log=False))
    for k, twin in enumerate(twins):
        upto = twins[k + 1] if k + 1 < len(twins) else end
        copy = Game(twin.state, advance=False)
        for a in rec.record.answers[twin.at : upto.at]:
            copy.apply(a)
        where = f"a state rebuilt after answer {twin.at}, compared after answer {upto.at},"
        if to_dict(copy.state, log=False) != upto.dump:
            raise SoakFailure(f"{where} played on differently")
        logged = [str(e) for e in copy.state.log]
        if logged != [str(e) for e in final.log[twin.log_len : upto.log_len]]:
            raise SoakFailure(f"{where} logged differently")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        rec.save(path)
        again = replay(load(path))
    if to_dict(again.state) != to_dict(final):
        raise SoakFailure("replaying the saved record gave a different final state")


def _one(job: tuple[int, tuple[int, int], bool, Path, str, str, tuple[str, ...]]) -> GameResult:
    return play_game(*job)


def run(
    games: int,
    seed: int,
    *,
    fast: bool = False,
    players: tuple[int, int] = (2, 4),
    out: Path = Path("."),
    echo: bool = False,
    workers: int = 1,
    progress: float = 0.0,
    rules: str = "current",
    format: str = "free-for-all",
    pools: tuple[str, ...] = POOLS,
) -> Summary:
    """Play games with seeds ``seed .. seed+games-1``; ``workers`` processes share them (each
    game depends on its seed only, so the figures are the same with any number of workers).
    ``progress``: print a line to stderr every so many seconds (0: never)."""
    summary = Summary()
    start = last = time.perf_counter()
    if COMPILED in pools:
        random_deck(random.Random(0), pools)  # compile the base once, before any fork
    jobs = [(seed + k, players, fast, out, rules, format, pools) for k in range(games)]
    with contextlib.ExitStack() as stack:
        if workers > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(workers))
            results: Iterator[GameResult] = pool.imap(_one, jobs, chunksize=4)
        else:
            results = map(_one, jobs)
        for r in results:
            summary.games += 1
            summary.decisions += r.decisions
            summary.finished += r.finished
            summary.conceded += r.conceded > 0
            if r.failure is not None:
                summary.failures.append(r)
                if echo:
                    print(f"FAIL game seed {r.seed} ({r.players} players) {r.failure}")
                    print(f"  record: {r.record_path}")
                    cmd = reproduce_command(r.seed, players, fast, pools, rules, format)
                    print(f"  reproduce: {cmd}")
                    sys.stdout.flush()
            now = time.perf_counter()
            if progress and now - last >= progress:
                last = now
                print(
                    f"[{now - start:7.0f} s] {summary.games}/{games} games, "
                    f"{summary.decisions} decisions, {len(summary.failures)} failed",
                    file=sys.stderr,
                    flush=True,
                )
    summary.seconds = time.perf_counter() - start
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--fast", action="store_true", help="check the invariants only")
    ap.add_argument("--players", type=parse_players, default=(2, 4), help="N or LO-HI (2-4)")
    ap.add_argument("--out", type=Path, default=Path("."), help="where failing records go")
    ap.add_argument("--workers", type=int, default=1, help="processes (0: one per CPU)")
    ap.add_argument(
        "--progress", type=float, default=0.0, metavar="SECONDS", help="a progress line so often"
    )
    ap.add_argument("--rules", default="current", help="the rule set: current or 2004")
    ap.add_argument(
        "--format",
        default="free-for-all",
        help="free-for-all, 'two-headed giant' or 'shared team turns' (four players)",
    )
    ap.add_argument(
        "--compiled", action="store_true", help="decks of cards compiled from the card base"
    )
    args = ap.parse_args(argv)
    workers = args.workers or os.cpu_count() or 1
    s = run(
        args.games,
        args.seed,
        fast=args.fast,
        players=args.players,
        out=args.out,
        echo=True,
        workers=workers,
        progress=args.progress,
        rules=args.rules,
        format=args.format,
        pools=COMPILED_POOLS if args.compiled else POOLS,
    )
    checks = "invariants only" if args.fast else "full checks"
    rate = s.decisions / s.seconds if s.seconds else 0.0
    print(
        f"{s.games} games ({s.finished} finished, {s.conceded} with a concession), "
        f"{s.decisions} decisions, {s.seconds:.1f} s ({rate:.0f} decisions/s), {checks}: "
        f"{len(s.failures)} failed"
    )
    return 1 if s.failures else 0


if __name__ == "__main__":
    sys.exit(main())
