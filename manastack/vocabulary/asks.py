"""Choices an effect asks for as it resolves (608.2d), and optional payments.

An effect that asks is an :class:`Asking`: on resolution it leaves a :class:`ChooseOption`
decision pending, naming itself by its index among the resolving object's effects, and answers
it through ``options`` / ``chosen``. The decision holds only that index and a small dict of
JSON-able values, so a dump taken while it waits can be read back.

The optional payments built on it: "you may pay {2}. If you do, ..." (:class:`MayPay`), "you
may [do something]. If you do, ..." (:class:`MayThen`), and "[do something] unless you pay
{U}" (:class:`UnlessPay`). What "if you do" covers is a number of the effects that follow;
they are skipped when it wasn't done (608.2c: the instructions are followed in order).
"""

from __future__ import annotations

from typing import Any, ClassVar

from manastack import priority, stack
from manastack.actions import Action, Choose
from manastack.casting import can_afford, pay_cost
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.mana import ManaCost
from manastack.state import GameState, StackItem
from manastack.vocabulary.base import Effect


class Asking(Effect):
    """An effect that asks a player something as it resolves (the base of the choices)."""

    __slots__ = ()

    def chooser(self, g: GameState, item: StackItem, st: dict[str, Any]) -> int:
        """Who answers (the controller of the spell or ability, unless said otherwise)."""
        return item.controller

    def match(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> str | None:
        """The option an answer names (case aside), or None."""
        low = option.strip().lower()
        return next((o for o in self.options(g, item, st) if o.lower() == low), None)

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        raise NotImplementedError

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        raise NotImplementedError

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        """Carry out ``option`` (one of ``options``); True when the effect is done, False when
        it asks again (``st`` changed in place)."""
        raise NotImplementedError

    def ask(self, g: GameState, item: StackItem, st: dict[str, Any] | None = None) -> bool:
        """Leave the question pending (False: the resolution waits), or, with nothing to
        choose from, go on at once (True)."""
        state = st if st is not None else {}
        if not self.options(g, item, state):
            return True
        index = _index_of(item, self)
        g.pending = ChooseOption(self.chooser(g, item, state), index, state)
        return False


def _index_of(item: StackItem, e: Effect) -> int:
    """The index of the effect resolving now (the one after ``next``, or found by identity)."""
    for k, x in enumerate(item.effects):
        if x is e:
            return k
    raise ValueError("the effect is not among the item's effects")


def possible(g: GameState, item: StackItem, e: Effect) -> bool:
    """Whether the controller can do all of instruction ``e`` ("discard a card", "sacrifice a
    creature", "sacrifice ~"): what "if you do" then rests on."""
    from manastack.vocabulary.effects import SacrificeSource
    from manastack.vocabulary.moves import DiscardCards
    from manastack.vocabulary.player_effects import Sacrifices

    pi = item.controller
    if isinstance(e, DiscardCards) and e.who == "you":
        n = e.count if isinstance(e.count, int) else 1
        return len(g.players[pi].hand) >= n
    if isinstance(e, Sacrifices) and e.who == "you":
        mine = [p for p in g.battlefield if p.controller == pi and e.what.permanent(g, p, pi)]
        return len(mine) >= e.count
    if isinstance(e, SacrificeSource):
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        return src is not None and src.controller == pi
    return True


def skip(g: GameState, item: StackItem, n: int) -> None:
    """608.2c: the next ``n`` instructions are not followed ("if you do" when it wasn't)."""
    if n:
        item.data = dict(item.data or {})
        item.data["next"] = int(item.data.get("next", 0)) + n


class ChooseOption(Pending):
    """608.2d: a choice an effect asks for as it resolves (``index``: the effect among the
    resolving object's effects; ``state``: what it has noted so far)."""

    kind: ClassVar[Kind] = Kind.CHOOSE_OPTION
    __slots__ = ("index", "state")

    def __init__(self, player: int, index: int, state: dict[str, Any]) -> None:
        super().__init__(player)
        self.index = index
        self.state = state

    def copy(self) -> ChooseOption:
        return ChooseOption(self.player, self.index, dict(self.state))

    def _effect(self, g: GameState) -> tuple[StackItem, Asking] | None:
        item = g.resolving
        if item is None or not 0 <= self.index < len(item.effects):
            return None
        e = item.effects[self.index]
        return (item, e) if isinstance(e, Asking) else None

    def prompt(self, g: GameState) -> Msg:
        found = self._effect(g)
        if found is None:
            return Msg("{player}", player=g.pname(self.player))
        item, e = found
        return e.ask_prompt(g, item, self.state)

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        found = self._effect(g)
        if found is None:
            return []
        item, e = found
        return [Choose(self.player, o) for o in e.options(g, item, self.state)]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        found = self._effect(g)
        if found is None:
            raise IllegalAction("target", "nothing is being resolved", "608.2d")
        item, e = found
        match = e.match(g, item, self.state, a.option)
        if match is None:
            raise IllegalAction(
                "target",
                "{option} is not one of the choices: {choices}",
                "608.2d",
                option=repr(a.option.strip()),
                choices=", ".join(e.options(g, item, self.state)),
            )
        if not e.chosen(g, item, self.state, match):
            self.player = e.chooser(g, item, self.state)
            return None  # asked again (the state changed)
        g.pending = None
        stack.resume(g)
        priority.after_resolution(g)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi == self.player and g.resolving is not None:
            stack.resume(g)
            priority.after_resolution(g)

    def fields(self) -> dict[str, Any]:
        return {"index": self.index, "state": dict(self.state)}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseOption:
        return cls(player, int(d["index"]), dict(d.get("state") or {}))


# --- optional payments --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MayPay(Asking):
    """608.2d: "you may pay {cost}. If you do, [the next ``then`` instructions]": the
    controller pays or declines (paying only what they can: 601.2h's automatic payment);
    declined, the instructions that depend on it are skipped."""

    cost: ManaCost
    then: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        return self.ask(g, item)

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: pay {cost} for {card!c}, or decline",
            player=g.pname(item.controller),
            cost=self.cost,
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        if can_afford(g, item.controller, self.cost, sacrifice=False):
            return ["pay", "decline"]
        return ["decline"]

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        pi = item.controller
        if option == "pay":
            pay_cost(g, pi, self.cost, item.source_name, None, rule="608.2d")
            g.emit("choice", "{player} pays {cost}", "608.2d", player=g.pname(pi), cost=self.cost)
        else:
            g.emit("choice", "{player} declines to pay", "608.2d", player=g.pname(pi))
            skip(g, item, self.then)
        return True


@dataclass(frozen=True, slots=True)
class MayThen(Asking):
    """608.2d: "you may [the next instruction]. If you do, [the ``then`` instructions after
    it]": the controller says yes or no; no skips all of them."""

    then: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        k = _index_of(item, self)
        nxt = item.effects[k + 1] if k + 1 < len(item.effects) else None
        if nxt is not None and not possible(g, item, nxt):
            # It can't be done, so it isn't ("if you do" is false): nothing of it happens.
            g.emit(
                "choice",
                "{player} can't do what {card!c} offers",
                "608.2d",
                player=g.pname(item.controller),
                card=item.source_name,
            )
            item.data = dict(item.data or {})
            item.data["skip"] = 1 + self.then  # 608.2c: read by the resolution as it goes on
            return True
        return self.ask(g, item)

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: do what {card!c} says you may? (yes or no)",
            player=g.pname(item.controller),
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        return ["yes", "no"]

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        yes = option == "yes"
        g.emit(
            "choice",
            "{player} chooses yes" if yes else "{player} chooses no",
            "608.2d",
            player=g.pname(item.controller),
        )
        if not yes:
            skip(g, item, 1 + self.then)
        return True


@dataclass(frozen=True, slots=True)
class UnlessPay(Asking):
    """608.2d: "[instruction] unless you pay {cost}": the controller chooses to pay; if they
    don't (or can't), the instruction is followed. ``effect`` may not wait for a decision."""

    effect: Effect
    cost: ManaCost
    life: int = 0  # "unless you pay N life" (119.4: only with that much life)

    def resolve(self, g: GameState, item: StackItem) -> bool:
        if not self.options(g, item, {}) or self.options(g, item, {}) == ["decline"]:
            self._decline(g, item)
            return True
        return self.ask(g, item)

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        what: Msg | ManaCost = self.cost if not self.life else Msg("{n} life", n=self.life)
        return Msg(
            "{player}: pay {cost} for {card!c}, or decline",
            player=g.pname(item.controller),
            cost=what,
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        pi = item.controller
        if self.life:
            ok = g.players[pi].life >= self.life
        else:
            ok = can_afford(g, pi, self.cost, sacrifice=False)
        return ["pay", "decline"] if ok else ["decline"]

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        pi = item.controller
        if option != "pay":
            self._decline(g, item)
            return True
        if self.life:
            from manastack.damage import lose_life

            lose_life(g, pi, self.life, Msg("{card!c}", card=item.source_name), "119.4")
        else:
            pay_cost(g, pi, self.cost, item.source_name, None, rule="608.2d")
            g.emit("choice", "{player} pays {cost}", "608.2d", player=g.pname(pi), cost=self.cost)
        return True

    def _decline(self, g: GameState, item: StackItem) -> None:
        g.emit("choice", "{player} doesn't pay", "608.2d", player=g.pname(item.controller))
        self.effect.resolve(g, item)
