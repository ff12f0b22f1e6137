"""The README's Python example runs as written (issue 12), so it can't drift from the API."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

from manastack import Game

ROOT = Path(__file__).resolve().parent.parent


def test_the_python_api_example_runs_as_written() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The Python API", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None
    code = match.group(1)
    out = io.StringIO()
    old = os.getcwd()
    os.chdir(ROOT)  # the example names decks/ from the repository's root
    try:
        namespace: dict[str, object] = {}
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), namespace)
    finally:
        os.chdir(old)
    game = namespace["g"]
    assert isinstance(game, Game) and game.is_over
    assert "the game begins" in out.getvalue() or "plays first" in out.getvalue()
