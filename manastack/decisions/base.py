"""A decision the game waits for, as an object (the ``WaitingFor`` of the engine).

Each kind of decision is one class, written beside the rules that ask it (``combat.py`` asks for
attackers, ``sba.py`` which legend to keep ...). The class holds the decision's data as typed
fields and says, in one place, everything about it: the options it offers (``options``), the
sentence that asks it (``prompt``), how an answer is carried out (``answer``), and what happens
when a player leaves the game while it waits (``player_left``). The engine only calls these.

A decision is plain data: ``copy`` makes an independent one (for ``GameState.clone``), ``fields``
gives its data as JSON-able values and ``from_fields`` rebuilds it (for dumps).
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from manastack.errors import IllegalAction
from manastack.i18n import ENGLISH, Msg, Translator
from manastack.mana import ManaCost

if TYPE_CHECKING:
    from manastack.actions import Action
    from manastack.state import GameState


class Kind(Enum):
    """What kind of decision the game waits for: one value per decision class."""

    PRIORITY = "priority"
    TARGET = "target"
    PAY_MANA = "pay_mana"
    PAY_OR_DECLINE = "pay_or_decline"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    ASSIGN_DAMAGE = "assign_damage"
    ORDER_TRIGGERS = "order_triggers"
    TRIGGER_TARGET = "trigger_target"
    DISCARD = "discard"
    CHOOSE_LEGEND = "choose_legend"
    CAST_OR_DECLINE = "cast_or_decline"
    CHOOSE_COLOR = "choose_color"
    MULLIGAN = "mulligan"
    PUT_ON_BOTTOM = "put_on_bottom"
    CHOOSE_X = "choose_x"
    CHOOSE_CARD = "choose_card"
    CHOOSE_COST = "choose_cost"
    MAY = "may"
    CHOOSE_MODE = "choose_mode"
    OPTIONAL_COST = "optional_cost"
    PAY_OR_SACRIFICE = "pay_or_sacrifice"
    CHOOSE_OPTION = "choose_option"


class Decision:
    """Who must decide, what kind of decision, and a sentence saying what is asked.

    The sentence is kept as a message (its template and the values it names, taken when the
    decision was asked) and written out in the game's language only when ``prompt`` is read:
    a simulation asks hundreds of decisions a game and reads none of their sentences."""

    __slots__ = ("_tr", "kind", "message", "player")

    player: int
    kind: Kind
    message: Msg
    _tr: Translator

    def __init__(self, player: int, kind: Kind, message: Msg, tr: Translator = ENGLISH) -> None:
        self.player = player
        self.kind = kind
        self.message = message
        self._tr = tr

    @property
    def prompt(self) -> str:
        """What is asked, in the game's language."""
        return self.message.render(self._tr)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Decision)
            and other.player == self.player
            and other.kind is self.kind
            and other.message == self.message
        )

    def __hash__(self) -> int:
        return hash((self.player, self.kind))

    def __repr__(self) -> str:
        return f"Decision(player={self.player!r}, kind={self.kind!r}, prompt={self.prompt!r})"


_KINDS: dict[Kind, type[Pending]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Pending:
    """The decision the game is waiting for: who decides, and what the decision is about."""

    kind: ClassVar[Kind]
    __slots__ = ("player",)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        if "kind" in vars(cls):  # vars(): mypyc compiles no cls.__dict__
            _KINDS[cls.kind] = cls

    def __init__(self, player: int) -> None:
        self.player = player

    # --- what each kind says for itself ------------------------------------------------------

    def copy(self) -> Pending:
        """An independent copy (decisions hold only values and lists of values)."""
        return type(self).from_fields(self.player, self.fields())

    def prompt(self, g: GameState) -> Msg:
        """The sentence that asks it, as a message (rendered in the game's language when read)."""
        raise NotImplementedError

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        """The legal answers, one small action each."""
        raise NotImplementedError

    def answer(self, g: GameState, a: Action) -> GameState | None:
        """Carry out ``a`` (its player is already checked), or raise IllegalAction changing
        nothing. Returns the state to go on with when it is not ``g`` (a rewind, 733)."""
        raise self.refuse(g, a)

    def answered_by(self, g: GameState, pi: int) -> bool:
        """Whether player ``pi`` may answer (805.5: a team decision, any of its players)."""
        return pi == self.player

    def player_left(self, g: GameState, pi: int) -> None:
        """800.4a: player ``pi`` left while this decision was pending (it is no longer
        ``g.pending`` then): carry on with what it was part of. Default: nothing to do."""

    def fields(self) -> dict[str, Any]:
        """The decision's data by name, as typed values (``pending_data`` makes it JSON)."""
        return {}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> Pending:
        """The decision from ``fields()``, or from their JSON form as ``pending_data`` wrote
        them (a cost as text, a decision as a dict, dict keys as strings)."""
        return cls(player)

    # --- shared helpers ----------------------------------------------------------------------

    def refuse(self, g: GameState, a: Action) -> IllegalAction:
        return IllegalAction(
            "priority",
            "{player} is being asked for {kind}, not {action}",
            "117.1",
            player=g.pname(a.player),
            kind=self.kind.value.replace("_", " "),
            action=type(a).__name__,
        )

    @property
    def context(self) -> dict[str, Any]:
        """The decision's data as a dict (a copy), for code written before decisions were
        objects: read the typed attributes instead."""
        return self.fields()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} P{self.player} {self.fields()}>"


def pending_from_data(d: dict[str, Any] | None) -> Pending | None:
    """Rebuild a decision from ``{"kind", "player", "context"}`` as ``pending_data`` wrote it."""
    if d is None:
        return None
    cls = _KINDS.get(Kind(d["kind"]))
    if cls is None:
        raise ValueError(f"no decision class for kind {d['kind']!r}")
    return cls.from_fields(d["player"], d["context"])


def pending_data(p: Pending | None) -> dict[str, Any] | None:
    """The decision as JSON-able data (what dumps hold)."""
    if p is None:
        return None
    return {"kind": p.kind.value, "player": p.player, "context": _json(p.fields())}


def _json(v: Any) -> Any:
    if isinstance(v, Pending):
        return pending_data(v)
    if isinstance(v, dict):
        return {str(k): _json(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    if isinstance(v, list | tuple):
        return [_json(x) for x in v]
    if v is None or isinstance(v, bool | int | str):
        return v
    return str(v)  # a mana cost: its text, read back by ManaCost.parse


def as_cost(v: Any) -> ManaCost:
    """A cost from ``fields()`` (a ManaCost) or from its JSON form (its text)."""
    return v if isinstance(v, ManaCost) else ManaCost.parse(v)


def as_pending(v: Any) -> Pending | None:
    """A decision from ``fields()`` (a Pending) or from its JSON form."""
    return v if v is None or isinstance(v, Pending) else pending_from_data(v)
