"""The greedy agent: one-ply rules of thumb, no search.

Lands first, then the most expensive useful spell; counters an opponent's spell when it can;
attacks and blocks only where the creature isn't thrown away; burn at opponents, Giant Growth
on its own creatures.
"""

from __future__ import annotations

import random

from manastack.actions import (
    Action,
    CastSpell,
    Choose,
    ChooseTarget,
    DeclareAttacker,
    DeclareBlocker,
    FinishDeclaration,
    Pass,
    PayMana,
    PlayLand,
)
from manastack.agents.base import AgentView, Thing
from manastack.cards.model import (
    CardDef,
    CounterSpell,
    CounterUnlessPays,
    DealDamage,
    Destroy,
    PumpUntilEndOfTurn,
    ReturnToHand,
)
from manastack.state import Kind

_COUNTER = (CounterSpell, CounterUnlessPays)
_REMOVAL = (Destroy, ReturnToHand)


def _has(card: CardDef | None, kinds: type | tuple[type, ...]) -> bool:
    return card is not None and any(isinstance(e, kinds) for e in card.effects)


def _damage(card: CardDef | None) -> int:
    if card is None:
        return 0
    # A fixed amount only: X or a count is unknown before the spell resolves.
    return sum(
        e.amount for e in card.effects if isinstance(e, DealDamage) and isinstance(e.amount, int)
    )


def _pump(card: CardDef | None) -> int:
    if card is None:
        return 0
    return sum(e.toughness for e in card.effects if isinstance(e, PumpUntilEndOfTurn))


def _left(t: Thing) -> int:
    """Damage it still survives (its toughness less marked damage)."""
    return (t.toughness or 0) - t.damage


def greedy_agent(view: AgentView, rng: random.Random) -> Action:
    """Pick an option by the rules of thumb above; anything unforeseen falls back to the first
    non-mana option, so the agent is deterministic given the game."""
    k = view.kind
    if k is Kind.MULLIGAN or k is Kind.PUT_ON_BOTTOM:
        return view.mulligan_answer(range(2, 6))  # keep a seven with 2-5 lands
    if k is Kind.PRIORITY:
        return _priority(view)
    if k in (Kind.TARGET, Kind.TRIGGER_TARGET):
        return _target(view)
    if k is Kind.DECLARE_ATTACKERS:
        return _attack(view)
    if k is Kind.DECLARE_BLOCKERS:
        return _block(view)
    if k is Kind.DISCARD:
        # The costliest card is the one least likely to be cast soon.
        return max(view.options, key=lambda a: _mv(view, a))
    for a in view.options:
        if isinstance(a, PayMana) or (isinstance(a, Choose) and a.option == "pay"):
            return a
    for a in view.options:
        if isinstance(a, CastSpell):  # a free cast (suspend) is always worth taking
            return a
    for a in view.options:
        if not (isinstance(a, Choose) and a.option == "cancel"):
            return a
    return view.options[0]


def _mv(view: AgentView, a: Action) -> int:
    t = view.describe(a)
    return t.mana_value if t is not None else 0


def _opponents_creatures(view: AgentView) -> list[Thing]:
    return [
        t for t in view.battlefield() if t.controller != view.player and t.toughness is not None
    ]


def _priority(view: AgentView) -> Action:
    me = view.player
    casts: list[tuple[CastSpell, Thing]] = []
    for a in view.options:
        if isinstance(a, PlayLand):
            return a
        if isinstance(a, CastSpell):
            t = view.describe(a)
            if t is not None and t.card is not None:
                casts.append((a, t))
    if not casts:
        return Pass(me)
    stack = view.stack()
    top = stack[0] if stack else None
    if top is not None and top.kind == "spell" and top.controller != me:
        for a, t in casts:
            if t.card is not None and _has(t.card, _COUNTER) and _counter_fits(view, t.card, top):
                return a
    # Save a creature an opponent's spell is about to damage.
    if top is not None and top.controller != me and _damage(top.card) > 0:
        mine = {b.ref for b in view.battlefield() if b.controller == me}
        if any(ref in mine for ref in top.targets):
            for a, t in casts:
                if _pump(t.card) > 0:
                    return a
    useful: list[tuple[CastSpell, Thing]] = []
    for a, t in casts:
        card = t.card
        assert card is not None
        if _has(card, _COUNTER):
            continue  # held for an opponent's spell
        if _pump(card) > 0:
            # Pump an attacker once blockers are known (or a blocker on the other turn).
            if view.step == "declare_blockers" and any(
                b.controller == me and (b.attacking or b.blocking) for b in view.battlefield()
            ):
                useful.append((a, t))
            continue
        if _has(card, _REMOVAL) and not _opponents_creatures(view):
            continue
        if stack and not card.is_instant_speed:
            continue
        useful.append((a, t))
    if not useful:
        return Pass(me)
    return max(useful, key=lambda at: at[1].mana_value)[0]


def _counter_fits(view: AgentView, card: CardDef, top: Thing) -> bool:
    """Whether the counterspell's target kind can be the spell on top."""
    spec = card.targets[0] if card.targets else None
    if spec is None or top.card is None:
        return spec is not None
    return view.can_target(spec, top.ref)


def _target(view: AgentView) -> Action:
    me = view.player
    src = view.subject()
    card = src.card if src is not None else None
    choices: list[tuple[ChooseTarget, Thing]] = []
    for a in view.options:
        if isinstance(a, ChooseTarget):
            t = view.about(a.target)
            if t is not None:
                choices.append((a, t))
    if not choices:
        return view.options[0]
    theirs = [(a, t) for a, t in choices if t.controller != me]
    mine = [(a, t) for a, t in choices if t.controller == me]
    if _has(card, _COUNTER):
        spells = [(a, t) for a, t in theirs if t.kind == "spell"] or theirs
        if spells:
            return spells[0][0]  # about() lists the stack top first; take the newest
    dmg = _damage(card)
    if dmg > 0:
        kill = [
            (a, t)
            for a, t in theirs
            if t.kind == "permanent" and t.toughness is not None and _left(t) <= dmg
        ]
        if kill:
            return max(kill, key=lambda at: (at[1].power or 0, at[1].mana_value))[0]
        face = [(a, t) for a, t in theirs if t.kind == "player"]
        if face:
            return face[0][0]
        if theirs:
            return theirs[0][0]
    if _pump(card) > 0 and mine:
        creatures = [(a, t) for a, t in mine if t.kind == "permanent"]
        if creatures:
            # The one in danger or in combat first, then the strongest.
            return max(
                creatures,
                key=lambda at: (at[1].attacking or at[1].blocking, at[1].power or 0),
            )[0]
    if _has(card, _REMOVAL):
        creatures = [(a, t) for a, t in theirs if t.kind == "permanent"]
        if creatures:
            return max(creatures, key=lambda at: (at[1].power or 0, at[1].mana_value))[0]
    return (theirs or choices)[0][0]


def _can_block(blocker: Thing, attacker: Thing) -> bool:
    if attacker.keyword("flying"):
        return blocker.keyword("flying") or blocker.keyword("reach")
    return True


def _attack(view: AgentView) -> Action:
    me = view.player
    blockers = [
        t
        for t in view.battlefield()
        if t.controller != me and t.toughness is not None and not t.tapped
    ]
    for a in view.options:
        if not isinstance(a, DeclareAttacker):
            continue
        att = view.describe(a)
        if att is None:
            continue
        threats = [
            b
            for b in blockers
            if b.controller == a.defender and _can_block(b, att) and (b.power or 0) >= _left(att)
        ]
        # Attack if nothing kills it, or if whatever kills it dies too (a fair trade).
        if all(_left(b) <= (att.power or 0) for b in threats):
            return a
    return FinishDeclaration(me)


def _block(view: AgentView) -> Action:
    me = view.player
    field = {t.ref: t for t in view.battlefield()}
    best: tuple[int, DeclareBlocker] | None = None
    chumps: list[tuple[int, DeclareBlocker]] = []
    for a in view.options:
        if not isinstance(a, DeclareBlocker):
            continue
        b, att = field.get(a.oid), field.get(a.attacker)
        # One blocker per attacker: the view can't tell who blocks whom, only that it's blocked.
        if b is None or att is None or b.blocking or att.blocked:
            continue
        survives = (att.power or 0) < _left(b)
        kills = (b.power or 0) >= _left(att)
        score = 0
        if survives and kills:
            score = 3
        elif survives:
            score = 2
        elif kills and att.mana_value >= b.mana_value:
            score = 1
        if score and (best is None or score > best[0]):
            best = (score, a)
        chumps.append((att.power or 0, a))
    if best is not None:
        return best[1]
    incoming = sum(
        t.power or 0 for t in field.values() if t.attacking and not t.blocked and t.controller != me
    )
    if chumps and incoming >= view.life(me):
        return max(chumps, key=lambda pa: pa[0])[1]  # chump the biggest rather than lose
    return FinishDeclaration(me)
