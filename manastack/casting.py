"""Casting spells (601), activating abilities (602), mana abilities (605) and paying costs.

The steps of 601.2 become decisions: the spell moves to the stack (601.2a), each target is its own
decision (601.2c), the total cost is fixed (601.2f), mana abilities may be activated (601.2g),
the cost is paid (601.2h) and the spell becomes cast (601.2i). A proposal that can't go on is
refused before anything moves; a payment that turns out impossible rewinds (733).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from manastack import layers, targeting
from manastack.actions import (
    Action,
    ActivateAbility,
    ActivateMana,
    CastSpell,
    Choose,
    ChooseTarget,
    PayMana,
    PlayLand,
)
from manastack.decisions.base import Kind, Pending, as_cost, as_pending
from manastack.errors import IllegalAction
from manastack.events import SpellCast, happen
from manastack.mana import COLOR_INDEX, ManaCost, color_letter, plan_payment, pool_text
from manastack.state import Card, GameState, Permanent, StackItem, Stage
from manastack.vocabulary.base import (
    ActivatedAbility,
    CardDef,
    CostChange,
    ManaAbility,
    TargetSpec,
)
from manastack.zones import enter_battlefield, leave_battlefield, tap

FACE_DOWN_COST = ManaCost.parse("{3}")  # 702.37c

# --- timing (117.1a) -----------------------------------------------------------------------


def sorcery_timing_ok(g: GameState, pi: int) -> bool:
    """307.1 / 117.1a: your main phase, the stack empty."""
    return g.step.is_main and not g.stack and g.rules.is_active(g, pi)


def check_priority(g: GameState, pi: int, what: str) -> None:
    pend = g.pending
    if pend is None or pend.kind is not Kind.PRIORITY or not pend.answered_by(g, pi):
        holder = "nobody" if pend is None else g.pname(pend.player)
        asked = "" if pend is None else f" ({pend.kind.value})"
        raise IllegalAction(
            "priority", f"{g.pname(pi)} can't {what} now: {holder} is being asked{asked}", "117.1"
        )


# --- mana sources and costs ------------------------------------------------------------------


def can_tap(g: GameState, p: Permanent) -> bool:
    """302.6: a creature's {T} ability needs it to have been under control since the turn began."""
    if p.tapped:
        return False
    return not (p.sick and layers.is_creature(p) and not layers.has(g, p, "haste"))


class CardFacts:
    """What the rules keep looking up in a card's definition, found once per card (a
    definition never changes): the indexes of its activated abilities (602), and its first
    mana ability whose cost has {T} (``tap_mana``; ``tap_mana_keep``: the first of those that
    doesn't sacrifice the source) as (index, colours, costs no mana)."""

    __slots__ = ("activated", "tap_mana", "tap_mana_keep")

    def __init__(self, cdef: CardDef) -> None:
        self.activated = tuple(
            i for i, ab in enumerate(cdef.abilities) if isinstance(ab, ActivatedAbility)
        )
        self.tap_mana: tuple[int, frozenset[str], bool] | None = None
        self.tap_mana_keep: tuple[int, frozenset[str], bool] | None = None
        for i, ab in enumerate(cdef.abilities):
            if isinstance(ab, ManaAbility) and ab.cost.tap:
                entry = (i, frozenset(ab.colors), not ab.cost.mana.mana_value)
                if self.tap_mana is None:
                    self.tap_mana = entry
                if not ab.cost.sacrifice_self:
                    self.tap_mana_keep = entry
                    break


def card_facts(card: Card) -> CardFacts:
    f: CardFacts | None = card.facts
    if f is None:
        f = card.facts = CardFacts(card.cdef)
    return f


def auto_sources(
    g: GameState, pi: int, exclude: int | None = None, *, sacrifice: bool = False
) -> list[tuple[Permanent, int, frozenset[str]]]:
    """Untapped sources whose mana ability costs only {T} (with ``sacrifice``, also those that
    sacrifice themselves, like Lotus Petal): lands first, then the rest."""
    out: list[tuple[Permanent, int, frozenset[str]]] = []
    later: list[tuple[Permanent, int, frozenset[str]]] = []
    for p in g.battlefield:
        if p.controller != pi or p.oid == exclude or p.face_down or p.tapped:
            continue
        card = p.card
        f = card.facts
        if f is None:
            f = card_facts(card)
        # The first mana ability with {T} in its cost that may be used (a sacrificing one
        # only with ``sacrifice``); one that also costs mana is not automatic.
        m = f.tap_mana if sacrifice else f.tap_mana_keep
        if m is not None and m[2] and can_tap(g, p):
            (out if card.cdef.is_land else later).append((p, m[0], m[1]))
    return out + later


def spell_total_cost(
    g: GameState, pi: int, cdef: CardDef, face_down: bool = False, free: bool = False
) -> ManaCost:
    """601.2f: mana cost (or alternative), plus increases, minus reductions, then minimums."""
    if face_down:
        base = FACE_DOWN_COST
        noncreature = False
    else:
        base = ManaCost() if free else (cdef.cost or ManaCost())
        noncreature = not cdef.is_creature
    cache = g.listing_cache
    if cache is not None:
        # A listing asks for many spells' costs: the permanents with static abilities are
        # found once, and without any the cost is the base cost (what the loop below gives).
        holders = cache.get("statics")
        if holders is None:
            holders = cache["statics"] = [
                p for p in g.battlefield if not p.face_down and p.card.cdef.statics
            ]
        if not holders:
            return base
    else:
        holders = g.battlefield
    change = CostChange()
    for p in holders:
        if p.face_down:
            continue
        for st in p.card.cdef.statics:
            st.cost_change(g, p, not noncreature, change)
    cost = base.plus_generic(change.increase)
    if cost.mana_value < change.minimum:
        cost = cost.plus_generic(change.minimum - cost.mana_value)
    return cost


# Whether a cost can be paid from a pool and a list of sources' colours: a pure function of the
# three, so kept across decisions (a player's hand is asked about again at every priority while
# the same lands stand untapped). Bounded: emptied when it grows past _AFFORD_MAX.
_AFFORD: dict[tuple[ManaCost, tuple[int, ...], tuple[frozenset[str], ...]], bool] = {}
_AFFORD_MAX = 4096  # a few hundred kilobytes at most


def affordable(cost: ManaCost, pool: Sequence[int], colours: tuple[frozenset[str], ...]) -> bool:
    """``plan_payment(cost, pool, colours) is not None``, remembered."""
    key = (cost, tuple(pool), colours)
    ok = _AFFORD.get(key)
    if ok is None:
        if len(_AFFORD) >= _AFFORD_MAX:
            _AFFORD.clear()
        ok = _AFFORD[key] = plan_payment(cost, pool, colours) is not None
    return ok


def can_afford(
    g: GameState, pi: int, cost: ManaCost, exclude: int | None = None, *, sacrifice: bool = True
) -> bool:
    """Whether the pool and the player's mana sources can pay ``cost``; ``sacrifice`` counts
    sources that sacrifice themselves (which automatic payment never uses)."""
    cache = g.listing_cache
    if cache is None:
        srcs = auto_sources(g, pi, exclude, sacrifice=sacrifice)
        return affordable(cost, g.players[pi].pool, tuple(s[2] for s in srcs))
    # While a listing runs the state can't change: the sources are found once (most of a hand
    # shares a few costs), and each cost is planned once for them.
    skey = ("sources", pi, exclude, sacrifice)
    colours = cache.get(skey)
    if colours is None:
        srcs = auto_sources(g, pi, exclude, sacrifice=sacrifice)
        colours = cache[skey] = tuple(s[2] for s in srcs)
    return affordable(cost, g.players[pi].pool, colours)


def payment_options(
    g: GameState, pi: int, cost: ManaCost, exclude: int | None = None
) -> tuple[int, ...] | None:
    """None if automatic payment works; else the sources (sacrifice ones too) that can pay,
    for an explicit payment; raises nothing. An empty tuple means it can't be paid at all."""
    if can_afford(g, pi, cost, exclude, sacrifice=False):
        return None
    srcs = auto_sources(g, pi, exclude, sacrifice=True)
    plan = plan_payment(cost, g.players[pi].pool, [s[2] for s in srcs])
    if plan is None:
        return ()
    return tuple(srcs[k][0].oid for k, _ in plan[1])


def pay_cost(
    g: GameState,
    pi: int,
    cost: ManaCost,
    for_what: str,
    sources: tuple[int, ...] | None,
    exclude: int | None = None,
    rule: str = "601.2h",
) -> None:
    """601.2h: pay from the pool, activating the mana abilities of the chosen (or automatically
    picked) sources. Checks everything before changing anything."""
    pl = g.players[pi]
    if sources is None:
        srcs = auto_sources(g, pi, exclude)
    else:
        srcs = []
        for oid in sources:
            p = g.permanent(oid)
            if p is None or p.controller != pi:
                raise IllegalAction("unknown", f"no permanent {oid} of yours to pay with", "601.2h")
            idx = _first_mana_ability(p)
            if idx is None:
                raise IllegalAction("cost", f"{p.name} has no mana ability", "605.1a")
            ab = p.card.cdef.abilities[idx]
            assert isinstance(ab, ManaAbility)
            if ab.cost.tap and any(q is p for q, _, _ in srcs):
                # Each source taps once: the first use taps it, so a second can't (107.5).
                raise IllegalAction("cost", f"{p.name} is named twice: it taps only once", "107.5")
            if ab.cost.tap and not can_tap(g, p):
                why = "is tapped" if p.tapped else "is summoning sick (302.6)"
                raise IllegalAction(
                    "cost", f"{p.name} {why}", "302.6" if not p.tapped else "602.2b"
                )
            srcs.append((p, idx, frozenset(ab.colors)))
    plan = plan_payment(cost, pl.pool, [s[2] for s in srcs])
    if plan is None:
        have = pool_text(pl.pool) or "nothing"
        raise IllegalAction(
            "cost",
            f"{pl.name} can't pay {cost} for {for_what} (pool: {have}, "
            f"{len(srcs)} untapped source(s))",
            rule,
        )
    taken, used = plan
    for k, colour in used:
        p, idx, _ = srcs[k]
        _run_mana_ability(g, pi, p, idx, colour)
    for i, n in enumerate(taken):
        pl.pool[i] -= n
    for _, colour in used:
        pl.pool[COLOR_INDEX[colour]] -= 1
    g.emit("pay", f"{pl.name} pays {cost} for {for_what}", rule)


def _first_mana_ability(p: Permanent) -> int | None:
    if p.face_down:
        return None
    for i, ab in enumerate(p.card.cdef.abilities):
        if isinstance(ab, ManaAbility):
            return i
    return None


def _run_mana_ability(g: GameState, pi: int, p: Permanent, idx: int, colour: str) -> None:
    """605.3b: a mana ability resolves immediately, without the stack."""
    ab = p.card.cdef.abilities[idx]
    assert isinstance(ab, ManaAbility)
    if ab.cost.tap:
        tap(g, p)
    g.players[pi].pool[COLOR_INDEX[colour]] += ab.amount
    g.emit(
        "mana",
        f"{g.pname(pi)} activates {p.name}'s mana ability: add {{{colour}}} "
        "(no stack, resolves at once)",
        "605.3b",
    )
    if ab.cost.sacrifice_self:
        leave_battlefield(g, [p], "graveyard", "is sacrificed (cost)", "701.21a")


# --- mana abilities (605) --------------------------------------------------------------------


def mana_ability_window(g: GameState, pi: int) -> bool:
    """117.1d: with priority, or while paying a cost (casting, or during resolution)."""
    pend = g.pending
    return (
        pend is not None
        and pend.answered_by(g, pi)
        and pend.kind in (Kind.PRIORITY, Kind.PAY_MANA, Kind.PAY_OR_DECLINE)
    )


def activate_mana(g: GameState, a: ActivateMana) -> None:
    if not mana_ability_window(g, a.player):
        raise IllegalAction(
            "priority", f"{g.pname(a.player)} can't activate a mana ability now", "117.1d"
        )
    p = g.permanent(a.oid)
    if p is None or p.controller != a.player:
        raise IllegalAction("unknown", "no such permanent under your control", "602.2")
    abilities = () if p.face_down else p.card.cdef.abilities
    if not 0 <= a.index < len(abilities) or not isinstance(abilities[a.index], ManaAbility):
        raise IllegalAction("unknown", f"{p.name} has no mana ability {a.index + 1}", "605.1a")
    ab = abilities[a.index]
    assert isinstance(ab, ManaAbility)
    if a.color and (len(a.color) != 1 or a.color not in ab.colors):
        raise IllegalAction("target", f"{p.name} can't add {{{a.color}}}", "605.1a")
    if ab.cost.tap and not can_tap(g, p):
        if p.tapped:
            raise IllegalAction("cost", f"{p.name} is already tapped", "602.2b")
        raise IllegalAction("cost", f"{p.name} is summoning sick", "302.6")
    g.passes = 0
    if not a.color and len(ab.colors) > 1:
        # The colour is chosen as the ability resolves (106.1b): pay the cost, then ask.
        prev = g.pending
        _pay_mana_ability_cost(g, p, ab)
        g.pending = ChooseColor(a.player, ab.colors, ab.amount, p.name, prev)
        return
    _run_mana_ability(g, a.player, p, a.index, a.color or ab.colors[0])


def _pay_mana_ability_cost(g: GameState, p: Permanent, ab: ManaAbility) -> None:
    if ab.cost.tap:
        tap(g, p)
    if ab.cost.sacrifice_self:
        leave_battlefield(g, [p], "graveyard", "is sacrificed (cost)", "701.21a")


class ChooseColor(Pending):
    """106.1b: the colour of mana a mana ability adds, chosen as it resolves (605.3b); then the
    decision it interrupted (``prev``) comes back."""

    kind: ClassVar[Kind] = Kind.CHOOSE_COLOR
    __slots__ = ("amount", "colors", "prev", "source")

    def __init__(
        self, player: int, colors: str, amount: int, source: str, prev: Pending | None
    ) -> None:
        super().__init__(player)
        self.colors = colors
        self.amount = amount
        self.source = source
        self.prev = prev

    def copy(self) -> ChooseColor:
        prev = self.prev.copy() if self.prev is not None else None
        return ChooseColor(self.player, self.colors, self.amount, self.source, prev)

    def prompt(self, g: GameState) -> str:
        return f"{g.pname(self.player)}: choose the colour of mana {self.source} adds"

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return [Choose(self.player, c) for c in self.colors]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        colour = color_letter(a.option)
        if len(colour) != 1 or colour not in self.colors:
            raise IllegalAction("target", f"choose one of {', '.join(self.colors)}", "106.1b")
        g.players[a.player].pool[COLOR_INDEX[colour]] += self.amount
        g.emit(
            "mana",
            f"{g.pname(a.player)} chooses {{{colour}}}: {self.source}'s mana ability adds it "
            "(no stack, resolves at once)",
            "605.3b",
        )
        g.pending = self.prev
        return None

    def fields(self) -> dict[str, Any]:
        return {
            "colors": self.colors,
            "amount": self.amount,
            "source": self.source,
            "prev": self.prev,
        }

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseColor:
        return cls(player, d["colors"], d["amount"], d["source"], as_pending(d["prev"]))


def mana_actions(g: GameState, pi: int) -> list[ActivateMana]:
    out: list[ActivateMana] = []
    for p in g.battlefield:
        if p.controller != pi or p.face_down:
            continue
        for i, ab in enumerate(p.card.cdef.abilities):
            if isinstance(ab, ManaAbility) and (not ab.cost.tap or can_tap(g, p)):
                out.extend(ActivateMana(pi, p.oid, i, c) for c in ab.colors)
    return out


# --- special action: playing a land (116.2a, 305) -------------------------------------------


def land_refusal(g: GameState, pi: int, card: Card) -> IllegalAction | None:
    if not card.cdef.is_land:
        return IllegalAction("unknown", f"{card.name} is not a land; cast it instead", "305.1")
    if not sorcery_timing_ok(g, pi):
        return IllegalAction(
            "timing",
            f"a land can be played only in your main phase with an empty stack ({card.name})",
            "305.1",
        )
    if g.players[pi].lands_played >= 1:
        return IllegalAction("limit", "you have already played a land this turn", "305.2")
    return None


def play_land(g: GameState, a: PlayLand) -> None:
    check_priority(g, a.player, "play a land")
    pl = g.players[a.player]
    card = _card_in(pl.hand, a.cid)
    if card is None:
        raise IllegalAction("unknown", "that card is not in your hand", "305.1")
    err = land_refusal(g, a.player, card)
    if err:
        raise err
    pl.hand.remove(card)
    pl.lands_played += 1
    g.passes = 0
    g.emit("land", f"{pl.name} plays {card.name} (special action, no stack)", "116.2a")
    enter_battlefield(g, card, a.player, rule="305.1")


def _card_in(zone: list[Card], cid: int) -> Card | None:
    for c in zone:
        if c.cid == cid:
            return c
    return None


# --- casting (601.2) -------------------------------------------------------------------------


def _cast_problem(
    g: GameState, pi: int, card: Card, face_down: bool, free: bool
) -> tuple[str, object] | None:
    """The first thing that keeps ``card`` from being cast now, as a cheap code (and its
    detail), or None. One check for listing (``can_cast``) and refusing (``cast_refusal``)."""
    cd = card.cdef
    if cd.is_land:
        return ("land", None)
    if face_down and cd.morph is None:
        return ("no_morph", None)
    if not (cd.is_instant_speed and not face_down) and not free and not sorcery_timing_ok(g, pi):
        return ("timing", None)
    if not face_down:
        for spec in cd.targets:
            if not targeting.has_legal_target(g, spec, None, pi):
                return ("target", spec)
    cost = spell_total_cost(g, pi, cd, face_down, free)
    if not can_afford(g, pi, cost):
        return ("cost", cost)
    return None


def can_cast(
    g: GameState, pi: int, card: Card, face_down: bool = False, free: bool = False
) -> bool:
    """``cast_refusal(...) is None`` without building the refusal (legal-action listing)."""
    return _cast_problem(g, pi, card, face_down, free) is None


def cast_refusal(
    g: GameState, pi: int, card: Card, face_down: bool = False, free: bool = False
) -> IllegalAction | None:
    """Why ``card`` can't be cast now, or None. Checks timing, targets and the total cost."""
    problem = _cast_problem(g, pi, card, face_down, free)
    if problem is None:
        return None
    code, detail = problem
    name = card.cdef.name
    if code == "land":
        return IllegalAction("unknown", f"{name} is a land: play it, don't cast it", "305.9")
    if code == "no_morph":
        return IllegalAction("unknown", f"{name} has no morph", "702.37c")
    if code == "timing":
        why = "the stack is not empty" if g.stack else "it is not your main phase"
        return IllegalAction(
            "timing", f"{name} can be cast only at sorcery speed, and {why}", "117.1a"
        )
    if code == "target":
        assert isinstance(detail, TargetSpec)
        return IllegalAction("target", f"{name} has no legal {detail.text}", "601.2c")
    return IllegalAction("cost", f"{g.pname(pi)} can't pay {detail} for {name}", "601.2h")


def cast_spell(g: GameState, a: CastSpell, *, free: bool = False, from_exile: bool = False) -> None:
    """601.2a: announce, move the card to the stack; then ask for targets or payment."""
    pl = g.players[a.player]
    zone = pl.exile if from_exile else pl.hand
    card = _card_in(zone, a.cid)
    if card is None:
        where = "exile" if from_exile else "your hand"
        raise IllegalAction("unknown", f"that card is not in {where}", "601.2a")
    err = cast_refusal(g, a.player, card, a.face_down, free)
    if err:
        raise err
    g.cast_snapshot = g.clone()
    zone.remove(card)
    cd = card.cdef
    oid = g.new_id()
    if a.face_down:
        item = StackItem(oid, "spell", a.player, cd.name, (), (), card=card)
        item.face_down = True
    else:
        item = StackItem(oid, "spell", a.player, cd.name, cd.effects, cd.targets, card=card)
    if from_exile:
        item.data = {"from": "exile"}
    g.stack.append(item)
    g.passes = 0
    shown = "a face-down creature spell (morph)" if a.face_down else cd.name
    g.emit("cast", f"{pl.name} casts {shown}: it moves to the stack", "601.2a")
    cost = spell_total_cost(g, a.player, cd, a.face_down, free)
    _next_cast_step(g, item, cost, 0)


def _next_cast_step(g: GameState, item: StackItem, cost: ManaCost, next_target: int) -> None:
    if next_target < len(item.target_specs):
        g.pending = ChooseSpellTarget(item.controller, item.oid, next_target, cost)
        return
    if item.kind == "spell" and item.card is not None:
        g.emit("cost", f"total cost of {item.source_name}: {cost}", "601.2f")
    g.pending = PayCost(item.controller, item.oid, cost)


class _Proposal(Pending):
    """A spell or ability being put on the stack (601.2, 602.2): it may be withdrawn (733)."""

    __slots__ = ("cost", "item")

    def __init__(self, player: int, item: int, cost: ManaCost) -> None:
        super().__init__(player)
        self.item = item
        self.cost = cost

    def withdraw(self, g: GameState) -> GameState:
        """733: the proposal can't be completed: rewind, or (a player having left since)
        take the spell or ability back."""
        if g.cast_snapshot is None:
            withdraw(g)
            return g
        return cancel(g)

    def player_left(self, g: GameState, pi: int) -> None:
        if pi != self.player and not self.options(g):
            withdraw_item(g, self.player, self.item)  # 601.2c can't be done any more: 733


class ChooseSpellTarget(_Proposal):
    """601.2c / 602.2b: one target of the spell or ability being cast or activated."""

    kind: ClassVar[Kind] = Kind.TARGET
    __slots__ = ("index",)

    def __init__(self, player: int, item: int, index: int, cost: ManaCost) -> None:
        super().__init__(player, item, cost)
        self.index = index

    def copy(self) -> ChooseSpellTarget:
        return ChooseSpellTarget(self.player, self.item, self.index, self.cost)

    def prompt(self, g: GameState) -> str:
        return targeting.target_prompt(g, self.player, self.item, self.index)

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return targeting.target_options(g, self.player, self.item, self.index)

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, Choose) and a.option == "cancel":
            return self.withdraw(g)
        if not isinstance(a, ChooseTarget):
            raise self.refuse(g, a)
        item = targeting.choose(g, a.player, self.item, self.index, a.target)
        _next_cast_step(g, item, self.cost, self.index + 1)
        return None

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "index": self.index, "cost": self.cost}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseSpellTarget:
        return cls(player, d["item"], d["index"], as_cost(d["cost"]))


class PayCost(_Proposal):
    """601.2g-h / 602.2b: mana abilities may be activated, then the total cost is paid."""

    kind: ClassVar[Kind] = Kind.PAY_MANA
    __slots__ = ()

    def copy(self) -> PayCost:
        return PayCost(self.player, self.item, self.cost)

    def prompt(self, g: GameState) -> str:
        item = g.stack_item(self.item)
        return f"{g.pname(self.player)}: pay {self.cost} for {item.source_name if item else '?'}"

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        item = g.stack_item(self.item)
        exclude = None
        if (
            item is not None
            and isinstance(item.ability, ActivatedAbility)
            and item.ability.cost.tap
        ):
            exclude = item.source_oid
        explicit = payment_options(g, pi, self.cost, exclude)
        if explicit is None:
            return [PayMana(pi)]
        if explicit:
            return [PayMana(pi, explicit)]
        return [Choose(pi, "cancel")]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, Choose) and a.option == "cancel":
            return self.withdraw(g)
        if isinstance(a, ActivateMana):
            activate_mana(g, a)  # 601.2g: accepted while paying, not listed
            return None
        if not isinstance(a, PayMana):
            raise self.refuse(g, a)
        pay(g, self, a)
        if g.resolving is not None:
            # A spell cast during a resolution (suspend): the resolution then finishes (608.2).
            from manastack import priority, stack

            stack.resume(g)
            priority.after_resolution(g)
        return None

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "cost": self.cost}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> PayCost:
        return cls(player, d["item"], as_cost(d["cost"]))


def pay(g: GameState, pend: PayCost, a: PayMana) -> None:
    """601.2h then 601.2i (or 602.2b, 602.2i): pay, and the spell becomes cast."""
    item = g.stack_item(pend.item)
    assert item is not None
    cost = pend.cost
    src_perm = (
        g.permanent(item.source_oid)
        if item.kind == "activated" and item.source_oid is not None
        else None
    )
    ability = item.ability if isinstance(item.ability, ActivatedAbility) else None
    exclude = src_perm.oid if src_perm is not None and ability and ability.cost.tap else None
    if (
        ability is not None
        and src_perm is None
        and (ability.cost.tap or ability.cost.sacrifice_self)
    ):
        raise IllegalAction("cost", f"{item.source_name} is gone; its cost can't be paid", "602.2b")
    if (
        ability is not None
        and src_perm is not None
        and ability.cost.tap
        and not can_tap(g, src_perm)
    ):
        raise IllegalAction("cost", f"{src_perm.name} can't be tapped now", "302.6")
    rule = "601.2h" if item.kind == "spell" else "602.2b"  # an ability's costs: 602.2b
    pay_cost(g, a.player, cost, item.source_name, a.sources, exclude, rule)
    if ability is not None and src_perm is not None:
        if ability.cost.tap:
            tap(g, src_perm)
            g.emit("pay", f"{src_perm.name} is tapped to pay its ability's cost", "602.2b")
        if ability.cost.sacrifice_self:
            leave_battlefield(g, [src_perm], "graveyard", "is sacrificed (cost)", "602.2b")
    g.cast_snapshot = None
    g.pending = None
    if item.kind == "spell":
        shown = "a face-down spell" if item.face_down else item.source_name
        g.emit("cast", f"{g.pname(a.player)} has cast {shown}", "601.2i")
        happen(g, SpellCast(item))
    else:
        g.emit(
            "activate", f"{g.pname(a.player)} has activated {item.source_name}'s ability", "602.2i"
        )
    g.priority_player = a.player
    g.priority_rule = "117.3c"
    g.stage = Stage.PRIORITY


def cancel(g: GameState) -> GameState:
    """733: the proposal can't be completed; the game returns to the moment before it."""
    snap = g.cast_snapshot
    assert snap is not None
    restored = snap.clone()
    restored.log = g.log[:]
    restored.emit("rewind", "the spell or ability is withdrawn; the game rewinds", "733.1")
    return restored


def withdraw(g: GameState) -> None:
    """733 when the moment before can't simply come back (a player has left since): the spell
    or ability being proposed leaves the stack, its card goes back where it was cast from, and
    its controller has priority again. Nothing had been paid yet at a target choice."""
    pend = g.pending
    assert isinstance(pend, _Proposal)
    withdraw_item(g, pend.player, pend.item)


def withdraw_item(g: GameState, pi: int, oid: int) -> None:
    item = g.stack_item(oid)
    if item is not None:
        g.stack.remove(item)
        if item.card is not None:
            pl = g.players[item.card.owner]
            from_exile = (item.data or {}).get("from") == "exile"
            (pl.exile if from_exile else pl.hand).append(item.card)
        g.emit("rewind", f"{item.source_name} is withdrawn: it can't be completed", "733.1")
    g.pending = None
    g.cast_snapshot = None
    g.stage = Stage.PRIORITY
    g.priority_player = pi
    g.priority_rule = "117.3c"


# --- activated abilities (602) ---------------------------------------------------------------


def activation_refusal(g: GameState, pi: int, p: Permanent, index: int) -> IllegalAction | None:
    abilities = () if p.face_down else p.card.cdef.abilities
    if not 0 <= index < len(abilities):
        return IllegalAction("unknown", f"{p.name} has no ability {index + 1}", "602.1")
    ab = abilities[index]
    if isinstance(ab, ManaAbility):
        return None
    if not isinstance(ab, ActivatedAbility):
        return IllegalAction("unknown", f"{p.name}'s ability {index + 1} is not activated", "602.1")
    if ab.sorcery_speed and not sorcery_timing_ok(g, pi):
        return IllegalAction("timing", "this ability can be activated only as a sorcery", "602.5d")
    if ab.cost.tap and not can_tap(g, p):
        if p.tapped:
            return IllegalAction("cost", f"{p.name} is tapped", "602.2b")
        return IllegalAction("cost", f"{p.name} is summoning sick and the cost has {{T}}", "302.6")
    for spec in ab.targets:
        if not targeting.has_legal_target(g, spec, None, pi):
            return IllegalAction("target", f"no legal {spec.text} for {p.name}", "602.2b")
    exclude = p.oid if ab.cost.tap else None
    if not can_afford(g, pi, ab.cost.mana, exclude):
        return IllegalAction("cost", f"{g.pname(pi)} can't pay {ab.cost}", "602.2b")
    return None


def activate(g: GameState, a: ActivateAbility) -> None:
    check_priority(g, a.player, "activate an ability")
    p = g.permanent(a.oid)
    if p is None or p.controller != a.player:
        raise IllegalAction("unknown", "no such permanent under your control", "602.2")
    err = activation_refusal(g, a.player, p, a.index)
    if err:
        raise err
    ab = p.card.cdef.abilities[a.index]
    if isinstance(ab, ManaAbility):
        activate_mana(g, ActivateMana(a.player, a.oid, a.index, ab.colors[0]))
        return
    assert isinstance(ab, ActivatedAbility)
    g.cast_snapshot = g.clone()
    item = StackItem(
        g.new_id(),
        "activated",
        a.player,
        p.name,
        ab.effects,
        ab.targets,
        source_oid=p.oid,
        ability=ab,
    )
    item.data = {"keywords": layers.keywords(g, p)}
    g.stack.append(item)
    g.passes = 0
    g.emit("activate", f"{g.pname(a.player)} activates {p.name}: {ab.text}", "602.2a")
    _next_cast_step(g, item, ab.cost.mana, 0)
