"""What a pending decision offers: the legal options, one small action each.

Identical cards in a hand give one option (which copy is cast can't matter), so the list stays
short for search. Mana abilities are listed at priority (they are legal actions), and accepted
while paying (117.1d) without being listed there; conceding (104.3a) is always accepted and
never listed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from manastack import casting, combat, special, targeting
from manastack.actions import (
    Action,
    ActivateAbility,
    ActivateMana,
    AssignDamage,
    CastSpell,
    Choose,
    ChooseTarget,
    DeclareAttacker,
    Discard,
    FinishDeclaration,
    KeepLegend,
    Pass,
    PayMana,
    PlayLand,
    PutTrigger,
    SuspendCard,
    TurnFaceUp,
)
from manastack.cards.model import ActivatedAbility
from manastack.mana import ManaCost
from manastack.state import GameState, Kind


@dataclass(frozen=True)
class Decision:
    """Who must decide, what kind of decision, and a sentence saying what is asked."""

    player: int
    kind: Kind
    prompt: str


def describe(g: GameState) -> Decision | None:
    pend = g.pending
    if pend is None or g.game_over:
        return None
    who = g.pname(pend.player)
    ctx = pend.context
    k = pend.kind
    if k is Kind.PRIORITY:
        text = f"{who} has priority"
    elif k in (Kind.TARGET, Kind.TRIGGER_TARGET):
        item = g.stack_item(ctx["item"])
        spec = item.target_specs[ctx["index"]].text if item else "target"
        text = f"{who}: choose {spec} for {item.source_name if item else '?'}"
    elif k is Kind.PAY_MANA:
        item = g.stack_item(ctx["item"])
        text = f"{who}: pay {ctx['cost']} for {item.source_name if item else '?'}"
    elif k is Kind.PAY_OR_DECLINE:
        text = f"{who}: pay {ctx['cost']} or {ctx['by']} counters your spell"
    elif k is Kind.DECLARE_ATTACKERS:
        text = f"{who}: declare attackers"
    elif k is Kind.DECLARE_BLOCKERS:
        text = f"{who}: declare blockers"
    elif k is Kind.ASSIGN_DAMAGE:
        att = g.permanent(ctx["attacker"])
        text = f"{who}: assign {att.name if att else '?'}'s combat damage"
    elif k is Kind.ORDER_TRIGGERS:
        text = f"{who}: choose which of your triggered abilities goes on the stack next"
    elif k is Kind.DISCARD:
        text = f"{who}: discard {ctx['count']} card(s)"
    elif k is Kind.CHOOSE_LEGEND:
        text = f"{who}: choose which {ctx['name']} to keep (legend rule)"
    elif k is Kind.CHOOSE_COLOR:
        text = f"{who}: choose the colour of mana {ctx['source']} adds"
    else:
        text = f"{who}: cast the suspended card without paying its mana cost, or decline"
    return Decision(pend.player, k, text)


def legal_actions(g: GameState, with_mana: bool = True) -> list[Action]:
    """The legal options. ``with_mana=False`` leaves out mana abilities at priority (they are
    legal but rarely worth a decision of their own to a search or a random player)."""
    pend = g.pending
    if pend is None or g.game_over:
        return []
    pi = pend.player
    k = pend.kind
    ctx = pend.context
    if k is Kind.PRIORITY:
        return priority_actions(g, pi, with_mana)
    if k is Kind.TARGET or k is Kind.TRIGGER_TARGET:
        item = g.stack_item(ctx["item"])
        if item is None:
            return []
        spec = item.target_specs[ctx["index"]]
        return [ChooseTarget(pi, t) for t in targeting.legal_targets(g, spec, item)]
    if k is Kind.PAY_MANA:
        item = g.stack_item(ctx["item"])
        exclude = None
        if (
            item is not None
            and isinstance(item.ability, ActivatedAbility)
            and item.ability.cost.tap
        ):
            exclude = item.source_oid
        explicit = casting.payment_options(g, pi, ctx["cost"], exclude)
        if explicit is None:
            return [PayMana(pi)]
        if explicit:
            return [PayMana(pi, explicit)]
        return [Choose(pi, "cancel")]
    if k is Kind.PAY_OR_DECLINE:
        out: list[Action] = []
        cost: ManaCost = ctx["cost"]
        if casting.can_afford(g, pi, cost, sacrifice=False):
            out.append(Choose(pi, "pay"))
        out.append(Choose(pi, "decline"))
        return out
    if k is Kind.DECLARE_ATTACKERS:
        defenders = combat.defenders(g)
        acts: list[Action] = [
            DeclareAttacker(pi, p.oid, d) for p in combat.possible_attackers(g) for d in defenders
        ]
        acts.append(FinishDeclaration(pi))
        return acts
    if k is Kind.DECLARE_BLOCKERS:
        blocks: list[Action] = list(combat.block_options(g, pi))
        blocks.append(FinishDeclaration(pi))
        return blocks
    if k is Kind.ASSIGN_DAMAGE:
        att = g.permanent(ctx["attacker"])
        assert att is not None
        return [AssignDamage(pi, att.oid, combat.default_assignment(g, att))]
    if k is Kind.ORDER_TRIGGERS:
        return [PutTrigger(pi, i) for i in ctx["options"]]
    if k is Kind.DISCARD:
        return _distinct_cards(g, pi, lambda cid: Discard(pi, cid))
    if k is Kind.CHOOSE_LEGEND:
        return [KeepLegend(pi, oid) for oid in ctx["options"]]
    if k is Kind.CHOOSE_COLOR:
        return [Choose(pi, c) for c in ctx["colors"]]
    if k is Kind.CAST_OR_DECLINE:
        cid = ctx["cid"]
        card = next((c for c in g.players[pi].exile if c.cid == cid), None)
        opts: list[Action] = []
        if card is not None and casting.cast_refusal(g, pi, card, free=True) is None:
            opts.append(CastSpell(pi, cid))
        opts.append(Choose(pi, "decline"))
        return opts
    return []


def _distinct_cards(g: GameState, pi: int, make: Callable[[int], Action]) -> list[Action]:
    seen: set[str] = set()
    out: list[Action] = []
    for c in g.players[pi].hand:
        if c.cdef.name not in seen:
            seen.add(c.cdef.name)
            out.append(make(c.cid))
    return out


def priority_actions(g: GameState, pi: int, with_mana: bool = True) -> list[Action]:
    out: list[Action] = [Pass(pi)]
    seen: set[str] = set()
    sorcery_ok = casting.sorcery_timing_ok(g, pi)
    for c in g.players[pi].hand:
        cd = c.cdef
        if cd.name in seen:
            continue
        seen.add(cd.name)
        if cd.is_land:
            if sorcery_ok and g.players[pi].lands_played < 1:
                out.append(PlayLand(pi, c.cid))
            continue
        if not sorcery_ok and not cd.is_instant_speed:
            continue  # 117.1a: nothing else of this card can be done now (cheap early out)
        if casting.can_cast(g, pi, c):
            out.append(CastSpell(pi, c.cid))
        if cd.morph is not None and casting.can_cast(g, pi, c, face_down=True):
            out.append(CastSpell(pi, c.cid, face_down=True))
        if cd.suspend is not None and special.suspend_refusal(g, pi, c.cid) is None:
            out.append(SuspendCard(pi, c.cid))
    for p in g.battlefield:
        if p.controller != pi:
            continue
        if p.face_down:
            if special.face_up_refusal(g, pi, p.oid) is None:
                out.append(TurnFaceUp(pi, p.oid))
            continue
        for i, ab in enumerate(p.card.cdef.abilities):
            if isinstance(ab, ActivatedAbility) and casting.activation_refusal(g, pi, p, i) is None:
                out.append(ActivateAbility(pi, p.oid, i))
    if with_mana:
        out.extend(casting.mana_actions(g, pi))
    return out


def is_mana_only(a: Action) -> bool:
    return type(a) is ActivateMana
