"""Delayed triggered abilities that effects create (603.7): "draw a card at the beginning of
the next turn's upkeep"."""

from __future__ import annotations

from manastack.events.types import StepBegins
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import Card, DelayedTrigger, GameState, Permanent, StackItem
from manastack.steps import Step
from manastack.vocabulary.base import Effect, TriggeredAbility
from manastack.vocabulary.effects import DrawCards
from manastack.vocabulary.triggers import AtStep


@dataclass(frozen=True, slots=True)
class NextTurnUpkeep(AtStep):
    """603.7: "at the beginning of the next turn's upkeep", counted from the turn it was
    created in."""

    created_turn: int

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.step is Step.UPKEEP and g.turn > self.created_turn


@dataclass(frozen=True, slots=True)
class DrawAtNextUpkeep(Effect):
    """ "Draw N cards at the beginning of the next turn's upkeep": a delayed trigger (603.7a)."""

    count: int = 1

    def resolve(self, g: GameState, item: StackItem) -> bool:
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        ability = TriggeredAbility(
            NextTurnUpkeep(g.turn), (DrawCards(self.count),), f"draw {cards} (delayed)"
        )
        g.delayed += (DelayedTrigger(ability.trigger, ability, item.controller, item.source_name),)
        g.emit(
            "delayed",
            "{card!c}: {player} will draw {cards} at the beginning of the next turn's upkeep",
            "603.7a",
            card=item.source_name,
            player=g.pname(item.controller),
            cards=Msg("a card") if self.count == 1 else Msg("{n} cards", n=self.count),
        )
        return True
