"""Static abilities a permanent has about itself, written like keywords ("~ enters tapped",
"~ can't block"), and the effect "~ gets +N/+N until end of turn" of its own abilities."""

from __future__ import annotations

from manastack import stack
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import Effect613, GameState, Permanent, StackItem, without
from manastack.vocabulary.base import Effect, StaticEffect
from manastack.vocabulary.effects import pump_until_end_of_turn


@dataclass(frozen=True, slots=True)
class EntersTapped(StaticEffect):
    """614.1c: "~ enters tapped" (a replacement effect of the permanent itself, 614.12), or
    "~ enters tapped unless you control <unless>" ("two or fewer other lands", "two or more
    basic lands"), looked at as it enters."""

    unless: str = ""

    @property
    def enters_tapped(self) -> bool:
        return True

    def taps_entering(self, g: GameState, p: Permanent) -> bool:
        if not self.unless:
            return True
        lands = [
            q
            for q in g.battlefield
            if q is not p and q.controller == p.controller and "Land" in q.card.cdef.types
        ]
        if self.unless == "two or fewer other lands":
            return len(lands) > 2
        basics = [q for q in lands if "Basic" in q.card.cdef.supertypes and not q.face_down]
        return len(basics) < 2


@dataclass(frozen=True, slots=True)
class OwnAbility(StaticEffect):
    """A rule the permanent has about itself, read by the rules as an ability it has (layer 6):
    ``"can't block"``, ``"can't attack"`` (508.1c, 509.1b), ``"can't be blocked"``, ``"can
    block only creatures with flying"``, ``"can't attack or block"`` (both)."""

    words: frozenset[str]

    def grants(self, g: GameState, source: Permanent, p: Permanent) -> frozenset[str] | None:
        return self.words if p is source else None

    @property
    def affects_abilities(self) -> bool:
        return True

    @property
    def uncounterable(self) -> bool:
        return "can't be countered" in self.words


@dataclass(frozen=True, slots=True)
class PumpSource(Effect):
    """613.4c: "~ gets +N/+M until end of turn" (the ability's source, if it is still on the
    battlefield)."""

    power: int
    toughness: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is not None:
            pump_until_end_of_turn(g, src, self.power, self.toughness)
        return True


@dataclass(frozen=True, slots=True)
class GainUntilEndOfTurn(Effect):
    """613.1f / 613.4c: "target creature [gets +N/+M and] gains <keywords> until end of turn"
    (``target`` None: the ability's source, "~ gains flying until end of turn")."""

    words: frozenset[str]
    power: int = 0
    toughness: int = 0
    target: int | None = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        if self.target is None:
            p = g.permanent(item.source_oid) if item.source_oid is not None else None
        else:
            p = stack.target_permanent(g, item, self.target)
        if p is None:
            return True
        if self.power or self.toughness:
            g.effects += (Effect613(g.new_id(), "7c", p.oid, self.power, self.toughness),)
        g.effects += (Effect613(g.new_id(), "6", p.oid, 0, 0, keywords=self.words),)
        words = ", ".join(sorted(self.words))
        if self.power or self.toughness:
            g.emit(
                "effect",
                "{card!c} gets {pt} and gains {words!t} until end of turn",
                "613.1f",
                card=p.name,
                pt=f"{self.power:+d}/{self.toughness:+d}",
                words=words,
            )
        else:
            g.emit(
                "effect",
                "{card!c} gains {words!t} until end of turn",
                "613.1f",
                card=p.name,
                words=words,
            )
        return True


@dataclass(frozen=True, slots=True)
class PumpThat(Effect):
    """613.4c: "that creature gets +N/+M until end of turn", the creature the trigger
    remembered (``item.data["that"]``: exalted's attacker, flanking's blocker)."""

    power: int
    toughness: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        oid = (item.data or {}).get("that")
        p = g.permanent(oid) if isinstance(oid, int) else None
        if p is not None:
            pump_until_end_of_turn(g, p, self.power, self.toughness)
        return True


@dataclass(frozen=True, slots=True)
class RampagePump(Effect):
    """702.23a (rampage N): "it gets +N/+N until end of turn for each creature blocking it
    beyond the first"."""

    n: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        blockers = (item.data or {}).get("blockers", 0)
        more = blockers - 1 if isinstance(blockers, int) else 0
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is not None and more > 0:
            k = self.n * more
            pump_until_end_of_turn(g, src, k, k, "702.23a")
        return True


@dataclass(frozen=True, slots=True)
class PumpAttached(Effect):
    """613.4c: "enchanted creature gets +N/+M until end of turn" (an Aura's ability)."""

    power: int
    toughness: int

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = _attached(g, item)
        if p is not None:
            pump_until_end_of_turn(g, p, self.power, self.toughness)
        return True


@dataclass(frozen=True, slots=True)
class RegenerateAttached(Effect):
    """701.19a: "regenerate enchanted creature": a shield on the creature the source is
    attached to."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = _attached(g, item)
        if p is not None:
            p.regen_shields += 1
            g.emit(
                "shield",
                "{card!c} gets a regeneration shield until end of turn",
                "701.19a",
                card=p.name,
            )
        return True


@dataclass(frozen=True, slots=True)
class ReturnSourceToHand(Effect):
    """ "return ~ to its owner's hand" (400.7: a new object), if it is still on the
    battlefield, or from its owner's graveyard after "when ~ is put into a graveyard from the
    battlefield" (400.7d)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import leave_battlefield

        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        if src is not None:
            leave_battlefield(
                g,
                [src],
                "hand",
                Msg("returns to {player}'s hand", player=g.pname(src.owner)),
                "400.7",
            )
            return True
        cid = (item.data or {}).get("cid")
        for pl in g.players:  # 400.7d: a zone-change trigger finds the card in the graveyard
            for card in pl.graveyard:
                if card.cid == cid:
                    pl.graveyard = without(pl.graveyard, card)
                    pl.hand.append(card)
                    g.emit(
                        "move",
                        "{card!c} returns to {player}'s hand",
                        "400.7d",
                        card=card.name,
                        player=pl.name,
                    )
                    return True
        return True


def _attached(g: GameState, item: StackItem) -> Permanent | None:
    """The permanent the ability's source is attached to, or was as the ability was activated
    (113.7a: "Sacrifice Carapace: Regenerate enchanted creature")."""
    src = g.permanent(item.source_oid) if item.source_oid is not None else None
    oid = src.attached_to if src is not None else (item.data or {}).get("attached")
    return g.permanent(oid) if isinstance(oid, int) else None


_LAND_TYPES = {
    "a plains": "Plains",
    "an island": "Island",
    "a swamp": "Swamp",
    "a mountain": "Mountain",
    "a forest": "Forest",
}
# The conditions "as long as ..." the compiler reads (threshold, metalcraft, a land type, combat).
CONDITIONS = (
    "seven or more cards are in your graveyard",
    "you control three or more artifacts",
    "it's attacking",
    *(f"you control {land}" for land in _LAND_TYPES),
)


def condition_holds(g: GameState, source: Permanent, cond: str) -> bool:
    """Whether "as long as ``cond``" is true now for ``source``."""
    if cond == "seven or more cards are in your graveyard":  # threshold
        return len(g.players[source.controller].graveyard) >= 7
    if cond == "you control three or more artifacts":  # metalcraft
        n = sum(
            1
            for q in g.battlefield
            if q.controller == source.controller and "Artifact" in q.card.cdef.types
        )
        return n >= 3
    if cond == "it's attacking":
        return g.combat is not None and source.oid in g.combat.attackers
    land = _LAND_TYPES.get(cond.removeprefix("you control "))
    return land is not None and any(
        q.controller == source.controller and land in q.card.cdef.subtypes and not q.face_down
        for q in g.battlefield
    )


@dataclass(frozen=True, slots=True)
class SelfWhile(StaticEffect):
    """ "~ gets +N/+M [and has <words>] as long as <condition>" (613.4c, 613.1f): threshold,
    metalcraft, "as long as you control a Forest", "as long as it's attacking"."""

    condition: str
    power: int = 0
    toughness: int = 0
    words: frozenset[str] = frozenset()

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        if (
            p is source
            and (self.power or self.toughness)
            and condition_holds(g, source, self.condition)
        ):
            return self.power, self.toughness
        return None

    @property
    def affects_pt(self) -> bool:
        return bool(self.power or self.toughness)

    def grants(self, g: GameState, source: Permanent, p: Permanent) -> frozenset[str] | None:
        if p is source and self.words and condition_holds(g, source, self.condition):
            return self.words
        return None

    @property
    def affects_abilities(self) -> bool:
        return bool(self.words)


@dataclass(frozen=True, slots=True)
class TapAttached(Effect):
    """701.26a: "tap enchanted creature" (``untap``: "untap enchanted creature", 701.26b)."""

    untap: bool = False

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import tap, untap

        p = _attached(g, item)
        if p is None:
            return True
        if self.untap:
            if p.tapped:
                untap(g, [p])
                g.emit("untap", "{card!c} untaps", "701.26b", card=p.name)
        elif not p.tapped:
            tap(g, p)
            g.emit("tap", "{card!c} becomes tapped", "701.26a", card=p.name)
        return True


@dataclass(frozen=True, slots=True)
class EntersWithCounters(StaticEffect):
    """614.1c / 614.12: "~ enters with N +1/+1 counters on it" (``count`` None: X, the value
    announced for the spell it was, 107.3m), or "if ~ was kicked, it enters with N +1/+1
    counters on it [and with haste]" (``kicked``, 702.33d; ``words``: abilities it has from then
    on, layer 6)."""

    count: int | None
    kind: str = "+1/+1"
    kicked: bool = False
    words: frozenset[str] = frozenset()
    bloodthirst: bool = False  # 702.54a: only if an opponent was dealt damage this turn
    per_kick: bool = False  # 702.33c: ``count`` for each time it was kicked (multikicker)

    @property
    def replaces_entering(self) -> bool:
        return True

    def as_it_enters(self, g: GameState, p: Permanent) -> None:
        marks = g.marks.get(p.oid, {})
        if self.kicked and not marks.get("kicked"):
            return
        if self.bloodthirst and not any(
            t == g.turn and g.format.team_of(pi) != g.format.team_of(p.controller)
            for pi, t in g.damaged.items()
        ):
            return
        n = marks.get("x", 0) if self.count is None else self.count
        if self.per_kick:
            n *= marks.get("kicked", 0)
        if n > 0:
            p.counters = dict(p.counters or {})
            p.counters[self.kind] = p.counters.get(self.kind, 0) + n
            g.emit(
                "enter",
                "{card!c} enters with {n} {counter} counter on it"
                if n == 1
                else "{card!c} enters with {n} {counter} counters on it",
                "614.1c",
                card=p.name,
                n=n,
                counter=self.kind,
            )
        if self.words:
            g.effects += (
                Effect613(
                    g.new_id(), "6", p.oid, 0, 0, until_end_of_turn=False, keywords=self.words
                ),
            )
            g.emit(
                "enter",
                "{card!c} enters with {words!t}",
                "614.1c",
                card=p.name,
                words=", ".join(sorted(self.words)),
            )
