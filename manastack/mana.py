"""Mana: symbols, costs, pools and automatic payment (106, 107.4, 601.2f-h).

A pool is a list of six counts in WUBRGC order. A cost is generic + coloured symbols.

>>> c = ManaCost.parse("{1}{U}{U}")
>>> c, c.mana_value
(ManaCost.parse('{1}{U}{U}'), 3)
>>> can_pay(c, [0, 1, 0, 0, 0, 0], [frozenset("U"), frozenset("U")])
True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import field

from manastack.frozen import dataclass

COLORS = "WUBRGC"
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
COLOR_NAMES = {
    "W": "white",
    "U": "blue",
    "B": "black",
    "R": "red",
    "G": "green",
    "C": "colorless",
}
_LETTER = {name.upper(): letter for letter, name in COLOR_NAMES.items()}


def color_letter(text: str) -> str:
    """``"red"`` or ``"R"`` -> ``"R"``; anything else comes back as typed (upper-cased), for
    the caller to refuse.

    >>> color_letter(" Green "), color_letter("u"), color_letter("WU")
    ('G', 'U', 'WU')
    """
    t = text.strip().upper()
    return _LETTER.get(t, t)


_SYMBOL = re.compile(r"\{([^}]+)\}")

Pool = list[int]


def empty_pool() -> Pool:
    return [0, 0, 0, 0, 0, 0]


def pool_from_text(text: str) -> Pool:
    """``"BBC"`` -> a pool with two black and one colorless; raises ValueError on other letters."""
    pool = empty_pool()
    for ch in text.replace(" ", "").upper():
        if ch not in COLOR_INDEX:
            raise ValueError(f"unknown mana symbol {ch!r} (use W U B R G C)")
        pool[COLOR_INDEX[ch]] += 1
    return pool


def pool_text(pool: Sequence[int]) -> str:
    """The pool as letters in WUBRGC order: ``"BBB"``; empty string for an empty pool."""
    return "".join(COLORS[i] * n for i, n in enumerate(pool))


_HYBRID = re.compile(r"([WUBRG2])/([WUBRG])")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost: ``generic`` plus coloured (and {C}) symbols, the number of {X}, and the
    hybrid symbols (107.4e), each as its two halves: ``"GW"`` for {G/W}, ``"2W"`` for {2/W}."""

    generic: int = 0
    colored: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    x: int = 0
    hybrid: tuple[str, ...] = ()
    # Derived once: a cost is asked whether it can be paid at every priority (casting's
    # ``affordable``), which needs its number of symbols and its hash. The hash is of numbers
    # only (the hybrid symbols counted), so that it is the same in every process.
    symbols: int = field(init=False, compare=False, repr=False)
    hashed: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        n_hybrid = len(self.hybrid)
        object.__setattr__(self, "symbols", self.generic + sum(self.colored) + n_hybrid)
        object.__setattr__(self, "hashed", hash((self.generic, self.colored, self.x, n_hybrid)))

    def __hash__(self) -> int:
        return self.hashed

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        generic = 0
        colored = [0] * 6
        x = 0
        hybrid: list[str] = []
        for sym in _SYMBOL.findall(text):
            s = sym.upper()
            if s.isdigit():
                generic += int(s)
            elif s == "X":
                x += 1
            elif s in COLOR_INDEX:
                colored[COLOR_INDEX[s]] += 1
            elif _HYBRID.fullmatch(s) and s[0] != s[2]:
                hybrid.append(s[0] + s[2])
            else:
                raise ValueError(f"unsupported mana symbol {{{sym}}} in {text!r}")
        return cls(
            generic,
            (colored[0], colored[1], colored[2], colored[3], colored[4], colored[5]),
            x,
            tuple(hybrid),
        )

    @property
    def mana_value(self) -> int:
        """202.3: the total of the symbols; X counts as 0 off the stack; a hybrid symbol
        counts its larger half (202.3f: {2/W} is 2)."""
        return self.generic + sum(self.colored) + sum(2 if h[0] == "2" else 1 for h in self.hybrid)

    @property
    def colors(self) -> frozenset[str]:
        """105.2: a card's colours come from the coloured symbols of its cost (both colours of
        a hybrid symbol, 105.2 / 202.2)."""
        out = frozenset(COLORS[i] for i in range(5) if self.colored[i])
        if self.hybrid:
            out |= frozenset(c for h in self.hybrid for c in h if c in COLORS)
        return out

    def plus_generic(self, n: int) -> ManaCost:
        return ManaCost(max(0, self.generic + n), self.colored, self.x, self.hybrid)

    def with_x(self, value: int) -> ManaCost:
        return ManaCost(self.generic + value * self.x, self.colored, 0, self.hybrid)

    def paid_as(self, halves: Sequence[int]) -> ManaCost:
        """107.4e: the cost with hybrid symbol k paid by its half ``halves[k]`` (0 or 1)."""
        generic = self.generic
        colored = list(self.colored)
        for h, k in zip(self.hybrid, halves, strict=True):
            c = h[k]
            if c == "2":
                generic += 2
            else:
                colored[COLOR_INDEX[c]] += 1
        return ManaCost(
            generic,
            (colored[0], colored[1], colored[2], colored[3], colored[4], colored[5]),
            self.x,
        )

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or not (any(self.colored) or self.x or self.hybrid):
            parts.append(f"{{{self.generic}}}")
        parts.extend(f"{{{h[0]}/{h[1]}}}" for h in self.hybrid)
        for i, n in enumerate(self.colored):
            parts.extend([f"{{{COLORS[i]}}}"] * n)
        return "".join(parts)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"


def plan_payment(
    cost: ManaCost, pool: Sequence[int], sources: Sequence[frozenset[str]]
) -> tuple[Pool, list[tuple[int, str]]] | None:
    """Find how to pay ``cost`` from ``pool`` and then ``sources`` (one mana each, of one of the
    given colours). Returns (mana taken from the pool, [(source index, colour)]) or None.

    Deterministic: the pool is used first (coloured symbols first, then generic from the mana the
    cost needs least), then sources in the order given, the least flexible first for coloured
    symbols. Hybrid symbols (107.4e): each way of paying them is tried in turn, the first
    halves first.
    """
    if cost.hybrid:
        n = len(cost.hybrid)
        for mask in range(1 << min(n, 8)):
            halves = [(mask >> k) & 1 if k < 8 else 0 for k in range(n)]
            plan = plan_payment(cost.paid_as(halves), pool, sources)
            if plan is not None:
                return plan
        return None
    left = list(pool)
    taken = empty_pool()
    need = list(cost.colored)
    # Coloured (and {C}) symbols from the pool.
    for i in range(6):
        use = min(need[i], left[i])
        need[i] -= use
        left[i] -= use
        taken[i] += use
    # Coloured symbols from sources, one source each: a matching (Taiga and Plateau pay
    # {R}{G}, whichever comes first). Each symbol takes the least flexible free source that
    # makes its colour; when none is free, one taken is freed if its symbol can move.
    symbols = [COLORS[i] for i in range(6) for _ in range(need[i])]
    owner = [-1] * len(sources)  # the symbol each source pays, -1: free
    choice = [-1] * len(symbols)
    for j in range(len(symbols)):
        if not _match(j, symbols, sources, owner, choice, set()):
            return None
    used = [(choice[j], symbols[j]) for j in range(len(symbols))]
    free = [k for k in range(len(sources)) if owner[k] < 0]
    generic = cost.generic
    # Generic from the pool: colorless first, then the colours in reverse WUBRG order.
    for i in (5, 4, 3, 2, 1, 0):
        if not generic:
            break
        use = min(generic, left[i])
        generic -= use
        left[i] -= use
        taken[i] += use
    if generic > len(free):
        return None
    for k in free[:generic]:
        used.append((k, _any_colour(sources[k])))
    return taken, used


def _match(
    j: int,
    symbols: list[str],
    sources: Sequence[frozenset[str]],
    owner: list[int],
    choice: list[int],
    seen: set[int],
) -> bool:
    """Give symbol ``j`` a source: the least flexible free one making its colour, else one
    whose symbol can take another source (an augmenting path: the matching grows by one)."""
    colour = symbols[j]
    fits = sorted(
        (k for k in range(len(sources)) if colour in sources[k] and k not in seen),
        key=lambda k: len(sources[k]),
    )
    for k in fits:
        if owner[k] < 0:
            owner[k] = j
            choice[j] = k
            return True
    for k in fits:
        if k in seen:
            continue  # looked at deeper down this search already
        seen.add(k)
        if _match(owner[k], symbols, sources, owner, choice, seen):
            owner[k] = j
            choice[j] = k
            return True
    return False


def _any_colour(colours: frozenset[str]) -> str:
    for c in "CWUBRG":
        if c in colours:
            return c
    raise ValueError("a mana source with no colour")


def can_pay(cost: ManaCost, pool: Sequence[int], sources: Sequence[frozenset[str]]) -> bool:
    return plan_payment(cost, pool, sources) is not None
