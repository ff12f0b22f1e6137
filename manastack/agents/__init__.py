"""Agents that play games: the interface, a random and a greedy agent, and a game loop.

>>> from manastack.agents import AGENTS, play_game
>>> r = play_game([["Forest"] * 20, ["Island"] * 20], [AGENTS["random"]] * 2, seed=1)
>>> r.winner is not None or r.draw_reason is not None
True
"""

from __future__ import annotations

from manastack.agents.base import Agent, AgentView, GameResult, Thing, drive, play_game
from manastack.agents.greedy import greedy_agent
from manastack.agents.random_agent import random_agent
from manastack.i18n import Msg

AGENTS: dict[str, Agent] = {"random": random_agent, "greedy": greedy_agent}
"""The agents by the names the command line uses."""


def get_agent(name: str) -> Agent:
    """The agent called ``name``; raises KeyError naming the known ones."""
    try:
        return AGENTS[name.strip().lower()]
    except KeyError:
        raise KeyError(str(unknown_agent(name))) from None


def unknown_agent(name: str) -> Msg:
    """What is wrong with an agent's name that is not one (a message: manastack.i18n)."""
    return Msg(
        "unknown agent {name!r}; the agents are: {agents}", name=name, agents=", ".join(AGENTS)
    )


__all__ = [
    "AGENTS",
    "Agent",
    "AgentView",
    "GameResult",
    "Thing",
    "drive",
    "get_agent",
    "greedy_agent",
    "play_game",
    "random_agent",
    "unknown_agent",
]
