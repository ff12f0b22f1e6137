"""More one-line effects: "target creature can't block this turn" (a rule the creature has until
end of turn, layer 6), "~ deals 1 damage to you", counters on the enchanted creature, "creatures you
control gain trample until end of turn", "each opponent discards a card", "return a creature you
control to its owner's hand", "tap or untap target permanent", "have ~ deal ..." (an instruction
given as "you may have ...")."""

from __future__ import annotations

from typing import Any

from manastack import layers, stack
from manastack.damage import damage_player
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import Effect613, GameState, Permanent, StackItem
from manastack.vocabulary.asks import Asking
from manastack.vocabulary.base import Amount, Effect, Filter, amount_of
from manastack.vocabulary.moves import CountersOnCreatures, put_counters, tap_or_untap
from manastack.vocabulary.player_effects import EachChooses, players_named
from manastack.zones import leave_battlefield

SOURCE = -1
"""``target`` naming the source itself ("~"), as in :mod:`manastack.vocabulary.moves`."""


def _object(g: GameState, item: StackItem, target: int) -> Permanent | None:
    if target == SOURCE:
        return g.permanent(item.source_oid) if item.source_oid is not None else None
    return stack.target_permanent(g, item, target)


@dataclass(frozen=True, slots=True)
class RuleThisTurn(Effect):
    """613.1f: "target creature can't block this turn", "~ can't be blocked this turn": a rule
    the creature has until end of turn (layer 6, read like its own "can't block")."""

    words: frozenset[str]
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = _object(g, item, self.target)
        if p is None:
            return True
        g.effects += (Effect613(g.new_id(), "6", p.oid, 0, 0, keywords=self.words),)
        g.emit(
            "effect",
            "{card} {words!t} this turn",
            "613.1f",
            card=layers.shown_msg(p),
            words=" and ".join(sorted(self.words)),
        )
        return True


@dataclass(frozen=True, slots=True)
class DamageYou(Effect):
    """120.3: "~ deals N damage to you" (the controller)."""

    amount: int | Amount

    def resolve(self, g: GameState, item: StackItem) -> bool:
        damage_player(g, item, item.controller, amount_of(self.amount, g, item))
        return True


@dataclass(frozen=True, slots=True)
class CountersOnAttached(Effect):
    """122.1: "put a -1/-1 counter on enchanted creature" (the creature the source enchants)."""

    kind: str
    count: int = 1

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.vocabulary.keywords import _attached

        p = _attached(g, item)
        if p is None:
            return True
        put_counters(g, p, self.kind, self.count)
        return True


@dataclass(frozen=True, slots=True)
class GainAll(Effect):
    """611.2c / 613.1f: "creatures you control gain trample [and get +1/+1] until end of turn":
    the creatures ``creatures`` matches as it resolves (``other``: not the source)."""

    words: frozenset[str]
    creatures: Filter
    power: int = 0
    toughness: int = 0
    other: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        for p in [p for p in g.battlefield if layers.is_creature(p)]:
            if self.other and p.oid == item.source_oid:
                continue
            if self.creatures.permanent(g, p, item.controller):
                if self.power or self.toughness:
                    g.effects += (Effect613(g.new_id(), "7c", p.oid, self.power, self.toughness),)
                if self.words:
                    g.effects += (Effect613(g.new_id(), "6", p.oid, 0, 0, keywords=self.words),)
        if self.words:
            g.emit(
                "effect",
                "{card!c}: creatures gain {words!t} until end of turn",
                "611.2c",
                card=item.source_name,
                words=", ".join(sorted(self.words)),
            )
        if self.power or self.toughness:
            g.emit(
                "effect",
                "{card!c}: creatures get {power:+d}/{toughness:+d} until end of turn",
                "611.2c",
                card=item.source_name,
                power=self.power,
                toughness=self.toughness,
            )
        return True


@dataclass(frozen=True, slots=True)
class DiscardEach(EachChooses):
    """701.9a: "each player discards a card" / "each opponent discards a card": in APNAP order
    each chooses (101.4), then the cards are discarded at once."""

    who: str
    count: int = 1

    def players(self, g: GameState, item: StackItem) -> list[int]:
        return players_named(g, item, self.who, 0)

    def per_player(self) -> int:
        return self.count

    def pool(self, g: GameState, pi: int, taken: set[int]) -> list[tuple[int, str]]:
        return [(c.cid, c.name) for c in g.players[pi].hand if c.cid not in taken]

    def carry_out(self, g: GameState, chosen: list[int]) -> None:
        ids = set(chosen)
        for pl in g.players:
            for c in [c for c in pl.hand if c.cid in ids]:
                pl.hand.remove(c)
                pl.graveyard += (c,)
                g.emit(
                    "discard", "{player} discards {card!c}", "701.9a", player=pl.name, card=c.name
                )

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: discard a card ({card!c})",
            player=g.pname(self.chooser(g, item, st)),
            card=item.source_name,
        )


@dataclass(frozen=True, slots=True)
class ReturnOwn(Asking):
    """ "return a creature you control to its owner's hand": the controller chooses one of
    their permanents ``what`` matches (400.7: it becomes a new object)."""

    what: Filter

    def resolve(self, g: GameState, item: StackItem) -> bool:
        mine = self._mine(g, item)
        if len(mine) == 1:
            self._bounce(g, mine[0])
            return True
        return self.ask(g, item)

    def _mine(self, g: GameState, item: StackItem) -> list[Permanent]:
        pi = item.controller
        return [p for p in g.battlefield if p.controller == pi and self.what.permanent(g, p, pi)]

    def _bounce(self, g: GameState, p: Permanent) -> None:
        leave_battlefield(
            g, [p], "hand", Msg("returns to {player}'s hand", player=g.pname(p.owner)), "400.7"
        )

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: choose a permanent to return to its owner's hand ({card!c})",
            player=g.pname(item.controller),
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        return [str(p.oid) for p in self._mine(g, item)]

    def match(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> str | None:
        low = option.strip().lower()
        for p in self._mine(g, item):
            if str(p.oid) == low or p.name.lower() == low:
                return str(p.oid)
        return None

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        p = g.permanent(int(option))
        if p is not None:
            self._bounce(g, p)
        return True


@dataclass(frozen=True, slots=True)
class TapOrUntap(Asking):
    """701.26: "tap or untap target permanent": the controller chooses which."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        if stack.target_permanent(g, item, self.target) is None:
            return True
        return self.ask(g, item)

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: tap or untap the target ({card!c})",
            player=g.pname(item.controller),
            card=item.source_name,
        )

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        return ["tap", "untap"]

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is not None:
            tap_or_untap(g, p, option == "untap")
        return True


@dataclass(frozen=True, slots=True)
class Have(Effect):
    """ "[you may] have target creature get -1/-1 until end of turn": the instruction ``effect``,
    worded as what the player has something do (the same instruction)."""

    effect: Effect

    def resolve(self, g: GameState, item: StackItem) -> bool:
        return self.effect.resolve(g, item)


@dataclass(frozen=True, slots=True)
class CountersOnAll(CountersOnCreatures):
    """122.1: "put a +1/+1 counter on each [other] Vampire you control" (the creatures ``what``
    matches as it resolves, seen by the controller; ``other``: not the source)."""

    kind: str
    count: int
    what: Filter
    other: bool = False

    def counters(self) -> tuple[str, int]:
        return self.kind, self.count

    def gets(self, g: GameState, p: Permanent, item: StackItem) -> bool:
        if self.other and p.oid == item.source_oid:
            return False
        return self.what.permanent(g, p, item.controller)
