"""The agent interface: what an agent sees (an :class:`AgentView`) and a loop that plays a game.

An agent is any callable ``agent(view, rng) -> Action`` that returns one of ``view.options``.
The view answers only what its player may know: the observation (``Game.observation``), the
options, and public facts about the things an option names (``describe``/``about``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from manastack import layers, targeting
from manastack.actions import (
    Action,
    ActivateAbility,
    ActivateCard,
    ActivateMana,
    CastSpell,
    Choose,
    ChooseTarget,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    KeepLegend,
    PlayLand,
    SuspendCard,
    TurnFaceUp,
    target_player,
)
from manastack.cards.model import CardDef, TargetSpec
from manastack.decisions import Decision, Kind
from manastack.game import Game
from manastack.state import Card, Permanent, StackItem

DEFAULT_MAX_TURNS = 200
DEFAULT_MAX_DECISIONS = 100_000


@dataclass(frozen=True, slots=True)
class Thing:
    """Public facts about a player, card, permanent or stack object that an action names.

    ``card`` is the printed definition (public: every card's text is) when the thing's name is
    visible to the viewer; ``power``/``toughness`` are current values for a creature.
    """

    kind: str  # "player", "card" (in a hand or exile), "permanent", "spell", "ability"
    ref: int  # the cid, oid or player target value
    name: str
    controller: int
    card: CardDef | None = None
    power: int | None = None
    toughness: int | None = None
    damage: int = 0
    tapped: bool = False
    attacking: bool = False
    blocking: bool = False
    blocked: bool = False  # an attacker that some creature blocks
    targets: tuple[int, ...] = ()

    @property
    def mana_value(self) -> int:
        return self.card.mana_value if self.card is not None else 0

    def keyword(self, word: str) -> bool:
        return self.card is not None and word in self.card.keywords


class AgentView:
    """One decision as its player sees it. The game is held privately and only read for public
    facts; the observation is built on first use, so agents that ignore it cost nothing.

    ``decision`` may be None: the game's pending decision, described when first read (the
    driving loop passes None; an agent reads it before its answer is applied, so it is the
    decision being answered). ``kind`` is the decision's kind, without describing it."""

    __slots__ = ("_decision", "_game", "_obs", "options", "player")

    def __init__(self, game: Game, decision: Decision | None, options: list[Action]) -> None:
        self._game = game
        self._obs: dict[str, Any] | None = None
        self._decision = decision
        self.options = options
        player = decision.player if decision is not None else game.current_player
        if player is None:
            raise ValueError("AgentView: the game asks no decision")
        self.player = player

    @property
    def decision(self) -> Decision:
        d = self._decision
        if d is None:
            d = self._decision = self._game.decision
            if d is None:
                raise ValueError("AgentView: the game asks no decision")
        return d

    @property
    def kind(self) -> Kind:
        """The kind of decision asked (``decision.kind``, without writing its sentence)."""
        d = self._decision
        if d is not None:
            return d.kind
        pend = self._game.state.pending
        if pend is None:
            raise ValueError("AgentView: the game asks no decision")
        return pend.kind

    @property
    def observation(self) -> dict[str, Any]:
        if self._obs is None:
            self._obs = self._game.observation(self.player)
        return self._obs

    @property
    def step(self) -> str:
        return self._game.state.step.label

    @property
    def active(self) -> int:
        return self._game.state.active

    def life(self, player: int) -> int:
        return self._game.state.players[player].life

    def about(self, ref: int) -> Thing | None:
        """A target value (a player, a permanent's or a stack object's oid) as public facts."""
        g = self._game.state
        pi = target_player(ref)
        if pi is not None:
            if 0 <= pi < len(g.players):
                return Thing("player", ref, g.players[pi].name, pi)
            return None
        p = g.permanent(ref)
        if p is not None:
            return self._permanent(p)
        s = g.stack_item(ref)
        return self._stack_item(s) if s is not None else None

    def describe(self, action: Action) -> Thing | None:
        """The thing ``action`` is about: the card cast, played or discarded (from this player's
        own hand or exile), the permanent that attacks, blocks or activates, or the target."""
        if isinstance(action, CastSpell | PlayLand | Discard | SuspendCard | ActivateCard):
            card = self._own_card(action.cid)
            return (
                None if card is None else Thing("card", card.cid, card.name, self.player, card.cdef)
            )
        if isinstance(action, ChooseTarget):
            return self.about(action.target)
        if isinstance(
            action, DeclareAttacker | DeclareBlocker | ActivateAbility | ActivateMana | KeepLegend
        ):
            return self.about(action.oid)
        if isinstance(action, TurnFaceUp):
            return self.about(action.oid)
        return None

    def subject(self) -> Thing | None:
        """The spell or ability this decision is about (a target choice, a payment), if any."""
        g = self._game.state
        pend = g.pending
        if pend is None:
            return None
        oid = pend.context.get("item")
        if not isinstance(oid, int):
            return None
        s = g.stack_item(oid)
        return self._stack_item(s) if s is not None else None

    def battlefield(self) -> list[Thing]:
        return [self._permanent(p) for p in self._game.state.battlefield]

    def can_target(self, spec: TargetSpec, ref: int) -> bool:
        """Whether ``ref`` (an object or player target value) fits ``spec`` for this player
        (public information: what a spell could target)."""
        return targeting.is_legal(self._game.state, spec, ref, None, self.player)

    def hand(self) -> list[tuple[int, CardDef]]:
        """The viewer's own hand: (card id, card) in order."""
        return [(c.cid, c.cdef) for c in self._game.state.players[self.player].hand]

    def mulligan_answer(self, lands: range) -> Action:
        """A simple mulligan policy (103.5): keep a hand of five or fewer, or one whose number
        of lands is in ``lands``; else take a mulligan. At a bottom choice, put back a land if
        more than three remain, else the costliest other card."""
        hand = self.hand()
        n_lands = sum(1 for _, cd in hand if cd.is_land)
        if self.kind is Kind.MULLIGAN:
            keep = len(hand) <= 5 or n_lands in lands
            return Choose(self.player, "keep" if keep else "mulligan")
        want_land = n_lands > 3
        best = max(
            hand, key=lambda c: (c[1].is_land == want_land, c[1].mana_value, -c[0]), default=None
        )
        return Choose(self.player, str(best[0])) if best is not None else self.options[0]

    def stack(self) -> list[Thing]:
        """The stack, top first."""
        return [self._stack_item(s) for s in reversed(self._game.state.stack)]

    def _own_card(self, cid: int) -> Card | None:
        me = self._game.state.players[self.player]
        for zone in (me.hand, me.exile, me.graveyard):
            for c in zone:
                if c.cid == cid:
                    return c
        return None

    def _permanent(self, p: Permanent) -> Thing:
        g = self._game.state
        hidden = p.face_down and p.controller != self.player
        pw, tg = layers.power_toughness(g, p) if layers.is_creature(p) else (None, None)
        c = g.combat
        return Thing(
            "permanent",
            p.oid,
            "face-down creature" if hidden else p.name,
            p.controller,
            None if p.face_down else p.card.cdef,
            pw,
            tg,
            p.damage,
            p.tapped,
            c is not None and p.oid in c.attackers,
            c is not None and p.oid in c.blockers,
            c is not None and p.oid in c.blocked,
        )

    def _stack_item(self, s: StackItem) -> Thing:
        hidden = s.face_down and s.controller != self.player
        cdef = s.card.cdef if s.card is not None and not hidden else None
        kind = "spell" if s.is_spell else "ability"
        name = "face-down spell" if hidden else s.source_name
        return Thing(kind, s.oid, name, s.controller, cdef, targets=tuple(s.targets))


class Agent(Protocol):
    """Chooses one of ``view.options``; ``rng`` is the only source of randomness it may use."""

    def __call__(self, view: AgentView, rng: random.Random) -> Action: ...


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended. ``winner`` is None for a draw; ``draw_reason`` then says why
    ("draw" when the rules drew it, "turn limit" or "decision limit" when the driver stopped)."""

    winner: int | None
    turns: int
    decisions: int
    draw_reason: str | None = None
    first_player: int = 0

    def __reduce__(self) -> tuple[type[GameResult], tuple[object, ...]]:
        # Results cross process boundaries (simulate's workers, Ray). Unpickling a frozen
        # dataclass sets its fields one by one, which a class compiled by mypyc refuses
        # (FrozenInstanceError in the pool's result thread, and the pool waited for ever):
        # rebuilt through the constructor instead.
        return (
            GameResult,
            (self.winner, self.turns, self.decisions, self.draw_reason, self.first_player),
        )


def play_game(
    decks: Sequence[Sequence[str]],
    agents: Sequence[Agent],
    seed: int,
    *,
    max_turns: int = DEFAULT_MAX_TURNS,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    first_player: int = 0,
    names: Sequence[str] | None = None,
    log: bool = False,
    rules: str = "current",
    format: str = "free-for-all",
    teams: Sequence[Sequence[str]] | None = None,
    mulligans: bool = True,
    auto: bool = False,
) -> GameResult:
    """Play one game, each player's decisions made by its agent; a draw at ``max_turns``.

    The game and the agents' rng are both seeded from ``seed``, so a game is a function of its
    arguments. The rules log is off unless ``log``: nobody reads it here and it costs time.
    ``auto``: forced decisions are answered by the engine (``Game.auto``), not the agents: the
    same game, sooner (see :func:`drive`).
    """
    game = Game.new(
        decks,
        names,
        seed=seed,
        first_player=first_player,
        rules=rules,
        format=format,
        teams=teams,
        mulligans=mulligans,
    )
    game.state.log_enabled = log
    return drive(
        game,
        agents,
        random.Random(seed),
        max_turns=max_turns,
        max_decisions=max_decisions,
        auto=auto,
    )


def drive(
    game: Game,
    agents: Sequence[Agent],
    rng: random.Random,
    *,
    max_turns: int = DEFAULT_MAX_TURNS,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
    auto: bool | None = None,
) -> GameResult:
    """Play ``game`` on to its end (or a cap) with ``agents``; see :func:`play_game`.

    ``auto`` (None: as ``game.auto`` stands) sets ``game.auto``: the engine answers each
    decision with one option (mana abilities at priority left out, as the agents see them)
    instead of asking the agent. Those decisions are still made, logged, recorded and counted
    as before, and the caps stop the engine where they would stop the agents (``auto_turns``,
    ``auto_budget``). The built-in agents draw nothing from ``rng`` for a single option and
    can only return it, so the same seed plays the same game with ``auto`` or without: the same
    log, result and decision count (``tests/test_forced.py``). An agent that drew from ``rng``
    at a forced decision would see a different stream of numbers with ``auto``."""
    if auto is not None:
        game.auto = auto
    try:
        return _drive(game, agents, rng, max_turns, max_decisions)
    finally:
        game.auto_turns = game.auto_budget = None


def _drive(
    game: Game, agents: Sequence[Agent], rng: random.Random, max_turns: int, max_decisions: int
) -> GameResult:
    first = game.state.first_player
    decisions = 0
    auto = game.auto
    if auto:
        game.auto_turns = max_turns
        decisions += game.play_forced(max_decisions)
    while not game.is_over:
        if game.turn > max_turns:
            return GameResult(None, game.turn - 1, decisions, "turn limit", first)
        if decisions >= max_decisions:
            return GameResult(None, game.turn, decisions, "decision limit", first)
        before = game.forced
        pi = game.current_player
        if pi is None:  # halted at a step start: nothing to decide, go on
            game.auto_budget = max_decisions - decisions
            game.resume()
            decisions += game.forced - before
            continue
        # Neither built-in agent taps mana by hand at priority (payment is automatic), so the
        # mana-ability options are left out of what they see: a third of the listing's cost.
        options = game.legal_actions(with_mana=False)
        game.auto_budget = max_decisions - decisions - 1
        # The decision itself is described only if the agent reads it (AgentView).
        game.apply(agents[pi](AgentView(game, None, options), rng))
        decisions += 1 + game.forced - before
    w = game.winner
    return GameResult(w, game.turn, decisions, None if w is not None else "draw", first)
