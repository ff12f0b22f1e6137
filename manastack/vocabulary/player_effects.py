"""Effects on the player a trigger remembers ("that player": the caster of a spell, the active
player of a step, the player dealt damage) and sacrifices chosen by the sacrificing player
(701.21a): "~ deals 2 damage to that player", "that player sacrifices a creature", "each
opponent sacrifices a creature", "target player sacrifices an artifact"."""

from __future__ import annotations

from typing import Any

from manastack import stack
from manastack.damage import damage_player
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import GameState, StackItem
from manastack.vocabulary.asks import Asking
from manastack.vocabulary.base import Amount, Effect, Filter, amount_of
from manastack.zones import leave_battlefield


def that_player(item: StackItem) -> int | None:
    """The player the trigger remembered ("that player"), if any."""
    v = (item.data or {}).get("player")
    return v if isinstance(v, int) else None


def players_named(g: GameState, item: StackItem, who: str, target: int) -> list[int]:
    """The players an effect names, in APNAP order (101.4): "you", "target", "that" (the
    remembered player), "each" (each player), "opponent" (each opponent)."""
    if who == "each":
        return g.in_game()
    if who == "opponent":
        return [p for p in g.in_game() if not g.format.same_team(p, item.controller)]
    pi = stack.player_for(item, who, target)
    return [] if pi is None or g.players[pi].left else [pi]


@dataclass(frozen=True, slots=True)
class DamageThatPlayer(Effect):
    """120.3: "~ deals N damage to that player" (the player the trigger remembered)."""

    amount: int | Amount

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = that_player(item)
        if pi is not None and not g.players[pi].left:
            damage_player(g, item, pi, amount_of(self.amount, g, item))
        return True


class EachChooses(Asking):
    """101.4: each player an effect names chooses some of their objects in APNAP order, then
    what they chose is done at once ("each opponent discards a card", "each player sacrifices a
    creature"). A subclass says who (``players``), how many each (``per_player``), among what
    (``pool``: ids and names, those already chosen left out), what is done (``carry_out``) and
    the question (``ask_prompt``). A player with no more than they must choose has no choice."""

    __slots__ = ()

    def players(self, g: GameState, item: StackItem) -> list[int]:
        raise NotImplementedError

    def per_player(self) -> int:
        raise NotImplementedError

    def pool(self, g: GameState, pi: int, taken: set[int]) -> list[tuple[int, str]]:
        raise NotImplementedError

    def carry_out(self, g: GameState, chosen: list[int]) -> None:
        raise NotImplementedError

    def resolve(self, g: GameState, item: StackItem) -> bool:
        st: dict[str, Any] = {
            "queue": self.players(g, item),
            "chosen": [],
            "left": self.per_player(),
        }
        if self._advance(g, st):
            return True
        return self.ask(g, item, st)

    def _left(self, g: GameState, pi: int, st: dict[str, Any]) -> list[tuple[int, str]]:
        return self.pool(g, pi, set(st["chosen"]))

    def _advance(self, g: GameState, st: dict[str, Any]) -> bool:
        """Take what nobody has to choose (a player with no more than they must choose); True
        when every player is done (and what they chose is done)."""
        while st["queue"]:
            mine = self._left(g, st["queue"][0], st)
            if st["left"] > 0 and len(mine) > st["left"]:
                return False  # a real choice
            st["chosen"] = st["chosen"] + [i for i, _ in mine[: st["left"]]]
            st["queue"] = st["queue"][1:]
            st["left"] = self.per_player()
        self.carry_out(g, st["chosen"])
        return True

    def chooser(self, g: GameState, item: StackItem, st: dict[str, Any]) -> int:
        queue = st.get("queue") or [item.controller]
        return int(queue[0])

    def options(self, g: GameState, item: StackItem, st: dict[str, Any]) -> list[str]:
        if not st.get("queue"):
            return []
        return [str(i) for i, _ in self._left(g, self.chooser(g, item, st), st)]

    def match(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> str | None:
        """The id an answer names (an id, or a name: the first of that name)."""
        if not st.get("queue"):
            return None
        low = option.strip().lower()
        for i, name in self._left(g, self.chooser(g, item, st), st):
            if str(i) == low or name.lower() == low:
                return str(i)
        return None

    def chosen(self, g: GameState, item: StackItem, st: dict[str, Any], option: str) -> bool:
        st["chosen"] = st["chosen"] + [int(option)]
        st["left"] = st["left"] - 1
        if st["left"] <= 0:
            st["queue"] = st["queue"][1:]
            st["left"] = self.per_player()
        return self._advance(g, st)


@dataclass(frozen=True, slots=True)
class Sacrifices(EachChooses):
    """701.21a: each player ``who`` names sacrifices ``count`` permanents ``what`` matches (seen
    by that player), of their choice: in APNAP order each chooses (101.4), then all are
    sacrificed at once."""

    who: str
    what: Filter
    count: int = 1
    target: int = 0

    def players(self, g: GameState, item: StackItem) -> list[int]:
        return players_named(g, item, self.who, self.target)

    def per_player(self) -> int:
        return self.count

    def pool(self, g: GameState, pi: int, taken: set[int]) -> list[tuple[int, str]]:
        return [
            (p.oid, p.name)
            for p in g.battlefield
            if p.controller == pi and p.oid not in taken and self.what.permanent(g, p, pi)
        ]

    def carry_out(self, g: GameState, chosen: list[int]) -> None:
        gone = [p for p in (g.permanent(oid) for oid in chosen) if p is not None]
        leave_battlefield(g, gone, "graveyard", Msg("is sacrificed"), "701.21a")

    def ask_prompt(self, g: GameState, item: StackItem, st: dict[str, Any]) -> Msg:
        return Msg(
            "{player}: choose a permanent to sacrifice ({card!c})",
            player=g.pname(self.chooser(g, item, st)),
            card=item.source_name,
        )
