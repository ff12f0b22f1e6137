"""Triggers at the beginning of a step or phase (603.2, 503.1a upkeep, 507.1 beginning of
combat, 505.1 main phase, 513.1 end step) that name whose turn it is: "at the beginning of each
player's upkeep", "of each opponent's upkeep", "of combat on your turn", "of each combat", "of the
upkeep of enchanted creature's controller". "That player" is the active player (``info``)."""

from __future__ import annotations

from manastack.events.types import GameEvent, StepBegins
from manastack.frozen import dataclass
from manastack.state import Card, GameState, Permanent
from manastack.steps import Step
from manastack.vocabulary.triggers import AtStep


@dataclass(frozen=True, slots=True)
class TurnStepTrigger(AtStep):
    """603.2: at the beginning of ``step`` of the turns ``whose`` names: ``"player"`` (each
    player's), ``"your"``, ``"opponent"`` (each opponent's), ``"each"`` (each combat: every
    turn), ``"enchanted"`` (the turns of the controller of the creature the source
    enchants)."""

    step: Step
    whose: str = "player"

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        if ev.step is not self.step:
            return False
        w = self.whose
        if w == "player" or w == "each":
            return True
        if w == "your":
            return g.rules.is_active(g, controller)
        if w == "opponent":
            return not g.format.same_team(ev.active, controller)
        if w == "enchanted" and isinstance(source, Permanent) and source.attached_to is not None:
            host = g.permanent(source.attached_to)
            return host is not None and g.rules.is_active(g, host.controller)
        return False

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        return {"player": ev.active} if isinstance(ev, StepBegins) else None
