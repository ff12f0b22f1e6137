"""Resolving the top of the stack (405.5, 608) and the effect vocabulary's meaning.

608.2b: a spell or ability whose targets have all become illegal doesn't resolve; with some legal,
the illegal ones are unaffected. 608.2c: instructions are followed in order. 608.2n: an instant or
sorcery goes to its owner's graveyard last. 608.3: a permanent spell enters the battlefield.
"""

from __future__ import annotations

from typing import Any, ClassVar

from manastack import priority, targeting
from manastack.actions import Action, ActivateMana, Choose, PayMana, target_player
from manastack.casting import activate_mana, can_afford, pay_cost
from manastack.decisions.base import Kind, Pending, as_cost
from manastack.errors import IllegalAction
from manastack.i18n import Msg, ability_of, card_msg
from manastack.mana import ManaCost
from manastack.state import GameState, Permanent, StackItem
from manastack.vocabulary.base import TriggeredAbility
from manastack.zones import enter_battlefield


def resolve_top(g: GameState) -> None:
    item = g.stack[-1]
    # An ability is named as one: its source may be gone (113.7a), and it isn't the card.
    what = card_msg(item.source_name) if item.kind == "spell" else ability_of(item.source_name)
    g.emit("resolve", "all players passed in succession: {what} resolves", "405.5", what=what)
    ab = item.ability
    if (
        isinstance(ab, TriggeredAbility)
        and ab.condition
        and not ab.condition.holds_for(g, item.data, item.controller, item.source_oid)
    ):
        g.stack.pop()
        g.emit(
            "resolve",
            '{card!c}\'s ability does nothing: its "if" is false',
            "603.4",
            card=item.source_name,
        )
        return
    if item.target_specs:
        legal = [
            targeting.is_legal(g, spec, t, item)
            for spec, t in zip(item.target_specs, item.targets, strict=False)
        ]
        if legal and not any(legal):
            g.stack.pop()
            g.emit(
                "fizzle",
                "{card!c} doesn't resolve: all its targets are illegal",
                "608.2b",
                card=item.source_name,
            )
            _leave_stack(g, item, countered=True)
            return
        item.data = dict(item.data or {})
        item.data["legal"] = legal
    _run_effects(g, item, 0)


def _run_effects(g: GameState, item: StackItem, start: int) -> None:
    i = start
    while i < len(item.effects):
        if not item.effects[i].resolve(g, item):
            # The effect waits for a player's choice (608.2d/e): resume at the next effect.
            item.data = dict(item.data or {})
            item.data["next"] = i + 1
            g.resolving = item
            return
        # An instruction may leave out the ones that depend on it ("if you do", 608.2c).
        i += 1 + (item.data.pop("skip", 0) if item.data else 0)
    finish(g, item)


def resume(g: GameState) -> None:
    """Continue a resolution that waited for a choice."""
    item = g.resolving
    assert item is not None
    g.resolving = None
    nxt = (item.data or {}).get("next", len(item.effects))
    _run_effects(g, item, nxt)


def finish(g: GameState, item: StackItem) -> None:
    if g.stack and g.stack[-1].oid == item.oid:
        g.stack.pop()
    else:
        for k, s in enumerate(g.stack):
            if s.oid == item.oid:
                del g.stack[k]
                break
    _leave_stack(g, item, countered=False)


def _leave_stack(g: GameState, item: StackItem, countered: bool) -> None:
    card = item.card
    if item.kind != "spell" or card is None:
        if not countered:
            if item.kind in ("activated", "triggered"):
                done = ability_of(item.source_name)
            else:
                done = card_msg(item.source_name)
            g.emit("resolve", "{what} has resolved", "608.2n", what=done)
        return
    owner = g.players[card.owner]
    if (item.data or {}).get("alt") == "flashback" and not card.token:
        # 702.34a: a card cast with flashback is exiled whenever it would leave the stack.
        owner.exile += (card,)
        g.emit(
            "move",
            "{card!c} is exiled instead of going anywhere else (flashback)",
            "702.34a",
            card=card.name,
        )
        return
    if not countered and (item.face_down or card.cdef.is_permanent):
        perm = enter_battlefield(
            g, card, item.controller, face_down=item.face_down, rule="608.3", spell=item
        )
        if perm is not None and item.targets and "Aura" in card.cdef.subtypes:
            # 608.3c (303.4f): an Aura spell enters attached to the object it targets.
            host = g.permanent(item.targets[0])
            if host is not None:
                perm.attached_to = host.oid
                g.emit(
                    "attach",
                    "{card!c} enters attached to {host!c}",
                    "608.3c",
                    card=perm.name,
                    host=host.name,
                )
                if card.cdef.controlling:
                    from manastack.vocabulary.attach import update_control

                    update_control(g)  # 613.1b: "You control enchanted creature"
        return
    if not countered and card.cdef.keywords and "rebound" in card.cdef.keywords:
        from manastack.vocabulary.alt_costs import rebound

        if rebound(g, item, card):  # 702.88a: exiled, cast again at the next upkeep
            return
    if not countered and (item.data or {}).get("buyback") and not card.token:
        # 702.27a: a spell whose buyback cost was paid goes to its owner's hand as it resolves.
        owner.hand.append(card)
        g.emit(
            "resolve",
            "{card!c} is put into {player}'s hand (buyback)",
            "702.27a",
            card=card.name,
            player=owner.name,
        )
        return
    if not card.token:
        owner.graveyard += (card,)
    if countered:
        g.emit(
            "counter",
            "{card!c} is put into {player}'s graveyard",
            "701.6a",
            card=card.name,
            player=owner.name,
        )
    else:
        g.emit(
            "resolve",
            "{card!c} is put into {player}'s graveyard",
            "608.2n",
            card=card.name,
            player=owner.name,
        )


# --- what effects ask about their spell or ability (608.2b) ------------------------------------


def target_of(item: StackItem, index: int) -> int | None:
    """The target at ``index`` if it is still legal (608.2b), else None."""
    if index >= len(item.targets):
        return None
    legal = (item.data or {}).get("legal")
    if legal is not None and index < len(legal) and not legal[index]:
        return None
    return item.targets[index]


def target_permanent(g: GameState, item: StackItem, index: int) -> Permanent | None:
    t = target_of(item, index)
    return g.permanent(t) if t is not None else None


def target_spell(g: GameState, item: StackItem, index: int) -> StackItem | None:
    t = target_of(item, index)
    return g.stack_item(t) if t is not None else None


def player_for(item: StackItem, who: str, index: int) -> int | None:
    """The player an effect names: "you" (the controller), "target" (target ``index``) or
    "that" / "defending" (the player its trigger remembered: "that player", "defending
    player")."""
    if who == "you":
        return item.controller
    if who == "that" or who == "defending":
        v = (item.data or {}).get("player")
        return v if isinstance(v, int) else None
    t = target_of(item, index)
    return None if t is None else target_player(t)


def counter(g: GameState, spell: StackItem, by: str) -> None:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    if spell.card is not None and not spell.face_down and spell.card.cdef.uncounterable:
        g.emit("counter", "{card!c} can't be countered", "101.2", card=spell.source_name)
        return
    g.stack.remove(spell)
    g.emit("counter", "{card!c} is countered by {by!c}", "701.6a", card=spell.source_name, by=by)
    _leave_stack(g, spell, countered=True)


class PayOrCounter(Pending):
    """608.2d: "counter target spell unless its controller pays": the payer chooses."""

    kind: ClassVar[Kind] = Kind.PAY_OR_DECLINE
    __slots__ = ("by", "cost", "spell")

    def __init__(self, player: int, spell: int, cost: ManaCost, by: str) -> None:
        super().__init__(player)
        self.spell = spell
        self.cost = cost
        self.by = by

    def copy(self) -> PayOrCounter:
        return PayOrCounter(self.player, self.spell, self.cost, self.by)

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: pay {cost} or {by!c} counters your spell",
            player=g.pname(self.player),
            cost=self.cost,
            by=self.by,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        out: list[Action] = []
        if can_afford(g, pi, self.cost, sacrifice=False):
            out.append(Choose(pi, "pay"))
        out.append(Choose(pi, "decline"))
        return out

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, ActivateMana):
            activate_mana(g, a)  # 117.1d: mana abilities while paying
            return None
        if not isinstance(a, Choose | PayMana):
            raise self.refuse(g, a)
        spell = g.stack_item(self.spell)
        option = a.option if isinstance(a, Choose) else "pay"
        if option not in ("pay", "decline"):
            raise IllegalAction(
                "target", "choose pay or decline, not {option}", "608.2d", option=repr(option)
            )
        if option == "pay":
            sources = a.sources if isinstance(a, PayMana) else None
            pay_cost(g, a.player, self.cost, self.by, sources, rule="608.2d")
            g.emit(
                "choice",
                "{player} pays; {by!c} does nothing",
                "608.2d",
                player=g.pname(a.player),
                by=self.by,
            )
        else:
            g.emit("choice", "{player} declines to pay", "608.2d", player=g.pname(a.player))
            if spell is not None:
                counter(g, spell, self.by)
        g.pending = None
        resume(g)
        priority.after_resolution(g)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi != self.player:
            if g.resolving is None:
                # The ability asking for the payment left with its controller (800.4a).
                g.pending = None
                priority.after_resolution(g)
            return
        if g.resolving is not None:
            resume(g)
        priority.after_resolution(g)

    def fields(self) -> dict[str, Any]:
        return {"spell": self.spell, "cost": self.cost, "by": self.by}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> PayOrCounter:
        return cls(player, d["spell"], as_cost(d["cost"]), d["by"])
