"""Keywords that make a permanent's controller pay for it at the beginning of their upkeep or
sacrifice it: echo (702.30) and cumulative upkeep (702.24). Each is a triggered ability
(603.1) whose resolution asks the controller to pay (608.2d)."""

from __future__ import annotations

from typing import Any, ClassVar

from manastack.actions import Action, ActivateMana, Choose, PayMana
from manastack.decisions.base import Kind, Pending, as_cost
from manastack.errors import IllegalAction
from manastack.events.types import StepBegins
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.mana import ManaCost
from manastack.state import Card, GameState, Permanent, StackItem
from manastack.steps import Step
from manastack.vocabulary.base import Effect, KeywordCost, TriggeredAbility
from manastack.vocabulary.costs import plus_mana
from manastack.vocabulary.triggers import AtStep


def note_upkeep(g: GameState) -> None:
    """As an upkeep begins: it is the active players' last upkeep from now on, and the one
    that was is the one before (702.30a: "since the beginning of your last upkeep")."""
    for pi in g.rules.active_players(g):
        last = g.upkeeps.get(pi)
        g.upkeeps = {**g.upkeeps, pi: (last[1] if last is not None else 0, g.turn)}


def echo_due(g: GameState, p: Permanent) -> bool:
    """702.30a: whether ``p`` came under its controller's control since the beginning of their
    last upkeep before this one (the turn it came under their control, in ``g.marks``, is that
    upkeep's turn or later)."""
    since = g.marks.get(p.oid, {}).get("control")
    if since is None:
        return False
    before = g.upkeeps.get(p.controller, (0, 0))[0]
    return since >= before


@dataclass(frozen=True, slots=True)
class YourUpkeep(AtStep):
    """ "At the beginning of your upkeep" of echo (``echo``: only while :func:`echo_due`, the
    intervening "if" of 702.30a, 603.4) or of cumulative upkeep (702.24a)."""

    echo: bool = False

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        if ev.step is not Step.UPKEEP or not g.rules.is_active(g, controller):
            return False
        return not self.echo or (isinstance(source, Permanent) and echo_due(g, source))

    def announce(self, source_name: str, text: str) -> tuple[Msg, str]:
        rule = "702.30a" if self.echo else "702.24a"
        return Msg("{card!c}'s {ability!t} triggers", card=source_name, ability=text), rule


@dataclass(frozen=True, slots=True)
class PayOrSacrificeSource(Effect):
    """ "sacrifice it unless you pay [cost]" (echo, 702.30a); with ``age``, cumulative upkeep
    (702.24a): put an age counter on it, then pay [cost] for each age counter or sacrifice
    it."""

    cost: ManaCost
    age: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is None:
            return True
        if not self.age and not echo_due(g, src):
            g.emit(
                "resolve",
                '{card!c}\'s ability does nothing: its "if" is false',
                "603.4",
                card=item.source_name,
            )
            return True
        total = self.cost
        rule = "702.30a"
        if self.age:
            rule = "702.24a"
            src.counters = dict(src.counters or {})
            n = src.counters["age"] = src.counters.get("age", 0) + 1
            g.emit(
                "counter",
                "{card!c} gets an age counter ({n} in all)",
                "702.24a",
                card=src.name,
                n=n,
            )
            total = plus_mana(ManaCost(), self.cost, n)
        g.pending = PayOrSacrifice(item.controller, src.oid, total, src.name, rule)
        return False


class PayOrSacrifice(Pending):
    """608.2d: "sacrifice it unless you pay [cost]": the controller pays or declines (and the
    permanent is sacrificed, 701.21a)."""

    kind: ClassVar[Kind] = Kind.PAY_OR_SACRIFICE
    __slots__ = ("cost", "oid", "rule", "source")

    def __init__(self, player: int, oid: int, cost: ManaCost, source: str, rule: str) -> None:
        super().__init__(player)
        self.oid = oid
        self.cost = cost
        self.source = source
        self.rule = rule

    def copy(self) -> PayOrSacrifice:
        return PayOrSacrifice(self.player, self.oid, self.cost, self.source, self.rule)

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: pay {cost} or sacrifice {card!c}",
            player=g.pname(self.player),
            cost=self.cost,
            card=self.source,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        from manastack.casting import can_afford

        out: list[Action] = []
        if can_afford(g, self.player, self.cost, sacrifice=False):
            out.append(Choose(self.player, "pay"))
        out.append(Choose(self.player, "decline"))
        return out

    def answer(self, g: GameState, a: Action) -> GameState | None:
        from manastack import priority, stack
        from manastack.casting import activate_mana, pay_cost
        from manastack.zones import leave_battlefield

        if isinstance(a, ActivateMana):
            activate_mana(g, a)  # 117.1d: mana abilities while paying
            return None
        if not isinstance(a, Choose | PayMana):
            raise self.refuse(g, a)
        option = a.option if isinstance(a, Choose) else "pay"
        if option not in ("pay", "decline"):
            raise IllegalAction(
                "target", "choose pay or decline, not {option}", "608.2d", option=repr(option)
            )
        p = g.permanent(self.oid)
        if option == "pay":
            sources = a.sources if isinstance(a, PayMana) else None
            pay_cost(g, a.player, self.cost, self.source, sources, rule=self.rule)
            g.emit(
                "choice",
                "{player} pays; {card!c} stays",
                self.rule,
                player=g.pname(a.player),
                card=self.source,
            )
        else:
            g.emit("choice", "{player} declines to pay", self.rule, player=g.pname(a.player))
            if p is not None:
                leave_battlefield(g, [p], "graveyard", Msg("is sacrificed"), "701.21a")
        g.pending = None
        stack.resume(g)
        priority.after_resolution(g)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        from manastack import priority, stack

        if pi != self.player:
            return
        if g.resolving is not None:
            stack.resume(g)
        priority.after_resolution(g)

    def fields(self) -> dict[str, Any]:
        return {"oid": self.oid, "cost": self.cost, "source": self.source, "rule": self.rule}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> PayOrSacrifice:
        return cls(player, d["oid"], as_cost(d["cost"]), d["source"], d["rule"])


def upkeep_ability(kc: KeywordCost) -> TriggeredAbility | None:
    """The triggered ability "Echo [cost]" (702.30a) or "Cumulative upkeep [cost]" (702.24a)
    stands for, or None for another keyword."""
    text = f"{kc.keyword.capitalize()} {kc.cost}"
    if kc.keyword == "echo":
        return TriggeredAbility(YourUpkeep(echo=True), (PayOrSacrificeSource(kc.cost),), text)
    if kc.keyword == "cumulative upkeep":
        return TriggeredAbility(YourUpkeep(), (PayOrSacrificeSource(kc.cost, age=True),), text)
    return None
