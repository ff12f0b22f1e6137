"""Decklists: COUNT NAME lines, comments, errors naming their line."""

from __future__ import annotations

from pathlib import Path

import pytest

from manastack.decklist import MAX_DECK_CARDS, Decklist, load_decklist, parse_decklist
from manastack.errors import InputError
from tests.budget import within_calls

NAMES = (
    "Forest",
    "Mountain",
    "Llanowar Elves",
    "Grizzly Bears",
    "Lightning Bolt",
    "Thalia, Guardian of Thraben",
)


def parse(text: str) -> Decklist:
    return parse_decklist(text, "deck.txt", NAMES)


def test_counts_comments_and_blank_lines() -> None:
    deck = parse("""\
# Stompy
4 Llanowar Elves
2x Grizzly Bears   # the bears

3 X lightning  bolt
1 Thalia, Guardian of Thraben
10 Forest
""")
    assert deck.entries == (
        (4, "Llanowar Elves"),
        (2, "Grizzly Bears"),
        (3, "Lightning Bolt"),
        (1, "Thalia, Guardian of Thraben"),
        (10, "Forest"),
    )
    assert deck.total == 20
    assert deck.cards()[:6] == ["Llanowar Elves"] * 4 + ["Grizzly Bears"] * 2
    assert len(deck.cards()) == 20


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("4 Forest\nForest\n", 2, "expected 'COUNT NAME'"),
        ("4 Forest\n\n# c\nfour Forest\n", 4, "expected 'COUNT NAME'"),
        ("4 Forest\n-1 Forest\n", 2, "expected 'COUNT NAME'"),
        ("0 Forest\n", 1, "at least 1"),
        ("4\n", 1, "expected 'COUNT NAME'"),
        (
            "2 Forest\n4 Grizly Bears\n",
            2,
            "unknown card 'Grizly Bears' (did you mean Grizzly Bears",
        ),
        ("1 Black Lotus\n", 1, "unknown card 'Black Lotus'"),
        (f"{MAX_DECK_CARDS + 1} Forest\n", 1, f"more than {MAX_DECK_CARDS} cards"),
        ("5000 Forest\n5000 Mountain\n1 Forest\n", 3, f"more than {MAX_DECK_CARDS} cards"),
        ("9" * 5000 + " Forest\n", 1, f"more than {MAX_DECK_CARDS} cards"),
    ],
)
def test_errors_name_the_line(text: str, line: int, fragment: str) -> None:
    with within_calls(1_000_000), pytest.raises(InputError) as info:
        parse(text)
    assert info.value.source == "deck.txt"
    assert info.value.line == line
    assert fragment in info.value.message


def test_exactly_the_limit_is_fine() -> None:
    assert parse(f"{MAX_DECK_CARDS} Forest").total == MAX_DECK_CARDS


def test_empty_deck() -> None:
    with pytest.raises(InputError, match="no cards"):
        parse("# nothing\n\n")


def test_load_decklist(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("\ufeff20 Forest\n20 Mountain\n", encoding="utf-8")
    deck = load_decklist(path, NAMES)
    assert deck.total == 40
    path.write_bytes(b"20 Forest\n20 Mount\xe9in\n")
    with pytest.raises(InputError) as info:
        load_decklist(path, NAMES)
    assert info.value.line == 2 and "UTF-8" in info.value.message
    with pytest.raises(InputError, match="can't read"):
        load_decklist(tmp_path / "missing.txt", NAMES)
