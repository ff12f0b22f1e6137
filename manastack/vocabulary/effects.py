"""Effects (608.2c: followed in order), each a class whose ``resolve`` says what it does.

Where an effect names a target, ``target`` is the index into the spell's or ability's targets
(an illegal one is left alone, 608.2b). Where it names a player, ``who`` is "you" (the
controller) or "target" (target ``target``). Amounts are an ``int`` or an
:class:`~manastack.vocabulary.base.Amount` (X, a count).
"""

from __future__ import annotations

from collections.abc import Callable

from manastack import layers, stack
from manastack.actions import target_player
from manastack.casting import can_afford, mana_actions
from manastack.damage import damage_creature, damage_player, gain_life, lose_life
from manastack.frozen import dataclass
from manastack.i18n import Msg, card_msg
from manastack.mana import COLOR_INDEX, ManaCost
from manastack.replacement import destroy
from manastack.state import DelayedTrigger, Effect613, GameState, Permanent, StackItem
from manastack.vocabulary.base import Amount, Effect, TriggeredAbility, amount_of
from manastack.zones import draw, leave_battlefield


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    """ "~ deals N damage to any target" (120.3)."""

    amount: int | Amount
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        t = stack.target_of(item, self.target)
        if t is None:
            return True
        n = amount_of(self.amount, g, item)
        pi = target_player(t)
        if pi is not None:
            damage_player(g, item, pi, n)
            return True
        p = g.permanent(t)
        if p is not None:
            damage_creature(g, item, p, n)
        return True


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    """106.4: "add {B}{B}{B}" as a spell's effect (a spell is never a mana ability)."""

    mana: str  # e.g. "BBB"

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pool = g.players[item.controller].pool
        for ch in self.mana:
            pool[COLOR_INDEX[ch]] += 1
        g.emit(
            "mana",
            "{player} adds {mana} to their mana pool",
            "106.4",
            player=g.pname(item.controller),
            mana=self.mana,
        )
        return True


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """701.6a: counter target spell."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        spell = stack.target_spell(g, item, self.target)
        if spell is not None:
            stack.counter(g, spell, item.source_name)
        return True


@dataclass(frozen=True, slots=True)
class CounterUnlessPays(Effect):
    """608.2d: "counter target spell unless its controller pays {N}": its controller decides."""

    amount: int | Amount
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        spell = stack.target_spell(g, item, self.target)
        if spell is None:
            return True
        cost = ManaCost(generic=amount_of(self.amount, g, item))
        payer = spell.controller
        if not can_afford(g, payer, cost) and not mana_actions(g, payer):
            g.emit(
                "choice", "{player} can't pay {cost}", "608.2d", player=g.pname(payer), cost=cost
            )
            stack.counter(g, spell, item.source_name)
            return True
        g.pending = stack.PayOrCounter(payer, spell.oid, cost, item.source_name)
        return False


@dataclass(frozen=True, slots=True)
class DrawCards(Effect):
    """121.1: "draw N cards" (you, or target player)."""

    count: int | Amount
    who: str = "you"
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, self.who, self.target)
        if pi is not None:
            draw(g, pi, amount_of(self.count, g, item))
        return True


@dataclass(frozen=True, slots=True)
class PumpUntilEndOfTurn(Effect):
    """613.4c: "target creature gets +N/+M until end of turn"."""

    power: int
    toughness: int
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is not None:
            pump_until_end_of_turn(g, p, self.power, self.toughness)
        return True


def pump_until_end_of_turn(
    g: GameState, p: Permanent, power: int, toughness: int, rule: str = "613.4c"
) -> None:
    """``p`` gets +power/+toughness until end of turn (layer 7c), logged: what every "gets
    +N/+M until end of turn" effect does to the creature it names."""
    g.effects += (Effect613(g.new_id(), "7c", p.oid, power, toughness),)
    g.emit(
        "effect",
        "{card!c} gets {power:+d}/{toughness:+d} until end of turn",
        rule,
        card=p.name,
        power=power,
        toughness=toughness,
    )


@dataclass(frozen=True, slots=True)
class ReturnToHand(Effect):
    """ "return target permanent to its owner's hand" (400.7: a new object)."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is not None:
            leave_battlefield(
                g, [p], "hand", Msg("returns to {player}'s hand", player=g.pname(p.owner)), "400.7"
            )
        return True


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """701.8: "destroy target permanent"."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is not None:
            destroy(g, [p])
        return True


@dataclass(frozen=True, slots=True)
class DestroyAll(Effect):
    """701.8: "destroy all creatures" (at once); "They can't be regenerated" (701.19c)."""

    card_type: str = "Creature"
    can_be_regenerated: bool = True

    def resolve(self, g: GameState, item: StackItem) -> bool:
        victims = [p for p in g.battlefield if self.card_type in layers.types(p)]
        if not self.can_be_regenerated:
            g.emit(
                "effect", "{card!c}: they can't be regenerated", "701.19c", card=item.source_name
            )
        destroy(g, victims, self.can_be_regenerated)
        return True


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """119.3: "you gain N life"."""

    amount: int | Amount
    who: str = "you"
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, self.who, self.target)
        if pi is not None:
            gain_life(g, pi, amount_of(self.amount, g, item), card_msg(item.source_name))
        return True


@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    """119.3: "target player loses N life"."""

    amount: int | Amount
    who: str = "target"
    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pi = stack.player_for(item, self.who, self.target)
        if pi is not None:
            lose_life(g, pi, amount_of(self.amount, g, item), card_msg(item.source_name))
        return True


@dataclass(frozen=True, slots=True)
class SacrificeSource(Effect):
    """701.21a: sacrifice the permanent the ability comes from (Ball Lightning), if its
    controller still controls it."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is not None and src.controller == item.controller:
            leave_battlefield(g, [src], "graveyard", Msg("is sacrificed"), "701.21a")
        return True


@dataclass(frozen=True, slots=True)
class RegenerateSource(Effect):
    """701.19a: the next time the source would be destroyed this turn, instead regenerate it
    (a shield, which the rule set's regeneration replacement uses)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is not None:
            src.regen_shields += 1
            g.emit(
                "shield",
                "{card!c} gets a regeneration shield until end of turn",
                "701.19a",
                card=src.name,
            )
        return True


@dataclass(frozen=True, slots=True)
class AddManaAtNextMain(Effect):
    """Mana Drain: a delayed trigger (603.7) adding {C} equal to the target spell's mana
    value at the beginning of your next main phase."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.vocabulary.triggers import YourNextMainPhase

        spell = stack.target_spell(g, item, self.target)
        if spell is None:
            return True
        amount = 0
        if spell.card is not None and not spell.face_down:
            amount = spell.card.cdef.mana_value
        ability = TriggeredAbility(
            YourNextMainPhase(g.turn, int(g.step)),
            (AddMana("C" * amount),) if amount else (),
            f"add {{C}} x{amount} (delayed)",
        )
        g.delayed += (DelayedTrigger(ability.trigger, ability, item.controller, item.source_name),)
        g.emit(
            "delayed",
            "{card!c} sets up a delayed trigger: {{C}} x{amount} at the beginning of {player}'s "
            "next main phase",
            "603.7a",
            card=item.source_name,
            amount=amount,
            player=g.pname(item.controller),
        )
        return True


@dataclass(frozen=True, slots=True)
class Custom(Effect):
    """The escape hatch: a Python function run on resolution (a card of your own; dumps can't
    write it unless a registered card prints it)."""

    text: str
    run: Callable[[GameState, StackItem], None]

    def resolve(self, g: GameState, item: StackItem) -> bool:
        self.run(g, item)
        return True
