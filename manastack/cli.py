"""The ``manastack`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from manastack import cards
from manastack.cardinfo import base_refusal, card_text
from manastack.cards.model import CardDef


def _console() -> Console:
    return Console(highlight=False, soft_wrap=True)


def cmd_scenario(args: argparse.Namespace) -> int:
    from manastack.scenario.suite import failure_report, find_files, run_file

    out = _console()
    passed = failed = 0
    files = list(find_files(args.paths))
    if not files:
        out.print("no scenario files found")
        return 1
    for path in files:
        if not path.exists():
            out.print(f"[red]ERROR[/] {escape(str(path))}: no such file")
            failed += 1
            continue
        fo = run_file(path)
        if fo.error is not None:
            out.print(f"[red]ERROR[/] {escape(str(fo.error))}")
            failed += 1
            continue
        for r in fo.results:
            if r.passed:
                passed += 1
                out.print(f"[green]PASS[/] {escape(str(path))}: {escape(r.scenario.name)}")
            else:
                failed += 1
                out.print(f"[red]FAIL[/] {escape(str(path))}: {escape(r.scenario.name)}")
                out.print(failure_report(r), markup=False)
            if args.verbose and r.game is not None:
                out.print(f"--- log of {r.scenario.name} ---", markup=False)
                out.print(r.log_text(), markup=False)
                out.print("")
    out.print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def cmd_cards(args: argparse.Namespace) -> int:
    out = _console()
    if args.coverage or args.json:
        import json

        from manastack.oracle import coverage

        rep = coverage.report()
        if args.json:
            print(json.dumps(rep, indent=1))
        else:
            out.print(coverage.text(rep), markup=False)
        return 0
    listings: list[tuple[str, Sequence[CardDef]]] = [
        (f"Pool {pool}:", defs) for pool, defs in cards.POOLS.items()
    ]
    if args.compiled:
        from manastack.cards import base

        compiled = [c for c in map(base.card, base.compiled_names()) if c is not None]
        listings.append(("Compiled from the card base:", compiled))
    for title, defs in listings:
        out.print(title, markup=False)
        for cd in defs:
            cost = str(cd.cost) if cd.cost is not None else ""
            pt = f" {cd.power}/{cd.toughness}" if cd.power is not None else ""
            out.print(f"  {cd.name:<30} {cost:<12} {cd.type_line}{pt}", markup=False)
    return 0


def cmd_card(args: argparse.Namespace) -> int:
    name = " ".join(args.name)
    cd = cards.find(name)
    if cd is None:
        refusal = base_refusal(name)
        if refusal is not None:
            _console().print(refusal, markup=False)
            return 0
        sugg = cards.suggest(name, every=True)
        hint = f"; did you mean: {', '.join(sugg)}?" if sugg else ""
        print(f"manastack: unknown card {name!r}{hint}", file=sys.stderr)
        return 2
    _console().print(card_text(cd), markup=False)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from manastack.simulate import command

    return command(args)


def cmd_replay(args: argparse.Namespace) -> int:
    from manastack.record import RecordError, load, replay, summary

    try:
        game = replay(load(args.file), args.to)
    except RecordError as err:
        print(f"manastack: {err}", file=sys.stderr)
        return 2
    out = _console()
    out.print(game.log_text(), markup=False)
    where = "the end" if args.to is None else f"answer {args.to}"
    out.print(f"--- position after {where} ---", markup=False)
    out.print(summary(game), markup=False)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from manastack.play import command

    return command(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="manastack", description="A Magic: The Gathering rules engine that cites the rules."
    )
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("scenario", help="run scenario files or folders (*.scenario.yaml)")
    s.add_argument("paths", nargs="+")
    s.add_argument("-v", "--verbose", action="store_true", help="print each game's whole log")
    s.set_defaults(func=cmd_scenario)
    c = sub.add_parser(
        "cards", help="list the card pool; --coverage: how much of the base compiles"
    )
    c.add_argument("--coverage", action="store_true", help="cards compiled, by category and reason")
    c.add_argument("--json", action="store_true", help="the coverage report as one JSON object")
    c.add_argument("--compiled", action="store_true", help="also list the compiled cards")
    c.set_defaults(func=cmd_cards)
    c1 = sub.add_parser("card", help="show one card and how its abilities meet the stack")
    c1.add_argument("name", nargs="+")
    c1.set_defaults(func=cmd_card)
    r = sub.add_parser("replay", help="replay a game record: its log and the final position")
    r.add_argument("file")
    r.add_argument("--to", type=int, metavar="N", help="stop after the first N answers")
    r.set_defaults(func=cmd_replay)
    sim = sub.add_parser("simulate", help="play many games between two decks with agents")
    sim.add_argument("deck_a", metavar="DECK_A", help="decklist file (COUNT NAME lines)")
    sim.add_argument("deck_b", metavar="DECK_B")
    sim.add_argument("-n", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="same seed, same games (default 0)")
    sim.add_argument("--agents", default="random,random", help="agents for A,B: random, greedy")
    sim.add_argument("--workers", type=int, default=None, help="processes (default: all CPUs)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument("--max-turns", type=int, default=200, help="a draw after this many turns")
    sim.set_defaults(func=cmd_simulate)
    pl = sub.add_parser("play", help="play a game in the terminal against a built-in agent")
    pl.add_argument("--deck", metavar="FILE", help="your decklist (default decks/red-green.txt)")
    pl.add_argument("--opponent-deck", metavar="FILE", help="default decks/white-blue.txt")
    pl.add_argument("--vs", default="random", help="the opponent: random or greedy")
    pl.add_argument("--seed", type=int, help="same seed, same game (default: a random one)")
    pl.add_argument(
        "--stops",
        choices=("real", "all"),
        default="real",
        help="real: only stop when you have a real choice (default); all: at every priority",
    )
    pl.add_argument("--name", default="alice", help="your player name, one word (default alice)")
    pl.add_argument("--save", metavar="FILE", help="write the game record here when it ends")
    pl.set_defaults(func=cmd_play)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
