"""Replacement and prevention effects (614, 615, 616).

An event that a replacement effect may modify passes through here before it happens
(:func:`manastack.events.happen`). A replacement effect is an object: ``applies`` says whether it
would modify an event, ``replace`` does what happens instead and returns the modified event, or
None when nothing of the event is left. Prevention (615) is a replacement of damage events that
lowers their amount.

Where they come from: the rule set (regeneration, 701.19, is made by the rules: a shield on a
permanent) and the static abilities of permanents on the battlefield whose effect is a
replacement. 614.5: each applies to an event at most once. 616.1: when several could apply, the
affected object's controller (or the affected player) would choose their order; with at most
one that applies to any event of the pools, there is no choice yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manastack.events.types import DamageDealt, Destroy, GameEvent
from manastack.i18n import Msg
from manastack.layers import REPLACING, battlefield_kinds
from manastack.vocabulary.base import REPLACEMENT_INTEREST, Replacement

if TYPE_CHECKING:
    from manastack.layers import Quality
    from manastack.state import GameState, Permanent

__all__ = [
    "PROTECTION",
    "REGENERATION",
    "ProtectionPrevention",
    "Regeneration",
    "Replacement",
    "destroy",
    "destroy_one",
    "replaced",
]


class Regeneration(Replacement):
    """701.19c: instead of being destroyed, a permanent with a regeneration shield is tapped,
    its damage is removed and it is removed from combat. "Can't be regenerated" turns it off."""

    rule = "701.19c"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (Destroy,)

    def applies(self, g: GameState, ev: GameEvent) -> bool:
        return isinstance(ev, Destroy) and ev.can_regenerate and ev.permanent.regen_shields > 0

    def replace(self, g: GameState, ev: GameEvent) -> GameEvent | None:
        assert isinstance(ev, Destroy)
        p = ev.permanent
        p.regen_shields -= 1
        p.tapped = True
        g.source_memo = None
        p.damage = 0
        p.deathtouched = False
        if g.combat is not None:
            g.combat.remove(p.oid)
        g.emit(
            "regenerate",
            "{card!c} regenerates instead of being destroyed: tapped, damage removed, removed "
            "from combat",
            self.rule,
            card=p.name,
        )
        return None


REGENERATION = Regeneration()


def replaced(
    g: GameState, ev: GameEvent, holders: list[Permanent] | None = None
) -> GameEvent | None:
    """614: the event as replacement and prevention effects leave it (None: nothing of it
    happens). Each effect applies at most once (614.5). ``holders``: the permanents with
    replacement effects, when the caller has found them once for a batch of events."""
    if not REPLACEMENT_INTEREST.wants(type(ev)):
        return ev  # no kind of replacement effect looks at this kind of event
    used: list[Replacement] = []
    current: GameEvent | None = ev
    if holders is None:
        holders = replacement_holders(g)
    while current is not None:
        rep = _first_applying(g, current, used, holders)
        if rep is None:
            return current
        used.append(rep)
        current = rep.replace(g, current)
    return None


def replacement_holders(g: GameState) -> list[Permanent]:
    """The permanents whose (face-up) abilities include replacement effects."""
    kinds = g.bf_kinds
    if kinds < 0:
        kinds = battlefield_kinds(g)
    if not kinds & REPLACING:
        return []  # no card on the battlefield has one: the usual case, without a look
    return [p for p in g.battlefield if p.card.cdef.replacements and not p.face_down]


def _first_applying(
    g: GameState, ev: GameEvent, used: list[Replacement], holders: list[Permanent]
) -> Replacement | None:
    for rep in g.rules.replacement_effects:
        if rep not in used and rep.applies(g, ev):
            return rep
    for p in holders:
        for rep in p.card.cdef.replacements:
            if rep not in used and rep.applies(g, ev):
                return rep
    return None


def destroy_one(
    g: GameState, p: Permanent, can_regenerate: bool = True, holders: list[Permanent] | None = None
) -> bool:
    """True if destroying ``p`` was replaced (it stays) or can't happen (indestructible,
    702.12b); False if it is to be destroyed."""
    from manastack import layers

    if layers.has(g, p, "indestructible"):
        g.emit(
            "destroy",
            "{card} is indestructible: it isn't destroyed",
            "702.12b",
            card=layers.shown_msg(p),
        )
        return True
    return replaced(g, Destroy(p, can_regenerate), holders) is None


class ProtectionPrevention(Replacement):
    """702.16e: all damage that would be dealt to a permanent with protection by sources of the
    stated colour is prevented (615)."""

    rule = "702.16e"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (DamageDealt,)

    def applies(self, g: GameState, ev: GameEvent) -> bool:
        if not isinstance(ev, DamageDealt) or ev.target is None or ev.amount <= 0:
            return False
        from manastack import layers

        return layers.protected_from(g, ev.target, _source_quality(g, ev)) is not None

    def replace(self, g: GameState, ev: GameEvent) -> GameEvent | None:
        assert isinstance(ev, DamageDealt) and ev.target is not None
        g.emit(
            "prevent",
            "{card!c}'s {n} damage to {target!c} is prevented (protection)",
            self.rule,
            card=ev.source_name,
            n=ev.amount,
            target=ev.target.name,
        )
        return None


def _source_quality(g: GameState, ev: DamageDealt) -> Quality:
    from manastack import layers
    from manastack.state import Permanent
    from manastack.targeting import item_quality

    src = ev.source
    if isinstance(src, Permanent):
        return layers.quality(src)
    return item_quality(g, src)


PROTECTION = ProtectionPrevention()


def destroy(g: GameState, perms: list[Permanent], can_regenerate: bool = True) -> None:
    """701.8: destroy = move to the owner's graveyard, unless a replacement applies (614); the
    ones destroyed go at the same time."""
    from manastack.zones import leave_battlefield

    # Destroying one doesn't change which permanents have replacement effects (regeneration
    # keeps it on the battlefield): found once, so a Wrath over N creatures is linear in N.
    holders = replacement_holders(g)
    dying = [p for p in perms if not destroy_one(g, p, can_regenerate, holders)]
    leave_battlefield(g, dying, "graveyard", Msg("is destroyed"), "701.8a")
