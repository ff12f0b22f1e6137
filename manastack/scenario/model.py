"""Typed data of a scenario file: the setup, the script, the expectations. No rules here.

In setup data, None means "the contract's default"; in expectations, None means "not checked".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeAlias

from manastack.errors import ManastackError
from manastack.i18n import Msg, Translator
from manastack.steps import STEP_NAMES, Step
from manastack.text import Command, Unparsed

REFUSAL_REASONS: tuple[str, ...] = (
    "timing",
    "priority",
    "target",
    "cost",
    "limit",
    "combat",
    "unknown",
)
"""The words a ``rejected:`` line may give (besides ``true``, which accepts any)."""

REFUSAL_REASONS_FR: dict[str, str] = {
    "moment": "timing",
    "priorité": "priority",
    "cible": "target",
    "coût": "cost",
    "limite": "limit",
    "combat": "combat",
    "inconnu": "unknown",
}
"""With ``lang: fr`` (docs/scenarios-fr.md), the French words ``rejected:`` may give, and the
refusal each one is; the English words stay valid."""

LANGS: tuple[str, ...] = ("en", "fr")
"""The languages of scenario files' commands (``lang:``, docs/scenarios-fr.md)."""

ZONES: tuple[str, ...] = ("library", "hand", "battlefield", "graveyard", "exile")
"""A player's zones, as the contract names them."""

DEFAULT_LIFE = 20
DEFAULT_LIBRARY_CARD = "Wastes"
DEFAULT_LIBRARY_SIZE = 20
"""A library left out of ``players`` is this many of this card, so nobody decks out by accident."""


class PointSyntaxError(ManastackError, ValueError):
    """Text that is not a point in time ``turn N STEP``: ``msg`` says why (``str`` is English)."""

    def __init__(self, template: str, **params: object) -> None:
        self.msg = Msg(template, **params)
        super().__init__(str(self.msg))

    def localized(self, tr: Translator | None = None) -> str:
        return self.msg.render(tr)


@dataclass(frozen=True, order=True)
class Point:
    """A point in time: a step of a turn, turns numbered for the whole game from 1."""

    turn: int
    step: Step

    def __str__(self) -> str:
        return f"turn {self.turn} {self.step.label}"


START = Point(1, Step.UNTAP)
"""Where a scenario without ``start`` begins."""

_POINT = re.compile(r"^\s*turn\s+(\S+)\s+(\S.*?)\s*$", re.IGNORECASE)


def parse_point(text: str) -> Point:
    """``turn N STEP``; STEP as the contract names it (``precombat main`` is accepted too).

    >>> parse_point("turn 2 upkeep")
    Point(turn=2, step=<Step.UPKEEP: 1>)
    """
    m = _POINT.match(text)
    if not m:
        raise PointSyntaxError(
            "bad point in time {text!r}: write 'turn N STEP', e.g. 'turn 2 upkeep'", text=text
        )
    turn, step = m.groups()
    if not (turn.isascii() and turn.isdigit()) or len(turn) > 6 or int(turn) < 1:
        raise PointSyntaxError(
            "bad turn number {turn!r} in {text!r}: turns count from 1", turn=turn, text=text
        )
    try:
        return Point(int(turn), Step.parse("_".join(step.split())))
    except ValueError:
        raise PointSyntaxError(
            "unknown step {step!r} in {text!r}; the steps are: {steps}",
            step=step,
            text=text,
            steps=", ".join(STEP_NAMES),
        ) from None


@dataclass(frozen=True)
class ObjSpec:
    """An object in a zone: a card name (the pool's spelling), and any fields the file gave.

    A face-down permanent is named by its real name. On the stack, an ability is named by its
    source.
    """

    card: str
    tapped: bool | None = None
    sick: bool | None = None
    damage: int | None = None
    power: int | None = None
    toughness: int | None = None
    # None: not given (setup: no counters; expect: not checked); {} means "no counters".
    counters: dict[str, int] | None = field(default=None, hash=False)
    controller: str | None = None
    face_down: bool | None = None

    @property
    def is_plain(self) -> bool:
        """True when the entry is only a name."""
        return self == ObjSpec(self.card)


Zone: TypeAlias = tuple[ObjSpec, ...]


@dataclass(frozen=True)
class PlayerSetup:
    """A player's starting state. ``library`` None means the default 20 Wastes."""

    name: str
    life: int | None = None  # None: the format's starting life (DEFAULT_LIFE; 30 in 2HG)
    library: Zone | None = None
    hand: Zone = ()
    battlefield: Zone = ()
    graveyard: Zone = ()
    exile: Zone = ()
    mana_pool: str = ""
    line: int = field(default=0, compare=False)

    def library_or_default(self) -> Zone:
        """The library, top first, with the contract's default filled in."""
        if self.library is not None:
            return self.library
        return (ObjSpec(DEFAULT_LIBRARY_CARD),) * DEFAULT_LIBRARY_SIZE


@dataclass(frozen=True)
class PlayerExpect:
    """What must hold for one player; None fields are not checked.

    Zones match as multisets, except ``library`` (top first, in order).
    """

    life: int | None = None
    library: Zone | None = None
    hand: Zone | None = None
    battlefield: Zone | None = None
    graveyard: Zone | None = None
    exile: Zone | None = None
    mana_pool: str | None = None
    lost: bool | None = None
    line: int = field(default=0, compare=False)
    # Line of each key, so that a failed check can point at what the file said.
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Expectation:
    """What must hold at a checkpoint or at the end; None fields are not checked.

    ``priority`` is a player's name or ``"none"``; ``winner`` is a name, ``"draw"`` or ``"none"``.
    ``stack`` is top first. ``log`` lists substrings that must appear in the log, in order.
    """

    players: dict[str, PlayerExpect] = field(default_factory=dict, hash=False)
    stack: Zone | None = None
    turn: int | None = None
    step: Step | None = None
    active: str | None = None
    priority: str | None = None
    winner: str | None = None
    log: tuple[str, ...] | None = None
    line: int = field(default=0, compare=False)
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)
    teams: dict[str, TeamExpect] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class TeamExpect:
    """What must hold for a team (contract extension T): its life (Two-Headed Giant's shared
    total) and whether it has lost."""

    life: int | None = None
    lost: bool | None = None
    line: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Team:
    """A team of a team game: its name and its players, in seat order (805.1)."""

    name: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class ScriptLine:
    """One decision by ``player``.

    ``rejected``: None when the engine must accept the line, True when any refusal will do, or the
    refusal word the engine must give. ``command`` is ``Unparsed`` only on a line that expects the
    refusal ``unknown`` (or any refusal) and whose text is not a command.
    """

    player: str
    command: Command | Unparsed
    text: str
    at: Point | None = None
    rejected: str | bool | None = None
    line: int = 0


@dataclass(frozen=True)
class Checkpoint:
    """``- expect: {...}`` in a script: checked when the script reaches it."""

    expect: Expectation
    line: int = 0


ScriptItem: TypeAlias = ScriptLine | Checkpoint


@dataclass(frozen=True)
class Scenario:
    """One scenario: players in turn order (the first is active on turn 1), script, expectations.

    ``start`` None means turn 1 untap; ``until`` None means "until the stack is empty after the
    script". ``source`` and ``line`` say where the scenario was written.
    """

    name: str
    rules: str = "current"
    seed: int | None = None
    players: tuple[PlayerSetup, ...] = ()
    start: Point | None = None
    script: tuple[ScriptItem, ...] = ()
    until: Point | None = None
    expect: Expectation | None = None
    source: str = ""
    line: int = 0
    description: str | None = None
    format: str = "free-for-all"  # contract extension T: "two-headed giant", "shared team turns"
    lang: str = "en"  # the language of the script's commands: en, fr (docs/scenarios-fr.md)
    teams: tuple[Team, ...] = ()

    @property
    def player_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    def player(self, name: str) -> PlayerSetup:
        """The setup of the player called ``name``; KeyError if there is none."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)
