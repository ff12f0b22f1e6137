"""The keyword families the compiler reads beyond single words (702): protection from a
quality, and the keywords with a cost. Kept apart from :mod:`manastack.oracle.grammar`, which
only calls in here (as the compiler and the renderer do), with the words back for the renderer
beside each form.
"""

from __future__ import annotations

import re

from manastack.layers import protection_subtype

# --- protection (702.16) ----------------------------------------------------------------------

_COLORS = ("white", "blue", "black", "red", "green")
# The qualities other than one colour or a subtype, as "protection from ..." writes them.
PROTECTION_QUALITIES = (
    "all colors",
    "multicolored",
    "monocolored",
    "everything",
    "creatures",
    "artifacts",
    "enchantments",
    "lands",
    "instants",
)
_FROM = re.compile(r", and from |, from | and from ")
# Subtypes a protection ability may name (205.3): a creature type or Arcane, capitalised.
_SUBTYPE_WORD = re.compile(r"[A-Z][a-z]+")


def protection(piece: str) -> tuple[str, ...] | None:
    """702.16a / 702.16g: ``protection from black and from red`` -> the two keywords
    ``protection from black``, ``protection from red``; a colour, a quality of
    :data:`PROTECTION_QUALITIES` or a capitalised creature type in the plural (``Goblins``).
    None if ``piece`` is not one of those."""
    if not piece.lower().startswith("protection from "):
        return None
    out: list[str] = []
    for q in _FROM.split(piece[len("protection from ") :]):
        low = q.lower()
        named = low in _COLORS or low in PROTECTION_QUALITIES
        subtype = _SUBTYPE_WORD.fullmatch(q) is not None and (
            q.endswith("s") or protection_subtype(q) == q
        )
        if not (named or subtype):
            return None
        out.append("protection from " + low)
    if len(set(out)) != len(out):
        return None
    return tuple(out)


def join_protection(words: list[str]) -> list[str]:
    """The render's side of :func:`protection`: consecutive protection keywords written as one
    ("protection from black and from red", "protection from a, from b, and from c")."""
    out: list[str] = []
    run: list[str] = []
    for w in [*words, ""]:
        if w.startswith("protection from "):
            run.append(w[len("protection from ") :])
            continue
        if run:
            if len(run) <= 2:
                out.append("protection from " + " and from ".join(run))
            else:
                out.append("protection from " + ", from ".join(run[:-1]) + ", and from " + run[-1])
            run = []
        if w:
            out.append(w)
    return out
