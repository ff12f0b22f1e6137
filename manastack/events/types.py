"""The game's events: each one a change to the state (or a moment, like a step beginning), with
``apply`` doing it and logging it with its rule. Built by the rules modules and handed to
:func:`manastack.events.happen`; never applied directly."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mypy_extensions import mypyc_attr

from manastack import layers
from manastack.i18n import Msg, card_msg
from manastack.state import Card, GameState, Permanent, Player, StackItem

if TYPE_CHECKING:
    from manastack.vocabulary.base import CardDef
from manastack.steps import Step


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class GameEvent:
    """Something that happens in the game."""

    __slots__ = ()

    def apply(self, g: GameState) -> None:
        """Make the change and log it (after replacement effects, before triggers)."""

    def parts(self) -> Sequence[GameEvent]:
        """What triggered abilities look at: the event itself, or each object of a batch."""
        return (self,)

    def looks_back(self) -> list[Permanent] | None:
        """603.10a: for leaves-the-battlefield events, the battlefield as it was before (whose
        abilities trigger on it); None: the battlefield as it is after."""
        return None


# --- damage and life (120, 119) ----------------------------------------------------------------


class DamageDealt(GameEvent):
    """120.3: damage to a player is life loss; to a creature it is marked on it. The source is
    the object itself, so its properties (deathtouch 702.2, lifelink 702.15, colour) count."""

    __slots__ = (
        "amount",
        "combat",
        "controller",
        "deathtouch",
        "infect",
        "lifelink",
        "player",
        "source",
        "source_name",
        "target",
        "wither",
    )

    def __init__(
        self,
        source: Permanent | StackItem,
        source_name: str,
        controller: int,
        amount: int,
        player: int | None,
        target: Permanent | None,
        combat: bool,
        deathtouch: bool,
        lifelink: bool,
        infect: bool = False,
        wither: bool = False,
    ) -> None:
        self.infect = infect  # 702.90b-c: poison counters, -1/-1 counters
        self.wither = wither  # 702.80a: -1/-1 counters
        self.source = source
        self.source_name = source_name
        self.controller = controller
        self.amount = amount
        self.player = player
        self.target = target
        self.combat = combat
        self.deathtouch = deathtouch
        self.lifelink = lifelink

    @classmethod
    def by(
        cls,
        g: GameState,
        source: Permanent | StackItem,
        amount: int,
        *,
        player: int | None = None,
        target: Permanent | None = None,
        combat: bool = False,
    ) -> DamageDealt:
        """Damage ``source`` deals, with the source's properties as they are now."""
        if isinstance(source, Permanent):
            name = layers.shown(source)
            kw = layers.keywords(g, source)
        else:
            name = source.source_name
            kw = _item_keywords(g, source)
        return cls(
            source,
            name,
            source.controller,
            amount,
            player,
            target,
            combat,
            "deathtouch" in kw,
            "lifelink" in kw,
            "infect" in kw,
            "wither" in kw,
        )

    def with_amount(self, amount: int) -> DamageDealt:
        """The same damage with another amount (prevention, 615)."""
        return DamageDealt(
            self.source,
            self.source_name,
            self.controller,
            amount,
            self.player,
            self.target,
            self.combat,
            self.deathtouch,
            self.lifelink,
            self.infect,
            self.wither,
        )

    def apply(self, g: GameState) -> None:
        if self.amount <= 0:
            return
        if self.player is not None:
            g.damaged = {**g.damaged, self.player: g.turn}  # bloodthirst asks (702.54a)
        if self.player is not None and self.infect:
            pl = g.players[self.player]
            pl.poison += self.amount
            g.emit(
                "damage",
                "{card!c} deals {n} damage to {player} as poison counters ({poison} poison)",
                "702.90b",
                card=self.source_name,
                n=self.amount,
                player=pl.name,
                poison=pl.poison,
            )
        elif self.target is not None and (self.infect or self.wither):
            t = self.target
            t.counters = dict(t.counters or {})
            t.counters["-1/-1"] = t.counters.get("-1/-1", 0) + self.amount
            if self.deathtouch:
                t.deathtouched = True
            g.emit(
                "damage",
                "{card!c} deals {n} damage to {target} as -1/-1 counters",
                "702.90c" if self.infect else "702.80a",
                card=self.source_name,
                n=self.amount,
                target=layers.shown_msg(t),
            )
        elif self.player is not None:
            pl = g.players[self.player]
            pl.life -= self.amount
            g.format.share_life(g, pl.idx)  # 810.9
            total = _life(g, pl)
            g.emit(
                "damage",
                "{card!c} deals {amount} damage to {player} ({total})",
                "120.3a",
                card=self.source_name,
                amount=self.amount,
                player=pl.name,
                total=total,
            )
        elif self.target is not None:
            t = self.target
            t.damage += self.amount
            if self.deathtouch:
                t.deathtouched = True
            shown = t.name if not t.face_down else "a face-down creature"
            g.emit(
                "damage",
                "{card!c} deals {amount} damage to {shown!c}",
                "120.3e",
                card=self.source_name,
                amount=self.amount,
                shown=shown,
            )


def _life(g: GameState, pl: Player) -> Msg:
    """``pl``'s life total as the log says it: the team's where life is shared (810.9)."""
    f = g.format
    if not f.shared_life:
        return Msg("life {n}", n=pl.life)
    return Msg("{team}'s life {n}, 810.9", team=f.team_msg(f.team_of(pl.idx)), n=pl.life)


def _item_keywords(g: GameState, item: StackItem) -> frozenset[str]:
    """A spell's keywords are its card's; an ability's are its source's (as it is now, or as it
    last was: 113.7a)."""
    if item.kind == "spell" and item.card is not None:
        return item.card.cdef.keywords
    if item.source_oid is not None:
        src = g.permanent(item.source_oid)
        if src is not None:
            return layers.keywords(g, src)
    kw: frozenset[str] = (item.data or {}).get("keywords", frozenset())
    return kw


class LifeGained(GameEvent):
    """119.3: a player gains life."""

    __slots__ = ("amount", "player", "rule", "why")

    def __init__(self, player: int, amount: int, why: Msg, rule: str = "119.3") -> None:
        self.player = player
        self.amount = amount
        self.why = why
        self.rule = rule

    def apply(self, g: GameState) -> None:
        pl = g.players[self.player]
        if pl.left:
            return
        pl.life += self.amount
        g.format.share_life(g, pl.idx)  # 810.9
        total = _life(g, pl)
        g.emit(
            "life",
            "{player} gains {amount} life from {why} ({total})",
            self.rule,
            player=pl.name,
            amount=self.amount,
            why=self.why,
            total=total,
        )


class LifeLost(GameEvent):
    """119.3: a player loses life."""

    __slots__ = ("amount", "player", "rule", "why")

    def __init__(self, player: int, amount: int, why: Msg, rule: str = "119.3") -> None:
        self.player = player
        self.amount = amount
        self.why = why
        self.rule = rule

    def apply(self, g: GameState) -> None:
        pl = g.players[self.player]
        if pl.left:
            return
        pl.life -= self.amount
        g.format.share_life(g, pl.idx)  # 810.9
        total = _life(g, pl)
        g.emit(
            "life",
            "{player} loses {amount} life from {why} ({total})",
            self.rule,
            player=pl.name,
            amount=self.amount,
            why=self.why,
            total=total,
        )


# --- zones (400) -----------------------------------------------------------------------------


class CardDrawn(GameEvent):
    """121.1: a player draws the top card of their library; 121.3: from an empty library they
    can't, and 704.5b will catch it."""

    __slots__ = ("card", "player")

    def __init__(self, player: int) -> None:
        self.player = player
        self.card: Card | None = None

    def apply(self, g: GameState) -> None:
        pl = g.players[self.player]
        if not pl.library:
            pl.drew_from_empty = True
            g.emit("draw", "{player} can't draw: the library is empty", "121.3", player=pl.name)
            return
        self.card = pl.take_top()
        pl.hand.append(self.card)
        g.emit("draw", "{player} draws a card", "121.1", player=pl.name)


class EntersBattlefield(GameEvent):
    """A card is put onto the battlefield as a new permanent with a new timestamp (400.7,
    613.7d); enters-the-battlefield abilities look at the game after it (603.6a)."""

    __slots__ = ("card", "controller", "counters", "face_down", "permanent", "rule", "spell")

    def __init__(
        self,
        card: Card,
        controller: int,
        face_down: bool,
        rule: str,
        spell: StackItem | None = None,
        counters: dict[str, int] | None = None,
    ) -> None:
        self.card = card
        self.controller = controller
        self.face_down = face_down
        self.rule = rule
        self.spell = spell  # the permanent spell it was (608.3), if it resolved
        self.counters = counters  # "return it with a -1/-1 counter on it" (persist, 702.79a)
        self.permanent: Permanent | None = None

    def apply(self, g: GameState) -> None:
        oid = g.new_id()
        perm = Permanent(oid, self.card, self.controller, oid)
        perm.face_down = self.face_down
        if self.counters:
            perm.counters = dict(self.counters)
        g.battlefield.append(perm)
        g.bf_kinds = -1
        self.permanent = perm
        shown = "a face-down creature" if self.face_down else self.card.name
        g.emit(
            "enter",
            "{shown!c} enters the battlefield under {player}'s control",
            self.rule,
            shown=shown,
            player=g.pname(self.controller),
        )
        cd = self.card.cdef
        marks = _marks(g, cd, self.spell)
        if marks:
            g.marks = {**g.marks, oid: marks}
        if not self.face_down:
            for st in cd.entering:
                st.as_it_enters(g, perm)  # 614.1c, 614.12: "enters with ..."
        if (
            not self.face_down
            and self.card.cdef.enters_tapped
            and any(st.taps_entering(g, perm) for st in self.card.cdef.statics)
        ):
            # 614.1c, 614.12: its own "enters tapped" applies as it enters.
            perm.tapped = True
            g.source_memo = None
            g.emit("enter", "{card} enters tapped", "614.1c", card=layers.shown_msg(perm))


def _marks(g: GameState, cd: CardDef, spell: StackItem | None) -> dict[str, int]:
    """What a permanent remembers as it enters: whether and how many times the spell it was
    was kicked (702.33d), its X (107.3m), and the turn it came under its controller's control
    (echo, 702.30a)."""
    out: dict[str, int] = {}
    data = spell.data if spell is not None else None
    if data:
        kicked = data.get("kicked")
        if isinstance(kicked, int) and kicked:
            out["kicked"] = kicked
        alt = data.get("alt")
        if alt in ("evoke", "dash"):
            out[alt] = 1  # 702.74a, 702.109a: cast for that alternative cost
    if spell is not None and spell.x:
        out["x"] = spell.x
    if cd.keyword_costs:
        out["control"] = g.turn
    return out


class PermanentLeft(GameEvent):
    """One permanent of a :class:`LeavesBattlefield`, as triggered abilities see it."""

    __slots__ = ("dest", "permanent", "was_creature")

    def __init__(self, permanent: Permanent, dest: str, was_creature: bool) -> None:
        self.permanent = permanent
        self.dest = dest
        self.was_creature = was_creature

    @property
    def dies(self) -> bool:
        """700.4: "dies" means is put into a graveyard from the battlefield (a creature)."""
        return self.dest == "graveyard" and self.was_creature


class LeavesBattlefield(GameEvent):
    """Permanents leave the battlefield at the same time, to their owners' graveyard, hand,
    library or exile (tokens go nowhere: 111.7, 704.5d). Leaves-the-battlefield abilities look
    back at the battlefield as it was (603.10a)."""

    __slots__ = ("before", "dest", "left", "permanents", "rule", "verb")

    def __init__(self, permanents: list[Permanent], dest: str, verb: Msg, rule: str) -> None:
        self.permanents = permanents
        self.dest = dest
        self.verb = verb
        self.rule = rule
        self.before: list[Permanent] = []
        self.left: list[PermanentLeft] = []

    def apply(self, g: GameState) -> None:
        perms = self.permanents
        self.before = list(g.battlefield)
        leaving = {p.oid for p in perms}
        g.battlefield = [p for p in g.battlefield if p.oid not in leaving]
        g.bf_kinds = -1
        if g.effects:
            g.effects = tuple(e for e in g.effects if e.oid not in leaving)
        if g.combat is not None:
            for p in perms:
                g.combat.remove(p.oid)
        for p in perms:
            shown = card_msg(p.name)
            if p.face_down:
                shown = Msg("face-down {card!c} (revealed, 708.9)", card=p.name)
            owner = g.players[p.owner]
            dest = self.dest
            if dest != "exile" and g.marks.get(p.oid, {}).get("unearthed"):
                dest = "exile"  # 702.84a: an unearthed permanent is exiled instead
                g.emit(
                    "leave",
                    "{card!c} would leave: it is exiled instead (unearth)",
                    "702.84a",
                    card=p.name,
                )
            if p.card.token:
                pass  # 111.7: a token leaving the battlefield goes nowhere
            elif dest == "library":
                owner.library = (*owner.library, p.card)  # on top (the top is the end)
            else:
                owner.add_card(dest, p.card)
            g.emit("leave", "{shown} {verb}", self.rule, shown=shown, verb=self.verb)
            self.left.append(PermanentLeft(p, dest, layers.is_creature(p)))

    def parts(self) -> Sequence[GameEvent]:
        return self.left

    def looks_back(self) -> list[Permanent] | None:
        return self.before


class Destroy(GameEvent):
    """701.8: a permanent is to be destroyed (regeneration may replace it: 701.19). Only
    replacement effects see it; what is left becomes a :class:`LeavesBattlefield`."""

    __slots__ = ("can_regenerate", "permanent")

    def __init__(self, permanent: Permanent, can_regenerate: bool = True) -> None:
        self.permanent = permanent
        self.can_regenerate = can_regenerate


class Tapped(GameEvent):
    """701.26a: a permanent becomes tapped (a cost, attacking, an effect)."""

    __slots__ = ("permanent",)

    def __init__(self, permanent: Permanent) -> None:
        self.permanent = permanent

    def apply(self, g: GameState) -> None:
        self.permanent.tapped = True
        g.source_memo = None


class PermanentUntapped(GameEvent):
    """One permanent of an :class:`Untapped`, as triggered abilities see it ("whenever ~
    becomes untapped")."""

    __slots__ = ("permanent",)

    def __init__(self, permanent: Permanent) -> None:
        self.permanent = permanent


class Untapped(GameEvent):
    """701.26b: permanents become untapped (at once in the untap step, 502.3). The callers log
    it their way (one line for the untap step)."""

    __slots__ = ("left", "permanents")

    def __init__(self, permanents: list[Permanent]) -> None:
        self.permanents = permanents
        self.left: list[PermanentUntapped] = []

    def apply(self, g: GameState) -> None:
        for p in self.permanents:
            p.tapped = False
            self.left.append(PermanentUntapped(p))
        g.source_memo = None

    def parts(self) -> Sequence[GameEvent]:
        return self.left


# --- combat (508-510) --------------------------------------------------------------------------


class AttackerDeclared(GameEvent):
    """508.1m / 508.3a: a creature has been declared as an attacker ("whenever ~ attacks")."""

    __slots__ = ("alone", "defender", "permanent")

    def __init__(self, permanent: Permanent, defender: int, alone: bool = False) -> None:
        self.permanent = permanent
        self.defender = defender
        self.alone = alone  # 506.5: the only creature declared as an attacker


class BlockerDeclared(GameEvent):
    """509.1i / 509.3a: a creature has been declared as a blocker ("whenever ~ blocks")."""

    __slots__ = ("attacker", "permanent")

    def __init__(self, permanent: Permanent, attacker: Permanent) -> None:
        self.permanent = permanent
        self.attacker = attacker


class AttackerBlocked(GameEvent):
    """509.1h / 509.3c: an attacking creature has become blocked ("whenever ~ becomes blocked":
    once, however many creatures block it)."""

    __slots__ = ("blockers", "permanent")

    def __init__(self, permanent: Permanent, blockers: int) -> None:
        self.permanent = permanent
        self.blockers = blockers


class AttackerUnblocked(GameEvent):
    """509.1h: an attacking creature remains unblocked ("whenever ~ attacks and isn't
    blocked"; ``defender``: the player it attacks)."""

    __slots__ = ("defender", "permanent")

    def __init__(self, permanent: Permanent, defender: int) -> None:
        self.permanent = permanent
        self.defender = defender


class CombatEvents(GameEvent):
    """The combat events of one declaration, seen by triggered abilities at the same time."""

    __slots__ = ("events",)

    def __init__(self, events: list[GameEvent]) -> None:
        self.events = events

    def parts(self) -> Sequence[GameEvent]:
        return self.events


class BecameTarget(GameEvent):
    """A permanent becomes the target of a spell or ability (115.1, 601.2c): "when ~ becomes the
    target of a spell or ability" triggers."""

    __slots__ = ("item", "permanent")

    def __init__(self, permanent: Permanent, item: StackItem) -> None:
        self.permanent = permanent
        self.item = item


# --- the stack and the turn --------------------------------------------------------------------


class SpellCast(GameEvent):
    """601.2i: a spell has become cast ("whenever a player casts" triggers here)."""

    __slots__ = ("item",)

    def __init__(self, item: StackItem) -> None:
        self.item = item


class StepBegins(GameEvent):
    """A step or phase begins ("at the beginning of" triggers, 603.2, 503.1a)."""

    __slots__ = ("active", "step")

    def __init__(self, step: Step, active: int) -> None:
        self.step = step
        self.active = active


class TimeCounterRemoved(GameEvent):
    """702.62a: a time counter is removed from a suspended card in exile."""

    __slots__ = ("card", "left", "owner")

    def __init__(self, card: Card, owner: int, left: int) -> None:
        self.card = card
        self.owner = owner
        self.left = left
