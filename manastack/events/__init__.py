"""Typed game events and the one pipeline every change goes through.

An event (:mod:`manastack.events.types`) carries references to the objects involved, not their
names. :func:`happen` passes it through replacement and prevention effects (614-616), applies
what is left (which logs it with its rule), then matches it against the triggered abilities of
the objects in the game (603.2) and the delayed triggers waiting (603.7).
"""

from manastack.events.pipeline import happen, queue_trigger
from manastack.events.types import (
    CardDrawn,
    DamageDealt,
    Destroy,
    EntersBattlefield,
    GameEvent,
    LeavesBattlefield,
    LifeGained,
    LifeLost,
    PermanentLeft,
    SpellCast,
    StepBegins,
    Tapped,
    TimeCounterRemoved,
    Untapped,
)

__all__ = [
    "CardDrawn",
    "DamageDealt",
    "Destroy",
    "EntersBattlefield",
    "GameEvent",
    "LeavesBattlefield",
    "LifeGained",
    "LifeLost",
    "PermanentLeft",
    "SpellCast",
    "StepBegins",
    "Tapped",
    "TimeCounterRemoved",
    "Untapped",
    "happen",
    "queue_trigger",
]
