"""Modal spells (700.2): "Choose one —" and a bullet per mode. The mode is chosen as the spell
is cast (601.2b), before its targets; the spell on the stack then has that mode's instructions
and targets only (700.2a-b)."""

from __future__ import annotations

from manastack.frozen import dataclass
from manastack.state import GameState, StackItem
from manastack.vocabulary.base import Effect, TargetSpec


@dataclass(frozen=True, slots=True)
class Mode:
    """One mode: its instructions and its targets."""

    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class Modal(Effect):
    """700.2: a spell whose effects are one of ``modes``, chosen on casting (the spell on the
    stack holds the chosen mode's effects instead of this one)."""

    modes: tuple[Mode, ...]

    def resolve(self, g: GameState, item: StackItem) -> bool:
        return True  # no mode was chosen (a copy of a card that was never cast): nothing


def modal_of(effects: tuple[Effect, ...]) -> Modal | None:
    """The modal effect when the card's effects are one (a modal spell), else None."""
    if len(effects) == 1 and isinstance(effects[0], Modal):
        return effects[0]
    return None
