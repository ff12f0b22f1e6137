"""Plain-data game state. Everything a game is, nothing that waits: cloning is copying lists.

Objects (109): a physical :class:`Card` keeps its ``cid`` for the whole game and is never mutated,
so clones share it. On the battlefield a card is a :class:`Permanent`, on the stack a
:class:`StackItem`; each of those is a new object with a new ``oid`` every time it enters its zone
(400.7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from manastack.decisions.base import Kind, Pending
from manastack.formats import Format, FreeForAll
from manastack.frozen import dataclass
from manastack.i18n import ENGLISH, Translator, translator
from manastack.mana import Pool, empty_pool
from manastack.rng import Rng
from manastack.steps import Step

if TYPE_CHECKING:
    from manastack.actions import Action
    from manastack.cards.model import (
        ActivatedAbility,
        CardDef,
        Effect,
        TargetSpec,
        TriggeredAbility,
    )
    from manastack.prevention import Shield
    from manastack.rulesets.base import Ruleset
    from manastack.vocabulary.base import Effect as VocabularyEffect
    from manastack.vocabulary.base import TriggerCondition

__all__ = ["Kind", "Pending", "Stage"]  # Kind and Pending live in manastack.decisions.base


class Card:
    """A physical card (or a token's definition): who owns it and what it is."""

    __slots__ = ("cdef", "cid", "facts", "owner", "token")

    def __init__(self, cid: int, owner: int, cdef: CardDef, token: bool = False) -> None:
        self.cid = cid
        self.owner = owner
        self.cdef = cdef
        self.token = token
        # What the rules look up again and again in the definition (its activated abilities,
        # its mana ability), found on first use (``casting.card_facts``); derived from
        # ``cdef``, which never changes, so clones share it.
        self.facts: Any = None

    @property
    def name(self) -> str:
        return self.cdef.name

    def __repr__(self) -> str:
        return f"<Card {self.cid} {self.cdef.name} of P{self.owner}>"


class Permanent:
    """A card on the battlefield (110) with its status (110.5) and what is marked on it."""

    __slots__ = (
        "attached_to",
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

    def __init__(
        self,
        oid: int,
        card: Card,
        controller: int,
        timestamp: int,
        tapped: bool = False,
        sick: bool = True,  # 302.6: not continuously controlled since the controller's turn began
        damage: int = 0,
        deathtouched: bool = False,  # 704.5h: dealt damage by a source with deathtouch
        counters: dict[str, int] | None = None,
        face_down: bool = False,
        regen_shields: int = 0,
        attached_to: int | None = None,  # an Aura's or Equipment's object (301.5, 303.4)
    ) -> None:
        self.oid = oid
        self.card = card
        self.controller = controller
        self.timestamp = timestamp
        self.tapped = tapped
        self.sick = sick
        self.damage = damage
        self.deathtouched = deathtouched
        self.counters = counters
        self.face_down = face_down
        self.regen_shields = regen_shields
        self.attached_to = attached_to

    def copy(self) -> Permanent:
        # Through the constructor, each field once (a class compiled by mypyc can't be made
        # with ``__new__``).
        return Permanent(
            self.oid,
            self.card,
            self.controller,
            self.timestamp,
            self.tapped,
            self.sick,
            self.damage,
            self.deathtouched,
            dict(self.counters) if self.counters else None,
            self.face_down,
            self.regen_shields,
            self.attached_to,
        )

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
        ability: ActivatedAbility | TriggeredAbility | VocabularyEffect | None = None,
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
        s = StackItem(
            self.oid,
            self.kind,
            self.controller,
            self.source_name,
            self.effects,
            self.target_specs,
            self.card,
            self.source_oid,
            self.ability,
        )
        s.targets = list(self.targets)
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


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``cards`` less ``card`` (its first place: ValueError if it is not there, as
    ``list.remove``). Graveyards, exiles and libraries are tuples that a change replaces."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


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

    def __init__(
        self,
        idx: int,
        name: str,
        life: int = 20,
        poison: int = 0,
        library: Sequence[Card] | None = None,
        hand: list[Card] | None = None,
        graveyard: Sequence[Card] | None = None,
        exile: Sequence[Card] | None = None,
        pool: Pool | None = None,
        lands_played: int = 0,
        lost: bool = False,
        left: bool = False,
        drew_from_empty: bool = False,
    ) -> None:
        self.idx = idx
        self.name = name
        self.life = life
        self.poison = poison
        # Top card last. A tuple: a copy of the state shares it (a library is some fifty
        # cards, changed about once a turn, copied at every clone if it were a list); a
        # change makes a new tuple.
        self.library: tuple[Card, ...] = () if library is None else tuple(library)
        self.hand: list[Card] = [] if hand is None else hand
        # Tuples too, for the same reason: a graveyard changes about once a spell.
        self.graveyard: tuple[Card, ...] = () if graveyard is None else tuple(graveyard)  # top last
        self.exile: tuple[Card, ...] = () if exile is None else tuple(exile)
        self.pool: Pool = empty_pool() if pool is None else pool
        self.lands_played = lands_played
        self.lost = lost
        self.left = left  # 800.4a: left the game (lost or conceded)
        self.drew_from_empty = drew_from_empty

    def copy(self) -> Player:
        # Through the constructor, each field once (mypyc: no ``__new__``).
        return Player(
            self.idx,
            self.name,
            self.life,
            self.poison,
            self.library,
            self.hand[:],
            self.graveyard,
            self.exile,
            self.pool[:],
            self.lands_played,
            self.lost,
            self.left,
            self.drew_from_empty,
        )

    def take_top(self) -> Card:
        """The top card of the library, taken off it (the library must not be empty)."""
        lib = self.library
        self.library = lib[:-1]
        return lib[-1]

    def take_from_library(self, card: Card) -> None:
        """``card`` leaves the library (wherever it is in it)."""
        self.library = without(self.library, card)

    def add_card(self, zone: str, card: Card) -> None:
        """``card`` is put into this player's ``zone`` (``"hand"``, ``"graveyard"``: on top,
        ``"exile"``)."""
        if zone == "hand":
            self.hand.append(card)
        elif zone == "graveyard":
            self.graveyard += (card,)
        elif zone == "exile":
            self.exile += (card,)
        else:
            raise ValueError(f"not a zone of cards: {zone!r}")

    def remove_card(self, zone: str, card: Card) -> None:
        """``card`` leaves this player's ``zone`` (ValueError if it is not there)."""
        if zone == "hand":
            self.hand.remove(card)
        elif zone == "graveyard":
            self.graveyard = without(self.graveyard, card)
        elif zone == "exile":
            self.exile = without(self.exile, card)
        else:
            raise ValueError(f"not a zone of cards: {zone!r}")

    def __repr__(self) -> str:
        return f"<Player {self.idx} {self.name} life={self.life}>"


class SourceMemo:
    """``casting.source_colours``' answers, by player, for one battlefield list and one tuple of
    continuous effects as they were. Valid while ``GameState.battlefield`` is this same list at
    this length (a permanent entering is appended, one leaving makes a new list),
    ``GameState.effects`` this same tuple (any change makes a new one), and nothing on the
    battlefield was tapped, untapped, gained a controller, lost summoning sickness or was turned
    face up: each of those sets ``GameState.source_memo`` to None."""

    __slots__ = ("battlefield", "bf_len", "colours", "effects")

    def __init__(self, battlefield: list[Permanent], effects: tuple[Effect613, ...]) -> None:
        self.battlefield = battlefield
        self.bf_len = len(battlefield)
        self.effects = effects
        self.colours: dict[int, tuple[frozenset[str], ...]] = {}

    def holds(self, g: GameState) -> bool:
        """Whether this memo still describes ``g``."""
        return (
            self.battlefield is g.battlefield
            and self.bf_len == len(g.battlefield)
            and self.effects is g.effects
        )


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


class DelayedTrigger:
    """603.7: created on resolution; triggers once, the next time ``trigger`` matches an event,
    with ``ability``. Never changed once created."""

    __slots__ = ("ability", "controller", "source_name", "trigger")

    # A plain class, not a dataclass: its annotations name classes this module can't import
    # (they import it), which a dataclass compiled by mypyc would look up as the module loads.
    def __init__(
        self,
        trigger: TriggerCondition,
        ability: TriggeredAbility,
        controller: int,
        source_name: str,
    ) -> None:
        self.trigger = trigger
        self.ability = ability
        self.controller = controller
        self.source_name = source_name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DelayedTrigger) and (
            self.trigger,
            self.ability,
            self.controller,
            self.source_name,
        ) == (other.trigger, other.ability, other.controller, other.source_name)

    def __repr__(self) -> str:
        return (
            f"DelayedTrigger({self.trigger!r}, {self.ability!r}, {self.controller}, "
            f"{self.source_name!r})"
        )


class PendingTrigger:
    """A triggered ability that has triggered and waits to be put on the stack (603.3)."""

    __slots__ = ("ability", "controller", "info", "source_name", "source_oid")

    def __init__(
        self,
        ability: TriggeredAbility,
        controller: int,
        source_name: str,
        source_oid: int | None,
        info: dict[str, Any] | None = None,
    ) -> None:
        self.ability = ability
        self.controller = controller
        self.source_name = source_name
        self.source_oid = source_oid
        self.info = info

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PendingTrigger) and (
            self.ability,
            self.controller,
            self.source_name,
            self.source_oid,
            self.info,
        ) == (other.ability, other.controller, other.source_name, other.source_oid, other.info)

    def __repr__(self) -> str:
        return (
            f"PendingTrigger({self.ability!r}, {self.controller}, {self.source_name!r}, "
            f"{self.source_oid}, {self.info!r})"
        )


class Stage(Enum):
    """Where the turn machine stands inside a step (the engine's ``advance`` loop)."""

    BEGIN_STEP = "begin_step"  # the step begins: its turn-based actions come next
    SETUP_UNTAP = "setup_untap"  # a game set up at an untap step: untap, keep summoning sickness
    PRIORITY = "priority"  # 117.5 checks, then a player receives priority
    END_STEP = "end_step"  # the step ends (500.2)
    CLEANUP_DISCARD = "cleanup_discard"  # 514.1: the active player discards to hand size
    CLEANUP_CHECK = "cleanup_check"  # 514.3: no priority unless SBAs or triggers happen
    CLEANUP_AGAIN = "cleanup_again"  # 514.3a: another cleanup step follows


# The stages as module constants, for the engine's loop (see steps.py: a global is read five
# times faster than a member through its enum class).
BEGIN_STEP: Final = Stage.BEGIN_STEP
SETUP_UNTAP: Final = Stage.SETUP_UNTAP
PRIORITY: Final = Stage.PRIORITY
END_STEP: Final = Stage.END_STEP
CLEANUP_DISCARD: Final = Stage.CLEANUP_DISCARD
CLEANUP_CHECK: Final = Stage.CLEANUP_CHECK
CLEANUP_AGAIN: Final = Stage.CLEANUP_AGAIN


class Combat:
    """Who attacks whom and who blocks what during this combat phase (506-511)."""

    __slots__ = ("attackers", "blocked", "blockers", "blockers_declared", "first_strike_done")

    def __init__(
        self,
        attackers: dict[int, int] | None = None,
        blockers: dict[int, list[int]] | None = None,
        blocked: dict[int, list[int]] | None = None,
        blockers_declared: list[int] | None = None,
        first_strike_done: set[int] | None = None,
    ) -> None:
        # attacker oid -> defending player
        self.attackers: dict[int, int] = {} if attackers is None else attackers
        # blocker oid -> attacker oids it blocks
        self.blockers: dict[int, list[int]] = {} if blockers is None else blockers
        # attacker oid -> blocker oids, in declared order
        self.blocked: dict[int, list[int]] = {} if blocked is None else blocked
        # defending players who have declared
        self.blockers_declared: list[int] = [] if blockers_declared is None else blockers_declared
        # creatures that dealt first-strike damage
        self.first_strike_done: set[int] = set() if first_strike_done is None else first_strike_done

    def remove(self, oid: int) -> None:
        """506.4: a permanent removed from combat stops being an attacking or blocking
        creature."""
        self.attackers.pop(oid, None)
        for attacker in self.blockers.pop(oid, []):
            blockers = self.blocked.get(attacker)
            if blockers and oid in blockers:
                blockers.remove(oid)
        self.blocked.pop(oid, None)
        for blocked_list in self.blockers.values():
            if oid in blocked_list:
                blocked_list.remove(oid)

    def copy(self) -> Combat:
        # Through the constructor, each container made once (a clone in combat copies this).
        return Combat(
            dict(self.attackers),
            {k: v[:] for k, v in self.blockers.items()},
            {k: v[:] for k, v in self.blocked.items()},
            self.blockers_declared[:],
            set(self.first_strike_done),
        )


class Event:
    """One line of the log: what happened, the rule that did it, and data for machines."""

    __slots__ = ("kind", "params", "rule", "template", "text", "turn")

    def __init__(
        self,
        kind: str,
        text: str,
        rule: str | None,
        turn: int,
        template: str | None = None,
        params: dict[str, object] | None = None,
    ) -> None:
        self.kind = kind
        self.text = text  # in the game's language
        self.rule = rule
        self.turn = turn
        # The message it was written from (manastack.i18n), to write it again in another
        # language; None for a line restored from a dump (its text is all there is).
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return f"{self.text} [{self.rule}]" if self.rule else self.text

    def render(self, tr: Translator) -> str:
        """The text in ``tr``'s language (as written if it has no template)."""
        if self.template is None:
            return self.text
        return tr.render(self.template, self.params or {})

    def line(self, tr: Translator) -> str:
        """:meth:`render` with the rule, as ``str`` gives it."""
        text = self.render(tr)
        return f"{text} [{self.rule}]" if self.rule else text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r}, {self.rule!r}, {self.turn})"


class Copy(Enum):
    """How a clone copies a field of the state (the state is plain data: copying is cheap)."""

    SHARE = "share"  # an immutable value, or something every clone shares (cards, rule set)
    LIST = "list"  # a list of values never changed in place: a new list
    DICT = "dict"  # a dict (or None) of values never changed in place: a new dict
    EACH = "each"  # a list of objects with ``copy()``: each copied
    OBJECT = "object"  # an object with ``copy()``, or None
    RESET = "reset"  # a cache of what the state implies: a clone starts without it (None)


class GameState:
    """Everything about one game at one moment.

    Each field is annotated here, and declared in ``STATE_FIELDS`` (below) with how a clone
    copies it, whether dumps hold it and whether the loop digest looks at it: the dumps of
    :mod:`manastack.serialize` and the loop digest of :mod:`manastack.loops` follow from that
    table. The copy and the defaults are written out in ``__init__``, as plain assignments (a
    class mypyc compiles copies them at C speed), and named in ``__slots__``;
    tests/test_state_fields.py checks that the annotations, the table, the slots, the defaults
    and the copy agree.
    """

    # Fixed fields and no instance dict: an interpreted class with more than 30 attributes
    # gets a plain dict per instance (shared-key dicts stop there), slower to fill at each
    # copy and to read.
    __slots__ = (
        "active",
        "battlefield",
        "bf_kinds",
        "card_counters",
        "card_kinds",
        "cards",
        "cast_snapshot",
        "combat",
        "control_base",
        "damaged",
        "delayed",
        "effects",
        "first_player",
        "format",
        "game_over",
        "halt_at",
        "halted",
        "legend_choice",
        "listing_cache",
        "listings",
        "log",
        "log_enabled",
        "loop_marks",
        "loop_quiet",
        "marks",
        "next_id",
        "passes",
        "pending",
        "players",
        "prevention",
        "priority_player",
        "priority_rule",
        "resolving",
        "rng",
        "rules",
        "settled",
        "source_memo",
        "stack",
        "stage",
        "step",
        "tr",
        "triggered",
        "turn",
        "upkeeps",
        "winner",
    )

    players: list[Player]
    battlefield: list[Permanent]
    stack: list[StackItem]  # top is last
    turn: int
    active: int  # the active player (500; a seat, 117.6)
    first_player: int
    step: Step
    stage: Stage
    passes: int  # players who passed in succession (117.4)
    pending: Pending | None  # the decision the game waits for
    next_id: int
    rng: Rng
    log: list[Event]
    log_enabled: bool
    # The language (and era of words) the log is written in (manastack.i18n); shared.
    tr: Translator
    # Tuples, and the dicts below read-only Mappings: a change makes a new one, so that a clone
    # shares them (most clones happen while none of them changes).
    effects: tuple[Effect613, ...]
    delayed: tuple[DelayedTrigger, ...]  # 603.7
    triggered: tuple[PendingTrigger, ...]  # waiting for 603.3
    # 615.1a: the prevention shields of resolved spells and abilities, until the cleanup step
    # (514.2) or used up (615.7).
    prevention: tuple[Shield, ...]
    combat: Combat | None  # fixed while only passing
    resolving: StackItem | None  # mid-resolution, awaiting a choice
    # 733: the state to rewind to while a spell or ability is being proposed (never changed).
    cast_snapshot: GameState | None
    legend_choice: dict[int, int] | None  # 704.5j
    game_over: bool
    winner: int | None
    rules: Ruleset  # a rule set never changes
    priority_player: int
    priority_rule: str
    # 122: counters on cards outside the battlefield, by card id (time counters on a suspended
    # card in exile, 702.62).
    card_counters: Mapping[int, Mapping[str, int]]
    # What a permanent remembers of how it came to be, by object id (kicked 702.33d, the turn it
    # came under its controller's control for echo 702.30a, ...).
    marks: Mapping[int, Mapping[str, int]]
    # Each player's two latest upkeeps, as the turns they began in (echo's "since the beginning
    # of your last upkeep", 702.30a): player -> (the one before the last, the last).
    upkeeps: Mapping[int, tuple[int, int]]
    # 613.1b: the controller each permanent would have without the static abilities that give
    # control of it ("You control enchanted creature"), for those such an ability controls.
    control_base: Mapping[int, int]
    # The last turn each player was dealt damage in (bloodthirst, 702.54a): player -> turn.
    damaged: Mapping[int, int]
    halt_at: tuple[int, Step] | None  # stop at this step
    halted: bool
    # 104.4b (loops.py): resolutions since a player last did more than pass, and digests of the
    # positions seen since then.
    loop_quiet: int
    loop_marks: tuple[str, ...]
    # Every physical card of the game, in card-id order (set up once: no card is ever created
    # later); shared by clones, as cards never change.
    cards: tuple[Card, ...]
    # Who plays with whom (800-810): never changed during a game, shared by clones.
    format: Format
    # What one listing of legal actions works out more than once (which costs the player's
    # mana can pay, the cost changes on the battlefield): set while a listing runs, None
    # otherwise (nothing changes during a listing, so nothing stale can be read).
    listing_cache: dict[Any, Any] | None
    # 704.3 / 117.5: the last look at state-based actions and waiting triggers found none, and
    # since then only priority has moved (a player passed and the next one receives it): the
    # same look would find none again, so the engine skips it (engine.state_checks). Anything
    # else that is done clears it (engine.apply, priority.pass_priority when all have passed).
    settled: bool
    # What kinds of static abilities the permanents' cards have (layers.battlefield_kinds): a
    # bit set worked out on first use and forgotten (-1) whenever a permanent enters or leaves,
    # so that the frequent "does anything grant abilities?" costs no scan of the battlefield.
    bf_kinds: int
    # What kinds of abilities the game's cards have that work outside the battlefield
    # (card_kinds: KEYWORD_COSTS, EXILE_TRIGGERED), worked out from ``cards`` on first use and
    # forgotten (-1) whenever ``cards`` is set: most games have none, and then no hand,
    # graveyard or exile is searched for them at every priority and event.
    card_kinds: int
    # The colours of each player's untapped mana sources, kept across decisions while the
    # battlefield stays as it was (SourceMemo says when); None when nothing is kept. A copy
    # gets new lists, so it never finds its original's memo valid.
    source_memo: SourceMemo | None
    # Each player's priority options (priority.priority_actions), kept while the state stays
    # settled: forgotten when a look at state-based actions ends (engine.state_checks), so
    # they never outlive a change; not copied by a clone.
    listings: dict[tuple[int, bool, bool], list[Action]] | None

    def __init__(
        self,
        players: Sequence[Player] = (),
        seed: int = 0,
        ruleset: str | Ruleset = "current",
        *,
        copy_of: GameState | None = None,
    ) -> None:
        """A new state for ``players`` (``seed`` for the shuffles, ``ruleset`` by name or
        object), or, with ``copy_of``, an independent copy of that state."""
        if copy_of is not None:
            s = copy_of
            self.players = [x.copy() for x in s.players]
            self.battlefield = [x.copy() for x in s.battlefield]
            self.stack = [x.copy() for x in s.stack]
            self.turn = s.turn
            self.active = s.active
            self.first_player = s.first_player
            self.step = s.step
            self.stage = s.stage
            self.passes = s.passes
            self.pending = None if s.pending is None else s.pending.copy()
            self.next_id = s.next_id
            self.rng = s.rng.copy()
            self.log = s.log[:]
            self.log_enabled = s.log_enabled
            self.tr = s.tr
            self.effects = s.effects
            self.delayed = s.delayed
            self.triggered = s.triggered
            self.prevention = s.prevention
            self.combat = None if s.combat is None else s.combat.copy()
            self.resolving = None if s.resolving is None else s.resolving.copy()
            self.cast_snapshot = s.cast_snapshot
            self.legend_choice = None if s.legend_choice is None else dict(s.legend_choice)
            self.game_over = s.game_over
            self.winner = s.winner
            self.rules = s.rules
            self.priority_player = s.priority_player
            self.priority_rule = s.priority_rule
            self.card_counters = s.card_counters
            self.marks = s.marks
            self.upkeeps = s.upkeeps
            self.control_base = s.control_base
            self.damaged = s.damaged
            self.halt_at = s.halt_at
            self.halted = s.halted
            self.loop_quiet = s.loop_quiet
            self.loop_marks = s.loop_marks
            self.cards = s.cards
            self.format = s.format
            self.listing_cache = s.listing_cache
            self.settled = s.settled
            self.bf_kinds = s.bf_kinds
            self.card_kinds = s.card_kinds
            self.source_memo = None
            self.listings = None
            return
        self.battlefield = []
        self.stack = []
        self.turn = 1
        self.active = 0
        self.first_player = 0
        self.step = Step.UNTAP
        self.stage = Stage.BEGIN_STEP
        self.passes = 0
        self.pending = None
        self.next_id = 1
        self.log = []
        self.log_enabled = True
        self.tr = ENGLISH
        self.effects = ()
        self.delayed = ()
        self.triggered = ()
        self.prevention = ()
        self.combat = None
        self.resolving = None
        self.cast_snapshot = None
        self.legend_choice = None
        self.game_over = False
        self.winner = None
        self.priority_player = 0
        self.priority_rule = "117.3a"
        self.card_counters = {}
        self.marks = {}
        self.upkeeps = {}
        self.control_base = {}
        self.damaged = {}
        self.halt_at = None
        self.halted = False
        self.loop_quiet = 0
        self.loop_marks = ()
        self.cards = ()
        self.listing_cache = None
        self.settled = False
        self.bf_kinds = -1
        self.card_kinds = -1
        self.source_memo = None
        self.listings = None
        self.players = list(players)
        self.rng = Rng(seed)
        self.format = FreeForAll.of(len(self.players))
        if isinstance(ruleset, str):
            from manastack import rulesets  # the rules modules import this one

            ruleset = rulesets.get(ruleset)
        self.rules = ruleset

    def clone(self) -> GameState:
        return GameState(copy_of=self)

    # --- small queries used everywhere -----------------------------------------------------

    def new_id(self) -> int:
        n = self.next_id
        self.next_id = n + 1
        return n

    def in_game(self) -> list[int]:
        """Players still in the game, in turn order from the active player (APNAP, 101.4)."""
        players = self.players
        n = len(players)
        out: list[int] = []
        j = self.active
        for _ in range(n):
            if not players[j].left:
                out.append(j)
            j += 1
            if j == n:
                j = 0
        return out

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
        # From the top: the item asked about is nearly always the top one (a target being
        # chosen, the item resolving), so a stack of thousands of triggers costs O(1) a look.
        for s in reversed(self.stack):
            if s.oid == oid:
                return s
        return None

    def emit(self, kind: str, text: str, rule: str | None = None, **params: object) -> None:
        """A line of the log: ``text`` is a template (manastack.i18n), rendered in the game's
        language with ``params``, and only when the log is on."""
        if self.log_enabled:
            self.log.append(
                Event(kind, self.tr.render(text, params), rule, self.turn, text, params)
            )

    @property
    def lang(self) -> str:
        """The language of the log (``en``, ``fr``)."""
        return self.tr.lang

    def set_lang(self, lang: str) -> None:
        """Write the log in ``lang``, with the words of the rule set's era."""
        self.tr = translator(lang, self.rules.era)

    @property
    def ruleset(self) -> str:
        """The rule set's name (``current``)."""
        return self.rules.name

    def pname(self, idx: int) -> str:
        return self.players[idx].name


KEYWORD_COSTS = 1
"""``card_kinds``: some card of the game has a keyword ability with a cost (flashback, cycling:
702), which the listing of a player's options looks for in their hand and graveyard."""
EXILE_TRIGGERED = 2
"""``card_kinds``: some card of the game has abilities that trigger from exile (suspend)."""
_ALL_CARD_KINDS = KEYWORD_COSTS | EXILE_TRIGGERED


def card_kinds(g: GameState) -> int:
    """The kinds of abilities working outside the battlefield that the game's cards have
    (``KEYWORD_COSTS``, ``EXILE_TRIGGERED``), kept in ``g.card_kinds`` until ``g.cards`` is
    set again. A state whose cards aren't listed (built by hand) may have any."""
    kinds = g.card_kinds
    if kinds < 0:
        kinds = 0 if g.cards else _ALL_CARD_KINDS
        for c in g.cards:
            cd = c.cdef
            if cd.keyword_costs:
                kinds |= KEYWORD_COSTS
            if cd.exile_triggered:
                kinds |= EXILE_TRIGGERED
        g.card_kinds = kinds
    return kinds


@dataclass(frozen=True, slots=True)
class StateField:
    """A field of :class:`GameState` as declared: its name, how it is copied, whether dumps
    hold it and whether the loop digest looks at it."""

    name: str
    copy: Copy
    dump: bool
    digest: bool


STATE_FIELDS: tuple[StateField, ...] = (
    StateField("players", Copy.EACH, dump=True, digest=True),
    StateField("battlefield", Copy.EACH, dump=True, digest=True),
    StateField("stack", Copy.EACH, dump=True, digest=True),
    StateField("turn", Copy.SHARE, dump=True, digest=True),
    StateField("active", Copy.SHARE, dump=True, digest=True),
    StateField("first_player", Copy.SHARE, dump=True, digest=True),
    StateField("step", Copy.SHARE, dump=True, digest=True),
    StateField("stage", Copy.SHARE, dump=True, digest=True),
    StateField("passes", Copy.SHARE, dump=True, digest=True),
    StateField("pending", Copy.OBJECT, dump=True, digest=True),
    StateField("next_id", Copy.SHARE, dump=True, digest=False),
    StateField("rng", Copy.OBJECT, dump=True, digest=False),
    StateField("log", Copy.LIST, dump=False, digest=False),
    StateField("log_enabled", Copy.SHARE, dump=False, digest=False),
    StateField("tr", Copy.SHARE, dump=False, digest=False),
    StateField("effects", Copy.SHARE, dump=True, digest=True),
    StateField("delayed", Copy.SHARE, dump=True, digest=True),
    StateField("triggered", Copy.SHARE, dump=True, digest=True),
    StateField("prevention", Copy.SHARE, dump=True, digest=False),
    StateField("combat", Copy.OBJECT, dump=True, digest=False),
    StateField("resolving", Copy.OBJECT, dump=True, digest=True),
    StateField("cast_snapshot", Copy.SHARE, dump=True, digest=False),
    StateField("legend_choice", Copy.DICT, dump=True, digest=False),
    StateField("game_over", Copy.SHARE, dump=True, digest=True),
    StateField("winner", Copy.SHARE, dump=True, digest=True),
    StateField("rules", Copy.SHARE, dump=True, digest=False),
    StateField("priority_player", Copy.SHARE, dump=True, digest=False),
    StateField("priority_rule", Copy.SHARE, dump=True, digest=False),
    StateField("card_counters", Copy.SHARE, dump=True, digest=True),
    StateField("marks", Copy.SHARE, dump=True, digest=True),
    StateField("upkeeps", Copy.SHARE, dump=True, digest=True),
    StateField("control_base", Copy.SHARE, dump=True, digest=True),
    StateField("damaged", Copy.SHARE, dump=True, digest=True),
    StateField("halt_at", Copy.SHARE, dump=True, digest=False),
    StateField("halted", Copy.SHARE, dump=True, digest=False),
    StateField("loop_quiet", Copy.SHARE, dump=True, digest=False),
    StateField("loop_marks", Copy.SHARE, dump=True, digest=False),
    StateField("cards", Copy.SHARE, dump=False, digest=False),
    StateField("format", Copy.SHARE, dump=True, digest=False),
    StateField("listing_cache", Copy.SHARE, dump=False, digest=False),
    StateField("settled", Copy.SHARE, dump=False, digest=False),
    StateField("bf_kinds", Copy.SHARE, dump=False, digest=False),
    StateField("card_kinds", Copy.SHARE, dump=False, digest=False),
    StateField("source_memo", Copy.RESET, dump=False, digest=False),
    StateField("listings", Copy.RESET, dump=False, digest=False),
)

"""Every field of :class:`GameState`, in declaration order, with how it is copied."""
