"""Why a card is refused: the line, the fragment not understood, and a reason from a short list
(so that ``manastack cards --coverage`` can count them)."""

from __future__ import annotations

from manastack.frozen import dataclass

# The reasons, as counted by the coverage report.
UNPARSED = "unparsed clause"
MANA_SYMBOL = "unsupported mana symbol"
STAR_PT = "`*` power or toughness"
LAYOUT = "unsupported layout"
KEYWORD = "keyword the engine lacks"
CARD_TYPE = "unsupported card type"
SUPERTYPE = "unsupported supertype"
REASONS = (UNPARSED, MANA_SYMBOL, STAR_PT, LAYOUT, KEYWORD, CARD_TYPE, SUPERTYPE)


@dataclass(frozen=True, slots=True)
class Refusal:
    """A card the compiler does not make: nothing of it is compiled (no partial cards)."""

    name: str
    reason: str
    line: str
    fragment: str

    def __str__(self) -> str:
        where = f" in {self.line!r}" if self.line and self.line != self.fragment else ""
        return f"{self.reason}: {self.fragment!r}{where}"


class Refused(Exception):
    """Raised inside the compiler at the first thing it cannot do exactly."""

    def __init__(self, reason: str, fragment: str, line: str = "") -> None:
        super().__init__(f"{reason}: {fragment!r}")
        self.reason = reason
        self.fragment = fragment
        self.line = line
