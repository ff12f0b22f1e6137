"""The PettingZoo AEC environment: one agent per seat, the deciding player selected.

>>> from manastack.env import env
>>> e = env()
>>> e.reset(seed=3)
>>> e.agent_selection, e.possible_agents
('player_1', ['player_0', 'player_1'])
>>> obs, reward, termination, truncation, info = e.last()
>>> int(obs["action_mask"].sum()) >= 1
True

The observation of an agent is ``{"observation": float32 vector, "action_mask": int8 vector}``
(:mod:`manastack.env.observe`, only what that player may know); an action is an index of
:mod:`manastack.env.codec`. The mask is 1 exactly at the legal actions' indices of the agent that
must decide (all 0 for the others). An index that is not legal raises
:class:`IllegalActionIndex`, changing nothing. Rewards come at the end: +1 the winner, -1 every
other player (a player who leaves a multiplayer game gets its -1 then), 0 each for a draw; at
``max_turns`` every agent is truncated with 0.

The legal actions are ``Game.legal_actions(with_mana=False)`` by default: activating a mana
ability by hand at priority is left out, since paying a cost (``PayMana``) taps what it needs;
``mana_abilities=True`` lists them too.

``auto=True`` hands the agents only real choices: a decision with a single legal option is
answered by the engine (``Game.auto``), logged as any other, and never reaches an agent (off by
default: an agent then sees every decision, as before).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from manastack.actions import Action
from manastack.agents.base import DEFAULT_MAX_TURNS
from manastack.env.codec import DEFAULT_CAPS, MAX_SEATS, ActionCodec, Caps
from manastack.env.observe import ObservationEncoder
from manastack.game import Game

# The shipped decks/red-green.txt and decks/white-blue.txt, here so that an installed package
# has them too.
RED_GREEN: tuple[str, ...] = (
    ("Mountain",) * 12
    + ("Forest",) * 12
    + ("Lightning Bolt",) * 9
    + ("Shock",) * 9
    + ("Grizzly Bears",) * 9
    + ("Giant Growth",) * 9
)
WHITE_BLUE: tuple[str, ...] = (
    ("Plains",) * 12
    + ("Island",) * 12
    + ("Savannah Lions",) * 8
    + ("Serra Angel",) * 8
    + ("Counterspell",) * 6
    + ("Essence Scatter",) * 6
    + ("Negate",) * 4
    + ("Unsummon",) * 4
)
DEFAULT_DECKS: tuple[tuple[str, ...], ...] = (RED_GREEN, WHITE_BLUE)

Deck = Sequence[str] | str | Path
"""A deck: card names, or the path of a decklist file (``COUNT NAME`` lines)."""


class IllegalActionIndex(ValueError):
    """An action index that is not one of the legal actions' now."""


def load_decks(decks: Sequence[Deck] | None, players: int) -> list[list[str]]:
    """Card lists for ``players`` seats: ``decks`` in turn (a file path is read as a
    decklist), the default decks when None."""
    from manastack import cards
    from manastack.decklist import load_decklist

    chosen: Sequence[Deck] = DEFAULT_DECKS if decks is None else decks
    if not chosen:
        raise ValueError("give at least one deck")
    out: list[list[str]] = []
    for i in range(players):
        d = chosen[i % len(chosen)]
        if isinstance(d, str | Path):
            out.append(load_decklist(d, cards.names()).cards())
        else:
            out.append(list(d))
    return out


class ManastackEnv(AECEnv):  # type: ignore[misc]
    """A game of Magic as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it as a class attribute
        "render_modes": ["ansi", "human"],
        "name": "manastack_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        decks: Sequence[Deck] | None = None,
        *,
        players: int | None = None,
        names: Sequence[str] | None = None,
        rules: str = "current",
        max_turns: int = DEFAULT_MAX_TURNS,
        first_player: int | None = None,
        mana_abilities: bool = False,
        caps: Caps = DEFAULT_CAPS,
        render_mode: str | None = None,
        auto: bool = False,
    ) -> None:
        super().__init__()
        n = players if players is not None else (len(decks) if decks else 2)
        if not 2 <= n <= MAX_SEATS:
            raise ValueError(f"players must be 2 to {MAX_SEATS}, got {n}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.decks = load_decks(decks, n)
        self.names = list(names) if names is not None else [f"player_{i}" for i in range(n)]
        self.rules = rules
        self.max_turns = max_turns
        self.first_player = first_player
        self.with_mana = mana_abilities
        self.render_mode = render_mode
        self.auto = auto
        self.codec = ActionCodec(caps)
        self.encoder = ObservationEncoder(caps)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-1e9, 1e9, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
            }
        )
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game = Game.new(self.decks, self.names, seed=0, rules=rules)
        self._legal: list[Action] = []
        self._index: dict[int, Action] | None = None
        self._rewarded = False  # some reward or termination is set since the last step
        self.agents: list[str] = []

    # --- PettingZoo's API -----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` fixes it (the shuffles, who plays first); without one, the next
        seed of the sequence the last given seed started."""
        if seed is not None:
            self._seeds.seed(seed)
        game_seed = self._seeds.getrandbits(63)
        first = self.first_player
        if first is None:
            first = game_seed % len(self.possible_agents)
        self.game = Game.new(
            self.decks, self.names, seed=game_seed, rules=self.rules, first_player=first
        )
        self.game.state.log_enabled = self.render_mode is not None
        if self.auto:  # forced decisions played by the engine, up to the truncation
            self.game.auto = True
            self.game.auto_turns = self.max_turns
            self.game.play_forced()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False
        self._advance()
        if self._rewarded:  # a game over before its first decision
            self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        seat = self._seat[agent]
        mask = np.zeros(self.codec.size, dtype=np.int8)
        if self.game.current_player == seat and agent == self.agent_selection:
            mask[list(self.index())] = 1
        return {
            "observation": self.encoder.encode(self.game.observation(seat)),
            "action_mask": mask,
        }

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionIndex(f"{agent} must choose an action (None is for a done agent)")
        chosen = self.index().get(int(action))
        if chosen is None:
            raise IllegalActionIndex(
                f"action {int(action)} ({self._block(int(action))}) is not legal for {agent} "
                f"now; the legal indices are {sorted(self.index())}"
            )
        self.apply_action(chosen)

    def apply_action(self, action: Action) -> None:
        """Step with a manastack action (one of :meth:`legal_actions`) instead of an index."""
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        if self._rewarded:  # rewards are rare (a game's end, a player leaving): clear them then
            for a in self.agents:
                self.rewards[a] = 0.0
            self._rewarded = False
        self.game.apply(action)
        self._advance()
        if self._rewarded:
            self._accumulate_rewards()
            self._deads_step_first()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from manastack.record import summary

        text = summary(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # --- manastack's own ------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The deciding player's legal actions (empty when the game is over)."""
        return self._legal

    def index(self) -> dict[int, Action]:
        """The legal actions by index."""
        if self._index is None:
            codes = self.codec.encode(self.game.state, self._legal)
            self._index = dict(zip(codes, self._legal, strict=True))
        return self._index

    def _block(self, index: int) -> str:
        try:
            return self.codec.block_of(index)
        except IndexError as err:
            return str(err)

    def _advance(self) -> None:
        """After a move: on to the next decision, then who is done and who decides."""
        g = self.game
        st = g.state
        while not st.game_over and st.pending is None:
            g.resume()  # a halt at a step's start: nothing to decide
        self._index = None
        if st.game_over:
            self._legal = []
            for a, r in zip(self.possible_agents, g.returns(), strict=True):
                if a in self.terminations and not self.terminations[a]:
                    self.rewards[a] = r
                    self.terminations[a] = True
            self._rewarded = True
            return
        if st.turn > self.max_turns:
            self._legal = []
            for a in self.agents:
                self.truncations[a] = True
            self._rewarded = True
            return
        if len(st.players) > 2:  # with two, a player leaving ends the game
            for p in st.players:
                a = self.possible_agents[p.idx]
                if p.left and a in self.terminations and not self.terminations[a]:
                    self.rewards[a] = -1.0  # 800.4a: out of a game that goes on
                    self.terminations[a] = True
                    self._rewarded = True
        self._legal = g.legal_actions(self.with_mana)
        pend = st.pending
        assert pend is not None
        self.agent_selection = self.possible_agents[pend.player]


def env(**kwargs: Any) -> ManastackEnv:
    """The environment, two players on the default decks unless told otherwise."""
    return ManastackEnv(**kwargs)


raw_env = ManastackEnv
