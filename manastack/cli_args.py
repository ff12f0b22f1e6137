"""argparse in the player's language: the command line's parser, its help and its errors.

argparse writes its own words ("usage:", "options", "the following arguments are required")
through the process-wide ``gettext`` domain, which a library must leave alone. So the parser
here gives them itself: the section titles and ``-h``'s help when it is made, the usage prefix
through its formatter, and an error's text by reading argparse's English message back (the
forms below, argparse's messages written as templates) and rendering it again in the
language of the command line. The language is known before the parser is made
(:func:`early_lang`: ``--lang`` anywhere in the arguments, else ``$MANASTACK_LANG``).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

from manastack.i18n import ENGLISH, ENV_VAR, N_, Translator, default_lang, languages
from manastack.safetext import safe_print, shown_lines

EXIT_BAD_INPUT = 2

# argparse's messages (as Python 3.11 writes them), as templates: each reads argparse's English text
# back (a field matches any text) and writes it in the command line's language. The first
# that matches wins: the fixed ones come before those with a field in the same place.
ARGPARSE_MESSAGES: tuple[str, ...] = (
    N_("argument {argument}: {message}"),
    N_("the following arguments are required: {names}"),
    N_("unrecognized arguments: {arguments}"),
    N_("invalid choice: {value} (choose from {choices})"),
    N_("invalid {kind} value: {value}"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected {n} argument"),
    N_("expected {n} arguments"),
    N_("ambiguous option: {option} could match {matches}"),
    N_("ignored explicit argument {value}"),
    N_("not allowed with argument {argument}"),
    N_("one of the arguments {names} is required"),
    N_("unexpected option string: {option}"),
)

# The name argparse gives the subcommand's argument in its errors (its ``dest``); the other
# positionals have a metavar in the language already.
SUBCOMMAND = N_("command")

_FIELD = re.compile(r"\{(\w+)\}")


def _pattern(template: str) -> re.Pattern[str]:
    parts = _FIELD.split(template)  # literal, name, literal, name, ..., literal
    out = ""
    for i, part in enumerate(parts):
        out += re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
    return re.compile(out, re.DOTALL)


_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (_pattern(t), t) for t in ARGPARSE_MESSAGES
)


def argparse_message(message: str, tr: Translator) -> str:
    """One of argparse's English messages in ``tr``'s language (as it is when not one of them:
    the messages of this package's own argument types are in the language already)."""
    if tr is ENGLISH:
        return message
    for pattern, template in _PATTERNS:
        m = pattern.fullmatch(message)
        if m is not None:
            fields: dict[str, object] = dict(m.groupdict())
            if "message" in fields:  # "argument --x: <another of argparse's messages>"
                fields["message"] = argparse_message(str(fields["message"]), tr)
            argument = fields.get("argument")
            if isinstance(argument, str) and not argument.startswith("-"):
                fields["argument"] = tr.gettext(argument)  # a positional's name: "command"
            return tr.render(template, fields)
    return message


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """The help's layout as argparse's (descriptions kept as written), "usage:" translated."""

    def __init__(self, prog: str, tr: Translator = ENGLISH) -> None:
        super().__init__(prog)
        self.tr = tr

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        if prefix is None:
            prefix = self.tr.tr("usage: ")
        super().add_usage(usage, actions, groups, prefix)

    def start_section(self, heading: str | None) -> None:
        # argparse writes "heading:"; a language may punctuate it its own way ("titre :").
        if heading is not None:
            shown = self.tr.tr("{heading}:", heading=heading)
            heading = shown.removesuffix(":")
        super().start_section(heading)


class Parser(argparse.ArgumentParser):
    """argparse in ``tr``'s language, with its messages escaped (they quote what was typed) and
    bad input exiting 2. Its subcommands' parsers are made the same (``add_parser`` passes
    ``tr`` on)."""

    def __init__(self, *args: Any, tr: Translator = ENGLISH, **kwargs: Any) -> None:
        self.tr = tr
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = tr.tr("positional arguments")
        self._optionals.title = tr.tr("options")
        if add_help:
            self.add_argument(
                "-h",
                "--help",
                action="help",
                default=argparse.SUPPRESS,
                help=tr.tr("show this help message and exit"),
            )

    def _get_formatter(self) -> argparse.HelpFormatter:
        return HelpFormatter(self.prog, self.tr)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        if message:
            (file or sys.stderr).write(shown_lines(message))

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        said = argparse_message(message, self.tr)
        self.exit(
            EXIT_BAD_INPUT,
            self.tr.tr("{prog}: error: {message}", prog=self.prog, message=said) + "\n",
        )


def early_lang(argv: Sequence[str]) -> str:
    """The command line's language, read before its parser is made: the last ``--lang`` (or
    ``--lang=``, or a prefix argparse would take for it), else ``$MANASTACK_LANG`` (a warning
    on stderr when it names no language), else English. A ``--lang`` that names no language
    gives ``$MANASTACK_LANG``'s (quietly) or English here; the parser then refuses it."""
    found: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, eq, value = arg.partition("=")
        if len(name) >= 3 and "--lang".startswith(name):
            if not eq:
                value = argv[i + 1] if i + 1 < len(argv) else ""
            found = value
    if found is not None:
        if found in languages():
            return found
        try:  # not a language: the parser refuses it, in the environment's language if any
            return default_lang()
        except ValueError:
            return "en"
    return env_lang()


def env_lang() -> str:
    """``$MANASTACK_LANG`` if it names a language with a catalog, else English."""
    try:
        return default_lang()
    except ValueError as err:
        safe_print(f"manastack: {err} (${ENV_VAR}); English it is", file=sys.stderr)
        return "en"
