"""The optional compiled build: ``MANASTACK_COMPILE=1 pip install .`` compiles the engine with
mypyc from the same source (as black ships itself); a plain ``pip install .`` builds the pure
Python package, needs no C compiler and no mypy. Everything else is in pyproject.toml.

With ``MANASTACK_COMPILE=1`` the build asks for mypy and the typed libraries it reads
(``setup_requires``: pip installs them into the isolated build environment) and needs a C
compiler; without one it stops with one line saying so.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent

# Modules left interpreted in the compiled build, and why (docs/architecture.md lists them):
# - the package's __init__ (it tells which build runs: COMPILED) and the command line, the
#   terminal game, the scenario runner, records, simulate's driver and the text layer: not in
#   a game's hot path, they lean on rich, YAML, argparse and files, and tests monkeypatch them;
# - env/ and sim/: their classes subclass PettingZoo's, OpenSpiel's and Ray's (a compiled class
#   can't inherit from an interpreted one), and they load optional libraries;
# - oracle/: the Oracle-text compiler runs once per card, not per decision;
# - safetext.py: escaping for output (its tables hold lone surrogates, which mypyc refuses in
#   string literals);
# - the pools (cards/pool1.py, pool2.py): declarations run once at import, which compiled
#   would be most of the C code (and of the compile time) for no gain in a game; likewise the
#   card descriptions (cardinfo.py), decklists and random decks, user files (textfile.py) and
#   dumps (serialize.py: save/load, not the clone), none of them run per decision;
# - frozen.py: the decorator the pure build's frozen dataclasses are made with; to mypy and
#   mypyc it is ``dataclasses.dataclass`` (a TYPE_CHECKING import), so compiled it would have
#   no runtime definition, and the compiled build's own classes go to the standard one anyway;
# - invariants.py: the fully checked mode raises an AssertionError subclass (mypyc compiles no
#   subclass of a built-in exception other than Exception's family it knows).
INTERPRETED = (
    "manastack/__init__.py",
    "manastack/__main__.py",
    "manastack/invariants.py",
    "manastack/frozen.py",
    "manastack/cli.py",
    "manastack/cli_args.py",
    "manastack/play.py",
    "manastack/record.py",
    "manastack/simulate.py",
    "manastack/scenario/",
    "manastack/text/",
    "manastack/env/",
    "manastack/sim/",
    "manastack/oracle/",
    "manastack/safetext.py",
    "manastack/cards/__init__.py",  # its module __getattr__ (the pools declared on first use)
    "manastack/cards/pool1.py",
    "manastack/cards/pool2.py",
    "manastack/cardinfo.py",
    "manastack/decklist.py",
    "manastack/deckgen.py",
    "manastack/textfile.py",
    "manastack/serialize.py",
)

WANTED = ("1", "true", "yes")
BUILD_NEEDS = ["mypy>=1.10,<2", "rich>=13.0", "PyYAML>=6.0", "types-PyYAML>=6.0"]


def compiled_modules() -> list[str]:
    """The modules mypyc compiles: every module of the package but those above."""
    out = []
    for path in sorted((ROOT / "manastack").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not any(rel == x or (x.endswith("/") and rel.startswith(x)) for x in INTERPRETED):
            out.append(rel)
    return out


def _options() -> dict[str, object]:
    if os.environ.get("MANASTACK_COMPILE", "").lower() not in WANTED:
        return {}
    compiler = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        sys.exit("MANASTACK_COMPILE=1: no C compiler found (install gcc or clang, or set CC)")
    try:
        from mypyc.build import mypycify
    except ImportError:
        # The first pass of a PEP 517 build asks what the build needs: mypy, and the typed
        # libraries mypy reads while it checks the modules it compiles.
        return {"setup_requires": BUILD_NEEDS}
    os.chdir(ROOT)  # mypyc names modules by their path from here
    # One extension for the whole engine (mypyc's ``separate=True``, an extension a module, fails
    # at import with mypy 2.4: a RecursionError as the package loads).
    return {"ext_modules": mypycify(compiled_modules(), opt_level="2", debug_level="0")}


setup(**_options())  # type: ignore[arg-type]
