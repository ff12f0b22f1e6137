"""Safe output: text that came from a file or a person is shown escaped.

A name in a record or a scenario file, a path, a typed line may hold anything: a lone
surrogate (which can't be encoded, so printing it raises), control characters, or a terminal
escape sequence (ESC, or the one-byte CSI U+009B) that would reach the terminal as is and
rewrite the screen. ``shown`` writes each of them as a Python-style escape (``\\x1b``,
``\\ud800``); everything else, accented letters included, is left alone.

>>> shown("bob\\x1b[2J")
'bob\\\\x1b[2J'
>>> shown("\\ud800")
'\\\\ud800'
>>> shown_lines("line 1\\nline\\x072")
'line 1\\nline\\\\x072'
"""

from __future__ import annotations

import re
import sys
from typing import Any, TextIO

from rich.console import Console, ConsoleRenderable, RenderHook
from rich.rule import Rule
from rich.text import Text

# C0 controls, DEL, C1 controls, lone surrogates, and the bidirectional overrides and isolates
# (which can make a line read differently from what it holds).
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\u2028\u2029]")
_UNSAFE_KEEP_LINES = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069\u2028\u2029]"
)


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` on one line, every unsafe character escaped (newlines and tabs too)."""
    return _UNSAFE.sub(_escape, text)


def shown_lines(text: str) -> str:
    """``text`` with its newlines and tabs kept and every other unsafe character escaped: for
    whole blocks of output (a log, a report) built from names that were not escaped."""
    return _UNSAFE_KEEP_LINES.sub(_escape, text)


class _SafeHook(RenderHook):
    """Escapes every Text a console is about to render (strings become Text before hooks run),
    so no caller can forget: names reach the terminal escaped, whatever printed them."""

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_safe_renderable(r) for r in renderables]


def _safe_text(t: Text) -> Text:
    plain = t.plain
    safe = shown_lines(plain)
    if safe == plain:
        return t
    # The escapes change the length, so the spans can't be kept; the whole Text's style is.
    return Text(safe, style=t.style, justify=t.justify, overflow=t.overflow, end=t.end)


def _safe_renderable(r: ConsoleRenderable) -> ConsoleRenderable:
    if isinstance(r, Text):
        return _safe_text(r)
    if isinstance(r, Rule) and isinstance(r.title, Text | str):
        title = r.title if isinstance(r.title, Text) else Text(r.title)
        r.title = _safe_text(title)
    return r


def safe_console(**kwargs: Any) -> Console:
    """A rich Console whose output is escaped (``shown_lines``) and never raises on encoding."""
    return make_safe(Console(**kwargs))


def make_safe(console: Console) -> Console:
    """``console``, its output escaped from now on (once, however often it is called)."""
    if not any(isinstance(h, _SafeHook) for h in console._render_hooks):
        console.push_render_hook(_SafeHook())
    return console


def safe_print(text: str, file: TextIO | None = None) -> None:
    """``print`` for plain messages (to stderr, mostly), escaped."""
    print(shown_lines(text), file=file if file is not None else sys.stdout)
