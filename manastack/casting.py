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
from manastack.i18n import Msg, card_msg
from manastack.mana import COLOR_INDEX, ManaCost, color_letter, plan_payment, pool_text
from manastack.state import PRIORITY, Card, GameState, Permanent, SourceMemo, StackItem
from manastack.steps import POSTCOMBAT_MAIN, PRECOMBAT_MAIN
from manastack.vocabulary import costs as extra_costs
from manastack.vocabulary.base import (
    ActivatedAbility,
    CardDef,
    CostChange,
    ManaAbility,
    TargetSpec,
)
from manastack.vocabulary.modes import Mode, modal_of
from manastack.zones import discard, enter_battlefield, leave_battlefield, tap

FACE_DOWN_COST = ManaCost.parse("{3}")  # 702.37c

# --- timing (117.1a) -----------------------------------------------------------------------


def sorcery_timing_ok(g: GameState, pi: int) -> bool:
    """307.1 / 117.1a: your main phase, the stack empty."""
    step = g.step  # identity tests: asked at every listing (Step.is_main is a property)
    return (
        (step is PRECOMBAT_MAIN or step is POSTCOMBAT_MAIN)
        and not g.stack
        and g.rules.is_active(g, pi)
    )


def check_priority(g: GameState, pi: int, what: str) -> None:
    pend = g.pending
    if pend is None or pend.kind is not Kind.PRIORITY or not pend.answered_by(g, pi):
        holder = "nobody" if pend is None else g.pname(pend.player)
        asked = "" if pend is None else f" ({pend.kind.value})"
        raise IllegalAction(
            "priority",
            "{player} can't {what} now: {holder} is being asked{asked}",
            "117.1",
            player=g.pname(pi),
            what=what,
            holder=holder,
            asked=asked,
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
    doesn't sacrifice the source) as (index, colours, costs no mana, units): ``units`` is how
    many mana automatic payment may count on (a {T}: Add {C}{C} source is two, 106.4; one of a
    choice of colours counts as one, its mana being of one colour)."""

    __slots__ = ("activated", "tap_mana", "tap_mana_keep")

    def __init__(self, cdef: CardDef) -> None:
        self.activated = tuple(
            i for i, ab in enumerate(cdef.abilities) if isinstance(ab, ActivatedAbility)
        )
        self.tap_mana: tuple[int, frozenset[str], bool, int] | None = None
        self.tap_mana_keep: tuple[int, frozenset[str], bool, int] | None = None
        for i, ab in enumerate(cdef.abilities):
            if isinstance(ab, ManaAbility) and ab.cost.tap:
                units = ab.amount if len(ab.colors) == 1 else 1
                colours = tap_colours(cdef.abilities, i) if units == 1 else frozenset(ab.colors)
                # One object per set of colours: the sets are parts of the keys ``affordable``
                # keeps across games, where a copy per card would hold memory for nothing.
                colours = _COLOUR_SETS.setdefault(colours, colours)
                entry = (i, colours, not ab.cost.mana.mana_value, units)
                if self.tap_mana is None:
                    self.tap_mana = entry
                if not ab.cost.sacrifice_self:
                    self.tap_mana_keep = entry
                    break


_COLOUR_SETS: dict[frozenset[str], frozenset[str]] = {}


def _plain_tap(ab: object) -> bool:
    """A mana ability costing {T} alone (and maybe the source's sacrifice), making one mana."""
    return (
        isinstance(ab, ManaAbility)
        and ab.cost.tap
        and ab.cost.extra is None
        and not ab.cost.mana.mana_value
        and (ab.amount == 1 or len(ab.colors) > 1)
    )


def tap_colours(abilities: Sequence[object], i: int) -> frozenset[str]:
    """The colours of mana ability ``i`` and, when it costs {T} alone, of the source's other
    such abilities (each the same cost): one tap makes one mana of any of them. Taiga's two
    intrinsic abilities (305.6: {T}: Add {R}; {T}: Add {G}) pay {R} or {G} alike."""
    ab = abilities[i]
    assert isinstance(ab, ManaAbility)
    if not _plain_tap(ab):
        return frozenset(ab.colors)
    out = set(ab.colors)
    for other in abilities:
        if (
            other is not ab
            and _plain_tap(other)
            and isinstance(other, ManaAbility)
            and other.cost.sacrifice_self == ab.cost.sacrifice_self
        ):
            out.update(other.colors)
    return frozenset(out)


def making(abilities: Sequence[object], i: int, colour: str) -> int:
    """Which of the source's abilities to activate for ``colour``: ``i``, or the first other
    one of the same cost that makes it (``tap_colours``)."""
    ab = abilities[i]
    assert isinstance(ab, ManaAbility)
    if colour in ab.colors:
        return i
    for k, other in enumerate(abilities):
        if (
            isinstance(other, ManaAbility)
            and colour in other.colors
            and _plain_tap(other)
            and other.cost.sacrifice_self == ab.cost.sacrifice_self
        ):
            return k
    return i


def card_facts(card: Card) -> CardFacts:
    f: CardFacts | None = card.facts
    if f is None:
        f = card.facts = CardFacts(card.cdef)
    return f


def auto_sources(
    g: GameState,
    pi: int,
    exclude: int | None = None,
    *,
    sacrifice: bool = False,
    convoke: bool = False,
) -> list[tuple[Permanent, int, frozenset[str]]]:
    """Untapped sources whose mana ability costs only {T} (with ``sacrifice``, also those that
    sacrifice themselves, like Lotus Petal): lands first, then the rest. A source making two
    mana of one colour (Sol Ring) is listed twice, once per mana (``pay_cost`` activates it
    once). With ``convoke`` (702.51a), then the untapped creatures not listed yet, each paying
    one mana of its colour or generic mana (index -1: tapped, not activated)."""
    out: list[tuple[Permanent, int, frozenset[str]]] = []
    later: list[tuple[Permanent, int, frozenset[str]]] = []
    granting = layers.any_granting(g)
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
        if m is not None and m[2] and can_tap(g, p) and not (granting and _restrained(g, p)):
            dest = out if card.cdef.is_land else later
            dest.append((p, m[0], m[1]))
            for _ in range(1, m[3]):
                dest.append((p, m[0], m[1]))
    if convoke:
        return out + later + convoke_sources(g, pi, {s[0].oid for s in (*out, *later)})
    return out + later


def source_colours(g: GameState, pi: int) -> tuple[frozenset[str], ...]:
    """The colours of ``auto_sources(g, pi, sacrifice=True)``, in its order (lands first),
    without the list of entries: what ``can_afford`` asks at every listing. Kept in
    ``g.source_memo`` while the battlefield stays as it was (most priorities follow passes
    only), unless a static ability gives abilities (then any change anywhere may matter)."""
    memo = g.source_memo
    if memo is not None and memo.holds(g):
        got = memo.colours.get(pi)
        if got is not None:
            return got
    else:
        memo = None
    granting = layers.any_granting(g)
    out = scan_source_colours(g, pi, granting)
    if not granting:
        if memo is None:
            memo = g.source_memo = SourceMemo(g.battlefield, g.effects)
        memo.colours[pi] = out
    return out


def scan_source_colours(g: GameState, pi: int, granting: bool) -> tuple[frozenset[str], ...]:
    """:func:`source_colours` worked out from the battlefield, nothing kept; ``granting``:
    ``layers.any_granting(g)``, which the caller has asked already."""
    lands: list[frozenset[str]] = []
    others: list[frozenset[str]] = []
    for p in g.battlefield:
        if p.controller != pi or p.tapped or p.face_down:
            continue
        card = p.card
        f = card.facts
        if f is None:
            f = card_facts(card)
        m = f.tap_mana
        if m is None or not m[2]:
            continue
        if p.sick and not can_tap(g, p):
            continue
        if granting and _restrained(g, p):
            continue
        dest = lands if card.cdef.is_land else others
        dest.append(m[1])
        for _ in range(1, m[3]):
            dest.append(m[1])
    return (*lands, *others)


def convoke_sources(
    g: GameState, pi: int, taken: set[int]
) -> list[tuple[Permanent, int, frozenset[str]]]:
    """702.51a: ``pi``'s untapped creatures (not in ``taken``), each as one mana of one of its
    colours, or of {C} for generic mana only when it has none (summoning sickness doesn't
    matter: tapping it is no {T} cost, 302.6)."""
    return [
        (p, -1, layers.colors(p) or _GENERIC)
        for p in g.battlefield
        if p.controller == pi and not p.tapped and p.oid not in taken and layers.is_creature(p)
    ]


_GENERIC = frozenset({"C"})


def spell_total_cost(
    g: GameState,
    pi: int,
    cdef: CardDef,
    face_down: bool = False,
    free: bool = False,
    alt: ManaCost | None = None,
    more: ManaCost | None = None,
) -> ManaCost:
    """601.2f: mana cost (or ``alt``, an alternative cost: 118.9), plus additional costs
    (``more``: kicker, 702.33), plus increases, minus reductions, then minimums."""
    if face_down:
        base = FACE_DOWN_COST
        noncreature = False
    else:
        base = ManaCost() if free else (cdef.cost or ManaCost()) if alt is None else alt
        noncreature = not cdef.is_creature
    if more is not None:
        base = extra_costs.plus_mana(base, more)
    if not face_down and "affinity for artifacts" in cdef.keywords:
        # 702.41a: {1} less for each artifact its caster controls.
        n = sum(1 for p in g.battlefield if p.controller == pi and "Artifact" in layers.types(p))
        base = base.plus_generic(-n)
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = layers.battlefield_kinds(g)
    if not kinds & layers.STATIC:
        return base  # no static ability on the battlefield: nothing changes the cost
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
_AFFORD_MAX = 256  # about 80 kilobytes at most (a key: the cost, the pool, the sources' colours)


def mana_count(g: GameState, pi: int) -> int:
    """How much mana ``pi`` has to pay a cost with at most: the pool and one for each source
    that ``can_afford`` counts (each makes one mana)."""
    return sum(g.players[pi].pool) + len(_paying_colours(g, pi, None, True, False))


def affordable(cost: ManaCost, pool: Sequence[int], colours: tuple[frozenset[str], ...]) -> bool:
    """``plan_payment(cost, pool, colours) is not None``, remembered."""
    # Each source makes one mana and each symbol takes one at least (a hybrid {2/W} too): with
    # fewer, no plan exists. Most of a hand fails so, without building the key.
    if cost.symbols > sum(pool) + len(colours):
        return False
    key = (cost, tuple(pool), colours)
    ok = _AFFORD.get(key)
    if ok is None:
        if len(_AFFORD) >= _AFFORD_MAX:
            _AFFORD.clear()
        ok = _AFFORD[key] = plan_payment(cost, pool, colours) is not None
    return ok


def can_afford(
    g: GameState,
    pi: int,
    cost: ManaCost,
    exclude: int | None = None,
    *,
    sacrifice: bool = True,
    convoke: bool = False,
) -> bool:
    """Whether the pool and the player's mana sources can pay ``cost``; ``sacrifice`` counts
    sources that sacrifice themselves (which automatic payment never uses); ``convoke``, the
    creatures that may be tapped for a spell with convoke (702.51a)."""
    return affordable(cost, g.players[pi].pool, _paying_colours(g, pi, exclude, sacrifice, convoke))


def _paying_colours(
    g: GameState, pi: int, exclude: int | None, sacrifice: bool, convoke: bool
) -> tuple[frozenset[str], ...]:
    """The colours of the sources ``can_afford`` counts (see there)."""
    cache = g.listing_cache
    plain = exclude is None and sacrifice and not convoke  # the usual question
    if cache is None:
        if plain:
            return source_colours(g, pi)
        srcs = auto_sources(g, pi, exclude, sacrifice=sacrifice, convoke=convoke)
        return tuple(s[2] for s in srcs)
    # While a listing runs the state can't change: the sources are found once (most of a hand
    # shares a few costs), and each cost is planned once for them. The usual question (a
    # spell's cost, from all of the player's sources) is kept under the player's number.
    skey: object = pi if plain else (pi, exclude, sacrifice, convoke)
    colours: tuple[frozenset[str], ...] | None = cache.get(skey)
    if colours is None:
        if plain:
            colours = cache[skey] = source_colours(g, pi)
        else:
            srcs = auto_sources(g, pi, exclude, sacrifice=sacrifice, convoke=convoke)
            colours = cache[skey] = tuple(s[2] for s in srcs)
    return colours


def payment_options(
    g: GameState,
    pi: int,
    cost: ManaCost,
    exclude: int | None = None,
    convoke: bool = False,
    spare: frozenset[int] = frozenset(),
) -> tuple[int, ...] | None:
    """None if automatic payment works; else the sources (sacrifice ones too) that can pay,
    for an explicit payment; raises nothing. An empty tuple means it can't be paid at all.
    ``spare``: permanents chosen to be sacrificed as another part of the cost (601.2h: one
    permanent can't pay twice), kept out of an explicit payment."""
    if can_afford(g, pi, cost, exclude, sacrifice=False, convoke=convoke):
        return None
    srcs = auto_sources(g, pi, exclude, sacrifice=True, convoke=convoke)
    if spare:
        srcs = [s for s in srcs if s[0].oid not in spare]
    plan = plan_payment(cost, g.players[pi].pool, [s[2] for s in srcs])
    if plan is None:
        return ()
    return tuple(dict.fromkeys(srcs[k][0].oid for k, _ in plan[1]))


def pay_cost(
    g: GameState,
    pi: int,
    cost: ManaCost,
    for_what: str | Msg,
    sources: tuple[int, ...] | None,
    exclude: int | None = None,
    rule: str = "601.2h",
    convoke: bool = False,
) -> None:
    """601.2h: pay from the pool, activating the mana abilities of the chosen (or automatically
    picked) sources (with ``convoke``, tapping creatures too, 702.51a). Checks everything
    before changing anything. ``for_what``: a card's name or a message."""
    pl = g.players[pi]
    if isinstance(for_what, str):
        for_what = card_msg(for_what)
    if sources is None:
        srcs = auto_sources(g, pi, exclude, convoke=convoke)
    else:
        srcs = []
        for oid in sources:
            p = g.permanent(oid)
            if p is None or p.controller != pi:
                raise IllegalAction(
                    "unknown", "no permanent {oid} of yours to pay with", "601.2h", oid=oid
                )
            if convoke and _first_mana_ability(g, p) is None and layers.is_creature(p):
                if p.tapped or any(q is p for q, _, _ in srcs):
                    raise IllegalAction("cost", "{card!c} is tapped", "702.51a", card=p.name)
                srcs.append((p, -1, layers.colors(p) or _GENERIC))
                continue
            idx = _first_mana_ability(g, p)
            if idx is None:
                raise IllegalAction("cost", "{card!c} has no mana ability", "605.1a", card=p.name)
            ab = layers.abilities(g, p)[idx]
            assert isinstance(ab, ManaAbility)
            if ab.cost.tap and any(q is p for q, _, _ in srcs):
                # Each source taps once: the first use taps it, so a second can't (107.5).
                raise IllegalAction(
                    "cost", "{card!c} is named twice: it taps only once", "107.5", card=p.name
                )
            if ab.cost.tap and not can_tap(g, p):
                if p.tapped:
                    raise IllegalAction("cost", "{card!c} is tapped", "602.2b", card=p.name)
                raise IllegalAction(
                    "cost", "{card!c} is summoning sick (302.6)", "302.6", card=p.name
                )
            units = ab.amount if len(ab.colors) == 1 else 1
            colours = (
                tap_colours(layers.abilities(g, p), idx) if units == 1 else frozenset(ab.colors)
            )
            srcs.extend([(p, idx, colours)] * units)
    plan = plan_payment(cost, pl.pool, [s[2] for s in srcs])
    if plan is None:
        have = pool_text(pl.pool) or Msg("nothing")
        raise IllegalAction(
            "cost",
            "{player} can't pay {cost} for {for_what} (pool: {have}, {count} untapped source)"
            if len(srcs) == 1
            else "{player} can't pay {cost} for {for_what} (pool: {have}, {count} untapped "
            "sources)",
            rule,
            player=pl.name,
            cost=cost,
            for_what=for_what,
            have=have,
            count=len(srcs),
        )
    taken, used = plan
    activated: set[int] = set()
    for k, colour in used:
        p, idx, _ = srcs[k]
        if idx < 0:
            _convoke_tap(g, pi, p, colour)
            continue
        if p.oid not in activated:  # a two-mana source is listed once per mana, used once
            activated.add(p.oid)
            _run_mana_ability(g, pi, p, idx, colour)
    for i, n in enumerate(taken):
        pl.pool[i] -= n
    for _, colour in used:
        pl.pool[COLOR_INDEX[colour]] -= 1
    g.emit(
        "pay",
        "{player} pays {cost} for {for_what}",
        rule,
        player=pl.name,
        cost=cost,
        for_what=for_what,
    )


def _convoke_tap(g: GameState, pi: int, p: Permanent, colour: str) -> None:
    """702.51a: a creature tapped to pay for one mana of a spell with convoke (its colour, or
    generic mana)."""
    tap(g, p)
    g.players[pi].pool[COLOR_INDEX[colour]] += 1
    g.emit(
        "pay",
        "{player} taps {card!c} for convoke ({{{colour}}})",
        "702.51a",
        player=g.pname(pi),
        card=p.name,
        colour=colour,
    )


def _first_mana_ability(g: GameState, p: Permanent) -> int | None:
    if p.face_down:
        return None
    for i, ab in enumerate(layers.abilities(g, p)):
        if isinstance(ab, ManaAbility):
            return i
    return None


def _run_mana_ability(g: GameState, pi: int, p: Permanent, idx: int, colour: str) -> None:
    """605.3b: a mana ability resolves immediately, without the stack. ``idx`` stands for the
    source's abilities of its cost (``tap_colours``): the one making ``colour`` is activated."""
    printed = p.card.cdef.abilities
    if idx < len(printed):
        idx = making(printed, idx, colour)
        ab: object = printed[idx]
    else:
        every = layers.abilities(g, p)
        idx = making(every, idx, colour)
        ab = every[idx]  # a granted one (613.1f)
    assert isinstance(ab, ManaAbility)
    if ab.cost.tap:
        tap(g, p)
    g.players[pi].pool[COLOR_INDEX[colour]] += ab.amount
    g.emit(
        "mana",
        "{player} activates {card!c}'s mana ability: add {{{colour}}} (no stack, resolves at once)"
        if ab.amount == 1
        else "{player} activates {card!c}'s mana ability: add {{{colour}}} x{n} "
        "(no stack, resolves at once)",
        "605.3b",
        player=g.pname(pi),
        card=p.name,
        colour=colour,
        n=ab.amount,
    )
    if ab.cost.sacrifice_self:
        leave_battlefield(g, [p], "graveyard", Msg("is sacrificed (cost)"), "701.21a")


# --- mana abilities (605) --------------------------------------------------------------------


def mana_ability_window(g: GameState, pi: int) -> bool:
    """117.1d: with priority, or while paying a cost (casting, or during resolution)."""
    pend = g.pending
    return (
        pend is not None
        and pend.answered_by(g, pi)
        and pend.kind in (Kind.PRIORITY, Kind.PAY_MANA, Kind.PAY_OR_DECLINE, Kind.PAY_OR_SACRIFICE)
    )


def activate_mana(g: GameState, a: ActivateMana) -> None:
    if not mana_ability_window(g, a.player):
        raise IllegalAction(
            "priority",
            "{player} can't activate a mana ability now",
            "117.1d",
            player=g.pname(a.player),
        )
    p = g.permanent(a.oid)
    if p is None or p.controller != a.player:
        raise IllegalAction("unknown", "no such permanent under your control", "602.2")
    abilities = layers.abilities(g, p)
    if not 0 <= a.index < len(abilities) or not isinstance(abilities[a.index], ManaAbility):
        raise IllegalAction(
            "unknown",
            "{card!c} has no mana ability {value}",
            "605.1a",
            card=p.name,
            value=a.index + 1,
        )
    ab = abilities[a.index]
    assert isinstance(ab, ManaAbility)
    if _restrained(g, p):
        raise IllegalAction(
            "limit", "{card!c}'s activated abilities can't be activated", "602.5a", card=p.name
        )
    if a.color and (len(a.color) != 1 or a.color not in ab.colors):
        raise IllegalAction(
            "target", "{card!c} can't add {{{color}}}", "605.1a", card=p.name, color=a.color
        )
    if ab.cost.tap and not can_tap(g, p):
        if p.tapped:
            raise IllegalAction("cost", "{card!c} is already tapped", "602.2b", card=p.name)
        raise IllegalAction("cost", "{card!c} is summoning sick", "302.6", card=p.name)
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
        leave_battlefield(g, [p], "graveyard", Msg("is sacrificed (cost)"), "701.21a")


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

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: choose the colour of mana {card!c} adds",
            player=g.pname(self.player),
            card=self.source,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return [Choose(self.player, c) for c in self.colors]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        colour = color_letter(a.option)
        if len(colour) != 1 or colour not in self.colors:
            raise IllegalAction(
                "target", "choose one of {join}", "106.1b", join=", ".join(self.colors)
            )
        g.players[a.player].pool[COLOR_INDEX[colour]] += self.amount
        g.emit(
            "mana",
            "{player} chooses {{{colour}}}: {card!c}'s mana ability adds it (no stack, resolves "
            "at once)",
            "605.3b",
            player=g.pname(a.player),
            colour=colour,
            card=self.source,
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


def _restrained(g: GameState, p: Permanent) -> bool:
    """Whether an Aura says "its activated abilities can't be activated" of ``p`` (layer 6)."""
    from manastack.vocabulary.attach import NO_ACTIVATED

    return layers.any_granting(g) and layers.granted(g, p, NO_ACTIVATED)


def mana_actions(g: GameState, pi: int) -> list[ActivateMana]:
    out: list[ActivateMana] = []
    for p in g.battlefield:
        if p.controller != pi or p.face_down or _restrained(g, p):
            continue
        for i, ab in enumerate(layers.abilities(g, p)):
            if isinstance(ab, ManaAbility) and (not ab.cost.tap or can_tap(g, p)):
                out.extend(ActivateMana(pi, p.oid, i, c) for c in ab.colors)
    return out


# --- special action: playing a land (116.2a, 305) -------------------------------------------


def land_refusal(g: GameState, pi: int, card: Card) -> IllegalAction | None:
    if not card.cdef.is_land:
        return IllegalAction(
            "unknown", "{card!c} is not a land; cast it instead", "305.1", card=card.name
        )
    if not sorcery_timing_ok(g, pi):
        return IllegalAction(
            "timing",
            "a land can be played only in your main phase with an empty stack ({card!c})",
            "305.1",
            card=card.name,
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
    g.emit(
        "land",
        "{player} plays {card!c} (special action, no stack)",
        "116.2a",
        player=pl.name,
        card=card.name,
    )
    enter_battlefield(g, card, a.player, rule="305.1")


def _card_in(zone: Sequence[Card], cid: int) -> Card | None:
    for c in zone:
        if c.cid == cid:
            return c
    return None


# --- casting (601.2) -------------------------------------------------------------------------


def _cast_problem(
    g: GameState,
    pi: int,
    card: Card,
    face_down: bool,
    free: bool,
    alt: ManaCost | None = None,
    anytime: bool = False,
    cost_first: bool = False,
) -> tuple[str, object] | None:
    """The first thing that keeps ``card`` from being cast now, as a cheap code (and its
    detail), or None. One check for listing (``can_cast``) and refusing (``cast_refusal``).
    ``alt``: an alternative cost (flashback, madness: 118.9); ``anytime``: cast as an effect or
    ability allows, whatever the timing (madness, 702.35a). ``cost_first``: look at the cost
    before the targets (a listing only asks whether: most cards of a hand fail on their cost,
    which is cheaper to check than the targets)."""
    cd = card.cdef
    if cd.is_land:
        return ("land", None)
    if face_down and cd.morph is None:
        return ("no_morph", None)
    timely = (cd.is_instant_speed and not face_down) or free or anytime
    if not timely and not sorcery_timing_ok(g, pi):
        return ("timing", None)
    if g.stack and split_second(g):
        return ("split", None)
    if cost_first:
        return _cost_problem(g, pi, cd, face_down, free, alt) or _target_problem(
            g, pi, card, face_down
        )
    return _target_problem(g, pi, card, face_down) or _cost_problem(g, pi, cd, face_down, free, alt)


def _target_problem(
    g: GameState, pi: int, card: Card, face_down: bool
) -> tuple[str, object] | None:
    """601.2c: a target the spell needs that has no legal choice (none for a face-down
    spell). The card itself is on the stack by then (601.2a), not in its graveyard
    (flashback: Mystic Retrieval can't return itself)."""
    if face_down:
        return None
    cd = card.cdef
    modal = modal_of(cd.effects)
    if not cd.targets and modal is None:
        return None
    quality = targeting.card_quality(cd)
    for spec in cd.targets:
        if not targeting.has_legal_target(g, spec, None, pi, quality, card.cid):
            return ("target", spec)
    if modal is not None and not any(mode_possible(g, pi, m, None, quality) for m in modal.modes):
        return ("target", modal.modes[0].targets[0])  # 700.2a: no mode can be chosen
    return None


def _cost_problem(
    g: GameState, pi: int, cd: CardDef, face_down: bool, free: bool, alt: ManaCost | None
) -> tuple[str, object] | None:
    """601.2f-h: the total cost can't be paid (nor an alternative cost from the hand)."""
    cost = spell_total_cost(g, pi, cd, face_down, free, alt)
    convoke = not face_down and "convoke" in cd.keywords  # 702.51a
    if not can_afford(g, pi, cost, convoke=convoke) and not (
        alt is None and not free and not face_down and _alternative_affordable(g, pi, cd)
    ):
        return ("cost", cost)
    extra = None if face_down else cd.additional
    if extra is not None and not extra_costs.payable(g, pi, extra, None, 1):
        return ("cost", cost)
    return None


def _alternative_affordable(g: GameState, pi: int, cd: CardDef) -> bool:
    """Whether an alternative cost the card offers from the hand (evoke 702.74a, dash
    702.109a) can be paid now (the choice is made as it is cast, 601.2b)."""
    if not cd.keyword_costs:
        return False
    return any(
        kc.keyword in HAND_ALTERNATIVES
        and can_afford(g, pi, spell_total_cost(g, pi, cd, alt=kc.cost))
        for kc in cd.keyword_costs
    )


HAND_ALTERNATIVES = ("evoke", "dash")
"""Keywords whose cost may be paid instead of the mana cost when the card is cast from the
hand (118.9): evoke (702.74a), dash (702.109a)."""


def item_convoke(item: StackItem | None) -> bool:
    """Whether ``item`` is a spell with convoke (702.51a: creatures may be tapped to pay)."""
    return (
        item is not None
        and item.kind == "spell"
        and item.card is not None
        and not item.face_down
        and "convoke" in item.card.cdef.keywords
    )


def split_second(g: GameState) -> bool:
    """702.61a: a spell with split second is on the stack: no other spell may be cast, no
    ability activated but mana abilities (special actions still may be taken, 702.61b)."""
    return any(
        s.kind == "spell" and s.card is not None and "split second" in s.card.cdef.keywords
        for s in g.stack
    )


def can_cast(
    g: GameState,
    pi: int,
    card: Card,
    face_down: bool = False,
    free: bool = False,
    alt: ManaCost | None = None,
    anytime: bool = False,
) -> bool:
    """``cast_refusal(...) is None`` without building the refusal (legal-action listing)."""
    return _cast_problem(g, pi, card, face_down, free, alt, anytime, cost_first=True) is None


def cast_refusal(
    g: GameState,
    pi: int,
    card: Card,
    face_down: bool = False,
    free: bool = False,
    alt: ManaCost | None = None,
    anytime: bool = False,
) -> IllegalAction | None:
    """Why ``card`` can't be cast now, or None. Checks timing, targets and the total cost."""
    problem = _cast_problem(g, pi, card, face_down, free, alt, anytime)
    if problem is None:
        return None
    code, detail = problem
    name = card.cdef.name
    if code == "land":
        return IllegalAction(
            "unknown", "{card!c} is a land: play it, don't cast it", "305.9", card=name
        )
    if code == "no_morph":
        return IllegalAction("unknown", "{card!c} has no morph", "702.37c", card=name)
    if code == "split":
        return IllegalAction(
            "timing", "a spell with split second is on the stack", "702.61a", card=name
        )
    if code == "timing":
        why = Msg("the stack is not empty") if g.stack else Msg("it is not your main phase")
        return IllegalAction(
            "timing",
            "{card!c} can be cast only at sorcery speed, and {why}",
            "117.1a",
            card=name,
            why=why,
        )
    if code == "target":
        assert isinstance(detail, TargetSpec)
        return IllegalAction(
            "target", "{card!c} has no legal {spec!t}", "601.2c", card=name, spec=detail.text
        )
    return IllegalAction(
        "cost",
        "{player} can't pay {detail} for {card!c}",
        "601.2h",
        player=g.pname(pi),
        detail=detail,
        card=name,
    )


def cast_spell(
    g: GameState,
    a: CastSpell,
    *,
    free: bool = False,
    from_exile: bool = False,
    alt: str = "",
) -> None:
    """601.2a: announce, move the card to the stack; then ask for targets or payment. ``alt``
    names an alternative cost paid instead of the mana cost (118.9): "madness" (702.35a, from
    exile), "flashback" (702.34a: a card cast from the graveyard is cast so)."""
    pl = g.players[a.player]
    zone = "exile" if from_exile else "hand"
    card = _card_in(pl.exile if from_exile else pl.hand, a.cid)
    if card is None and not from_exile and not a.face_down:
        card = _card_in(pl.graveyard, a.cid)
        if card is not None and card.cdef.keyword_cost("flashback") is not None:
            zone, alt = "graveyard", "flashback"  # 702.34a: cast from the graveyard
        else:
            card = None
    if card is None:
        where = Msg("exile") if from_exile else Msg("your hand")
        raise IllegalAction("unknown", "that card is not in {where}", "601.2a", where=where)
    alt_cost = alt_mana(card.cdef, alt)
    anytime = alt == "madness"
    err = cast_refusal(g, a.player, card, a.face_down, free, alt_cost, anytime)
    if err:
        raise err
    g.cast_snapshot = g.clone()
    pl.remove_card(zone, card)
    cd = card.cdef
    oid = g.new_id()
    if a.face_down:
        item = StackItem(oid, "spell", a.player, cd.name, (), (), card=card)
        item.face_down = True
    else:
        item = StackItem(oid, "spell", a.player, cd.name, cd.effects, cd.targets, card=card)
    if from_exile:
        item.data = {"from": "exile"}
    if zone == "graveyard":
        item.data = {"from": "graveyard"}
    if alt or free:
        item.data = {**(item.data or {}), "alt": alt or "free"}
    g.stack.append(item)
    g.passes = 0
    shown = "a face-down creature spell (morph)" if a.face_down else cd.name
    g.emit(
        "cast",
        "{player} casts {shown!c}: it moves to the stack",
        "601.2a",
        player=pl.name,
        shown=shown,
    )
    cost = spell_total_cost(g, a.player, cd, a.face_down, free, alt_cost)
    _announce(g, item, cost)


def alt_mana(cdef: CardDef, alt: str) -> ManaCost | None:
    """The mana of the alternative cost ``alt`` ("flashback", "madness") of a card (118.9),
    or None to pay its mana cost."""
    kc = cdef.keyword_cost(alt) if alt and alt != "free" else None
    return kc.cost if kc is not None else None


def _announce(g: GameState, item: StackItem, cost: ManaCost) -> None:
    """601.2b / 602.2b: a modal spell's mode is chosen first (700.2a), then the optional
    additional costs (kicker, 702.33), and a cost with {X} has its value announced; then the
    targets."""
    if item.kind == "spell" and modal_of(item.effects) is not None:
        g.pending = ChooseMode(item.controller, item.oid, cost)
        return
    if item.kind == "spell" and item.card is not None and item.card.cdef.keyword_costs:
        from manastack.vocabulary import alt_costs

        asked = alt_costs.optional_costs(g, item, cost)
        if asked is not None:
            g.pending = asked
            return
    if cost.x:
        g.pending = ChooseX(item.controller, item.oid, cost)
        return
    _next_cast_step(g, item, cost, 0)


def _next_cast_step(g: GameState, item: StackItem, cost: ManaCost, next_target: int) -> None:
    if next_target < len(item.target_specs):
        g.pending = ChooseSpellTarget(item.controller, item.oid, next_target, cost)
        return
    extra = item_extra_cost(item)
    if extra is not None and ChooseCostObject.left(item, extra):
        g.pending = ChooseCostObject(item.controller, item.oid, cost)
        return
    if item.kind == "spell" and item.card is not None:
        g.emit("cost", "total cost of {card!c}: {cost}", "601.2f", card=item.source_name, cost=cost)
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

    def prompt(self, g: GameState) -> Msg:
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


def mode_possible(
    g: GameState,
    pi: int,
    mode: Mode,
    item: StackItem | None = None,
    source: layers.Quality = layers.NO_QUALITY,
) -> bool:
    """700.2a / 601.2c: a mode can be chosen only if each of its targets can be; ``item``: the
    spell, once on the stack (601.2a), which can't target itself (115.5); before that,
    ``source``: the card's quality (protection, 702.16b)."""
    return all(targeting.has_legal_target(g, spec, item, pi, source) for spec in mode.targets)


class ChooseMode(_Proposal):
    """601.2b / 700.2a: the mode of a modal spell, chosen as it is cast ("mode 1" is the first
    bullet); the spell then has that mode's instructions and targets (700.2b)."""

    kind = Kind.CHOOSE_MODE
    __slots__ = ()

    def copy(self) -> ChooseMode:
        return ChooseMode(self.player, self.item, self.cost)

    def _modes(self, g: GameState) -> tuple[StackItem, tuple[Mode, ...]]:
        item = g.stack_item(self.item)
        assert item is not None
        modal = modal_of(item.effects)
        assert modal is not None
        return item, modal.modes

    def prompt(self, g: GameState) -> Msg:
        item, _ = self._modes(g)
        return Msg(
            "{player}: choose the mode of {card!c}",
            player=g.pname(self.player),
            card=item.source_name,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        item, modes = self._modes(g)
        return [
            Choose(self.player, f"mode {k + 1}")
            for k, m in enumerate(modes)
            if mode_possible(g, self.player, m, item)
        ]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, Choose) and a.option == "cancel":
            return self.withdraw(g)
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        item, modes = self._modes(g)
        word = a.option.strip().lower().removeprefix("mode").strip()
        k = int(word) - 1 if word.isdigit() else -1
        if not 0 <= k < len(modes):
            raise IllegalAction("target", "choose mode 1 to {n}", "700.2a", n=len(modes))
        if not mode_possible(g, self.player, modes[k], item):
            raise IllegalAction("target", "mode {n} has no legal target", "700.2a", n=k + 1)
        item.effects = modes[k].effects
        item.target_specs = modes[k].targets
        item.data = {**(item.data or {}), "mode": k}
        g.emit("cast", "{player} chooses mode {n}", "700.2a", player=g.pname(self.player), n=k + 1)
        _announce(g, item, self.cost)
        return None

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "cost": self.cost}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseMode:
        return cls(player, d["item"], as_cost(d["cost"]))


def item_extra_cost(item: StackItem) -> extra_costs.ExtraCost | None:
    """The costs besides mana and {T} of a spell (its additional cost) or of an ability."""
    if item.kind == "spell":
        if item.card is None or item.face_down:
            return None
        if item.data and item.data.get("kicked"):
            kc = item.card.cdef.keyword_cost("kicker")
            if kc is not None and kc.extra is not None:
                return kc.extra  # 702.33a: the kicker's cost besides mana, paid with it
        return item.card.cdef.additional
    if isinstance(item.ability, ActivatedAbility):
        return item.ability.cost.extra
    return None


class ChooseCostObject(_Proposal):
    """601.2h / 602.2b: a permanent to sacrifice or a card to discard to pay a cost, one
    decision each (chosen before the mana is paid; all of it is paid together, in ``pay``)."""

    kind = Kind.CHOOSE_COST
    __slots__ = ()

    def copy(self) -> ChooseCostObject:
        return ChooseCostObject(self.player, self.item, self.cost)

    @staticmethod
    def left(item: StackItem, extra: extra_costs.ExtraCost) -> str:
        """What is still to be chosen: "sacrifice", "discard", or ""."""
        data = item.data or {}
        if len(data.get("sacrifice", ())) < extra.sacrifice_count:
            return "sacrifice"
        if len(data.get("discard", ())) < extra.discard:
            return "discard"
        return ""

    def _state(self, g: GameState) -> tuple[StackItem, extra_costs.ExtraCost, str]:
        item = g.stack_item(self.item)
        assert item is not None
        extra = item_extra_cost(item)
        assert extra is not None
        return item, extra, self.left(item, extra)

    def prompt(self, g: GameState) -> Msg:
        item, extra, what = self._state(g)
        who, card = g.pname(self.player), item.source_name
        if what == "sacrifice":
            noun = extra.noun
            return Msg(
                "{player}: sacrifice an {thing!t} to pay for {card!c}"
                if noun[:1].lower() in "aeiou"
                else "{player}: sacrifice a {thing!t} to pay for {card!c}",
                player=who,
                thing=noun,
                card=card,
            )
        return Msg("{player}: discard a card to pay for {card!c}", player=who, card=card)

    def _candidates(self, g: GameState) -> list[int]:
        item, extra, what = self._state(g)
        data = item.data or {}
        if what == "sacrifice":
            chosen = data.get("sacrifice", [])
            src = item.source_oid if item.kind == "activated" else None
            return [
                p.oid
                for p in extra_costs.sacrifice_candidates(g, self.player, extra, src)
                if p.oid not in chosen
            ]
        chosen = data.get("discard", [])
        return [c.cid for c in g.players[self.player].hand if c.cid not in chosen]

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        out: list[Action] = [Choose(self.player, str(k)) for k in self._candidates(g)]
        return out or [Choose(self.player, "cancel")]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, Choose) and a.option == "cancel":
            return self.withdraw(g)
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        item, _, what = self._state(g)
        low = a.option.strip().lower()
        pick = None
        for k in self._candidates(g):
            if low == str(k) or low == self._name(g, what, k).lower():
                pick = k
                break
        if pick is None:
            raise IllegalAction(
                "target",
                "{option} can't be chosen to {what!t}",
                "601.2h",
                option=repr(a.option),
                what=what,
            )
        item.data = dict(item.data or {})
        item.data[what] = [*item.data.get(what, []), pick]
        _next_cast_step(g, item, self.cost, len(item.target_specs))
        return None

    def _name(self, g: GameState, what: str, k: int) -> str:
        if what == "sacrifice":
            p = g.permanent(k)
            return p.name if p is not None else ""
        c = next((c for c in g.players[self.player].hand if c.cid == k), None)
        return c.name if c is not None else ""

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "cost": self.cost}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseCostObject:
        return cls(player, d["item"], as_cost(d["cost"]))


def pay_extra(g: GameState, pi: int, item: StackItem, rule: str) -> None:
    """Pay life (119.4), sacrifice (701.21a) and discard (701.9a) what the cost asks for."""
    extra = item_extra_cost(item)
    if extra is None:
        return
    data = item.data or {}
    pl = g.players[pi]
    if extra.life:
        from manastack.damage import lose_life

        if pl.life < extra.life:
            raise IllegalAction(
                "cost", "{player} can't pay {n} life", "119.4", player=pl.name, n=extra.life
            )
        lose_life(g, pi, extra.life, Msg("{card!c} (cost)", card=item.source_name), "119.4")
    victims = [p for oid in data.get("sacrifice", []) if (p := g.permanent(oid)) is not None]
    if len(victims) < extra.sacrifice_count:
        raise IllegalAction("cost", "what was chosen to sacrifice is gone", rule)
    if victims:
        leave_battlefield(g, victims, "graveyard", Msg("is sacrificed (cost)"), "701.21a")
    for cid in data.get("discard", []):
        card = next((c for c in pl.hand if c.cid == cid), None)
        if card is not None:
            discard(g, pi, card, "{player} discards {card!c} (cost)")


MAX_X = 20
"""The largest X offered as an option (any affordable value is accepted)."""


class ChooseX(_Proposal):
    """601.2b: the player announces the value of X as the spell is cast (602.2b for an
    ability); ``cost`` is the total cost with X still in it (107.3a)."""

    kind = Kind.CHOOSE_X
    __slots__ = ()

    def copy(self) -> ChooseX:
        return ChooseX(self.player, self.item, self.cost)

    def prompt(self, g: GameState) -> Msg:
        item = g.stack_item(self.item)
        return Msg(
            "{player}: choose X for {card!c}",
            player=g.pname(self.player),
            card=item.source_name if item else "?",
        )

    def _affordable(self, g: GameState, n: int) -> bool:
        convoke = item_convoke(g.stack_item(self.item))
        return can_afford(g, self.player, self.cost.with_x(n), self._exclude(g), convoke=convoke)

    def _exclude(self, g: GameState) -> int | None:
        item = g.stack_item(self.item)
        if item is not None and isinstance(item.ability, ActivatedAbility):
            return item.source_oid if item.ability.cost.tap else None
        return None

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        out: list[Action] = [Choose(self.player, "0")]
        n = 1
        while n <= MAX_X and self._affordable(g, n):
            out.append(Choose(self.player, str(n)))
            n += 1
        return out

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, Choose) and a.option == "cancel":
            return self.withdraw(g)
        if not isinstance(a, Choose) or not a.option.strip().isdigit():
            raise IllegalAction("target", "choose a number for X", "107.3a")
        n = int(a.option)
        if n and not self._affordable(g, n):
            raise IllegalAction(
                "cost", "{player} can't pay X = {n}", "601.2h", player=g.pname(a.player), n=n
            )
        item = g.stack_item(self.item)
        assert item is not None
        item.x = n
        g.emit("cast", "{player} announces X = {n}", "601.2b", player=g.pname(a.player), n=n)
        _next_cast_step(g, item, self.cost.with_x(n), 0)
        return None

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "cost": self.cost}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseX:
        return cls(player, d["item"], as_cost(d["cost"]))


class PayCost(_Proposal):
    """601.2g-h / 602.2b: mana abilities may be activated, then the total cost is paid."""

    kind: ClassVar[Kind] = Kind.PAY_MANA
    __slots__ = ()

    def copy(self) -> PayCost:
        return PayCost(self.player, self.item, self.cost)

    def prompt(self, g: GameState) -> Msg:
        item = g.stack_item(self.item)
        return Msg(
            "{player}: pay {cost} for {card!c}",
            player=g.pname(self.player),
            cost=self.cost,
            card=item.source_name if item else "?",
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        item = g.stack_item(self.item)
        if item is not None and source_gone(g, item):
            return [Choose(pi, "cancel")]  # 602.2b: its {T} can't be paid any more (733)
        exclude = None
        if (
            item is not None
            and isinstance(item.ability, ActivatedAbility)
            and item.ability.cost.tap
        ):
            exclude = item.source_oid
        chosen = (item.data or {}).get("sacrifice", ()) if item is not None else ()
        explicit = payment_options(g, pi, self.cost, exclude, item_convoke(item), frozenset(chosen))
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


def source_gone(g: GameState, item: StackItem) -> bool:
    """Whether ``item`` is an ability whose cost taps or sacrifices its source, and the source
    has left the battlefield while it was being activated (its owner left the game, 800.4a)."""
    ability = item.ability
    return (
        item.kind == "activated"
        and isinstance(ability, ActivatedAbility)
        and (ability.cost.tap or ability.cost.sacrifice_self)
        and (item.source_oid is None or g.permanent(item.source_oid) is None)
    )


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
    if source_gone(g, item):
        raise IllegalAction(
            "cost", "{card!c} is gone; its cost can't be paid", "602.2b", card=item.source_name
        )
    if (
        ability is not None
        and src_perm is not None
        and ability.cost.tap
        and not can_tap(g, src_perm)
    ):
        raise IllegalAction("cost", "{card!c} can't be tapped now", "302.6", card=src_perm.name)
    rule = "601.2h" if item.kind == "spell" else "602.2b"  # an ability's costs: 602.2b
    extra = item_extra_cost(item)
    if extra is not None and extra.life and g.players[a.player].life < extra.life:
        raise IllegalAction(
            "cost", "{player} can't pay {n} life", "119.4", player=g.pname(a.player), n=extra.life
        )
    pay_cost(g, a.player, cost, item.source_name, a.sources, exclude, rule, item_convoke(item))
    if ability is not None and src_perm is not None:
        if ability.cost.tap:
            tap(g, src_perm)
            g.emit(
                "pay", "{card!c} is tapped to pay its ability's cost", "602.2b", card=src_perm.name
            )
        if ability.cost.sacrifice_self:
            # 113.7a: "~'s power" is then its power as it last existed.
            item.data = {**(item.data or {}), "power": layers.power(g, src_perm)}
            leave_battlefield(g, [src_perm], "graveyard", Msg("is sacrificed (cost)"), "602.2b")
    pay_extra(g, a.player, item, rule)  # life, sacrifices, discards (after {T}: 601.2h)
    if item.data and ("cycled" in item.data or "exile_self" in item.data):
        from manastack.vocabulary import cycling

        cycling.after_cost(g, item)  # 702.29c: cycled; 702.97a: exiled to scavenge
    g.cast_snapshot = None
    g.pending = None
    if item.kind == "spell":
        shown = "a face-down spell" if item.face_down else item.source_name
        g.emit(
            "cast", "{player} has cast {shown!c}", "601.2i", player=g.pname(a.player), shown=shown
        )
        happen(g, SpellCast(item))
        if item.card is not None and item.card.cdef.triggered:
            from manastack.vocabulary.alt_costs import cast_triggers

            cast_triggers(g, item)  # "when you cast this spell" (cascade, 702.85a)
    else:
        g.emit(
            "activate",
            "{player} has activated {card!c}'s ability",
            "602.2i",
            player=g.pname(a.player),
            card=item.source_name,
        )
    g.priority_player = a.player
    g.priority_rule = "117.3c"
    g.stage = PRIORITY


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
            origin = (item.data or {}).get("from")
            pl.add_card(
                "exile" if origin == "exile" else "graveyard" if origin else "hand", item.card
            )
        g.emit(
            "rewind", "{card!c} is withdrawn: it can't be completed", "733.1", card=item.source_name
        )
    g.pending = None
    g.cast_snapshot = None
    g.stage = PRIORITY
    g.priority_player = pi
    g.priority_rule = "117.3c"


# --- activated abilities (602) ---------------------------------------------------------------


def activation_refusal(g: GameState, pi: int, p: Permanent, index: int) -> IllegalAction | None:
    abilities = layers.abilities(g, p)
    if not 0 <= index < len(abilities):
        return IllegalAction(
            "unknown", "{card!c} has no ability {value}", "602.1", card=p.name, value=index + 1
        )
    ab = abilities[index]
    if isinstance(ab, ManaAbility | ActivatedAbility) and _restrained(g, p):
        return IllegalAction(
            "limit", "{card!c}'s activated abilities can't be activated", "602.5a", card=p.name
        )
    if isinstance(ab, ManaAbility):
        return None
    if g.stack and split_second(g):
        return IllegalAction("timing", "a spell with split second is on the stack", "702.61a")
    if not isinstance(ab, ActivatedAbility):
        return IllegalAction(
            "unknown",
            "{card!c}'s ability {value} is not activated",
            "602.1",
            card=p.name,
            value=index + 1,
        )
    if ab.sorcery_speed and not sorcery_timing_ok(g, pi):
        return IllegalAction("timing", "this ability can be activated only as a sorcery", "602.5d")
    if ab.only:
        from manastack.vocabulary import restrictions  # it imports the vocabulary's effects

        err = restrictions.refusal(g, pi, p, index, ab.only)  # 602.5b
        if err is not None:
            return err
    if ab.cost.tap and not can_tap(g, p):
        if p.tapped:
            return IllegalAction("cost", "{card!c} is tapped", "602.2b", card=p.name)
        return IllegalAction(
            "cost", "{card!c} is summoning sick and the cost has {{T}}", "302.6", card=p.name
        )
    for spec in ab.targets:
        if not targeting.has_legal_target(g, spec, None, pi, layers.quality(p)):
            return IllegalAction(
                "target", "no legal {spec!t} for {card!c}", "602.2b", spec=spec.text, card=p.name
            )
    exclude = p.oid if ab.cost.tap else None
    if not can_afford(g, pi, ab.cost.mana, exclude):
        return IllegalAction(
            "cost", "{player} can't pay {cost}", "602.2b", player=g.pname(pi), cost=ab.cost
        )
    if ab.cost.extra is not None and not extra_costs.payable(g, pi, ab.cost.extra, p.oid):
        return IllegalAction(
            "cost",
            "{player} can't pay {cost!t}",
            "602.2b",
            player=g.pname(pi),
            cost=ab.text.split(":")[0],
        )
    return None


def activate(g: GameState, a: ActivateAbility) -> None:
    check_priority(g, a.player, "activate an ability")
    p = g.permanent(a.oid)
    if p is None or p.controller != a.player:
        raise IllegalAction("unknown", "no such permanent under your control", "602.2")
    err = activation_refusal(g, a.player, p, a.index)
    if err:
        raise err
    ab = layers.abilities(g, p)[a.index]
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
    if p.attached_to is not None:
        item.data["attached"] = p.attached_to  # 113.7a: "enchanted creature" if it leaves
    g.stack.append(item)
    g.passes = 0
    if ab.only:
        from manastack.vocabulary import restrictions

        restrictions.note_activation(g, p, a.index, ab.only)
    g.emit(
        "activate",
        "{player} activates {card!c}: {ability!t}",
        "602.2a",
        player=g.pname(a.player),
        card=p.name,
        ability=ab.text,
    )
    _announce(g, item, ab.cost.mana)
