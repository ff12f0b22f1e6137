"""The messages of the source: every template given to a marker call, found by reading the
code (no import). Used by ``tools/i18n.py`` (to write the catalogs' template) and the tests
(every message has a translation; no message is an f-string, which no catalog can hold).

The marker calls and the position of their template::

    g.emit(kind, TEMPLATE, rule, **params)      IllegalAction(reason, TEMPLATE, rule, **params)
    Msg(TEMPLATE, **params)    N_(TEMPLATE)    tr(TEMPLATE, ...)    game.tr(TEMPLATE, ...)
    InputError(source, line, TEMPLATE, ...)      RecordError(TEMPLATE, ...)
    PointSyntaxError(TEMPLATE, ...)              _Bad(TEMPLATE, ...)  (a command's syntax)
    walk.fail(node, TEMPLATE, ...)               (the scenario loader)
    TargetSpec(TEXT, ...)  (a card's target phrase: translated where the catalog has it)
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

# The marker calls: the name called, and the position of the template among its arguments.
MARKERS: dict[str, int] = {
    "emit": 1,
    "IllegalAction": 1,
    "InputError": 2,
    "Msg": 0,
    "N_": 0,
    "tr": 0,
    "TargetSpec": 0,
    "_Bad": 0,
    "PointSyntaxError": 0,
    "fail": 1,
    "RecordError": 0,
}

PACKAGE = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Found:
    """A template (``msgid``), or an f-string where a template should be (``msgid`` None)."""

    msgid: str | None
    path: str
    line: int


def _called(node: ast.Call) -> str | None:
    f = node.func
    if isinstance(f, ast.Attribute):
        return f.attr
    if isinstance(f, ast.Name):
        return f.id
    return None


def scan_source(source: str, path: str) -> list[Found]:
    """The templates of one module's source, in order."""
    out: list[Found] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _called(node)
        if name is None or name not in MARKERS:
            continue
        pos = MARKERS[name]
        if len(node.args) <= pos:
            continue
        out.extend(_templates(node.args[pos], path, node.lineno))
    out.sort(key=lambda f: f.line)
    return out


def _templates(arg: ast.expr, path: str, line: int) -> list[Found]:
    """The template(s) of one argument: a string, or each branch of ``A if cond else B``
    (singular and plural, "an"/"a": one template each)."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return [Found(arg.value, path, line)]
    if isinstance(arg, ast.IfExp):
        return _templates(arg.body, path, line) + _templates(arg.orelse, path, line)
    if isinstance(arg, ast.JoinedStr | ast.BinOp):
        return [Found(None, path, line)]
    return []


def scan(root: Path = PACKAGE) -> list[Found]:
    """Every template under ``root`` (the package), module by module."""
    found: list[Found] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root.parent).as_posix()
        found.extend(scan_source(path.read_text(encoding="utf-8"), rel))
    return found


def messages(root: Path = PACKAGE) -> dict[str, list[tuple[str, int]]]:
    """Each template and where it is used."""
    out: dict[str, list[tuple[str, int]]] = {}
    for f in scan(root):
        if f.msgid is not None:
            out.setdefault(f.msgid, []).append((f.path, f.line))
    return out
