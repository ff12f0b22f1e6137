"""Environments for agents: PettingZoo (:mod:`manastack.env.aec`), Gymnasium
(:mod:`manastack.env.gym`) and OpenSpiel (:mod:`manastack.env.spiel`). Needs the ``rl`` extra
(``pip install 'manastack[rl]'``); the rest of manastack does not."""

from manastack.env.aec import DEFAULT_DECKS, IllegalActionIndex, ManastackEnv, env, raw_env
from manastack.env.codec import ActionCodec, ActionSpaceFull, Caps
from manastack.env.observe import ObservationEncoder

__all__ = [
    "DEFAULT_DECKS",
    "ActionCodec",
    "ActionSpaceFull",
    "Caps",
    "IllegalActionIndex",
    "ManastackEnv",
    "ObservationEncoder",
    "env",
    "raw_env",
]
