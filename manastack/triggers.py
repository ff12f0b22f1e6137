"""Putting triggered abilities on the stack (603.3): the next time a player would receive
priority, each player in APNAP order puts theirs on the stack in the order they choose (603.3b,
405.3), choosing targets as each goes on (603.3d); one with no legal target is removed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from manastack import targeting
from manastack.actions import Action, ChooseTarget, PutTrigger
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.i18n import Msg
from manastack.state import GameState, PendingTrigger, StackItem


def identical(ts: Sequence[PendingTrigger]) -> bool:
    """Same source name and same text: their order can't matter, so nobody is asked."""
    first = ts[0]
    return all(
        t.source_name == first.source_name
        and (t.ability is first.ability or t.ability == first.ability)
        for t in ts
    )


class _Uniform:
    """What flush last learnt about a list of waiting triggers: whether they all belong to one
    player and are identical (then the first goes on the stack, nobody is asked). Kept so that
    N such triggers, each stopping flush for its target (603.3d), cost N checks, not N x N.

    The answer is trusted only for the same list, with the same length and the same last
    element: the list only grows at its end and shrinks by pops, so that means the same
    contents (an append would change the last element until it was popped again)."""

    __slots__ = ("last", "length", "player", "triggered")

    def __init__(self) -> None:
        self.triggered: tuple[PendingTrigger, ...] | None = None
        self.length = 0
        self.last: PendingTrigger | None = None
        self.player: int | None = None

    def player_of(self, ts: tuple[PendingTrigger, ...]) -> int | None:
        """The player all of ``ts`` belong to if they are identical, else None."""
        if not (ts is self.triggered and len(ts) == self.length and ts[-1] is self.last):
            first = ts[0]
            same = all(t.controller == first.controller for t in ts) and identical(ts)
            self.note(ts, first.controller if same else None)
        return self.player

    def note(self, ts: tuple[PendingTrigger, ...], player: int | None) -> None:
        self.triggered, self.length, self.player = ts, len(ts), player
        self.last = ts[-1] if ts else None


_UNIFORM = _Uniform()


def flush(g: GameState) -> bool:
    """Put waiting triggers on the stack until one needs a decision. True if any moved."""
    moved = False
    while g.triggered and g.pending is None:
        pi = _UNIFORM.player_of(g.triggered)
        if pi is not None and pi in g.in_game():
            moved = True
            put_on_stack(g, 0)
            if g.triggered:
                _UNIFORM.note(g.triggered, pi)  # the rest of an identical batch: still so
            continue
        for pi in _apnap_seats(g):
            if g.format.solo:
                mine = [k for k, t in enumerate(g.triggered) if t.controller == pi]
            else:  # 805.7: a team puts all its players' triggers on the stack, in any order
                team = g.format.teammates(pi)
                mine = [k for k, t in enumerate(g.triggered) if t.controller in team]
            if not mine:
                continue
            if len(mine) > 1 and not identical([g.triggered[k] for k in mine]):
                g.pending = OrderTriggers(pi, mine)
                return True
            moved = True
            put_on_stack(g, mine[0])
            break
        else:
            # Only triggers of players who left remain: they cease to exist (800.4a).
            g.triggered = ()
    return moved


def put_on_stack(g: GameState, index: int) -> None:
    waiting = g.triggered
    t = waiting[index]
    g.triggered = waiting[:index] + waiting[index + 1 :]
    ab = t.ability
    item = StackItem(
        g.new_id(),
        "triggered",
        t.controller,
        t.source_name,
        ab.effects,
        ab.targets,
        source_oid=t.source_oid,
        ability=ab,
    )
    if t.info:
        item.data = dict(t.info)
    if ab.targets:
        options = targeting.legal_targets(g, ab.targets[0], item)
        if not options:
            g.emit(
                "trigger",
                "{card!c}'s ability is removed from the stack: no legal target",
                "603.3d",
                card=t.source_name,
            )
            return
        g.stack.append(item)
        g.pending = TriggerTarget(t.controller, item.oid, 0)
        g.emit(
            "trigger",
            "{card!c}'s triggered ability is put on the stack",
            "603.3b",
            card=t.source_name,
        )
        return
    g.stack.append(item)
    g.emit(
        "trigger", "{card!c}'s triggered ability is put on the stack", "603.3b", card=t.source_name
    )


def _apnap_seats(g: GameState) -> list[int]:
    """APNAP order (101.4; 805.6 by team, each team named by its primary player)."""
    if g.format.solo:
        return g.in_game()
    return [g.format.primary(g, g.format.teams[t][0]) for t in g.format.in_game_teams(g)]


class OrderTriggers(Pending):
    """603.3b: a player puts their waiting triggered abilities on the stack in the order they
    choose, one at a time (``options``: indexes into the waiting triggers)."""

    kind: ClassVar[Kind] = Kind.ORDER_TRIGGERS
    __slots__ = ("choices",)

    def __init__(self, player: int, choices: list[int]) -> None:
        super().__init__(player)
        self.choices = choices

    def copy(self) -> OrderTriggers:
        return OrderTriggers(self.player, self.choices[:])

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: choose which of your triggered abilities goes on the stack next",
            player=g.pname(self.player),
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        # One option for each kind of trigger: which of two identical ones goes first can't
        # matter, and thousands of copies of one trigger stay a handful of options.
        seen: set[tuple[str, int]] = set()
        out: list[Action] = []
        for i in self.choices:
            t = g.triggered[i]
            key = (t.source_name, id(t.ability))
            if key not in seen:
                seen.add(key)
                out.append(PutTrigger(self.player, i))
        return out

    def answered_by(self, g: GameState, pi: int) -> bool:
        return g.rules.same_seat(g, pi, self.player)

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, PutTrigger):
            raise self.refuse(g, a)
        if a.index not in self.choices:
            raise IllegalAction("target", "that triggered ability is not waiting for you", "603.3b")
        g.pending = None
        put_on_stack(g, a.index)
        return None

    def fields(self) -> dict[str, Any]:
        return {"options": self.choices[:]}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> OrderTriggers:
        return cls(player, list(d["options"]))


class TriggerTarget(Pending):
    """603.3d: a target for a triggered ability as it is put on the stack."""

    kind: ClassVar[Kind] = Kind.TRIGGER_TARGET
    __slots__ = ("index", "item")

    def __init__(self, player: int, item: int, index: int) -> None:
        super().__init__(player)
        self.item = item
        self.index = index

    def copy(self) -> TriggerTarget:
        return TriggerTarget(self.player, self.item, self.index)

    def prompt(self, g: GameState) -> Msg:
        return targeting.target_prompt(g, self.player, self.item, self.index)

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return targeting.target_options(g, self.player, self.item, self.index)

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, ChooseTarget):
            raise self.refuse(g, a)
        item = targeting.choose(g, a.player, self.item, self.index, a.target)
        if self.index + 1 < len(item.target_specs):
            g.pending = TriggerTarget(a.player, item.oid, self.index + 1)
        else:
            g.pending = None
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi != self.player and not self.options(g):
            item = g.stack_item(self.item)
            if item is not None:
                g.stack.remove(item)  # 603.3d: no legal target, it is removed
            g.pending = None

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "index": self.index}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> TriggerTarget:
        return cls(player, d["item"], d["index"])
