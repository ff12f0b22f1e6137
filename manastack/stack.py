"""Resolving the top of the stack (405.5, 608) and the effect vocabulary's meaning.

608.2b: a spell or ability whose targets have all become illegal doesn't resolve; with some legal,
the illegal ones are unaffected. 608.2c: instructions are followed in order. 608.2n: an instant or
sorcery goes to its owner's graveyard last. 608.3: a permanent spell enters the battlefield.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from manastack import layers, targeting
from manastack.actions import target_player
from manastack.cards.model import (
    AddMana,
    AddManaAtNextMain,
    CastWithoutPaying,
    CounterSpell,
    CounterUnlessPays,
    Custom,
    DealDamage,
    Destroy,
    DestroyAll,
    DrawCards,
    GainLife,
    LoseLife,
    PumpUntilEndOfTurn,
    RegenerateSource,
    RemoveTimeCounter,
    ReturnToHand,
    SacrificeSource,
    TriggeredAbility,
)
from manastack.casting import can_afford, mana_actions
from manastack.damage import damage_creature, damage_player, gain_life, lose_life
from manastack.mana import COLOR_INDEX, ManaCost
from manastack.replacement import destroy
from manastack.special import offer_free_cast, remove_time_counter
from manastack.state import (
    DelayedTrigger,
    Effect613,
    GameState,
    Kind,
    Pending,
    Permanent,
    StackItem,
)
from manastack.triggers import condition_holds
from manastack.zones import draw, enter_battlefield, leave_battlefield


def resolve_top(g: GameState) -> None:
    item = g.stack[-1]
    g.emit("resolve", f"all players passed in succession: {item.source_name} resolves", "405.5")
    if isinstance(item.ability, TriggeredAbility) and not condition_holds(
        g, item.ability, item.data
    ):
        g.stack.pop()
        g.emit("resolve", f'{item.source_name}\'s ability does nothing: its "if" is false', "603.4")
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
                f"{item.source_name} doesn't resolve: all its targets are illegal",
                "608.2b",
            )
            _leave_stack(g, item, countered=True)
            return
        item.data = dict(item.data or {})
        item.data["legal"] = legal
    _run_effects(g, item, 0)


def _run_effects(g: GameState, item: StackItem, start: int) -> None:
    for i in range(start, len(item.effects)):
        eff = item.effects[i]
        handler = HANDLERS[type(eff)]
        if not handler(g, item, eff):
            # The effect waits for a player's choice (608.2d/e): resume at the next effect.
            item.data = dict(item.data or {})
            item.data["next"] = i + 1
            g.resolving = item
            return
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
            g.emit("resolve", f"{item.source_name}'s ability has resolved", "608.2n")
        return
    owner = g.players[card.owner]
    if not countered and (item.face_down or card.cdef.is_permanent):
        enter_battlefield(g, card, item.controller, face_down=item.face_down, rule="608.3")
        return
    if not card.token:
        owner.graveyard.append(card)
    if not countered:
        g.emit("resolve", f"{card.name} is put into {owner.name}'s graveyard", "608.2n")


# --- helpers for effects ---------------------------------------------------------------------


def _target(item: StackItem, index: int) -> int | None:
    """The target at ``index`` if it is still legal (608.2b), else None."""
    if index >= len(item.targets):
        return None
    legal = (item.data or {}).get("legal")
    if legal is not None and index < len(legal) and not legal[index]:
        return None
    return item.targets[index]


def _target_permanent(g: GameState, item: StackItem, index: int) -> Permanent | None:
    t = _target(item, index)
    return g.permanent(t) if t is not None else None


def _target_spell(g: GameState, item: StackItem, index: int) -> StackItem | None:
    t = _target(item, index)
    return g.stack_item(t) if t is not None else None


def _source_keywords(g: GameState, item: StackItem) -> frozenset[str]:
    if item.kind == "spell" and item.card is not None:
        return item.card.cdef.keywords
    data = item.data or {}
    kw: frozenset[str] = data.get("keywords", frozenset())
    if item.source_oid is not None:
        src = g.permanent(item.source_oid)
        if src is not None:
            return layers.keywords(g, src)
    return kw


def _player_for(item: StackItem, who: str, index: int) -> int | None:
    if who == "you":
        return item.controller
    t = _target(item, index)
    return None if t is None else target_player(t)


# --- the handlers: return False when the resolution must wait for a decision -------------------


def _deal_damage(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, DealDamage)
    t = _target(item, e.target)
    if t is None:
        return True
    kw = _source_keywords(g, item)
    pi = target_player(t)
    if pi is not None:
        damage_player(g, item.source_name, item.controller, pi, e.amount, "lifelink" in kw)
        return True
    p = g.permanent(t)
    if p is not None:
        damage_creature(
            g, item.source_name, item.controller, p, e.amount, "deathtouch" in kw, "lifelink" in kw
        )
    return True


def _add_mana(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, AddMana)
    pool = g.players[item.controller].pool
    for ch in e.mana:
        pool[COLOR_INDEX[ch]] += 1
    g.emit("mana", f"{g.pname(item.controller)} adds {e.mana} to their mana pool", "106.4")
    return True


def counter(g: GameState, spell: StackItem, by: str) -> None:
    """701.6a: a countered spell is removed from the stack and put into its owner's graveyard."""
    g.stack.remove(spell)
    g.emit("counter", f"{spell.source_name} is countered by {by}", "701.6a")
    _leave_stack(g, spell, countered=True)


def _counter(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, CounterSpell)
    spell = _target_spell(g, item, e.target)
    if spell is not None:
        counter(g, spell, item.source_name)
    return True


def _counter_unless(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, CounterUnlessPays)
    spell = _target_spell(g, item, e.target)
    if spell is None:
        return True
    cost = ManaCost(generic=e.amount)
    payer = spell.controller
    if not can_afford(g, payer, cost) and not _has_any_mana_ability(g, payer):
        g.emit("choice", f"{g.pname(payer)} can't pay {cost}", "608.2d")
        counter(g, spell, item.source_name)
        return True
    g.pending = Pending(
        Kind.PAY_OR_DECLINE, payer, {"spell": spell.oid, "cost": cost, "by": item.source_name}
    )
    return False


def _has_any_mana_ability(g: GameState, pi: int) -> bool:
    return bool(mana_actions(g, pi))


def _draw(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, DrawCards)
    pi = _player_for(item, e.who, e.target)
    if pi is not None:
        draw(g, pi, e.count)
    return True


def _pump(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, PumpUntilEndOfTurn)
    p = _target_permanent(g, item, e.target)
    if p is not None:
        g.effects.append(Effect613(g.new_id(), "7c", p.oid, e.power, e.toughness))
        g.emit(
            "effect",
            f"{p.name} gets {e.power:+d}/{e.toughness:+d} until end of turn",
            "613.4c",
        )
    return True


def _bounce(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, ReturnToHand)
    p = _target_permanent(g, item, e.target)
    if p is not None:
        leave_battlefield(g, [p], "hand", f"returns to {g.pname(p.owner)}'s hand", "400.7")
    return True


def _destroy(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, Destroy)
    p = _target_permanent(g, item, e.target)
    if p is not None:
        destroy(g, [p])
    return True


def _destroy_all(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, DestroyAll)
    victims = [p for p in g.battlefield if e.card_type in layers.types(p)]
    if not e.can_be_regenerated:
        g.emit("effect", f"{item.source_name}: they can't be regenerated", "701.19c")
    destroy(g, victims, e.can_be_regenerated)
    return True


def _gain(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, GainLife)
    pi = _player_for(item, e.who, e.target)
    if pi is not None:
        gain_life(g, pi, e.amount, item.source_name)
    return True


def _lose(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, LoseLife)
    pi = _player_for(item, e.who, e.target)
    if pi is not None:
        lose_life(g, pi, e.amount, item.source_name)
    return True


def _sacrifice_source(g: GameState, item: StackItem, e: Any) -> bool:
    src = g.permanent(item.source_oid) if item.source_oid is not None else None
    if src is not None and src.controller == item.controller:
        leave_battlefield(g, [src], "graveyard", "is sacrificed", "701.21a")
    return True


def _regenerate_source(g: GameState, item: StackItem, e: Any) -> bool:
    src = g.permanent(item.source_oid) if item.source_oid is not None else None
    if src is not None:
        src.regen_shields += 1
        g.emit(
            "shield",
            f"{src.name} gets a regeneration shield until end of turn",
            "701.19a",
        )
    return True


def _mana_later(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, AddManaAtNextMain)
    spell = _target_spell(g, item, e.target)
    if spell is None:
        return True
    amount = 0
    if spell.card is not None and not spell.face_down:
        amount = spell.card.cdef.mana_value
    g.delayed.append(
        DelayedTrigger("next_main", item.controller, item.source_name, amount, g.turn, g.step)
    )
    g.emit(
        "delayed",
        f"{item.source_name} sets up a delayed trigger: {{C}} x{amount} at the beginning of "
        f"{g.pname(item.controller)}'s next main phase",
        "603.7a",
    )
    return True


def _remove_time_counter(g: GameState, item: StackItem, e: Any) -> bool:
    remove_time_counter(g, item)
    return True


def _cast_without_paying(g: GameState, item: StackItem, e: Any) -> bool:
    return offer_free_cast(g, item)


def _custom(g: GameState, item: StackItem, e: Any) -> bool:
    assert isinstance(e, Custom)
    e.run(g, item)
    return True


HANDLERS: dict[type, Callable[[GameState, StackItem, Any], bool]] = {
    DealDamage: _deal_damage,
    AddMana: _add_mana,
    CounterSpell: _counter,
    CounterUnlessPays: _counter_unless,
    DrawCards: _draw,
    PumpUntilEndOfTurn: _pump,
    ReturnToHand: _bounce,
    Destroy: _destroy,
    DestroyAll: _destroy_all,
    GainLife: _gain,
    LoseLife: _lose,
    SacrificeSource: _sacrifice_source,
    RegenerateSource: _regenerate_source,
    AddManaAtNextMain: _mana_later,
    RemoveTimeCounter: _remove_time_counter,
    CastWithoutPaying: _cast_without_paying,
    Custom: _custom,
}
