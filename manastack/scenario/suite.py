"""Finding and running scenario files; one report format for the CLI and the pytest plugin."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from manastack import cards
from manastack.errors import InputError
from manastack.i18n import ENGLISH, Translator, cardnames
from manastack.scenario.loader import load_scenarios
from manastack.scenario.model import Scenario
from manastack.scenario.runner import Result, run
from manastack.text import CardNames
from manastack.textfile import path_kind, source_name

SUFFIX = ".scenario.yaml"
_NAMES: CardNames | None = None


def card_names() -> CardNames:
    global _NAMES
    if _NAMES is None:
        _NAMES = cardnames.index(cards.playable_names())
    return _NAMES


def find_files(paths: Iterable[str | Path]) -> Iterator[Path | InputError]:
    """The scenario files named, folders searched for ``*.scenario.yaml``; a path that can't be
    used (missing, too long, a FIFO or device ...) comes as its InputError, in its place."""
    for raw in paths:
        try:
            kind = path_kind(raw)
        except InputError as err:
            yield err
            continue
        if kind == "folder":
            try:
                yield from sorted(Path(raw).rglob(f"*{SUFFIX}"))
            except OSError as err:
                yield InputError(
                    source_name(raw),
                    None,
                    "can't list the folder: {strerror}",
                    strerror=err.strerror,
                )
        else:
            yield Path(raw)


@dataclass
class FileOutcome:
    path: Path
    error: InputError | None
    results: list[Result]


def load(path: Path, lang: str = "en") -> list[Scenario]:
    """The file's scenarios; ``lang`` is the commands' language where a file has no ``lang:``."""
    return load_scenarios(path, card_names(), lang)


def run_file(path: Path, lang: str = "en") -> FileOutcome:
    try:
        scenarios = load(path, lang)
    except InputError as e:
        return FileOutcome(path, e, [])
    return FileOutcome(path, None, [run(sc) for sc in scenarios])


def failure_report(r: Result, tail: int = 15, t: Translator | None = None) -> str:
    """The first difference, the decision pending if a line was missing, and the log's tail;
    in ``t``'s language (English, the log in the game's language, by default)."""
    tr = t or ENGLISH
    lines = [r.failure_text(t) or tr.tr("failed")]
    if r.game is not None:
        lines.append(tr.tr("  last {n} log lines:", n=tail))
        lines.extend(f"    {e if t is None else e.line(t)}" for e in r.game.log[-tail:])
    return "\n".join(lines)
