"""manastack as an OpenSpiel Python game (``pyspiel.load_game("python_manastack")``).

Imperfect information, sequential, terminal rewards (+1 the winner, -1 the others, 0 a draw or
a game stopped at ``max_turns``). The chance in a game of Magic (the shuffles, random choices of
effects) all comes from the game's seed, so the game opens with one chance node that draws the
seed uniformly among ``seeds`` outcomes; after it every move is a player's (this is the explicit
sampling OpenSpiel suggests when the chance events are too many to list one by one). Actions are
the indices of :mod:`manastack.env.codec`; observations (``observation_tensor``/``_string``) are
:mod:`manastack.env.observe` of ``Game.observation``: only what the player may know.

A search that clones the state sees everything, the hidden cards included.
:meth:`ManastackState.resample_from_infostate` deals what ``player`` can't see anew (the
opponents' hands from their cards, every library's order, the random state), so a bot can search
a determinized state instead: that is how the README's table plays OpenSpiel's ``MCTSBot``.

Parameters: ``players`` (2-4), ``decks`` (decklist paths separated by ``;``, default the two
default decks), ``seeds`` (chance outcomes), ``max_turns``, ``auto`` (forced decisions played
by the engine, ``Game.auto``; default off).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pyspiel

from manastack.actions import Action
from manastack.agents.base import DEFAULT_MAX_TURNS
from manastack.env.aec import load_decks
from manastack.env.codec import MAX_SEATS, ActionCodec
from manastack.env.observe import ObservationEncoder
from manastack.game import Game
from manastack.rng import Rng

NAME = "python_manastack"
_CODEC = ActionCodec()
_ENCODER = ObservationEncoder()
_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "decks": "",
    "seeds": 1 << 16,
    "max_turns": DEFAULT_MAX_TURNS,
    "auto": False,
}
_GAME_TYPE = pyspiel.GameType(
    short_name=NAME,
    long_name="manastack (Magic: The Gathering)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_SEATS,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class ManastackGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its parameters and decks; states are :class:`ManastackState`."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_DEFAULTS, **(params or {})}
        self.players = int(p["players"])
        self.seeds = int(p["seeds"])
        self.max_turns = int(p["max_turns"])
        self.auto = bool(p["auto"])  # forced decisions played by the engine (Game.auto)
        paths = [d for d in str(p["decks"]).split(";") if d]
        self.decks = load_decks(paths or None, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=_CODEC.size,
            max_chance_outcomes=self.seeds,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            # Decisions in a game: a bound for OpenSpiel's bookkeeping, not a limit we enforce
            # (the turn limit ends games long before it).
            max_game_length=self.max_turns * 2000,
        )
        super().__init__(_GAME_TYPE, info, p)

    def new_initial_state(self) -> ManastackState:
        return ManastackState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ManastackObserver:
        return ManastackObserver()


class ManastackState(pyspiel.State):  # type: ignore[misc]
    """A game of Magic before its seed is drawn (a chance node), then one decision at a time."""

    def __init__(self, game: ManastackGame) -> None:
        super().__init__(game)
        self.spiel_game = game
        self.game: Game | None = None
        self._index: dict[int, Action] | None = None

    # --- OpenSpiel's State API --------------------------------------------------------------

    def current_player(self) -> int:
        g = self.game
        if g is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._over():
            return int(pyspiel.PlayerId.TERMINAL)
        pend = g.state.pending
        assert pend is not None
        return pend.player

    def _legal_actions(self, player: int) -> list[int]:
        if self.game is None or self._over() or player != self.current_player():
            return []
        return sorted(self.index())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.game is None
        p = 1.0 / self.spiel_game.seeds
        return [(s, p) for s in range(self.spiel_game.seeds)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            sg = self.spiel_game
            self.game = Game.new(sg.decks, seed=action, first_player=action % sg.players)
            self.game.state.log_enabled = False
            if sg.auto:
                self.game.auto = True
                self.game.auto_turns = sg.max_turns
                self.game.play_forced()
        else:
            chosen = self.index().get(action)
            if chosen is None:
                raise ValueError(f"action {action} is not legal now: {sorted(self.index())}")
            self.game.apply(chosen)
        while not self.game.is_over and self.game.decision is None:
            self.game.resume()
        self._index = None

    def _action_to_string(self, player: int, action: int) -> str:
        if self.game is None:
            return f"seed {action}"
        chosen = self.index().get(action) if player == self.current_player() else None
        return repr(chosen) if chosen is not None else f"{_CODEC.block_of(action)}#{action}"

    def is_terminal(self) -> bool:
        return self.game is not None and self._over()

    def returns(self) -> list[float]:
        if self.game is None:
            return [0.0] * self.spiel_game.players
        return self.game.returns()

    def __str__(self) -> str:
        if self.game is None:
            return "(seed not drawn)"
        from manastack.record import summary

        return summary(self.game)

    def __deepcopy__(self, memo: dict[int, Any]) -> ManastackState:
        # OpenSpiel clones a Python state by deepcopy: a game's own clone is far cheaper.
        s = ManastackState(self.spiel_game)
        s.game = self.game.clone() if self.game is not None else None
        return s

    def clone(self) -> ManastackState:
        return copy.deepcopy(self)

    # --- what a determinizing search needs ----------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ManastackState:
        """A state ``player_id`` can't tell from this one: every opponent's hand dealt anew from
        the cards of that opponent's hand and library, every library shuffled, the random state
        reseeded. ``probability_sampler`` gives the randomness (a float in [0, 1))."""
        s = self.clone()
        if s.game is None:
            return s
        rng = random.Random(float(probability_sampler()))
        st = s.game.state
        for p in st.players:
            if p.idx != player_id:
                cards = [*p.hand, *p.library]
                rng.shuffle(cards)
                p.hand, p.library = cards[: len(p.hand)], tuple(cards[len(p.hand) :])
            else:
                lib = list(p.library)
                rng.shuffle(lib)
                p.library = tuple(lib)
        st.rng = Rng(rng.getrandbits(63))
        return s

    # --- manastack's own ------------------------------------------------------------------

    def index(self) -> dict[int, Action]:
        if self._index is None:
            assert self.game is not None
            legal = self.game.legal_actions(with_mana=False)
            self._index = dict(zip(_CODEC.encode(self.game.state, legal), legal, strict=True))
        return self._index

    def _over(self) -> bool:
        g = self.game
        assert g is not None
        return g.is_over or g.turn > self.spiel_game.max_turns


class BoardEvaluator:
    """A leaf value for OpenSpiel's MCTS without playing the game out (a random playout of a
    whole game costs ~20 ms, too much for a search): for each player, ``tanh`` of their life
    above the opponents' average, plus a tenth of their creatures' power above the opponents'.
    The result of the game where it is over. (It has OpenSpiel's ``Evaluator`` methods.)"""

    def evaluate(self, state: ManastackState) -> Any:
        g = state.game
        n = state.spiel_game.players
        if g is None or g.is_over:
            return np.array(state.returns(), dtype=np.float64)
        obs = g.observation(0)  # only public facts are read: life and the battlefield
        life = [float(p["life"]) for p in obs["players"]]
        power = [0.0] * n
        for perm in obs["battlefield"]:
            power[perm["controller"]] += float(perm["power"] or 0)
        out = []
        for i in range(n):
            others = [j for j in range(n) if j != i]
            d_life = life[i] - sum(life[j] for j in others) / len(others)
            d_power = power[i] - sum(power[j] for j in others) / len(others)
            out.append(float(np.tanh(0.1 * d_life + 0.1 * d_power)))
        return np.array(out, dtype=np.float64)

    def prior(self, state: ManastackState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class ManastackObserver:
    """OpenSpiel's Python observer: the numeric observation and its text."""

    def __init__(self) -> None:
        self.tensor = np.zeros(_ENCODER.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ManastackState, player: int) -> None:
        self.tensor.fill(0)
        if state.game is not None:
            self.tensor[:] = _ENCODER.encode(state.game.observation(player))

    def string_from(self, state: ManastackState, player: int) -> str:
        if state.game is None:
            return "(seed not drawn)"
        return repr(state.game.observation(player))


pyspiel.register_game(_GAME_TYPE, ManastackGame)
