"""A Gymnasium single-agent environment: one seat learns, the other seats are played by a given
agent.

>>> from manastack.env.gym_env import SingleAgentEnv
>>> e = SingleAgentEnv(opponent="random")
>>> obs, info = e.reset(seed=1)
>>> sorted(obs), int(obs["action_mask"].sum()) >= 1
(['action_mask', 'observation'], True)

The opponent is a manastack agent by name (``"random"``, ``"greedy"``: it sees only its own
:class:`~manastack.agents.AgentView`) or any callable ``(observation, env) -> index`` given the
opponent's observation dict (mask included). The reward is the learner's: +1, -1 or 0 at the end.

Gymnasium's checker steps with unmasked random actions, which are mostly illegal; an illegal
index raises :class:`~manastack.env.aec.IllegalActionIndex` unless ``illegal="penalize"``: then
the game is unchanged, the step's reward is ``illegal_reward`` and ``info["illegal"]`` is True.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from manastack.agents import AgentView, get_agent
from manastack.agents.base import Agent
from manastack.env.aec import IllegalActionIndex, ManastackEnv

Observation = dict[str, npt.NDArray[Any]]
Policy = Callable[[Observation, ManastackEnv], int]


class SingleAgentEnv(gym.Env[Observation, np.int64]):
    """Seat ``seat`` of a :class:`ManastackEnv` as a Gymnasium environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own

    def __init__(
        self,
        opponent: str | Policy = "random",
        *,
        seat: int = 0,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **env_kwargs: Any,
    ) -> None:
        if illegal not in ("raise", "penalize"):
            raise ValueError(f"illegal must be 'raise' or 'penalize', got {illegal!r}")
        self.aec = ManastackEnv(render_mode=render_mode, **env_kwargs)
        if not 0 <= seat < len(self.aec.possible_agents):
            raise ValueError(f"seat {seat} is not one of the game's seats")
        self.agent = self.aec.possible_agents[seat]
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self._policy: Policy | None = None
        self._agent: Agent | None = None
        if isinstance(opponent, str):
            self._agent = get_agent(opponent)
        else:
            self._policy = opponent
        self._rng = random.Random(0)
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**62))
        self.aec.reset(seed=seed)
        self._rng.seed(seed)  # the opponent's choices follow the game's seed
        self._play_others()
        return self.aec.observe(self.agent), {}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        e = self.aec
        if self._done():
            raise RuntimeError("the episode is over: call reset()")
        try:
            e.step(int(action))
        except IllegalActionIndex:
            if self.illegal == "raise":
                raise
            obs = e.observe(self.agent)
            return obs, self.illegal_reward, False, False, {"illegal": True}
        self._play_others()
        reward = float(e._cumulative_rewards.get(self.agent, 0.0))
        e._cumulative_rewards[self.agent] = 0.0
        terminated = e.terminations.get(self.agent, True)
        truncated = e.truncations.get(self.agent, False)
        return e.observe(self.agent), reward, terminated, truncated, {}

    def render(self) -> str | None:
        return self.aec.render()

    def _done(self) -> bool:
        e = self.aec
        return e.terminations.get(self.agent, True) or e.truncations.get(self.agent, False)

    def _play_others(self) -> None:
        """Let the other seats move (and the done ones leave) until the learner must act or
        the episode is over for it."""
        e = self.aec
        while e.agents and not self._done():
            who = e.agent_selection
            if who == self.agent:
                return
            if e.terminations[who] or e.truncations[who]:
                e.step(None)
            elif self._agent is not None:
                d = e.game.decision
                assert d is not None
                e.apply_action(self._agent(AgentView(e.game, d, e.legal_actions()), self._rng))
            else:
                assert self._policy is not None
                e.step(self._policy(e.observe(who), e))
