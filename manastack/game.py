"""The facade: a :class:`Game` you drive one decision at a time.

>>> from manastack import Game, actions
>>> g = Game.new([["Forest"] * 20, ["Island"] * 20], names=["alice", "bob"], seed=1, first_player=0)
>>> g.decision.prompt  # the London mulligan (103.5) comes first
'alice: keep this hand of 7 or take a mulligan'
>>> g.apply(actions.Choose(0, "keep")); g.apply(actions.Choose(1, "keep"))
>>> g.decision
Decision(player=0, kind=<Kind.PRIORITY: 'priority'>, prompt='alice has priority')
>>> g.turn, g.step.label
(1, 'upkeep')
>>> g.apply(g.legal_actions()[0])  # pass
>>> g.decision.prompt
'bob has priority'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from manastack import casting, engine, layers, setup, targeting
from manastack.actions import Action
from manastack.casting import ChooseSpellTarget, PayCost
from manastack.decisions import Decision, describe, legal_actions
from manastack.decisions.base import Kind
from manastack.errors import IllegalAction
from manastack.i18n import Translator
from manastack.mana import pool_text
from manastack.special import CastOrDecline
from manastack.stack import PayOrCounter
from manastack.state import Event, GameState, Permanent
from manastack.steps import Step
from manastack.triggers import TriggerTarget
from manastack.turn import DiscardCards
from manastack.vocabulary.base import ManaAbility, StaticAbility, TriggeredAbility

__all__ = ["Game", "Kind"]


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Game:
    """One game of Magic, stopped at a decision (or over)."""

    __slots__ = ("_memo", "answers", "auto", "auto_budget", "auto_turns", "forced", "state")

    def __init__(self, state: GameState, advance: bool = True, auto: bool = False) -> None:
        """The game in ``state``, advanced to its next decision (``advance=False``: as it
        stands). With ``auto`` the engine answers every forced decision itself (see
        :meth:`play_forced`)."""
        self.state = state
        # The last listing of legal actions: (state, pending decision, with_mana, actions).
        self._memo: tuple[GameState, object, bool, list[Action]] | None = None
        # Forced decisions (a single option) answered by the engine, not the caller: off
        # unless asked. ``auto_turns``: not after that turn; ``auto_budget``: at most that
        # many after one answer (the caps of a driving loop, ``agents.base.drive``).
        self.auto = auto
        self.auto_turns: int | None = None
        self.auto_budget: int | None = None
        self.forced = 0  # decisions the engine answered itself
        # Every answer accepted, in order (the caller's and the forced ones), when a record
        # is kept (``record.Record``, ``simulate --save-dir``, ``play --save``); else None.
        self.answers: list[Action] | None = None
        if advance:
            engine.advance(state)
            if auto:
                self.play_forced()

    @classmethod
    def new(
        cls,
        decks: Sequence[Sequence[str]],
        names: Sequence[str] | None = None,
        *,
        seed: int = 0,
        rules: str = "current",
        first_player: int | None = None,
        mulligans: bool = True,
        format: str = "free-for-all",
        teams: Sequence[Sequence[str]] | None = None,
        team_names: Sequence[str] = (),
        lang: str = "en",
        auto: bool = False,
    ) -> Game:
        """A new game between decklists (card names), shuffled with ``seed``. The starting
        player is chosen at random from the seed unless ``first_player`` names one (103.1); the
        game begins with the rule set's mulligan decisions (103.5) unless ``mulligans`` is
        False (everyone keeps seven). ``format`` and ``teams`` (player names, team by team, in
        seat order) make a team game: "shared team turns" (805) or "two-headed giant" (810).

        >>> g = Game.new([["Forest"] * 40] * 4, ["a", "b", "c", "d"], seed=1, first_player=0,
        ...              format="two-headed giant", teams=[["a", "b"], ["c", "d"]],
        ...              mulligans=False)
        >>> g.decision.prompt, g.state.players[2].life
        ('team 1 (a and b) has priority', 30)
        """
        state = setup.new_game(
            decks,
            names,
            seed=seed,
            rules=rules,
            first_player=first_player,
            mulligans=mulligans,
            format=format,
            teams=teams,
            team_names=team_names,
            lang=lang,
        )
        return cls(state, auto=auto)

    @classmethod
    def from_position(
        cls,
        players: Sequence[setup.PlayerSpec],
        *,
        seed: int = 0,
        rules: str = "current",
        turn: int = 1,
        step: Step = Step.UNTAP,
        halt_at: tuple[int, Step] | None = None,
        format: str = "free-for-all",
        teams: Sequence[Sequence[str]] | None = None,
        team_names: Sequence[str] = (),
        lang: str = "en",
    ) -> Game:
        state = setup.from_position(
            players,
            seed=seed,
            rules=rules,
            turn=turn,
            step=step,
            format=format,
            teams=teams,
            team_names=team_names,
            lang=lang,
        )
        state.halt_at = halt_at
        return cls(state)

    # --- the decision-point API -----------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """Who must decide what now; None when the game is over (or halted at a step start)."""
        return describe(self.state)

    @property
    def current_player(self) -> int | None:
        pend = self.state.pending
        return None if pend is None or self.state.game_over else pend.player

    def legal_actions(self, with_mana: bool = True) -> list[Action]:
        """Every legal answer to the pending decision (none when the game is over).
        ``with_mana=False`` leaves out activating mana abilities at priority.

        Asked again before anything is applied, it gives what it found before (agents and
        environments ask once for a choice and again for a mask): a new list each time."""
        g = self.state
        memo = self._memo
        if memo is not None and memo[0] is g and memo[1] is g.pending and memo[2] == with_mana:
            return memo[3][:]
        found = legal_actions(g, with_mana)
        self._memo = (g, g.pending, with_mana, found)
        return found[:]

    def apply(self, action: Action) -> None:
        """Perform ``action``; raises :class:`IllegalAction` and changes nothing if it is not
        legal now. With ``auto``, the forced decisions that follow are played too."""
        try:
            self._answer(action)
        except IllegalAction as e:
            e.tr = self.state.tr
            raise
        if self.auto:
            self.play_forced(self.auto_budget)

    def _answer(self, action: Action) -> None:
        self._memo = None
        self.state = engine.apply(self.state, action)
        if self.answers is not None:
            self.answers.append(action)

    def forced_action(self) -> Action | None:
        """The one thing the pending decision allows, if that is all it allows: a decision
        with a single legal option once mana abilities at priority are left out (activating
        one with nothing to spend the mana on changes nothing but the pool, which empties,
        or under the 2004 rules burns). Conceding is never counted as an option. None when
        there is a real choice, or no decision (the game is over or halted)."""
        g = self.state
        if g.game_over or g.pending is None:
            return None
        options = self.legal_actions(with_mana=False)
        return options[0] if len(options) == 1 else None

    def play_forced(self, limit: int | None = None) -> int:
        """Answer each forced decision (:meth:`forced_action`) with its only option, as a
        player would, until a real choice (or the end, or ``limit`` answers, or a turn after
        ``auto_turns``); each answer is logged (and recorded) as any other. Returns how many
        were played (also added to ``forced``)."""
        n = 0
        turns = self.auto_turns
        while limit is None or n < limit:
            if turns is not None and self.state.turn > turns:
                break
            a = self.forced_action()
            if a is None:
                break
            self._answer(a)
            n += 1
        self.forced += n
        return n

    @property
    def lang(self) -> str:
        """The language of the log and of refusals (``en``, ``fr``)."""
        return self.state.tr.lang

    def tr(self, template: str, **params: object) -> str:
        """A message (manastack.i18n) rendered in the game's language."""
        return self.state.tr.render(template, params)

    def clone(self) -> Game:
        """An independent copy (for search): the same options, no record of answers."""
        c = Game(self.state.clone(), False, self.auto)  # positional: a clone is hot (search)
        if self.auto:
            c.auto_turns = self.auto_turns
            c.auto_budget = self.auto_budget
        if self.forced:
            c.forced = self.forced
        return c

    def copy(self) -> Game:
        """The same as :meth:`clone`."""
        return self.clone()

    def resume(self, halt_at: tuple[int, Step] | None = None) -> None:
        """Go on after a halt (``halt_at`` reached), optionally with a new halting point."""
        self._memo = None
        self.state.halted = False
        self.state.halt_at = halt_at
        self.state.settled = False  # the position may have been set up while halted: look again
        engine.advance(self.state)
        if self.auto:
            self.play_forced(self.auto_budget)

    # --- outcome ------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.state.game_over

    @property
    def is_terminal(self) -> bool:
        """The same as :attr:`is_over`."""
        return self.state.game_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    def outcome(self) -> str | None:
        """None while the game goes on; else the winner's name (the winning team's, in a team
        game) or "draw"."""
        if not self.state.game_over:
            return None
        w = self.state.winner
        if w is None:
            return "draw"
        f = self.state.format
        return self.state.players[w].name if f.solo else f.team_name(f.team_of(w))

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for every other player; 0 each for a draw or a game in play."""
        n = len(self.state.players)
        w = self.state.winner
        if not self.state.game_over or w is None:
            return [0.0] * n
        f = self.state.format
        return [1.0 if f.same_team(i, w) else -1.0 for i in range(n)]

    # --- reading the game ---------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def step(self) -> Step:
        return self.state.step

    @property
    def active_player(self) -> int:
        return self.state.active

    @property
    def log(self) -> list[Event]:
        return self.state.log

    def log_text(self, start: int = 0, tr: Translator | None = None) -> str:
        """The log from line ``start``, one line each, in the game's language (or ``tr``'s)."""
        if tr is None:
            return "\n".join(str(e) for e in self.state.log[start:])
        return "\n".join(e.line(tr) for e in self.state.log[start:])

    def player_index(self, name: str) -> int:
        for p in self.state.players:
            if p.name.lower() == name.lower():
                return p.idx
        raise IllegalAction("unknown", "no player named {name}", "102.1", name=repr(name))

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know, as a plain dict for agents and UIs: their own hand, every
        public zone (battlefield, graveyards, exile, the stack, combat), and of the hidden
        zones only counts: never an opponent's hand nor the order of any library (400.2). Face-
        down permanents and spells show only to their controller (708.5). The prompt is
        included only for the player asked (another's prompt may name what they hold)."""
        g = self.state
        pend = g.pending
        deciding = None if pend is None or g.game_over else pend
        combat = g.combat
        return {
            "turn": g.turn,
            "step": g.step.label,
            "active": g.active,
            "you": player,
            "decision": None
            if deciding is None
            else {
                "player": deciding.player,
                "kind": deciding.kind.value,
                "prompt": deciding.prompt(g).render(g.tr) if deciding.player == player else None,
            },
            "players": [
                {
                    "name": p.name,
                    "life": p.life,
                    "poison": p.poison,
                    "hand": [c.name for c in p.hand] if p.idx == player else len(p.hand),
                    "library": len(p.library),
                    "graveyard": [c.name for c in p.graveyard],
                    "exile": [c.name for c in p.exile],
                    "mana_pool": pool_text(p.pool),
                    "lands_played": p.lands_played,
                    "left": p.left,
                }
                for p in g.players
            ],
            "battlefield": [self._perm_view(p, player) for p in g.battlefield],
            "stack": [
                {
                    "oid": s.oid,
                    "name": "face-down spell"
                    if s.face_down and s.controller != player
                    else s.source_name,
                    "kind": s.kind,
                    "controller": s.controller,
                    "face_down": s.face_down,
                    "targets": list(s.targets),
                }
                for s in reversed(g.stack)
            ],
            "combat": None
            if combat is None
            else {
                "attackers": dict(combat.attackers),
                "blockers": {k: list(v) for k, v in combat.blockers.items()},
            },
        }

    def _perm_view(self, p: Permanent, viewer: int) -> dict[str, Any]:
        g = self.state
        pw, tg = layers.power_toughness(g, p) if layers.is_creature(p) else (None, None)
        hidden = p.face_down and p.controller != viewer
        return {
            "oid": p.oid,
            "name": "face-down creature" if hidden else p.name,
            "owner": p.owner,
            "controller": p.controller,
            "tapped": p.tapped,
            "sick": p.sick,
            "damage": p.damage,
            "power": pw,
            "toughness": tg,
            "face_down": p.face_down,
            "token": p.card.token,
            "counters": dict(p.counters or {}),
        }

    def __repr__(self) -> str:
        g = self.state
        names = ", ".join(p.name for p in g.players)
        where = "over" if g.game_over else f"turn {g.turn} {g.step.label}"
        return f"<Game [{names}] {where}>"

    # --- queries for the text layer -----------------------------------------------------------
    # The rules facts that manastack.text (the command language, carrying commands out,
    # describing actions) needs, so that it reads the game through this facade alone. None of
    # them changes the game.

    @staticmethod
    def of(game: Game | GameState) -> Game:
        """``game`` itself, or a Game that reads the bare state ``game`` as it stands (it is not
        advanced): for callers that hold only a ``GameState``."""
        if isinstance(game, Game):
            return game
        return Game(game, advance=False)

    def may_answer(self, player: int) -> bool:
        """Whether ``player`` may answer the pending decision: the player asked, or (805.5) a
        player of the team asked for a team decision."""
        pend = self.state.pending
        return (
            pend is not None and not self.state.game_over and pend.answered_by(self.state, player)
        )

    def team_of(self, player: int) -> str | None:
        """The name of ``player``'s team in a team game; None in a free-for-all."""
        f = self.state.format
        return None if f.solo else f.team_name(f.team_of(player))

    def pending_item(self) -> int | None:
        """The oid of the spell or ability on the stack that the pending decision is about: the
        one whose target is being chosen (TARGET, TRIGGER_TARGET), whose cost is being paid
        (PAY_MANA), or that is countered unless its controller pays (PAY_OR_DECLINE). None for
        any other decision, or when the game is over."""
        pend = self.state.pending
        if pend is None or self.state.game_over:
            return None
        if isinstance(pend, ChooseSpellTarget | PayCost | TriggerTarget):
            return pend.item
        if isinstance(pend, PayOrCounter):
            return pend.spell
        return None

    def pending_target_text(self) -> str | None:
        """What the pending TARGET or TRIGGER_TARGET decision chooses, in the card's words
        (``"target creature"``); None for any other decision."""
        pend = self.state.pending
        if self.state.game_over or not isinstance(pend, ChooseSpellTarget | TriggerTarget):
            return None
        item = self.state.stack_item(pend.item)
        return None if item is None else item.target_specs[pend.index].text

    def pending_card(self) -> int | None:
        """The cid of the card that the pending CAST_OR_DECLINE decision offers to cast (a
        suspended card whose last time counter was removed, 702.62a); None otherwise."""
        pend = self.state.pending
        if self.state.game_over or not isinstance(pend, CastOrDecline):
            return None
        return pend.cid

    def pending_rule(self) -> str | None:
        """The rule a pending discard answers to (514.1 in cleanup, 701.9a for an effect)."""
        pend = self.state.pending
        return pend.rule if isinstance(pend, DiscardCards) else None

    def ability_kinds(self, oid: int) -> list[str]:
        """The kind of each ability of permanent ``oid``, in printed order: ``"mana"`` (605),
        ``"activated"`` (602), ``"triggered"`` (603) or ``"static"`` (604). Empty for a
        face-down permanent (it has no abilities, 708.2) or no such permanent."""
        p = self.state.permanent(oid)
        if p is None or p.face_down:
            return []
        out: list[str] = []
        for ab in layers.abilities(self.state, p):
            if isinstance(ab, ManaAbility):
                out.append("mana")
            elif isinstance(ab, TriggeredAbility):
                out.append("triggered")
            elif isinstance(ab, StaticAbility):
                out.append("static")
            else:
                out.append("activated")
        return out

    def mana_colors(self, oid: int, index: int) -> str:
        """The colour letters (``"G"``, ``"WU"``) that mana ability ``index`` of permanent
        ``oid`` may add, one of them per activation; ``""`` when that is not a mana ability."""
        p = self.state.permanent(oid)
        abilities = () if p is None else layers.abilities(self.state, p)
        if p is None or p.face_down or not 0 <= index < len(abilities):
            return ""
        ab = abilities[index]
        return ab.colors if isinstance(ab, ManaAbility) else ""

    def activation_refusal(self, player: int, oid: int, index: int) -> IllegalAction | None:
        """Why ``player`` can't activate ability ``index`` (from 0) of permanent ``oid`` now, as
        far as the ability, its timing, its {T} cost, its targets and its mana go (602.2, 602.5);
        None when nothing stands in the way."""
        p = self.state.permanent(oid)
        if p is None or p.controller != player:
            return IllegalAction("unknown", "no such permanent under your control", "602.2")
        return casting.activation_refusal(self.state, player, p, index)

    def describe_target(self, target: int) -> str:
        """How the log names ``target`` (a player target, a permanent or a stack object): a
        player's name, a card name, or "a face-down creature" (708.2)."""
        return targeting.describe(self.state, target)

    def power_toughness(self, oid: int) -> tuple[int, int] | None:
        """Permanent ``oid``'s power and toughness with every effect applied (613); None when it
        is not a creature (or there is no such permanent)."""
        p = self.state.permanent(oid)
        if p is None or not layers.is_creature(p):
            return None
        return layers.power_toughness(self.state, p)

    def next_step(self) -> tuple[int, int, Step]:
        """Where the game goes when the current step ends (500.2): the turn, the active player
        and the step then, skipped steps left out (103.8a, 508.8). Worked out on a copy."""
        nxt = self.state.clone()
        nxt.log_enabled = False
        step = nxt.rules.next_step(nxt)
        return nxt.turn, nxt.active, step
