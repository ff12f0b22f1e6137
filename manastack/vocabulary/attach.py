"""Auras (303.4) and Equipment (301.5): what they give the permanent they are attached to, and
the equip ability's effect (702.6a, 701.3)."""

from __future__ import annotations

from typing import Any

from manastack import layers, stack
from manastack.events.types import DamageDealt, GameEvent, PermanentLeft
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import Card, GameState, Permanent, StackItem, without
from manastack.vocabulary.base import Effect, StaticEffect, TriggerCondition
from manastack.vocabulary.more_triggers import ItsCreatureDies


@dataclass(frozen=True, slots=True)
class AttachedGets(StaticEffect):
    """ "Enchanted creature gets +N/+M and has flying" (``kind="enchanted"``) or "Equipped
    creature ..." (``"equipped"``): 613.4c for the power and toughness, 613.1f for the abilities
    (``words``, which may be restrictions such as "can't block")."""

    kind: str = "enchanted"
    power: int = 0
    toughness: int = 0
    words: frozenset[str] = frozenset()
    noun: str = "creature"  # how the text names the permanent: "enchanted artifact"

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        if source.attached_to == p.oid and (self.power or self.toughness):
            return self.power, self.toughness
        return None

    @property
    def affects_pt(self) -> bool:
        return bool(self.power or self.toughness)

    def grants(self, g: GameState, source: Permanent, p: Permanent) -> frozenset[str] | None:
        return self.words if source.attached_to == p.oid else None

    @property
    def affects_abilities(self) -> bool:
        return bool(self.words)


# 602.5a-ish restriction an Aura gives ("its activated abilities can't be activated"), read by
# the activation of abilities and mana abilities as an ability the permanent has (layer 6).
NO_ACTIVATED = "its activated abilities can't be activated"


@dataclass(frozen=True, slots=True)
class AttachSource(Effect):
    """702.6a / 701.3: attach the ability's source (an Equipment) to target creature; 701.3b:
    nothing happens if it is already attached to it or can't be attached to it."""

    target: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        src = g.permanent(item.source_oid) if item.source_oid is not None else None
        host = stack.target_permanent(g, item, self.target)
        if src is None or host is None or src.attached_to == host.oid:
            return True
        if not layers.is_creature(host) or src.controller != item.controller:
            return True
        if layers.protected_from(g, host, layers.quality(src)) is not None:
            return True
        src.attached_to = host.oid
        g.emit(
            "attach", "{card!c} is attached to {host!c}", "701.3a", card=src.name, host=host.name
        )
        return True


@dataclass(frozen=True, slots=True)
class GrantAbility(StaticEffect):
    """613.1f: "enchanted land has "{T}: ..."", "equipped creature has "...": the permanent
    the source is attached to (``kind``: "enchanted" or "equipped"; ``noun``: how the text
    names it) has ``ability`` (activated, mana or triggered), whose "this creature" is that
    permanent."""

    kind: str
    noun: str
    ability: Any
    power: int = 0  # "gets +2/+2 and has ...": 613.4c as well
    toughness: int = 0

    def granted_abilities(self, g: GameState, source: Permanent, p: Permanent) -> tuple[Any, ...]:
        return (self.ability,) if source.attached_to == p.oid else ()

    def pt_change(self, g: GameState, source: Permanent, p: Permanent) -> tuple[int, int] | None:
        if source.attached_to == p.oid and (self.power or self.toughness):
            return self.power, self.toughness
        return None

    @property
    def affects_pt(self) -> bool:
        return bool(self.power or self.toughness)

    @property
    def gives_abilities(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class ControlAttached(StaticEffect):
    """613.1b (layer 2): "You control enchanted creature" (``noun``: how the text names the
    permanent): the Aura's controller controls the permanent it is attached to."""

    noun: str = "creature"

    def controller_of(self, g: GameState, source: Permanent, p: Permanent) -> int | None:
        return source.controller if source.attached_to == p.oid else None

    @property
    def changes_control(self) -> bool:
        return True


def update_control(g: GameState) -> None:
    """613.1b: each permanent's controller as the control-changing static abilities on the
    battlefield say (later timestamps win, 613.7), or back to the one it had without them. A
    permanent that changes controller is removed from combat (506.4) and has not been
    controlled continuously since its new controller's turn began (302.6)."""
    want: dict[int, int] = {}
    sources = sorted(
        (src for src in g.battlefield if src.card.cdef.controlling and not src.face_down),
        key=lambda s: s.timestamp,
    )
    for src in sources:
        for st in src.card.cdef.controlling:
            for p in g.battlefield:
                who = st.controller_of(g, src, p)
                if who is not None:
                    want[p.oid] = who
    bases = dict(g.control_base)  # the state's is shared with its clones: a new one
    for p in g.battlefield:
        base = bases.get(p.oid)
        if p.oid in want:
            if base is None:
                bases[p.oid] = base = p.controller
            target = want[p.oid]
        elif base is not None:
            del bases[p.oid]
            target = base
        else:
            continue
        if target != p.controller:
            _change_control(g, p, target)
    for oid in [o for o in bases if g.permanent(o) is None]:
        del bases[oid]
    g.control_base = bases


def _change_control(g: GameState, p: Permanent, pi: int) -> None:
    from manastack.zones import remove_from_combat

    p.controller = pi
    p.sick = True  # 302.6: not controlled since its new controller's most recent turn began
    g.source_memo = None  # its mana is another player's now
    remove_from_combat(g, p.oid)
    if p.card.cdef.keyword_costs:
        g.marks = {**g.marks, p.oid: {**g.marks.get(p.oid, {}), "control": g.turn}}  # 702.30a
    g.emit(
        "control", "{player} gains control of {card!c}", "613.1b", player=g.pname(pi), card=p.name
    )


# --- triggers of the enchanted creature -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class EnchantedDies(ItsCreatureDies):
    """603.6c / 603.10a: "When enchanted creature dies": the Aura (as the battlefield was, still
    attached) sees its creature die; the card is remembered (400.7d)."""

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, PermanentLeft) and not ev.permanent.card.token:
            return {"cid": ev.permanent.card.cid}
        return None


@dataclass(frozen=True, slots=True)
class EnchantedDealsDamage(TriggerCondition):
    """ "Whenever enchanted creature deals damage" (``to``: "" any, "an opponent", "a player"):
    ``info["amount"]`` is that much (120.3)."""

    to: str = ""

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (DamageDealt,)

    def matches(
        self, g: GameState, ev: GameEvent, source: Permanent | Card | None, controller: int
    ) -> bool:
        if not isinstance(ev, DamageDealt) or ev.amount <= 0 or not isinstance(source, Permanent):
            return False
        if not isinstance(ev.source, Permanent) or source.attached_to != ev.source.oid:
            return False
        if self.to == "a player":
            return ev.player is not None
        if self.to == "an opponent":
            return ev.player is not None and ev.player != controller
        return True

    def info(self, ev: GameEvent) -> dict[str, object] | None:
        if isinstance(ev, DamageDealt):
            return {"amount": ev.amount, "player": ev.player}
        return None


@dataclass(frozen=True, slots=True)
class GainThatMuch(Effect):
    """ "you gain that much life" (``item.data["amount"]``, what the trigger saw, 119.3)."""

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.damage import gain_life

        n = (item.data or {}).get("amount", 0)
        if isinstance(n, int) and n > 0:
            gain_life(g, item.controller, n, Msg("{card!c}", card=item.source_name))
        return True


@dataclass(frozen=True, slots=True)
class ReturnThatCard(Effect):
    """ "return that card to the battlefield under your control" (``dest`` "yours"), "... under
    its owner's control" ("owner's"), "... to its owner's hand" ("hand"): the card that died
    (``item.data["cid"]``), from its owner's graveyard (400.7)."""

    dest: str

    def resolve(self, g: GameState, item: StackItem) -> bool:
        from manastack.zones import enter_battlefield

        cid = (item.data or {}).get("cid")
        for pl in g.players:
            card = next((c for c in pl.graveyard if c.cid == cid), None)
            if card is None:
                continue
            pl.graveyard = without(pl.graveyard, card)
            if self.dest == "hand":
                pl.hand.append(card)
                g.emit(
                    "move",
                    "{card!c} returns from {player}'s graveyard to their hand",
                    "400.7",
                    card=card.name,
                    player=pl.name,
                )
            else:
                who = item.controller if self.dest == "yours" else card.owner
                enter_battlefield(g, card, who, rule="400.7")
            return True
        return True
