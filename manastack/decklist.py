"""Decklists: ``COUNT NAME`` per line (``4 Lightning Bolt`` or ``4x Lightning Bolt``).

``#`` starts a comment; blank lines are skipped. Names are checked against the card pool, without
regard to case, and stored in the pool's spelling. A card may also be named by its French name
(``4 Colère de Dieu``; accents optional), stored under its English name
(``manastack.i18n.cardnames``).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from manastack.errors import LONGEST_NAME, InputError, quote_name
from manastack.i18n import Msg, cardnames
from manastack.textfile import read_text

MAX_DECK_CARDS = 10_000
"""A larger deck is refused as soon as its count passes this, before any list is built."""
MAX_DECK_FILE_BYTES = 1024 * 1024
MIN_DECK_CARDS = 40
"""100.2a: a limited deck has at least 40 cards (a constructed one 60). ``play`` and
``simulate`` refuse smaller decks unless told ``--any-deck-size``; the library doesn't."""


def check_deck_size(cards: list[str], source: str) -> None:
    """Refuse a deck under ``MIN_DECK_CARDS`` (an InputError naming the file and the rule)."""
    if len(cards) < MIN_DECK_CARDS:
        if len(cards) == 1:
            raise InputError(
                source,
                None,
                "the deck has 1 card; a deck needs at least {least} (100.2a; "
                "--any-deck-size plays it anyway)",
                least=MIN_DECK_CARDS,
            )
        raise InputError(
            source,
            None,
            "the deck has {count} cards; a deck needs at least {least} (100.2a; "
            "--any-deck-size plays it anyway)",
            count=len(cards),
            least=MIN_DECK_CARDS,
        )


_LINE = re.compile(r"^([0-9]+)(?:\s*[x×])?\s+(\S.*?)$", re.IGNORECASE)


@dataclass(frozen=True)
class Decklist:
    """A deck as written: (count, card name) entries in file order."""

    entries: tuple[tuple[int, str], ...]

    @property
    def total(self) -> int:
        """How many cards the deck holds."""
        return sum(n for n, _ in self.entries)

    def cards(self) -> list[str]:
        """Every card, one name per card, in file order.

        >>> deck = parse_decklist("2 Forest\\n1x Grizzly Bears", "d", ["Forest", "Grizzly Bears"])
        >>> deck.cards()
        ['Forest', 'Forest', 'Grizzly Bears']
        """
        return [name for n, name in self.entries for _ in range(n)]


def parse_decklist(text: str, source: str, card_names: Collection[str]) -> Decklist:
    """Parse decklist text; ``source`` names it in errors (``InputError`` with the line).

    >>> parse_decklist("4 Colere de dieu\\n2 Forest", "d", ["Wrath of God", "Forest"]).entries
    ((4, 'Wrath of God'), (2, 'Forest'))
    """
    pool = cardnames.index(card_names)
    entries: list[tuple[int, str]] = []
    total = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        # Card names never contain '#', so everything after one is a comment.
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _LINE.match(line)
        if not m:
            raise InputError(
                source,
                number,
                "expected 'COUNT NAME', like '4 Lightning Bolt', got {got}",
                got=repr(line),
            )
        digits, name = m.groups()
        # Compare lengths before int(): a count of thousands of digits must fail fast.
        count = int(digits) if len(digits) <= 6 else MAX_DECK_CARDS + 1
        if count < 1:
            raise InputError(
                source, number, "the count must be at least 1, got {digits}", digits=digits
            )
        total += count
        if total > MAX_DECK_CARDS:
            raise InputError(
                source,
                number,
                "the deck has more than {n} cards",
                n=MAX_DECK_CARDS,
            )
        canonical = pool.canonical(name)
        if canonical is None:
            close = pool.suggest(name) if len(name) <= LONGEST_NAME else []
            hint: str | Msg = ""
            if close:
                hint = Msg(" (did you mean {names}?)", names=", ".join(close))
            raise InputError(
                source,
                number,
                "unknown card {name}{hint}",
                name=quote_name(name),
                hint=hint,
            )
        entries.append((count, canonical))
    if not entries:
        raise InputError(source, None, "the decklist names no cards")
    return Decklist(tuple(entries))


def load_decklist(path: str | Path, card_names: Collection[str]) -> Decklist:
    """Parse a decklist file (UTF-8); see ``parse_decklist``."""
    source = str(path)
    text = read_text(path, MAX_DECK_FILE_BYTES)
    return parse_decklist(text, source, card_names)
