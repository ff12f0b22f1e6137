"""The ``manastack`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from rich.console import Console
from rich.markup import escape

from manastack import cards
from manastack.cardinfo import base_refusal, card_text
from manastack.cards.model import CardDef
from manastack.errors import InputError, ManastackError, quote_name
from manastack.i18n import ENV_VAR, check_lang, default_lang, languages, translator
from manastack.rulesets import RULESETS
from manastack.safetext import safe_console, safe_print, shown, shown_lines
from manastack.textfile import source_name


class _Parser(argparse.ArgumentParser):
    """argparse with its messages escaped (they quote what was typed) and bad input exiting 2."""

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            (file or sys.stderr).write(shown_lines(message))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


EXIT_OK = 0
EXIT_FAILED = 1
"""A scenario failed (its expectations were not met)."""
EXIT_BAD_INPUT = 2
"""Bad input: a file or a command line that can't be used; one line on stderr says why."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT, as shells report it)."""

EXIT_CODES = f"""exit codes:
  {EXIT_OK}    ok
  {EXIT_FAILED}    a scenario failed
  {EXIT_BAD_INPUT}    bad input (a file or a command line that can't be used; one line says why)
  {EXIT_INTERRUPTED}  interrupted (Ctrl-C)"""

RULES_HELP = (
    "the rules: current (default) or 2004 (June 2004: combat damage on the stack, mana burn)"
)


def _console() -> Console:
    return safe_console(highlight=False, soft_wrap=True)


def _fail(message: str) -> int:
    safe_print(f"manastack: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _lang(text: str) -> str:
    """``--lang``'s value: a language with a catalog (``en``, ``fr``)."""
    try:
        return check_lang(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(str(err)) from None


def _lang_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--lang",
        type=_lang,
        default=argparse.SUPPRESS,
        metavar="LANG",
        help=f"the language of every message: {', '.join(languages())} "
        f"(default: ${ENV_VAR}, else en); rule numbers stay as they are",
    )


def cmd_scenario(args: argparse.Namespace) -> int:
    from manastack.scenario.explain import explain
    from manastack.scenario.suite import failure_report, find_files, run_file

    t = translator(args.lang)
    out = _console()
    passed = failed = bad = 0
    files = list(find_files(args.paths))
    if not files:
        return _fail(t.tr("no scenario files found"))
    for path in files:
        if isinstance(path, InputError):
            out.print(f"ERROR {path}", markup=False)
            bad += 1
            continue
        fo = run_file(path)  # a file's language is its own `lang:` (docs/scenarios-fr.md)
        if fo.error is not None:
            out.print(f"ERROR {fo.error}", markup=False)
            bad += 1
            continue
        where = source_name(path)
        for r in fo.results:
            if r.passed:
                passed += 1
                out.print(f"[green]PASS[/] {escape(where)}: {escape(shown(r.scenario.name))}")
            else:
                failed += 1
                out.print(f"[red]FAIL[/] {escape(where)}: {escape(shown(r.scenario.name))}")
                out.print(failure_report(r), markup=False)
            if args.explain:
                out.print(explain(r, t), markup=False)
                out.print("")
            elif args.verbose and r.game is not None:
                out.print(t.tr("--- log of {name} ---", name=shown(r.scenario.name)), markup=False)
                out.print(r.log_text(tr=t), markup=False)
                out.print("")
    errors = t.tr(", {n} not readable", n=bad) if bad else ""
    out.print(
        t.tr(
            "{passed} passed, {failed} failed{errors}", passed=passed, failed=failed, errors=errors
        )
    )
    if bad:
        return EXIT_BAD_INPUT
    return EXIT_OK if failed == 0 else EXIT_FAILED


def cmd_cards(args: argparse.Namespace) -> int:
    out = _console()
    if args.stack:
        from rich.table import Table

        from manastack.cardinfo import stack_row

        table = Table("card", "what it is", "uses the stack?", "when", show_lines=False)
        for pool_cards in cards.POOLS.values():
            for cd in pool_cards:
                table.add_row(*stack_row(cd))
        out.print(table)
        return 0
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
    t = translator(args.lang)
    name = " ".join(args.name)
    cd = cards.find(name)
    if cd is None:
        refusal = base_refusal(name, t)
        if refusal is not None:
            _console().print(refusal, markup=False)
            return 0
        sugg = cards.suggest(name, every=True)
        if sugg:
            return _fail(
                t.tr(
                    "unknown card {name}; did you mean: {names}?",
                    name=quote_name(name),
                    names=", ".join(sugg),
                )
            )
        return _fail(t.tr("unknown card {name}", name=quote_name(name)))
    _console().print(card_text(cd, t), markup=False)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from manastack.simulate import command

    return command(args)


def cmd_tournament(args: argparse.Namespace) -> int:
    from manastack.sim.tournament import command

    return command(args)


def cmd_replay(args: argparse.Namespace) -> int:
    from manastack.record import RecordError, load, position_json, replay, summary

    try:
        record = load(args.file)
        game = replay(record, args.to)
    except RecordError as err:
        return _fail(str(err))
    if args.json:
        import json

        n = len(record.answers) if args.to is None else args.to
        print(json.dumps(position_json(game, n)))  # ensure_ascii: any name stays valid JSON
        return EXIT_OK
    t = translator(args.lang)
    out = _console()
    out.print(game.log_text(tr=t), markup=False)
    where = t.tr("the end") if args.to is None else t.tr("answer {n}", n=args.to)
    out.print(t.tr("--- position after {where} ---", where=where), markup=False)
    out.print(summary(game), markup=False)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from manastack.play import command

    return command(args)


def _number(text: str) -> int:
    """An integer as typed on a command line: ASCII digits (``int`` would take '²' or '٣'),
    an optional minus, at most 18 digits."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
        raise argparse.ArgumentTypeError(f"not a number: {quote_name(text)}")
    return int(text)


def _version_line() -> str:
    """``manastack 0.1.0 (pure Python)`` or ``(compiled, mypyc)``: the version and the build."""
    from importlib.metadata import PackageNotFoundError, version

    import manastack

    try:
        v = version("manastack")
    except PackageNotFoundError:
        v = "(not installed)"
    return f"manastack {v} ({manastack.build_name()})"


def _backend_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help="local processes (default) or Ray tasks (needs manastack[ray])",
    )
    p.add_argument(
        "--address",
        default=None,
        help="Ray cluster to join (auto: the one `ray start` began; default: a new local one)",
    )


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="manastack",
        description="A Magic: The Gathering rules engine that cites the rules.",
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--version", action="version", version=_version_line())
    _lang_arg(p)
    sub = p.add_subparsers(dest="command")
    s = sub.add_parser("scenario", help="run scenario files or folders (*.scenario.yaml)")
    s.add_argument("paths", nargs="+")
    s.add_argument("-v", "--verbose", action="store_true", help="print each game's whole log")
    s.add_argument(
        "--explain",
        action="store_true",
        help="tell each scenario in words: what each line does and why, with the rule, and "
        "the stack after each change",
    )
    s.set_defaults(func=cmd_scenario)
    c = sub.add_parser(
        "cards", help="list the card pool; --coverage: how much of the base compiles"
    )
    c.add_argument("--coverage", action="store_true", help="cards compiled, by category and reason")
    c.add_argument("--json", action="store_true", help="the coverage report as one JSON object")
    c.add_argument("--compiled", action="store_true", help="also list the compiled cards")
    c.add_argument(
        "--stack",
        action="store_true",
        help="one table: each card, what it is, whether it uses the stack, when it may be cast",
    )
    c.set_defaults(func=cmd_cards)
    c1 = sub.add_parser("card", help="show one card and how its abilities meet the stack")
    c1.add_argument("name", nargs="+")
    c1.set_defaults(func=cmd_card)
    r = sub.add_parser("replay", help="replay a game record: its log and the final position")
    r.add_argument("file")
    r.add_argument("--to", type=_number, metavar="N", help="stop after the first N answers")
    r.add_argument("--json", action="store_true", help="the position (and log) as one JSON object")
    r.set_defaults(func=cmd_replay)
    sim = sub.add_parser("simulate", help="play many games between two decks with agents")
    sim.add_argument("deck_a", metavar="DECK_A", help="decklist file (COUNT NAME lines)")
    sim.add_argument("deck_b", metavar="DECK_B")
    sim.add_argument("-n", type=_number, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=_number, default=0, help="same seed, same games (default 0)")
    sim.add_argument("--agents", default="random,random", help="agents for A,B: random, greedy")
    sim.add_argument("--workers", type=_number, default=None, help="processes (default: all CPUs)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    sim.add_argument(
        "--save-dir",
        metavar="DIR",
        help="keep each game's record here (game-000042.json) for `manastack replay`",
    )
    sim.add_argument(
        "--any-deck-size", action="store_true", help="allow decks under 40 cards (100.2a)"
    )
    sim.add_argument("--max-turns", type=_number, default=200, help="a draw after this many turns")
    sim.add_argument("--rules", choices=sorted(RULESETS), default="current", help=RULES_HELP)
    sim.add_argument(
        "--format",
        choices=("ffa", "2hg", "shared team turns"),
        default="ffa",
        help="ffa (default), 2hg (Two-Headed Giant: DECK_A's team against DECK_B's, 810) or "
        "'shared team turns' (805)",
    )
    sim.add_argument(
        "--partner-decks",
        nargs=2,
        metavar=("DECK_A2", "DECK_B2"),
        help="with a team format: the second player of each team plays these (default: the same)",
    )
    _backend_args(sim)
    sim.add_argument("--no-auto", action="store_true", help="ask the agents forced decisions too")
    sim.set_defaults(func=cmd_simulate)
    t = sub.add_parser("tournament", help="every pair of decks plays: win-rate matrix, ranking")
    t.add_argument("decks", nargs="+", metavar="DECK", help="decklist files (two or more)")
    t.add_argument("-n", type=int, default=100, help="games a pair (default 100)")
    t.add_argument("--seed", type=int, default=0, help="same seed, same games (default 0)")
    t.add_argument("--agent", default="random", help="the agent for every deck: random, greedy")
    t.add_argument("--workers", type=int, default=None, help="processes (default: all CPUs)")
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument("--max-turns", type=int, default=200, help="a draw after this many turns")
    _backend_args(t)
    t.set_defaults(func=cmd_tournament)
    pl = sub.add_parser("play", help="play a game in the terminal against a built-in agent")
    pl.add_argument("--deck", metavar="FILE", help="your decklist (default decks/red-green.txt)")
    pl.add_argument("--opponent-deck", metavar="FILE", help="default decks/white-blue.txt")
    pl.add_argument("--vs", default="random", help="the opponent: random or greedy")
    pl.add_argument("--seed", type=_number, help="same seed, same game (default: a random one)")
    pl.add_argument(
        "--stops",
        choices=("real", "all"),
        default="real",
        help="real: only stop when you have a real choice (default); all: at every priority",
    )
    pl.add_argument("--name", default="alice", help="your player name, one word (default alice)")
    pl.add_argument("--rules", choices=sorted(RULESETS), default="current", help=RULES_HELP)
    pl.add_argument(
        "--format",
        choices=("ffa", "2hg", "shared team turns"),
        default="ffa",
        help="ffa (default) or a team game: 2hg (Two-Headed Giant, 810), 'shared team turns' "
        "(805); you play both seats of your team, `NAME: command` acting as your teammate",
    )
    pl.add_argument("--save", metavar="FILE", help="write the game record here when it ends")
    pl.add_argument(
        "--any-deck-size", action="store_true", help="allow decks under 40 cards (100.2a)"
    )
    pl.set_defaults(func=cmd_play)
    for command in (s, c, c1, r, sim, t, pl):
        _lang_arg(command)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        # A last guard: whatever slips past the escaping never ends in UnicodeEncodeError.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if not hasattr(args, "lang"):
            args.lang = _env_lang()
        if args.command is None:
            parser.print_help()  # bare `manastack`: what it can do, not an error
            return EXIT_OK
        return int(args.func(args))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return EXIT_OK
    except ManastackError as err:
        lang = getattr(locals().get("args"), "lang", None) or "en"
        return _fail(err.localized(translator(lang)))


def _env_lang() -> str:
    """``$MANASTACK_LANG`` if it names a language with a catalog, else English."""
    try:
        return default_lang()
    except ValueError as err:
        safe_print(f"manastack: {err} (${ENV_VAR}); English it is", file=sys.stderr)
        return "en"


if __name__ == "__main__":
    sys.exit(main())
