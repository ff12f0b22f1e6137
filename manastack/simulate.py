"""Many games between two decks with agents: win rates, draws, lengths, speed.

Game ``i`` is seeded from ``(seed, i)`` alone and deck A plays first in the even games, so the
results are the same whatever the number of worker processes.
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from manastack.agents import AGENTS, Agent, GameResult, get_agent, play_game, unknown_agent
from manastack.agents.base import DEFAULT_MAX_TURNS, drive
from manastack.i18n import ENGLISH, Msg, Translator, translator

Z95 = 1.959963984540054


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``: a hash of the pair, not a sequence,
    so any worker can play any game."""
    return random.Random(f"manastack-simulate:{seed}:{index}").getrandbits(63)


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> lo, hi = wilson(50, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.404, 0.596)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Job:
    """Everything a worker needs to play games: plain data, so it pickles."""

    decks: tuple[tuple[str, ...], ...]  # A, B; or A, A's partner, B, B's partner (2HG)
    agents: tuple[str, str]
    seed: int
    max_turns: int
    rules: str = "current"
    format: str = "free-for-all"
    mulligans: bool = True
    save_dir: str | None = None
    """Where each game's record goes (``game-00042.json``), for ``manastack replay``."""
    auto: bool = True
    """Forced decisions answered by the engine (``Game.auto``), not by the agents: the same
    games (see ``agents.base.drive``), sooner."""


def play_index(job: Job, index: int) -> GameResult:
    """Game ``index``: deck A is player 0 throughout; who plays first alternates. In a team
    format deck A's team is players 0-1, deck B's players 2-3, and the result names the team
    (0 or 1) as the winner and the first player."""
    if job.format != "free-for-all":
        return _play_team_index(job, index)
    agents = [get_agent(job.agents[0]), get_agent(job.agents[1])]
    if job.save_dir is not None:
        return _play_and_save(job, index, agents)
    return play_game(
        job.decks,
        agents,
        game_seed(job.seed, index),
        max_turns=job.max_turns,
        first_player=index % 2,
        names=["A", "B"],
        rules=job.rules,
        mulligans=job.mulligans,
        auto=job.auto,
    )


def _play_team_index(job: Job, index: int) -> GameResult:
    a, b = get_agent(job.agents[0]), get_agent(job.agents[1])
    decks = job.decks if len(job.decks) == 4 else (job.decks[0],) * 2 + (job.decks[1],) * 2
    r = play_game(
        decks,
        [a, a, b, b],
        game_seed(job.seed, index),
        max_turns=job.max_turns,
        first_player=2 * (index % 2),
        names=["A1", "A2", "B1", "B2"],
        rules=job.rules,
        format=job.format,
        teams=[["A1", "A2"], ["B1", "B2"]],
        mulligans=job.mulligans,
        auto=job.auto,
    )
    side = None if r.winner is None else r.winner // 2
    return dataclasses.replace(r, winner=side, first_player=r.first_player // 2)


def _play_and_save(job: Job, index: int, agents: list[Agent]) -> GameResult:
    """``play_index``, writing the game's record (setup, seed, every answer) to the job's
    folder: the same game, since a record replays it exactly."""
    from manastack.record import Record
    from manastack.record import save as save_record

    seed = game_seed(job.seed, index)
    record = Record(
        ["A", "B"],
        [list(job.decks[0]), list(job.decks[1])],
        seed,
        job.rules,
        index % 2,
        [],
        job.mulligans,
    )
    game = record.new_game()
    game.answers = record.answers  # every answer, the forced ones too
    game.state.log_enabled = False
    result = drive(game, agents, random.Random(seed), max_turns=job.max_turns, auto=job.auto)
    assert job.save_dir is not None
    save_record(record, os.path.join(job.save_dir, f"game-{index:06d}.json"))
    return result


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during ``run_games``: ``results`` holds the games finished before it."""

    def __init__(self, results: list[GameResult]) -> None:
        super().__init__(f"interrupted after {len(results)} games")
        self.results = results


def run_games(
    job: Job,
    n: int,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    *,
    backend: str = "local",
    address: str | None = None,
) -> list[GameResult]:
    """Play games ``0..n-1`` on ``backend`` (:mod:`manastack.sim.backends`); the results come
    back in game order. ``progress(k)`` is called as ``k`` more games finish."""
    from manastack.sim.backends import Done, run

    results: list[GameResult | None] = [None] * n

    def on_chunk(done: Done) -> None:
        for (_, i), r in done:
            results[i] = r
        if progress:
            progress(len(done))

    try:
        run(
            [job],
            [(0, i) for i in range(n)],
            on_chunk,
            backend=backend,
            workers=workers,
            address=address,
        )
    except KeyboardInterrupt:
        # The backend has stopped its workers (or cancelled its tasks): keep what finished.
        raise Interrupted([r for r in results if r is not None]) from None
    return [r for r in results if r is not None]


@dataclass
class Summary:
    """What a run found. Everything but the timing is a function of the job and ``n``."""

    deck_names: tuple[str, str]
    agents: tuple[str, str]
    games: int
    seed: int
    max_turns: int
    wins: tuple[int, int]
    draws: int
    draw_reasons: dict[str, int]
    mean_turns: float
    mean_decisions: float
    seconds: float = 0.0
    workers: int = 1
    first_player_wins: int = 0
    rules: str = "current"
    format: str = "free-for-all"
    interrupted: bool = False
    """Ctrl-C stopped the run: ``games`` is how many finished before."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def win_rate(self, i: int) -> float:
        return self.wins[i] / self.games if self.games else 0.0

    def interval(self, i: int) -> tuple[float, float]:
        return wilson(self.wins[i], self.games)

    def to_json(self) -> dict[str, Any]:
        return {
            "decks": list(self.deck_names),
            "agents": list(self.agents),
            "games": self.games,
            "seed": self.seed,
            "rules": self.rules,
            "format": self.format,
            "max_turns": self.max_turns,
            "wins": list(self.wins),
            "win_rate": [round(self.win_rate(i), 6) for i in (0, 1)],
            "ci95": [[round(x, 6) for x in self.interval(i)] for i in (0, 1)],
            "draws": self.draws,
            "draw_reasons": dict(sorted(self.draw_reasons.items())),
            "first_player_wins": self.first_player_wins,
            "mean_turns": round(self.mean_turns, 4),
            "mean_decisions": round(self.mean_decisions, 4),
            "workers": self.workers,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games_per_second, 4),
            "decisions_per_second": round(
                self.mean_decisions * self.games / self.seconds if self.seconds > 0 else 0.0, 2
            ),
            **({"interrupted": True} if self.interrupted else {}),
        }

    def text(self, t: Translator = ENGLISH) -> str:
        """The summary in words, in ``t``'s language."""
        lines = [t.tr("interrupted after {n} games", n=self.games)] if self.interrupted else []
        head = t.tr(
            "{n} games, {deck_a} ({agent_a}) vs {deck_b} ({agent_b}), seed {seed}",
            n=self.games,
            deck_a=self.deck_names[0],
            agent_a=self.agents[0],
            deck_b=self.deck_names[1],
            agent_b=self.agents[1],
            seed=self.seed,
        )
        if self.rules != "current":
            head += t.tr(", rules of {rules}", rules=self.rules)
        if self.format != "free-for-all":
            head += t.tr(", {format}: teams of two", format=self.format)
        lines.append(head)
        for i in (0, 1):
            lo, hi = self.interval(i)
            lines.append(
                t.tr(
                    "  {deck:<20} wins {wins:>6}  {rate:5.1f}%  (95% CI {lo:5.1f}%-{hi:5.1f}%)",
                    deck=self.deck_names[i],
                    wins=self.wins[i],
                    rate=100 * self.win_rate(i),
                    lo=100 * lo,
                    hi=100 * hi,
                )
            )
        reasons = ", ".join(f"{k} {v}" for k, v in sorted(self.draw_reasons.items()))
        if reasons:
            lines.append(t.tr("  draws {n} ({reasons!t})", n=self.draws, reasons=reasons))
        else:
            lines.append(t.tr("  draws {n}", n=self.draws))
        lines.append(
            t.tr(
                "  first player won {wins} of {games}",
                wins=self.first_player_wins,
                games=self.games - self.draws,
            )
        )
        lines.append(
            t.tr(
                "  mean turns {turns:.1f}, mean decisions {decisions:.1f}",
                turns=self.mean_turns,
                decisions=self.mean_decisions,
            )
        )
        dps = self.mean_decisions * self.games / self.seconds if self.seconds > 0 else 0.0
        speed = dict(gps=self.games_per_second, dps=dps, s=self.seconds, w=self.workers)
        if self.workers == 1:
            lines.append(
                t.tr("  {gps:.1f} games/s, {dps:.0f} decisions/s ({s:.2f} s, 1 worker)", **speed)
            )
        else:
            lines.append(
                t.tr("  {gps:.1f} games/s, {dps:.0f} decisions/s ({s:.2f} s, {w} workers)", **speed)
            )
        return "\n".join(lines)


def summarize(
    job: Job,
    deck_names: tuple[str, str],
    results: Sequence[GameResult],
    seconds: float,
    workers: int,
) -> Summary:
    n = len(results)
    reasons = Counter(r.draw_reason for r in results if r.winner is None)
    return Summary(
        deck_names=deck_names,
        agents=job.agents,
        games=n,
        seed=job.seed,
        max_turns=job.max_turns,
        wins=(sum(r.winner == 0 for r in results), sum(r.winner == 1 for r in results)),
        draws=sum(r.winner is None for r in results),
        draw_reasons={str(k): v for k, v in reasons.items()},
        mean_turns=sum(r.turns for r in results) / n if n else 0.0,
        mean_decisions=sum(r.decisions for r in results) / n if n else 0.0,
        seconds=seconds,
        workers=workers,
        first_player_wins=sum(r.winner is not None and r.winner == r.first_player for r in results),
        rules=job.rules,
        format=job.format,
    )


def simulate(
    decks: Sequence[Sequence[str]],
    n: int,
    *,
    seed: int = 0,
    agents: tuple[str, str] = ("random", "random"),
    workers: int | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    deck_names: tuple[str, str] = ("A", "B"),
    progress: Callable[[int], None] | None = None,
    rules: str = "current",
    format: str = "free-for-all",
    mulligans: bool = True,
    backend: str = "local",
    save_dir: str | None = None,
    address: str | None = None,
    auto: bool = True,
) -> Summary:
    """Play ``n`` games and sum them up; ``workers`` (local backend) defaults to the number of
    CPUs. The results are the same whatever the backend and the number of workers. In a team
    format (``"two-headed giant"``, ``"shared team turns"``) the two sides are teams of two:
    ``decks`` is A and B (each played by both of its team's players), or A, A's partner, B,
    B's partner. ``save_dir``: a folder for each game's record (``game-000042.json``).
    ``auto``: forced decisions are answered by the engine, not the agents (the same games
    either way, see ``agents.base.drive``)."""
    for name in agents:
        get_agent(name)  # fail before any process starts
    if len(decks) not in ((2, 4) if format != "free-for-all" else (2,)):
        raise ValueError("give two decklists (four in a team format: A, A's partner, B, B's)")
    job = Job(
        tuple(tuple(d) for d in decks),
        agents,
        seed,
        max_turns,
        rules,
        format,
        mulligans,
        save_dir,
        auto,
    )
    w = max(1, workers if workers is not None else os.cpu_count() or 1)
    start = time.perf_counter()
    try:
        results = run_games(job, n, w, progress, backend=backend, address=address)
    except Interrupted as stop:
        summary = summarize(job, deck_names, stop.results, time.perf_counter() - start, w)
        summary.interrupted = True
        return summary
    return summarize(job, deck_names, results, time.perf_counter() - start, w)


# --- the command ------------------------------------------------------------------------------


class AgentsError(ValueError):
    """``--agents`` that name no agents: ``msg`` says why (``str`` is English)."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))


def parse_agents(text: str) -> tuple[str, str]:
    """``"greedy,random"`` -> ("greedy", "random"); one name serves both decks. Raises
    :class:`AgentsError` (a ``ValueError``) saying what is wrong."""
    names = [t.strip().lower() for t in text.split(",") if t.strip()]
    if len(names) == 1:
        names *= 2
    if len(names) != 2:
        raise AgentsError(
            Msg("--agents takes one or two names, like random,greedy; got {text!r}", text=text)
        )
    for name in names:
        if name not in AGENTS:
            raise AgentsError(unknown_agent(name))
    return names[0], names[1]


def command(args: Any) -> int:
    """``manastack simulate``: see ``cli.py`` for the arguments. Bad input is one line, exit 2."""
    from pathlib import Path

    from rich.console import Console
    from rich.markup import escape

    from manastack import cards
    from manastack.decklist import check_deck_size, load_decklist
    from manastack.errors import InputError
    from manastack.safetext import shown, shown_lines

    t = translator(getattr(args, "lang", "en"))

    def fail(msg: str) -> int:
        print(shown_lines(f"manastack simulate: {msg}"), file=sys.stderr)
        return 2

    if args.n < 1:
        return fail(t.tr("{option} must be at least 1, got {n}", option="-n", n=args.n))
    if args.workers is not None and args.workers < 1:
        return fail(
            t.tr("{option} must be at least 1, got {n}", option="--workers", n=args.workers)
        )
    if args.max_turns < 1:
        return fail(
            t.tr("{option} must be at least 1, got {n}", option="--max-turns", n=args.max_turns)
        )
    try:
        agents = parse_agents(args.agents)
    except AgentsError as err:
        return fail(err.msg.render(t))
    names = cards.playable_names()
    fmt = {"2hg": "two-headed giant", "ffa": "free-for-all"}.get(args.format, args.format)
    partners = list(args.partner_decks or [])
    if partners and (fmt == "free-for-all" or len(partners) != 2):
        return fail(t.tr("--partner-decks takes two decklists, with a team --format (2hg)"))
    try:
        decks: list[list[str]] = [
            load_decklist(args.deck_a, names).cards(),
            load_decklist(args.deck_b, names).cards(),
        ]
        if not getattr(args, "any_deck_size", False):
            check_deck_size(decks[0], shown(args.deck_a))
            check_deck_size(decks[1], shown(args.deck_b))
        if partners:
            decks = [
                decks[0],
                load_decklist(partners[0], names).cards(),
                decks[1],
                load_decklist(partners[1], names).cards(),
            ]
    except InputError as err:
        return fail(err.localized(t))
    # Names from the command line (a file name can hold anything): escaped once, here.
    deck_names = (shown(Path(args.deck_a).stem), shown(Path(args.deck_b).stem))
    if deck_names[0] == deck_names[1]:
        deck_names = (deck_names[0] + " (A)", deck_names[1] + " (B)")
    save_dir = getattr(args, "save_dir", None)
    if save_dir is not None:
        from manastack.textfile import path_kind

        try:
            os.makedirs(save_dir, exist_ok=True)
        except (OSError, ValueError) as err:
            return fail(
                t.tr(
                    "--save-dir {dir}: can't make the folder: {error}",
                    dir=shown(save_dir),
                    error=err,
                )
            )
        try:
            if path_kind(save_dir) != "folder" or not os.access(save_dir, os.W_OK):
                return fail(
                    t.tr("--save-dir {dir}: not a folder that can be written", dir=shown(save_dir))
                )
        except InputError as err:
            return fail(t.tr("--save-dir: {error}", error=err.localized(t)))
    err_console = Console(stderr=True, highlight=False)
    kwargs: dict[str, Any] = {
        "seed": args.seed,
        "agents": agents,
        "workers": args.workers,
        "max_turns": args.max_turns,
        "rules": args.rules,
        "auto": not getattr(args, "no_auto", False),
        "deck_names": deck_names,
        "format": fmt,
        "backend": args.backend,
        "address": args.address,
        "save_dir": save_dir,
    }
    if args.backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            return fail(t.tr("--backend ray needs Ray: pip install 'manastack[ray]'"))
    if err_console.is_terminal:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        columns = (
            TextColumn(escape(t.tr("simulating"))),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=err_console, transient=True) as bar:
            task = bar.add_task("games", total=args.n)
            summary = simulate(decks, args.n, progress=lambda k: bar.advance(task, k), **kwargs)
    else:
        done = 0
        step = max(1, args.n // 10)

        def plain(k: int) -> None:
            # A line per tenth: readable in a log file, unlike a redrawn bar.
            nonlocal done
            before, done = done, done + k
            if done // step != before // step or done == args.n:
                print(
                    t.tr("simulated {done}/{n} games", done=done, n=args.n),
                    file=sys.stderr,
                    flush=True,
                )

        summary = simulate(decks, args.n, progress=None if args.json else plain, **kwargs)
    if args.json:
        import json

        print(json.dumps(summary.to_json()))
    else:
        print(shown_lines(summary.text(t)))
    return 130 if summary.interrupted else 0
