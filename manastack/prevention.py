"""Prevention effects (615): the rules' side, applied through the one replacement pipeline
(:func:`manastack.replacement.replaced`) by :data:`PREVENTION`, a replacement effect the rules
make, which looks at:

- the shields that resolved spells and abilities made (615.1a: "prevent the next 2 damage that
  would be dealt to any target this turn", "prevent all combat damage that would be dealt this
  turn"), kept in ``GameState.prevention`` until the cleanup step (514.2) or until used up
  (615.7);
- the static abilities of permanents whose effect prevents damage ("prevent all combat damage
  that would be dealt to ~", "if a red source would deal damage to you, prevent 2 of that
  damage"): a :class:`StaticPrevention`'s ``prevents``.

Each applies to a damage event at most once (614.5); what is left of the damage is dealt.
"""

from __future__ import annotations

from manastack import layers
from manastack.events.types import DamageDealt, GameEvent
from manastack.frozen import dataclass
from manastack.i18n import Msg
from manastack.state import GameState, Permanent, StackItem
from manastack.vocabulary.base import Filter, Replacement, StaticEffect

ALL = -1
"""A shield's ``amount`` when it prevents all the damage."""


def _source_colors(g: GameState, ev: DamageDealt) -> frozenset[str]:
    from manastack.targeting import item_quality

    src = ev.source
    if isinstance(src, Permanent):
        return layers.colors(src)
    return item_quality(g, src).colors


def _source_ids(ev: DamageDealt) -> tuple[int, ...]:
    """The object the damage comes from: a permanent, a spell, or an ability and the permanent
    it comes from (an ability's damage is its source's, 609.7a)."""
    src = ev.source
    if isinstance(src, StackItem) and src.kind != "spell" and src.source_oid is not None:
        return (src.oid, src.source_oid)
    return (src.oid,)


@dataclass(frozen=True, slots=True)
class Shield:
    """615.1a: a prevention effect from a resolved spell or ability (``sid``: its own id). It
    prevents ``amount`` damage (ALL: all of it), only combat damage with ``combat``, dealt to
    player ``to_player`` / permanent ``to_oid`` (-1: to anything) by permanent ``by_oid`` (-1:
    by any source)."""

    sid: int
    amount: int
    source_name: str
    combat: bool = False
    to_player: int = -1
    to_oid: int = -1
    by_oid: int = -1
    once: bool = False  # "the next time ... prevent that damage": used up by one event

    def covers(self, ev: DamageDealt) -> bool:
        if self.combat and not ev.combat:
            return False
        if self.to_player >= 0 and ev.player != self.to_player:
            return False
        if self.to_oid >= 0 and (ev.target is None or ev.target.oid != self.to_oid):
            return False
        if self.by_oid >= 0:
            return self.by_oid in _source_ids(ev)
        return True


@dataclass(frozen=True, slots=True)
class StaticPrevention(StaticEffect):
    """615 from a static ability: damage ``to`` ("self": the source, "enchanted"/"equipped":
    the creature it is attached to, "you": its controller, "creatures": creatures ``to_what``
    matches, "": anything) ``by`` ("self", "enchanted", "equipped", "": any source; ``by_what``:
    a source it matches;
    ``by_colors``: a source of one of these colours) is prevented: all of it, or ``amount``
    of it; ``combat``: only combat damage; ``opponents``: only from sources an opponent
    controls."""

    to: str = ""
    by: str = ""
    amount: int = ALL
    combat: bool = False
    by_what: Filter | None = None
    by_colors: str = ""
    to_what: Filter | None = None
    opponents: bool = False
    both: bool = False  # "dealt to and dealt by": ``to`` names both ends

    @property
    def affects_damage(self) -> bool:
        return True

    def _is(self, who: str, p: Permanent | None, source: Permanent) -> bool:
        if p is None:
            return False
        if who == "self":
            return p is source
        if who in ("enchanted", "equipped"):
            return source.attached_to == p.oid
        return False

    def prevents(self, g: GameState, source: Permanent, ev: DamageDealt) -> int | None:
        if self.combat and not ev.combat:
            return None
        if self.both:
            src = ev.source
            by_it = isinstance(src, Permanent) and self._is(self.to, src, source)
            return self.amount if by_it or self._is(self.to, ev.target, source) else None
        if self.to == "you":
            if ev.player != source.controller:
                return None
        elif self.to == "creatures":
            t = ev.target
            if (
                t is None
                or self.to_what is None
                or not self.to_what.permanent(g, t, source.controller)
            ):
                return None
        elif self.to and not self._is(self.to, ev.target, source):
            return None
        src = ev.source
        if self.by and not (isinstance(src, Permanent) and self._is(self.by, src, source)):
            return None
        if self.by_what is not None and not (
            isinstance(src, Permanent) and self.by_what.permanent(g, src, source.controller)
        ):
            return None
        if self.by_colors and not _source_colors(g, ev) & frozenset(self.by_colors):
            return None
        if self.opponents and g.format.same_team(ev.controller, source.controller):
            return None
        return self.amount


class Prevention(Replacement):
    """615: the prevention effects of shields and of static abilities, applied to a damage
    event (each once, 614.5; in the order they were made, then the permanents' abilities)."""

    rule = "615.1a"

    @staticmethod
    def watched() -> tuple[type, ...]:
        return (DamageDealt,)

    def applies(self, g: GameState, ev: GameEvent) -> bool:
        if not isinstance(ev, DamageDealt) or ev.amount <= 0:
            return False
        if any(s.covers(ev) for s in g.prevention):
            return True
        return bool(_statics(g, ev))

    def replace(self, g: GameState, ev: GameEvent) -> GameEvent | None:
        assert isinstance(ev, DamageDealt)
        left = ev.amount
        shields: list[Shield] = []
        for s in g.prevention:
            if left > 0 and s.covers(ev):
                n = left if s.amount == ALL else min(left, s.amount)
                left -= n
                _log(g, ev, n, s.source_name)
                if s.once:
                    continue  # 615.7: the next time only
                if s.amount != ALL:
                    if s.amount - n > 0:
                        shields.append(Shield(s.sid, s.amount - n, *_rest(s)))
                    continue  # 615.7: used up
            shields.append(s)
        g.prevention = tuple(shields)
        for src, n in _statics(g, ev):
            if left <= 0:
                break
            k = left if n == ALL else min(left, n)
            left -= k
            _log(g, ev, k, src.name)
        if left <= 0:
            return None
        return ev.with_amount(left)


def _rest(s: Shield) -> tuple[str, bool, int, int, int, bool]:
    return (s.source_name, s.combat, s.to_player, s.to_oid, s.by_oid, s.once)


def _statics(g: GameState, ev: DamageDealt) -> list[tuple[Permanent, int]]:
    out: list[tuple[Permanent, int]] = []
    for p in g.battlefield:
        if p.face_down:
            continue
        for st in p.card.cdef.statics:
            if st.affects_damage:
                n = st.prevents(g, p, ev)
                if n is not None:
                    out.append((p, n))
    return out


def _log(g: GameState, ev: DamageDealt, n: int, by: str) -> None:
    if ev.player is not None:
        to = Msg("{player}", player=g.pname(ev.player))
    elif ev.target is not None:
        to = layers.shown_msg(ev.target)
    else:
        return
    g.emit(
        "prevent",
        "{n} damage {card!c} would deal to {to} is prevented by {by!c}",
        "615.1a",
        n=n,
        card=ev.source_name,
        to=to,
        by=by,
    )


PREVENTION = Prevention()
