"""Plain-data game state. Everything a game is, nothing that waits: cloning is copying lists.

Objects (109): a physical :class:`Card` keeps its ``cid`` for the whole game and is never mutated,
so clones share it. On the battlefield a card is a :class:`Permanent`, on the stack a
:class:`StackItem`; each of those is a new object with a new ``oid`` every time it enters its zone
(400.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from manastack.cards.model import (
    ActivatedAbility,
    CardDef,
    Effect,
    TargetSpec,
    TriggeredAbility,
)
from manastack.mana import Pool, empty_pool
from manastack.rng import Rng
from manastack.steps import Step


class Card:
    """A physical card (or a token's definition): who owns it and what it is."""

    __slots__ = ("cdef", "cid", "owner", "token")

    def __init__(self, cid: int, owner: int, cdef: CardDef, token: bool = False) -> None:
        self.cid = cid
        self.owner = owner
        self.cdef = cdef
        self.token = token

    @property
    def name(self) -> str:
        return self.cdef.name

    def __repr__(self) -> str:
        return f"<Card {self.cid} {self.cdef.name} of P{self.owner}>"


class Permanent:
    """A card on the battlefield (110) with its status (110.5) and what is marked on it."""

    __slots__ = (
        "card",
        "controller",
        "counters",
        "damage",
        "deathtouched",
        "face_down",
        "oid",
        "regen_shields",
        "sick",
        "tapped",
        "timestamp",
    )

    def __init__(self, oid: int, card: Card, controller: int, timestamp: int) -> None:
        self.oid = oid
        self.card = card
        self.controller = controller
        self.timestamp = timestamp
        self.tapped = False
        self.sick = True  # 302.6: not continuously controlled since the controller's turn began
        self.damage = 0
        self.deathtouched = False  # 704.5h: dealt damage by a source with deathtouch
        self.counters: dict[str, int] | None = None
        self.face_down = False
        self.regen_shields = 0

    def copy(self) -> Permanent:
        p = Permanent.__new__(Permanent)
        p.oid = self.oid
        p.card = self.card
        p.controller = self.controller
        p.timestamp = self.timestamp
        p.tapped = self.tapped
        p.sick = self.sick
        p.damage = self.damage
        p.deathtouched = self.deathtouched
        p.counters = dict(self.counters) if self.counters else None
        p.face_down = self.face_down
        p.regen_shields = self.regen_shields
        return p

    @property
    def cdef(self) -> CardDef:
        return self.card.cdef

    @property
    def owner(self) -> int:
        return self.card.owner

    @property
    def name(self) -> str:
        return self.card.cdef.name

    def __repr__(self) -> str:
        return f"<Permanent {self.oid} {self.name} P{self.controller}>"


class StackItem:
    """A spell (a card on the stack) or an activated or triggered ability (113.1, 405)."""

    __slots__ = (
        "ability",
        "card",
        "controller",
        "data",
        "effects",
        "face_down",
        "kind",
        "oid",
        "source_name",
        "source_oid",
        "target_specs",
        "targets",
        "x",
    )

    def __init__(
        self,
        oid: int,
        kind: str,
        controller: int,
        source_name: str,
        effects: tuple[Effect, ...],
        target_specs: tuple[TargetSpec, ...],
        card: Card | None = None,
        source_oid: int | None = None,
        ability: ActivatedAbility | TriggeredAbility | None = None,
    ) -> None:
        self.oid = oid
        self.kind = kind  # "spell", "activated" or "triggered"
        self.controller = controller
        self.source_name = source_name
        self.effects = effects
        self.target_specs = target_specs
        self.targets: list[int] = []
        self.card = card
        self.source_oid = source_oid
        self.ability = ability
        self.x = 0
        self.face_down = False
        self.data: dict[str, Any] | None = None

    def copy(self) -> StackItem:
        s = StackItem.__new__(StackItem)
        s.oid = self.oid
        s.kind = self.kind
        s.controller = self.controller
        s.source_name = self.source_name
        s.effects = self.effects
        s.target_specs = self.target_specs
        s.targets = list(self.targets)
        s.card = self.card
        s.source_oid = self.source_oid
        s.ability = self.ability
        s.x = self.x
        s.face_down = self.face_down
        s.data = dict(self.data) if self.data else None
        return s

    @property
    def is_spell(self) -> bool:
        return self.kind == "spell"

    @property
    def name(self) -> str:
        return self.source_name

    def __repr__(self) -> str:
        return f"<StackItem {self.oid} {self.kind} {self.source_name} P{self.controller}>"


class Player:
    """A player (102) and the zones they own (400.1)."""

    __slots__ = (
        "drew_from_empty",
        "exile",
        "graveyard",
        "hand",
        "idx",
        "lands_played",
        "left",
        "library",
        "life",
        "lost",
        "name",
        "poison",
        "pool",
    )

    def __init__(self, idx: int, name: str, life: int = 20) -> None:
        self.idx = idx
        self.name = name
        self.life = life
        self.poison = 0
        self.library: list[Card] = []  # top card last: drawing pops from the end
        self.hand: list[Card] = []
        self.graveyard: list[Card] = []  # top card last
        self.exile: list[Card] = []
        self.pool: Pool = empty_pool()
        self.lands_played = 0
        self.lost = False
        self.left = False  # 800.4a: left the game (lost or conceded)
        self.drew_from_empty = False

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.idx = self.idx
        p.name = self.name
        p.life = self.life
        p.poison = self.poison
        p.library = self.library[:]
        p.hand = self.hand[:]
        p.graveyard = self.graveyard[:]
        p.exile = self.exile[:]
        p.pool = self.pool[:]
        p.lands_played = self.lands_played
        p.lost = self.lost
        p.left = self.left
        p.drew_from_empty = self.drew_from_empty
        return p

    def __repr__(self) -> str:
        return f"<Player {self.idx} {self.name} life={self.life}>"


@dataclass(slots=True)
class Effect613:
    """A continuous effect from a resolved spell or ability (611.2), with its timestamp (613.7)."""

    timestamp: int
    layer: str  # "6" abilities, "7b" set P/T, "7c" modify P/T, "7d" switch P/T
    oid: int  # the affected permanent (locked in as it began: 611.2c)
    power: int  # 7b: the value set; 7c: the change
    toughness: int
    until_end_of_turn: bool = True
    keywords: frozenset[str] = frozenset()  # layer 6: keywords gained


@dataclass(slots=True)
class DelayedTrigger:
    """603.7: created on resolution; triggers later, once. ``event`` says when."""

    event: str  # "next_main"
    controller: int
    source_name: str
    amount: int
    created_turn: int
    created_step: Step


@dataclass(slots=True)
class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (603.3)."""

    ability: TriggeredAbility
    controller: int
    source_name: str
    source_oid: int | None
    info: dict[str, Any] | None = None


class Kind(Enum):
    """What kind of decision the game waits for (the ``WaitingFor`` of the engine)."""

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


class Pending:
    """The decision the game is waiting for, as data: who, what kind, and its context."""

    __slots__ = ("context", "kind", "player")

    def __init__(self, kind: Kind, player: int, context: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.player = player
        self.context = context if context is not None else {}

    def copy(self) -> Pending:
        return Pending(self.kind, self.player, _copy_ctx(self.context))

    def __repr__(self) -> str:
        return f"<Pending {self.kind.value} P{self.player} {self.context}>"


def _copy_ctx(ctx: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in ctx.items():
        if isinstance(v, list):
            out[k] = [x.copy() if hasattr(x, "copy") else x for x in v]
        elif isinstance(v, dict):
            out[k] = dict(v)
        elif isinstance(v, StackItem | Permanent | Pending):
            out[k] = v.copy()
        else:
            out[k] = v
    return out


class Combat:
    """Who attacks whom and who blocks what during this combat phase (506-511)."""

    __slots__ = ("attackers", "blocked", "blockers", "blockers_declared", "first_strike_done")

    def __init__(self) -> None:
        self.attackers: dict[int, int] = {}  # attacker oid -> defending player
        self.blockers: dict[int, list[int]] = {}  # blocker oid -> attacker oids it blocks
        self.blocked: dict[int, list[int]] = {}  # attacker oid -> blocker oids, in declared order
        self.blockers_declared: list[int] = []  # defending players who have declared
        self.first_strike_done: set[int] = set()  # creatures that dealt first-strike damage

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        c.attackers = dict(self.attackers)
        c.blockers = {k: v[:] for k, v in self.blockers.items()}
        c.blocked = {k: v[:] for k, v in self.blocked.items()}
        c.blockers_declared = self.blockers_declared[:]
        c.first_strike_done = set(self.first_strike_done)
        return c


class Event:
    """One line of the log: what happened, the rule that did it, and data for machines."""

    __slots__ = ("kind", "rule", "text", "turn")

    def __init__(self, kind: str, text: str, rule: str | None, turn: int) -> None:
        self.kind = kind
        self.text = text
        self.rule = rule
        self.turn = turn

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.rule!r}, {self.turn})"


class GameState:
    """Everything about one game at one moment."""

    __slots__ = (
        "active",
        "battlefield",
        "cards",
        "cast_snapshot",
        "combat",
        "delayed",
        "effects",
        "first_player",
        "game_over",
        "halt_at",
        "halted",
        "legend_choice",
        "log",
        "log_enabled",
        "loop_marks",
        "loop_quiet",
        "next_id",
        "passes",
        "pending",
        "players",
        "priority_player",
        "priority_rule",
        "resolving",
        "rng",
        "ruleset",
        "stack",
        "stage",
        "step",
        "suspended",
        "triggered",
        "turn",
        "winner",
    )

    def __init__(self, players: list[Player], seed: int = 0, ruleset: str = "current") -> None:
        self.players = players
        self.battlefield: list[Permanent] = []
        self.stack: list[StackItem] = []  # top is last
        self.turn = 1
        self.active = 0
        self.first_player = 0
        self.step = Step.UNTAP
        self.stage = "begin_step"  # where the turn machine stands inside the step
        self.passes = 0  # players who passed in succession (117.4)
        self.pending: Pending | None = None
        self.next_id = 1
        self.rng = Rng(seed)
        self.log: list[Event] = []
        self.log_enabled = True
        self.effects: list[Effect613] = []
        self.delayed: list[DelayedTrigger] = []
        self.triggered: list[PendingTrigger] = []
        self.combat: Combat | None = None
        self.resolving: StackItem | None = None  # an object mid-resolution awaiting a choice
        self.cast_snapshot: GameState | None = None
        self.legend_choice: dict[int, int] | None = None
        self.game_over = False
        self.winner: int | None = None
        self.ruleset = ruleset
        self.priority_player = 0
        self.priority_rule = "117.3a"
        self.suspended: dict[int, int] = {}  # cid of a suspended card in exile -> time counters
        self.halt_at: tuple[int, Step] | None = None  # stop advancing when this step begins
        self.halted = False
        # 104.4b (loops.py): resolutions since a player last did more than pass, and digests
        # of the positions seen since then.
        self.loop_quiet = 0
        self.loop_marks: tuple[str, ...] = ()
        # Every physical card of the game, in card-id order (set up once: no card is ever
        # created later); shared by clones, as cards never change.
        self.cards: tuple[Card, ...] = ()

    def clone(self) -> GameState:
        g = GameState.__new__(GameState)
        g.players = [p.copy() for p in self.players]
        g.battlefield = [p.copy() for p in self.battlefield]
        g.stack = [s.copy() for s in self.stack]
        g.turn = self.turn
        g.active = self.active
        g.first_player = self.first_player
        g.step = self.step
        g.stage = self.stage
        g.passes = self.passes
        g.pending = self.pending.copy() if self.pending else None
        g.next_id = self.next_id
        g.rng = self.rng.copy()
        g.log = self.log[:]
        g.log_enabled = self.log_enabled
        g.effects = self.effects[:]  # an Effect613 is never changed once created
        g.delayed = self.delayed[:]  # DelayedTrigger is never mutated after creation
        g.triggered = self.triggered[:]
        g.combat = self.combat.copy() if self.combat else None
        g.resolving = self.resolving.copy() if self.resolving else None
        g.cast_snapshot = self.cast_snapshot
        g.legend_choice = dict(self.legend_choice) if self.legend_choice else None
        g.game_over = self.game_over
        g.winner = self.winner
        g.ruleset = self.ruleset
        g.priority_player = self.priority_player
        g.priority_rule = self.priority_rule
        g.suspended = dict(self.suspended)
        g.halt_at = self.halt_at
        g.halted = self.halted
        g.loop_quiet = self.loop_quiet
        g.loop_marks = self.loop_marks
        g.cards = self.cards
        return g

    # --- small queries used everywhere -----------------------------------------------------

    def new_id(self) -> int:
        n = self.next_id
        self.next_id = n + 1
        return n

    def in_game(self) -> list[int]:
        """Players still in the game, in turn order from the active player (APNAP, 101.4)."""
        n = len(self.players)
        return [
            (self.active + i) % n for i in range(n) if not self.players[(self.active + i) % n].left
        ]

    def next_player(self, idx: int) -> int:
        """The next player in turn order who is still in the game."""
        n = len(self.players)
        for i in range(1, n + 1):
            j = (idx + i) % n
            if not self.players[j].left:
                return j
        return idx

    def permanent(self, oid: int) -> Permanent | None:
        for p in self.battlefield:
            if p.oid == oid:
                return p
        return None

    def stack_item(self, oid: int) -> StackItem | None:
        for s in self.stack:
            if s.oid == oid:
                return s
        return None

    def emit(self, kind: str, text: str, rule: str | None = None) -> None:
        if self.log_enabled:
            self.log.append(Event(kind, text, rule, self.turn))

    def pname(self, idx: int) -> str:
        return self.players[idx].name
