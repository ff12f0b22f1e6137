"""From the January 2017 Oracle wording to today's, before parsing: the grammar then knows only
one wording for each thing. The printed text is kept apart for display.

>>> normalise_line("Lightning Bolt deals 3 damage to target creature or player.", "Lightning Bolt")
'~ deals 3 damage to any target.'
>>> normalise_line("{T}: Add {G} to your mana pool. (Reminder.)", "Llanowar Elves")
'{T}: Add {G}.'
"""

from __future__ import annotations

import re

_REMINDER = re.compile(r"\s*\([^()]*\)")
# (old wording, today's), applied in order.
_WORDING: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(old), new)
    for old, new in (
        (r"\btarget creature or player\b", "any target"),
        (r"\benters the battlefield\b", "enters"),
        (r"\benter the battlefield\b", "enter"),
        (r" to your mana pool\b", ""),
        (r" to its controller's mana pool\b", ""),
        (r"\bhis or her\b", "their"),
        (r"\bhim or her\b", "them"),
        (r"\bhe or she\b", "they"),
        (r"\bconverted mana cost\b", "mana value"),
        (
            r"\bput (an?|one|two|three|four|five|X|that many) (.*?tokens?) onto the battlefield\b",
            r"create \1 \2",
        ),
        (
            r"\bActivate this ability only any time you could cast a sorcery\b",
            "Activate only as a sorcery",
        ),
        (r"\bActivate this ability only\b", "Activate only"),
    )
)


def strip_reminder(line: str) -> str:
    """Reminder text (parenthesised) says nothing the rules need."""
    prev = None
    while prev != line:
        prev, line = line, _REMINDER.sub("", line)
    return line.strip()


def self_names(name: str, legendary: bool = False) -> tuple[str, ...]:
    """How the card's text names itself: its name, and for a legendary name with a comma or
    "the", the short form before it (Thalia, Guardian of Thraben -> Thalia)."""
    out = [name]
    short = re.split(r", | the ", name, maxsplit=1)[0]
    if legendary and short != name and len(short) > 2:
        out.append(short)
    return tuple(out)


def normalise_line(line: str, name: str, legendary: bool = False) -> str:
    line = strip_reminder(line)
    for pat, new in _WORDING:
        line = pat.sub(new, line)
    for n in self_names(name, legendary):
        line = _replace_word(line, n)
    return line.strip()


def _replace_word(line: str, name: str) -> str:
    """``name`` -> ``~`` where it stands as whole words (a regular expression per card name
    would be compiled 16,000 times)."""
    out = []
    i = 0
    while True:
        j = line.find(name, i)
        if j < 0:
            out.append(line[i:])
            return "".join(out)
        k = j + len(name)
        before_ok = j == 0 or not (line[j - 1].isalnum() or line[j - 1] == "'")
        after_ok = k == len(line) or not line[k].isalnum()
        out.append(line[i:j] + ("~" if before_ok and after_ok else name))
        i = k


def normalise(text: str, name: str, legendary: bool = False) -> list[str]:
    """The card's lines in today's wording, the card's name written ``~``; empty lines dropped
    (a line that was only reminder text)."""
    out = [normalise_line(line, name, legendary) for line in text.split("\n")]
    return [line for line in out if line]
