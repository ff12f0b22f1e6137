"""The ``manastack`` command."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.markup import escape

from manastack import cards
from manastack.cardinfo import base_refusal, card_text
from manastack.cards.model import CardDef
from manastack.cli_args import Parser, early_lang
from manastack.errors import InputError, ManastackError, quote_name
from manastack.i18n import (
    ENV_VAR,
    N_,
    Translator,
    languages,
    translator,
    unknown_language,
)
from manastack.rulesets import RULESETS
from manastack.safetext import safe_console, safe_print, shown
from manastack.textfile import source_name

EXIT_OK = 0
EXIT_FAILED = 1
"""A scenario failed (its expectations were not met)."""
EXIT_BAD_INPUT = 2
"""Bad input: a file or a command line that can't be used; one line on stderr says why."""
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT, as shells report it)."""

EXIT_CODES = N_(
    "exit codes:\n"
    "  {ok}    ok\n"
    "  {failed}    a scenario failed\n"
    "  {bad}    bad input (a file or a command line that can't be used; one line says why)\n"
    "  {interrupted}  interrupted (Ctrl-C)"
)

RULES_HELP = N_(
    "the rules: current (default) or 2004 (June 2004: combat damage on the stack, mana burn)"
)

# What ``--version`` says of the build (manastack.build_name).
BUILDS = (N_("compiled (mypyc)"), N_("pure Python"))


def _console() -> Console:
    return safe_console(highlight=False, soft_wrap=True)


def _fail(message: str) -> int:
    safe_print(f"manastack: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _lang_type(t: Translator) -> Callable[[str], str]:
    def lang(text: str) -> str:
        """``--lang``'s value: a language with a catalog (``en``, ``fr``)."""
        if text not in languages():
            raise argparse.ArgumentTypeError(unknown_language(text).render(t))
        return text

    return lang


def _lang_arg(p: argparse.ArgumentParser, t: Translator) -> None:
    p.add_argument(
        "--lang",
        type=_lang_type(t),
        default=argparse.SUPPRESS,
        metavar=t.tr("LANG"),
        help=t.tr(
            "the language of every message: {langs} (default: ${var}, else en); rule numbers "
            "stay as they are",
            langs=", ".join(languages()),
            var=ENV_VAR,
        ),
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
            out.print(t.tr("ERROR {error}", error=path.localized(t)), markup=False)
            bad += 1
            continue
        fo = run_file(path)  # a file's language is its own `lang:` (docs/scenarios-fr.md)
        if fo.error is not None:
            out.print(t.tr("ERROR {error}", error=fo.error.localized(t)), markup=False)
            bad += 1
            continue
        where = source_name(path)
        for r in fo.results:
            said = f"{escape(where)}: {escape(shown(r.scenario.name))}"
            if r.passed:
                passed += 1
                out.print(f"[green]{escape(t.tr('PASS'))}[/] {said}")
            else:
                failed += 1
                out.print(f"[red]{escape(t.tr('FAIL'))}[/] {said}")
                out.print(failure_report(r, t=t), markup=False)
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
    t = translator(args.lang)
    out = _console()
    if args.stack:
        from rich.table import Table

        from manastack.cardinfo import stack_row

        table = Table(
            t.tr("card"),
            t.tr("what it is"),
            t.tr("uses the stack?"),
            t.tr("when"),
            show_lines=False,
        )
        for pool_cards in cards.POOLS.values():
            for cd in pool_cards:
                table.add_row(*stack_row(cd, t))
        out.print(table)
        return 0
    if args.coverage or args.json:
        import json

        from manastack.oracle import coverage

        rep = coverage.report()
        if args.json:
            print(json.dumps(rep, indent=1))
        else:
            out.print(coverage.text(rep, t), markup=False)
        return 0
    listings: list[tuple[str, Sequence[CardDef]]] = [
        (t.tr("Pool {pool}:", pool=pool), defs) for pool, defs in cards.POOLS.items()
    ]
    if args.compiled:
        from manastack.cards import base

        compiled = [c for c in map(base.card, base.compiled_names()) if c is not None]
        listings.append((t.tr("Compiled from the card base:"), compiled))
    for title, defs in listings:
        out.print(title, markup=False)
        rows = [_card_row(cd, t) for cd in defs]
        width = max([30, *(len(name) for name, _ in rows)]) if t.lang != "en" else 30
        for cd, (name, type_line) in zip(defs, rows, strict=True):
            cost = str(cd.cost) if cd.cost is not None else ""
            pt = f" {cd.power}/{cd.toughness}" if cd.power is not None else ""
            out.print(f"  {name:<{width}} {cost:<12} {type_line}{pt}", markup=False)
    return 0


def _card_row(cd: CardDef, t: Translator) -> tuple[str, str]:
    """A card's name and type line as ``manastack cards`` lists them: in English as printed;
    in another language the card's name there with the printed one beside it, and the card
    types in the language (the subtypes as printed)."""
    if t.lang == "en":
        return cd.name, cd.type_line
    local = t.tr("{card!c}", card=cd.name)
    name = cd.name if local == cd.name else f"{local} ({cd.name})"
    types, dash, subtypes = cd.type_line.partition(" —")
    return name, t.tr("{kind!t}", kind=types.lower()) + dash + subtypes


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

    t = translator(args.lang)
    try:
        record = load(args.file)
        # The JSON position is read by programs: its log and prompts stay in English.
        game = replay(record, args.to, "en" if args.json else args.lang)
    except RecordError as err:
        return _fail(err.localized(t))
    if args.json:
        import json

        n = len(record.answers) if args.to is None else args.to
        print(json.dumps(position_json(game, n)))  # ensure_ascii: any name stays valid JSON
        return EXIT_OK
    out = _console()
    out.print(game.log_text(tr=t), markup=False)
    where = t.tr("the end") if args.to is None else t.tr("answer {n}", n=args.to)
    out.print(t.tr("--- position after {where} ---", where=where), markup=False)
    out.print(summary(game, t), markup=False)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from manastack.play import command

    return command(args)


def _number_type(t: Translator) -> Callable[[str], int]:
    def number(text: str) -> int:
        """An integer as typed on a command line: ASCII digits (``int`` would take '²' or
        '٣'), an optional minus, at most 18 digits."""
        digits = text.removeprefix("-")
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 18:
            raise argparse.ArgumentTypeError(t.tr("not a number: {text}", text=quote_name(text)))
        return int(text)

    return number


def _version_line(t: Translator) -> str:
    """``manastack 0.1.0 (pure Python)`` or ``(compiled (mypyc))``: the version and the build."""
    from importlib.metadata import PackageNotFoundError, version

    import manastack

    try:
        v = version("manastack")
    except PackageNotFoundError:
        v = t.tr("(not installed)")
    return f"manastack {v} ({t.gettext(manastack.build_name())})"


def _backend_args(p: argparse.ArgumentParser, t: Translator) -> None:
    p.add_argument(
        "--backend",
        choices=("local", "ray"),
        default="local",
        help=t.tr("local processes (default) or Ray tasks (needs manastack[ray])"),
    )
    p.add_argument(
        "--address",
        default=None,
        metavar=t.tr("ADDRESS"),
        help=t.tr(
            "Ray cluster to join (auto: the one `ray start` began; default: a new local one)"
        ),
    )


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser, its help and its errors in ``lang``."""
    t = translator(lang)
    number = _number_type(t)
    p = Parser(
        prog="manastack",
        description=t.tr("A Magic: The Gathering rules engine that cites the rules."),
        epilog=t.tr(
            EXIT_CODES,
            ok=EXIT_OK,
            failed=EXIT_FAILED,
            bad=EXIT_BAD_INPUT,
            interrupted=EXIT_INTERRUPTED,
        ),
        tr=t,
    )
    p.add_argument(
        "--version",
        action="version",
        version=_version_line(t),
        help=t.tr("show program's version number and exit"),
    )
    _lang_arg(p, t)
    sub = p.add_subparsers(dest="command")
    s = sub.add_parser(
        "scenario", help=t.tr("run scenario files or folders (*.scenario.yaml)"), tr=t
    )
    s.add_argument("paths", nargs="+", metavar=t.tr("paths"))
    s.add_argument("-v", "--verbose", action="store_true", help=t.tr("print each game's whole log"))
    s.add_argument(
        "--explain",
        action="store_true",
        help=t.tr(
            "tell each scenario in words: what each line does and why, with the rule, and "
            "the stack after each change"
        ),
    )
    s.set_defaults(func=cmd_scenario)
    c = sub.add_parser(
        "cards", help=t.tr("list the card pool; --coverage: how much of the base compiles"), tr=t
    )
    c.add_argument(
        "--coverage", action="store_true", help=t.tr("cards compiled, by category and reason")
    )
    c.add_argument(
        "--json", action="store_true", help=t.tr("the coverage report as one JSON object")
    )
    c.add_argument("--compiled", action="store_true", help=t.tr("also list the compiled cards"))
    c.add_argument(
        "--stack",
        action="store_true",
        help=t.tr(
            "one table: each card, what it is, whether it uses the stack, when it may be cast"
        ),
    )
    c.set_defaults(func=cmd_cards)
    c1 = sub.add_parser(
        "card", help=t.tr("show one card and how its abilities meet the stack"), tr=t
    )
    c1.add_argument("name", nargs="+", metavar=t.tr("name"))
    c1.set_defaults(func=cmd_card)
    r = sub.add_parser(
        "replay", help=t.tr("replay a game record: its log and the final position"), tr=t
    )
    r.add_argument("file", metavar=t.tr("file"))
    r.add_argument("--to", type=number, metavar="N", help=t.tr("stop after the first N answers"))
    r.add_argument(
        "--json", action="store_true", help=t.tr("the position (and log) as one JSON object")
    )
    r.set_defaults(func=cmd_replay)
    sim = sub.add_parser(
        "simulate", help=t.tr("play many games between two decks with agents"), tr=t
    )
    sim.add_argument(
        "deck_a", metavar=t.tr("DECK_A"), help=t.tr("decklist file (COUNT NAME lines)")
    )
    sim.add_argument("deck_b", metavar=t.tr("DECK_B"))
    sim.add_argument(
        "-n", type=number, default=100, metavar="N", help=t.tr("how many games (default 100)")
    )
    sim.add_argument(
        "--seed",
        type=number,
        default=0,
        metavar=t.tr("SEED"),
        help=t.tr("same seed, same games (default 0)"),
    )
    sim.add_argument(
        "--agents",
        default="random,random",
        metavar=t.tr("AGENTS"),
        help=t.tr("agents for A,B: random, greedy"),
    )
    sim.add_argument(
        "--workers",
        type=number,
        default=None,
        metavar=t.tr("WORKERS"),
        help=t.tr("processes (default: all CPUs)"),
    )
    sim.add_argument("--json", action="store_true", help=t.tr("print one JSON object"))
    sim.add_argument(
        "--save-dir",
        metavar=t.tr("DIR"),
        help=t.tr("keep each game's record here (game-000042.json) for `manastack replay`"),
    )
    sim.add_argument(
        "--any-deck-size", action="store_true", help=t.tr("allow decks under 40 cards (100.2a)")
    )
    sim.add_argument(
        "--max-turns",
        type=number,
        default=200,
        metavar=t.tr("MAX_TURNS"),
        help=t.tr("a draw after this many turns"),
    )
    sim.add_argument("--rules", choices=sorted(RULESETS), default="current", help=t.tr(RULES_HELP))
    sim.add_argument(
        "--format",
        choices=("ffa", "2hg", "shared team turns"),
        default="ffa",
        help=t.tr(
            "ffa (default), 2hg (Two-Headed Giant: DECK_A's team against DECK_B's, 810) or "
            "'shared team turns' (805)"
        ),
    )
    sim.add_argument(
        "--partner-decks",
        nargs=2,
        metavar=(t.tr("DECK_A2"), t.tr("DECK_B2")),
        help=t.tr(
            "with a team format: the second player of each team plays these (default: the same)"
        ),
    )
    _backend_args(sim, t)
    sim.add_argument(
        "--no-auto", action="store_true", help=t.tr("ask the agents forced decisions too")
    )
    sim.set_defaults(func=cmd_simulate)
    to = sub.add_parser(
        "tournament", help=t.tr("every pair of decks plays: win-rate matrix, ranking"), tr=t
    )
    to.add_argument(
        "decks", nargs="+", metavar=t.tr("DECK"), help=t.tr("decklist files (two or more)")
    )
    to.add_argument(
        "-n", type=int, default=100, metavar="N", help=t.tr("games a pair (default 100)")
    )
    to.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar=t.tr("SEED"),
        help=t.tr("same seed, same games (default 0)"),
    )
    to.add_argument(
        "--agent",
        default="random",
        metavar=t.tr("AGENT"),
        help=t.tr("the agent for every deck: random, greedy"),
    )
    to.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar=t.tr("WORKERS"),
        help=t.tr("processes (default: all CPUs)"),
    )
    to.add_argument("--json", action="store_true", help=t.tr("print one JSON object"))
    to.add_argument(
        "--max-turns",
        type=int,
        default=200,
        metavar=t.tr("MAX_TURNS"),
        help=t.tr("a draw after this many turns"),
    )
    _backend_args(to, t)
    to.set_defaults(func=cmd_tournament)
    pl = sub.add_parser(
        "play", help=t.tr("play a game in the terminal against a built-in agent"), tr=t
    )
    pl.add_argument(
        "--deck",
        metavar=t.tr("FILE"),
        help=t.tr("your decklist (default decks/red-green.txt)"),
    )
    pl.add_argument(
        "--opponent-deck", metavar=t.tr("FILE"), help=t.tr("default decks/white-blue.txt")
    )
    pl.add_argument(
        "--vs", default="random", metavar=t.tr("VS"), help=t.tr("the opponent: random or greedy")
    )
    pl.add_argument(
        "--seed",
        type=number,
        metavar=t.tr("SEED"),
        help=t.tr("same seed, same game (default: a random one)"),
    )
    pl.add_argument(
        "--stops",
        choices=("real", "all"),
        default="real",
        help=t.tr("real: only stop when you have a real choice (default); all: at every priority"),
    )
    pl.add_argument(
        "--name",
        default="alice",
        metavar=t.tr("NAME"),
        help=t.tr("your player name, one word (default alice)"),
    )
    pl.add_argument("--rules", choices=sorted(RULESETS), default="current", help=t.tr(RULES_HELP))
    pl.add_argument(
        "--format",
        choices=("ffa", "2hg", "shared team turns"),
        default="ffa",
        help=t.tr(
            "ffa (default) or a team game: 2hg (Two-Headed Giant, 810), 'shared team turns' "
            "(805); you play both seats of your team, `NAME: command` acting as your teammate"
        ),
    )
    pl.add_argument(
        "--save", metavar=t.tr("FILE"), help=t.tr("write the game record here when it ends")
    )
    pl.add_argument(
        "--any-deck-size", action="store_true", help=t.tr("allow decks under 40 cards (100.2a)")
    )
    pl.set_defaults(func=cmd_play)
    for command in (s, c, c1, r, sim, to, pl):
        _lang_arg(command, t)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    for stream in (sys.stdout, sys.stderr):
        # A last guard: whatever slips past the escaping never ends in UnicodeEncodeError.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        lang = early_lang(sys.argv[1:] if argv is None else argv)
        parser = build_parser(lang)
        args = parser.parse_args(argv)
        if not hasattr(args, "lang"):
            args.lang = lang
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


if __name__ == "__main__":
    sys.exit(main())
