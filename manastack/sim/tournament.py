"""A round robin between decklists: every pair plays ``n`` games, each deck going first in half
of them (as ``simulate`` does), then a win-rate matrix with 95% intervals and a ranking.

Pair ``m`` (in the order ``(0, 1), (0, 2), ..., (1, 2), ...``) is a ``simulate`` job seeded
``game_seed(seed, m)``, so a tournament's games are the same on every backend and with any
number of workers.
"""

from __future__ import annotations

import itertools
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from manastack.agents import AGENTS, GameResult, get_agent, unknown_agent
from manastack.agents.base import DEFAULT_MAX_TURNS
from manastack.i18n import ENGLISH, Translator, translator
from manastack.sim.backends import Done, Work, run
from manastack.simulate import Job, game_seed, wilson


@dataclass
class Pairing:
    """What deck ``a`` and deck ``b`` (indices into the tournament's decks) did against each
    other; ``a`` is player 0 of the job."""

    a: int
    b: int
    games: int = 0
    wins_a: int = 0
    wins_b: int = 0
    draws: int = 0


@dataclass
class Standings:
    """A tournament as far as it was played (``complete`` False after a Ctrl-C)."""

    decks: list[str]
    agent: str
    games_per_pair: int
    seed: int
    pairings: list[Pairing]
    complete: bool = True
    seconds: float = 0.0
    nodes: set[str] = field(default_factory=set)

    @property
    def games(self) -> int:
        return sum(p.games for p in self.pairings)

    def record(self, i: int, j: int) -> tuple[int, int]:
        """Deck ``i``'s wins against deck ``j``, and the games they played."""
        for p in self.pairings:
            if (p.a, p.b) == (i, j):
                return p.wins_a, p.games
            if (p.a, p.b) == (j, i):
                return p.wins_b, p.games
        return 0, 0

    def totals(self, i: int) -> tuple[int, int]:
        wins = games = 0
        for j in range(len(self.decks)):
            if j != i:
                w, g = self.record(i, j)
                wins, games = wins + w, games + g
        return wins, games

    def ranking(self) -> list[int]:
        """The decks by overall win rate, best first (ties by the lower bound, then by name)."""

        def key(i: int) -> tuple[float, float, str]:
            w, g = self.totals(i)
            return (-(w / g if g else 0.0), -wilson(w, g)[0], self.decks[i])

        return sorted(range(len(self.decks)), key=key)

    def to_json(self) -> dict[str, Any]:
        k = len(self.decks)
        matrix: list[list[dict[str, Any] | None]] = []
        for i in range(k):
            row: list[dict[str, Any] | None] = []
            for j in range(k):
                if i == j:
                    row.append(None)
                    continue
                w, g = self.record(i, j)
                lo, hi = wilson(w, g)
                rate = round(w / g, 6) if g else None
                row.append(
                    {"wins": w, "games": g, "win_rate": rate, "ci95": [round(lo, 6), round(hi, 6)]}
                )
            matrix.append(row)
        ranking = []
        for i in self.ranking():
            w, g = self.totals(i)
            lo, hi = wilson(w, g)
            ranking.append(
                {
                    "deck": self.decks[i],
                    "wins": w,
                    "games": g,
                    "win_rate": round(w / g, 6) if g else None,
                    "ci95": [round(lo, 6), round(hi, 6)],
                }
            )
        return {
            "decks": self.decks,
            "agent": self.agent,
            "games_per_pair": self.games_per_pair,
            "seed": self.seed,
            "games": self.games,
            "complete": self.complete,
            "pairs": [
                {
                    "a": self.decks[p.a],
                    "b": self.decks[p.b],
                    "games": p.games,
                    "wins_a": p.wins_a,
                    "wins_b": p.wins_b,
                    "draws": p.draws,
                }
                for p in self.pairings
            ],
            "matrix": matrix,
            "ranking": ranking,
            "seconds": round(self.seconds, 4),
        }

    def text(self, t: Translator = ENGLISH) -> str:
        """The standings as a table, in ``t``'s language."""
        k = len(self.decks)
        width = max(8, *(len(d) for d in self.decks))
        cell = 18
        planned = self.games_per_pair * len(self.pairings)
        head = t.tr(
            "tournament: {k} decks, {n} games a pair, agent {agent}, seed {seed}",
            k=k,
            n=self.games_per_pair,
            agent=self.agent,
            seed=self.seed,
        )
        lines = [head]
        if not self.complete:
            lines.append(
                t.tr(
                    "INTERRUPTED: {games} of {planned} games played",
                    games=self.games,
                    planned=planned,
                )
            )
        lines.append(t.tr("win rate of the row's deck against the column's (95% CI):"))
        lines.append(" " * width + "".join(f"{d[: cell - 1]:>{cell}}" for d in self.decks))
        for i in range(k):
            cells = []
            for j in range(k):
                w, g = self.record(i, j)
                if i == j:
                    cells.append(f"{'-':>{cell}}")
                elif g == 0:
                    cells.append(f"{t.tr('no games'):>{cell}}")
                else:
                    lo, hi = wilson(w, g)
                    cells.append(
                        f"{100 * w / g:>5.1f}% ({100 * lo:2.0f}-{100 * hi:3.0f})".rjust(cell)
                    )
            lines.append(f"{self.decks[i]:<{width}}" + "".join(cells))
        lines.append(t.tr("ranking (all games, draws count as not won):"))
        for place, i in enumerate(self.ranking(), 1):
            w, g = self.totals(i)
            lo, hi = wilson(w, g)
            rate = 100 * w / g if g else 0.0
            lines.append(
                t.tr(
                    "  {place}. {deck} {w:>6}/{g:<6} {rate:5.1f}%  (95% CI {lo:5.1f}%-{hi:5.1f}%)",
                    place=place,
                    deck=f"{self.decks[i]:<{width}}",
                    w=w,
                    g=g,
                    rate=rate,
                    lo=100 * lo,
                    hi=100 * hi,
                )
            )
        draws = sum(p.draws for p in self.pairings)
        rate = self.games / self.seconds if self.seconds > 0 else 0.0
        lines.append(
            t.tr(
                "  draws {draws}; {games} games in {s:.2f} s ({rate:.1f}/s)",
                draws=draws,
                games=self.games,
                s=self.seconds,
                rate=rate,
            )
        )
        return "\n".join(lines)


def tournament(
    decks: Sequence[Sequence[str]],
    n: int,
    *,
    deck_names: Sequence[str] | None = None,
    seed: int = 0,
    agent: str = "random",
    max_turns: int = DEFAULT_MAX_TURNS,
    backend: str = "local",
    workers: int = 1,
    address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Standings:
    """Play every pair of ``decks`` ``n`` times. A Ctrl-C ends it early: the standings so far
    come back with ``complete`` False."""
    if len(decks) < 2:
        raise ValueError("a tournament needs at least two decks")
    get_agent(agent)
    names = list(deck_names) if deck_names is not None else [f"deck{i}" for i in range(len(decks))]
    pairs = list(itertools.combinations(range(len(decks)), 2))
    jobs = [
        Job((tuple(decks[a]), tuple(decks[b])), (agent, agent), game_seed(seed, m), max_turns)
        for m, (a, b) in enumerate(pairs)
    ]
    work: list[Work] = [(m, k) for m in range(len(pairs)) for k in range(n)]
    results: dict[Work, GameResult] = {}

    def on_chunk(done: Done) -> None:
        for item, r in done:
            results[item] = r
        if progress:
            progress(len(done))

    start = time.perf_counter()
    complete = True
    nodes: set[str] = set()
    try:
        if backend == "ray":
            from manastack.sim.backends import run_ray

            run_ray(jobs, work, on_chunk, address=address, nodes=nodes)
        else:
            run(jobs, work, on_chunk, backend=backend, workers=workers, address=address)
    except KeyboardInterrupt:
        complete = False
    pairings = [Pairing(a, b) for a, b in pairs]
    for (m, _k), r in sorted(results.items()):
        p = pairings[m]
        p.games += 1
        if r.winner == 0:
            p.wins_a += 1
        elif r.winner == 1:
            p.wins_b += 1
        else:
            p.draws += 1
    return Standings(names, agent, n, seed, pairings, complete, time.perf_counter() - start, nodes)


def command(args: Any) -> int:
    """``manastack tournament``: see ``cli.py`` for the arguments. Bad input is one line,
    exit 2; Ctrl-C prints the standings so far and exits 130."""
    from pathlib import Path

    from rich.console import Console
    from rich.markup import escape

    from manastack import cards
    from manastack.decklist import load_decklist
    from manastack.errors import InputError

    t = translator(getattr(args, "lang", "en"))

    def fail(msg: str) -> int:
        print(f"manastack tournament: {msg}", file=sys.stderr)
        return 2

    if args.n < 1:
        return fail(t.tr("{option} must be at least 1, got {n}", option="-n", n=args.n))
    if len(args.decks) < 2:
        return fail(t.tr("give at least two decklists"))
    if args.workers is not None and args.workers < 1:
        return fail(
            t.tr("{option} must be at least 1, got {n}", option="--workers", n=args.workers)
        )
    if args.agent.strip().lower() not in AGENTS:
        return fail(unknown_agent(args.agent).render(t))
    names = cards.names()
    try:
        decks = [load_decklist(d, names).cards() for d in args.decks]
    except InputError as err:
        return fail(err.localized(t))
    deck_names = [Path(d).stem for d in args.decks]
    for i, name in enumerate(deck_names):
        if deck_names.count(name) > 1:
            deck_names[i] = f"{name}#{i + 1}"
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            return fail(t.tr("--backend ray needs Ray: pip install 'manastack[ray]'"))
    import os

    total = args.n * len(decks) * (len(decks) - 1) // 2
    kwargs: dict[str, Any] = {
        "deck_names": deck_names,
        "seed": args.seed,
        "agent": args.agent,
        "max_turns": args.max_turns,
        "backend": args.backend,
        "workers": args.workers or os.cpu_count() or 1,
        "address": args.address,
    }
    err_console = Console(stderr=True, highlight=False)
    if err_console.is_terminal and not args.json:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        columns = (
            TextColumn(escape(t.tr("tournament"))),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=err_console, transient=True) as bar:
            task = bar.add_task("games", total=total)
            standings = tournament(decks, args.n, progress=lambda k: bar.advance(task, k), **kwargs)
    else:
        done = 0
        step = max(1, total // 10)

        def plain(k: int) -> None:
            # A line per tenth: readable in a log file, unlike a redrawn bar.
            nonlocal done
            before, done = done, done + k
            if done // step != before // step or done == total:
                print(
                    t.tr("played {done}/{n} games", done=done, n=total), file=sys.stderr, flush=True
                )

        standings = tournament(decks, args.n, progress=None if args.json else plain, **kwargs)
    if args.json:
        import json

        print(json.dumps(standings.to_json()))
    else:
        print(standings.text(t))
    return 0 if standings.complete else 130
