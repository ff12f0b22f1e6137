"""Keywords that are triggered abilities (702.83 exalted, 702.107 prowess, 702.45 bushido,
702.25 flanking, 702.23 rampage): the abilities a card with the keyword has."""

from __future__ import annotations

import re

from manastack.vocabulary.base import TriggeredAbility
from manastack.vocabulary.combat_triggers import (
    AttacksAloneTrigger,
    BlockedByTrigger,
    BlocksTrigger,
    CastNoncreatureTrigger,
)
from manastack.vocabulary.keywords import PumpSource, PumpThat, RampagePump

_NUMBERED = re.compile(r"(bushido|rampage) (\d+)")


def is_triggered_keyword(word: str) -> bool:
    return word in ("exalted", "prowess", "flanking") or _NUMBERED.fullmatch(word) is not None


def keyword_ability(word: str) -> TriggeredAbility | None:
    """The triggered ability keyword ``word`` stands for, or None."""
    if word == "exalted":
        return TriggeredAbility(AttacksAloneTrigger(), (PumpThat(1, 1),), "Exalted")
    if word == "prowess":
        return TriggeredAbility(CastNoncreatureTrigger(), (PumpSource(1, 1),), "Prowess")
    if word == "flanking":
        return TriggeredAbility(BlockedByTrigger(), (PumpThat(-1, -1),), "Flanking")
    m = _NUMBERED.fullmatch(word)
    if m is None:
        return None
    n = int(m.group(2))
    if m.group(1) == "bushido":
        return TriggeredAbility(BlocksTrigger(True, True), (PumpSource(n, n),), f"Bushido {n}")
    return TriggeredAbility(BlocksTrigger(False, True), (RampagePump(n),), f"Rampage {n}")
