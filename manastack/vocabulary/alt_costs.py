"""Keywords that change how a spell is cast (601.2b, 601.2f, 118.9): kicker (702.33), an
optional additional cost announced as the spell is cast; flashback (702.34), casting a card
from its owner's graveyard for another cost, after which it is exiled; madness (702.35), casting
a discarded card from exile for another cost. The casting itself is ``casting.cast_spell``'s;
here are the decision, the conditions and effects the keywords' text uses, and the listing of
what may be cast from a graveyard.
"""

from __future__ import annotations

from typing import Any

from manastack import casting
from manastack.actions import Action, CastSpell, Choose
from manastack.decisions.base import Kind, as_cost
from manastack.errors import IllegalAction
from manastack.events.types import GameEvent, StepBegins
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.mana import ManaCost
from manastack.state import (
    Card,
    DelayedTrigger,
    Effect613,
    GameState,
    Permanent,
    StackItem,
    without,
)
from manastack.steps import Step
from manastack.vocabulary.base import (
    Condition,
    Effect,
    KeywordCost,
    StaticAbility,
    StaticEffect,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.costs import payable, plus_mana
from manastack.vocabulary.triggers import AtStep

MAX_KICKS = 10
"""The most times multikicker is offered (any affordable number is accepted)."""


# --- kicker (702.33) -------------------------------------------------------------------------


def kicker_of(card: Card) -> KeywordCost | None:
    """The card's kicker or multikicker (702.33a, 702.33c), or None."""
    return card.cdef.keyword_cost("kicker") or card.cdef.keyword_cost("multikicker")


def _undecided(item: StackItem) -> KeywordCost | None:
    """The spell's first optional additional cost not yet announced (601.2b): its kicker
    (702.33) or its buyback (702.27), in that order; None if all are."""
    card = item.card
    if card is None or item.face_down:
        return None
    data = item.data or {}
    if "alt" not in data:  # 601.2b: an alternative cost is announced first (118.9)
        for kc in card.cdef.keyword_costs:
            if kc.keyword in casting.HAND_ALTERNATIVES:
                return kc
    if "kicked" not in data:
        kicker = kicker_of(card)
        if kicker is not None:
            return kicker
    if "buyback" not in data:
        return card.cdef.keyword_cost("buyback")
    return None


def optional_costs(g: GameState, item: StackItem, cost: ManaCost) -> ChooseKicker | None:
    """601.2b: the decision whether to pay an optional additional cost of the spell (kicker,
    how many times for multikicker; buyback), for the first one not yet announced."""
    if _undecided(item) is None:
        return None
    return ChooseKicker(item.controller, item.oid, cost)


def kicked_effects(effects: tuple[Effect, ...], kicked: int) -> tuple[Effect, ...]:
    """702.33d: the instructions "if this spell was kicked" are the spell's only if it was: they
    are spliced in, or left out, as the kicker is announced."""
    out: list[Effect] = []
    for e in effects:
        if isinstance(e, IfKicked):
            if kicked:
                out.extend(e.effects)
        else:
            out.append(e)
    return tuple(out)


def optional_total(
    g: GameState, item: StackItem, more: dict[str, int] | None = None, alt: str | None = None
) -> ManaCost:
    """601.2f: the spell's total cost with the optional costs announced so far (``item.data``)
    and those of ``more`` (keyword -> times paid): kicker, multikicker, buyback."""
    assert item.card is not None
    cd = item.card.cdef
    data = item.data or {}
    times = {
        "kicker": int(data.get("kicked", 0)),
        "multikicker": int(data.get("kicked", 0)),
        "buyback": int(data.get("buyback", 0)),
    }
    if more:
        times.update(more)
    extra = ManaCost()
    added = False
    for kc in cd.keyword_costs:
        n = times.get(kc.keyword, 0)
        if n:
            extra = plus_mana(extra, kc.cost, n)
            added = True
    if alt is None:
        alt = str(data.get("alt", ""))
    return casting.spell_total_cost(
        g,
        item.controller,
        cd,
        False,
        alt == "free",
        casting.alt_mana(cd, alt),
        extra if added else None,
    )


_RULE = {"buyback": "702.27a", "evoke": "702.74a", "dash": "702.109a"}


class ChooseKicker(casting._Proposal):
    """601.2b: as the spell is cast, its controller announces whether they will pay an
    optional additional cost: its kicker cost (702.33b: "pay" or "decline"; multikicker,
    702.33c: how many times, "0" to "N"), its buyback cost (702.27a: "pay" or "decline")."""

    kind = Kind.OPTIONAL_COST
    __slots__ = ()

    def copy(self) -> ChooseKicker:
        return ChooseKicker(self.player, self.item, self.cost)

    def _item(self, g: GameState) -> tuple[StackItem, KeywordCost]:
        item = g.stack_item(self.item)
        assert item is not None and item.card is not None
        kc = _undecided(item)
        assert kc is not None
        return item, kc

    def prompt(self, g: GameState) -> Msg:
        item, kc = self._item(g)
        return Msg(
            "{player}: pay the {keyword!t} cost {cost} of {card!c}, or decline",
            player=g.pname(self.player),
            keyword=kc.keyword,
            cost=kc.cost,
            card=item.source_name,
        )

    def _affordable(self, g: GameState, item: StackItem, kc: KeywordCost, n: int) -> bool:
        if kc.keyword in casting.HAND_ALTERNATIVES:  # n: 1 pays it instead, 0 the mana cost
            total = optional_total(g, item, alt=kc.keyword if n else "")
        else:
            total = optional_total(g, item, {kc.keyword: n})
        if n and kc.extra is not None and not payable(g, self.player, kc.extra, None, 0):
            return False  # 702.33a: a kicker cost besides mana (sacrifice a land, pay life)
        return casting.can_afford(g, self.player, total, convoke=casting.item_convoke(item))

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        item, kc = self._item(g)
        if kc.keyword == "multikicker":
            out: list[Action] = [Choose(self.player, "0")]
            n = 1
            while n <= MAX_KICKS and self._affordable(g, item, kc, n):
                out.append(Choose(self.player, str(n)))
                n += 1
            return out
        out = []
        if self._affordable(g, item, kc, 1):
            out.append(Choose(self.player, "pay"))
        if kc.keyword not in casting.HAND_ALTERNATIVES or self._affordable(g, item, kc, 0):
            out.append(Choose(self.player, "decline"))
        return out

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, Choose) and a.option == "cancel":
            return self.withdraw(g)
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        item, kc = self._item(g)
        word = a.option.strip().lower()
        rule = _RULE.get(kc.keyword, "702.33b")
        if kc.keyword == "multikicker":
            if not (word.isascii() and word.isdigit()):
                raise IllegalAction(
                    "target", "choose how many times to pay it: 0 or more", "702.33c"
                )
            n = int(word)
        elif word in ("pay", "decline"):
            n = 1 if word == "pay" else 0
        else:
            raise IllegalAction("target", "choose pay or decline", rule)
        alternative = kc.keyword in casting.HAND_ALTERNATIVES
        if (n or alternative) and not self._affordable(g, item, kc, n):
            raise IllegalAction(
                "cost",
                "{player} can't pay the {keyword!t} cost {cost}",
                "601.2h",
                player=g.pname(self.player),
                keyword=kc.keyword,
                cost=kc.cost,
            )
        if alternative:
            item.data = {**(item.data or {}), "alt": kc.keyword if n else ""}
        elif kc.keyword == "buyback":
            item.data = {**(item.data or {}), "buyback": n}
        else:
            item.data = {**(item.data or {}), "kicked": n}
            item.effects = kicked_effects(item.effects, n)
        if alternative and n:
            g.emit(
                "cast",
                "{player} will pay the {keyword!t} cost {cost} instead of the mana cost",
                rule,
                player=g.pname(self.player),
                keyword=kc.keyword,
                cost=kc.cost,
            )
        elif n == 0:
            g.emit(
                "cast",
                "{player} doesn't pay the {keyword!t} cost",
                rule,
                player=g.pname(self.player),
                keyword=kc.keyword,
            )
        elif kc.keyword == "buyback":
            g.emit(
                "cast",
                "{player} will pay the buyback cost {cost}",
                rule,
                player=g.pname(self.player),
                cost=kc.cost,
            )
        elif n == 1:
            g.emit(
                "cast",
                "{player} will pay the kicker cost {cost}: the spell is kicked",
                rule,
                player=g.pname(self.player),
                cost=kc.cost,
            )
        else:
            g.emit(
                "cast",
                "{player} will pay the multikicker cost {cost} {n} times",
                "702.33c",
                player=g.pname(self.player),
                cost=kc.cost,
                n=n,
            )
        casting._announce(g, item, optional_total(g, item))
        return None

    def fields(self) -> dict[str, Any]:
        return {"item": self.item, "cost": self.cost}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseKicker:
        return cls(player, d["item"], as_cost(d["cost"]))


@dataclass(frozen=True, slots=True)
class IfKicked(Effect):
    """702.33d: "If this spell was kicked, [instructions]": spliced into the spell as the kicker
    is announced (:func:`kicked_effects`), so it does nothing itself."""

    effects: tuple[Effect, ...]

    def resolve(self, g: GameState, item: StackItem) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class WasKicked(Condition):
    """603.4 / 702.33d: "if it was kicked", of a permanent that entered (``info["entered"]``):
    whether the spell it was had been kicked (``negated``: "if it wasn't kicked")."""

    negated: bool = False

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        oid = (info or {}).get("entered")
        kicked = isinstance(oid, int) and g.marks.get(oid, {}).get("kicked", 0) > 0
        return kicked != self.negated


# --- flashback (702.34) ------------------------------------------------------------------------


def graveyard_casts(g: GameState, pi: int, sorcery_ok: bool) -> list[Action]:
    """The cards of ``pi``'s graveyard they may cast now with flashback (702.34a)."""
    out: list[Action] = []
    seen: set[str] = set()
    for c in g.players[pi].graveyard:
        cd = c.cdef
        if not cd.keyword_costs or cd.name in seen:
            continue
        kc = cd.keyword_cost("flashback")
        if kc is None or not (sorcery_ok or cd.is_instant_speed):
            continue
        seen.add(cd.name)
        if casting.can_cast(g, pi, c, alt=kc.cost):
            out.append(CastSpell(pi, c.cid))
    return out


# --- madness (702.35) ----------------------------------------------------------------------------


def exile_for_madness(g: GameState, card: Card) -> None:
    """702.35a: a card with madness that would be discarded is exiled instead, and its
    madness ability triggers (from exile)."""
    from manastack.events.pipeline import queue_card_trigger

    g.players[card.owner].exile += (card,)
    g.emit("move", "{card!c} is exiled instead (madness)", "702.35a", card=card.name)
    kc = card.cdef.keyword_cost("madness")
    assert kc is not None
    queue_card_trigger(g, madness_ability(kc), card)


def madness_ability(kc: KeywordCost) -> TriggeredAbility:
    """702.35a: "When this card is exiled this way, its owner may cast it by paying [cost]
    rather than paying its mana cost. If that player doesn't, they put this card into their
    graveyard.\""""
    return TriggeredAbility(ExiledForMadness(), (CastForMadness(),), f"Madness {kc.cost}")


@dataclass(frozen=True, slots=True)
class ExiledForMadness(TriggerCondition):
    """702.35a: "when this card is exiled this way": put on the stack by
    :func:`exile_for_madness` as the card is exiled; no other event matches it."""

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return False

    def announce(self, source_name: str, text: str) -> tuple[Msg, str]:
        return Msg("{card!c}'s madness triggers", card=source_name), "702.35a"


@dataclass(frozen=True, slots=True)
class CastForMadness(Effect):
    """702.35a: its owner may cast the exiled card for its madness cost now (whatever the
    timing) or not, and then it goes to the graveyard (a decision; the resolution waits)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.special import CastOrDecline

        cid = (item.data or {}).get("cid")
        pl = g.players[item.controller]
        if not isinstance(cid, int) or not any(c.cid == cid for c in pl.exile):
            return True
        g.pending = CastOrDecline(item.controller, cid, "madness")
        return False


# --- evoke (702.74) and dash (702.109) -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CastFor(Condition):
    """603.4: "if its evoke cost was paid" (``alt``: the alternative cost the spell the
    permanent was had been cast for, ``g.marks``; ``info["entered"]``: the permanent)."""

    alt: str

    def holds(self, g: GameState, info: dict[str, object] | None) -> bool:
        oid = (info or {}).get("entered")
        return isinstance(oid, int) and g.marks.get(oid, {}).get(self.alt, 0) > 0


@dataclass(frozen=True, slots=True)
class NextEndStep(AtStep):
    """603.7: "at the beginning of the next end step", counted from when it was created
    (``turn``; ``after``: it was created during or after that turn's end step began)."""

    turn: int
    after: bool

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.step is Step.END and (g.turn > self.turn or not self.after)


@dataclass(frozen=True, slots=True)
class ReturnItToHand(Effect):
    """702.109a: "return it from the battlefield to its owner's hand" (permanent ``oid``, if it
    is still the same object, 400.7)."""

    oid: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import leave_battlefield

        p = g.permanent(self.oid)
        if p is not None:
            leave_battlefield(
                g,
                [p],
                "hand",
                Msg("returns to {player}'s hand", player=g.pname(p.owner)),
                "702.109a",
            )
        return True


@dataclass(frozen=True, slots=True)
class Dashed(StaticEffect):
    """702.109a: a permanent whose dash cost was paid has haste, and is returned to its owner's
    hand at the beginning of the next end step (a delayed trigger, 603.7)."""

    @property
    def replaces_entering(self) -> bool:
        return True

    def as_it_enters(self, g: GameState, p: Permanent) -> None:
        if not g.marks.get(p.oid, {}).get("dash"):
            return
        haste = Effect613(g.new_id(), "6", p.oid, 0, 0, False, keywords=frozenset({"haste"}))
        g.effects += (haste,)
        after = g.step >= Step.END
        ability = TriggeredAbility(
            NextEndStep(g.turn, after), (ReturnItToHand(p.oid),), "return it (dash)"
        )
        g.delayed += (DelayedTrigger(ability.trigger, ability, p.controller, p.name),)
        g.emit(
            "enter",
            "{card!c} was dashed: it has haste and returns to its owner's hand at the beginning "
            "of the next end step",
            "702.109a",
            card=p.name,
        )


def costed_abilities(kc: KeywordCost) -> tuple[TriggeredAbility | StaticAbility, ...]:
    """The abilities a keyword with a cost stands for besides its cost: evoke's sacrifice
    trigger (702.74a), dash's haste and return (702.109a)."""
    from manastack.vocabulary.effects import SacrificeSource
    from manastack.vocabulary.triggers import EntersTrigger

    if kc.keyword == "evoke":
        return (
            TriggeredAbility(
                EntersTrigger("self"),
                (SacrificeSource(),),
                "When this permanent enters, if its evoke cost was paid, its controller "
                "sacrifices it.",
                condition=CastFor("evoke"),
            ),
        )
    if kc.keyword == "dash":
        return (StaticAbility(Dashed(), f"Dash {kc.cost}"),)
    return ()


# --- rebound (702.88) -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YourNextUpkeep(AtStep):
    """603.7: "at the beginning of your next upkeep", counted from the turn it was created."""

    turn: int

    def begins(
        self, g: GameState, ev: StepBegins, source: Permanent | Card | None, controller: int
    ) -> bool:
        return ev.step is Step.UPKEEP and g.turn > self.turn and g.rules.is_active(g, controller)


@dataclass(frozen=True, slots=True)
class CastFromExile(Effect):
    """702.88a (rebound) / 702.85a (cascade): its owner may cast the exiled card ``cid`` (or
    ``item.data["found"]``) without paying its mana cost, now (a decision; the resolution
    waits); ``how`` says which."""

    how: str
    cid: int = -1

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.special import CastOrDecline

        cid = self.cid if self.cid >= 0 else (item.data or {}).get("found")
        pl = g.players[item.controller]
        if not isinstance(cid, int) or not any(c.cid == cid for c in pl.exile):
            return True
        g.pending = CastOrDecline(item.controller, cid, self.how)
        return False


def rebound(g: GameState, item: StackItem, card: Card) -> bool:
    """702.88a: a spell with rebound cast from its owner's hand is exiled as it resolves, and at
    the beginning of its owner's next upkeep they may cast it from exile without paying its
    mana cost. True if it was exiled so."""
    if "rebound" not in card.cdef.keywords or card.token or "from" in (item.data or {}):
        return False
    g.players[card.owner].exile += (card,)
    g.emit("resolve", "{card!c} is exiled as it resolves (rebound)", "702.88a", card=card.name)
    later = TriggeredAbility(
        YourNextUpkeep(g.turn), (CastFromExile("rebound", card.cid),), "rebound"
    )
    g.delayed += (DelayedTrigger(later.trigger, later, card.owner, card.name),)
    return True


# --- cascade (702.85) -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class YouCastThis(TriggerCondition):
    """702.85a: "When you cast this spell": put on the stack by :func:`cast_triggers` as the
    spell becomes cast (it works on the stack); no event on the battlefield matches it."""

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        return False


def cast_triggers(g: GameState, item: StackItem) -> None:
    """601.2i: the spell's own "when you cast this spell" abilities (cascade) trigger."""
    from manastack.events.pipeline import queue_card_trigger

    card = item.card
    if card is None or item.face_down:
        return
    for ab in card.cdef.triggered:
        if isinstance(ab.trigger, YouCastThis):
            queue_card_trigger(g, ab, card)


@dataclass(frozen=True, slots=True)
class Cascade(Effect):
    """702.85a: "exile cards from the top of your library until you exile a nonland card whose
    mana value is less than this spell's" (``item.data``: what was exiled, what was found)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack import cards

        pl = g.players[item.controller]
        top = cards.find(item.source_name)
        value = top.mana_value if top is not None else 0
        exiled: list[int] = []
        found = None
        while pl.library:
            card = pl.take_top()
            pl.exile += (card,)
            exiled.append(card.cid)
            g.emit("move", "{card!c} is exiled (cascade)", "702.85a", card=card.name)
            if not card.cdef.is_land and card.cdef.mana_value < value:
                found = card.cid
                break
        item.data = {**(item.data or {}), "exiled": exiled, "found": found}
        return True


@dataclass(frozen=True, slots=True)
class CascadeBottom(Effect):
    """702.85a: "put all cards exiled this way that weren't cast on the bottom of your library
    in a random order"."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        pl = g.players[item.controller]
        exiled = (item.data or {}).get("exiled") or []
        rest = [c for c in pl.exile if c.cid in exiled]
        for c in rest:
            pl.exile = without(pl.exile, c)
        g.rng.shuffle(rest)
        pl.library = (*rest, *pl.library)  # the bottom of the library is its start
        if rest:
            g.emit(
                "move",
                "{n} cards exiled by cascade go to the bottom of {player}'s library",
                "702.85a",
                n=len(rest),
                player=pl.name,
            )
        return True


CASCADE = TriggeredAbility(
    YouCastThis(), (Cascade(), CastFromExile("cascade"), CascadeBottom()), "Cascade"
)
