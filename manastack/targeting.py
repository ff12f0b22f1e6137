"""Targets (115): which objects and players a spell or ability may target, checked when it is
put on the stack (601.2c, 603.3d) and again as it resolves (608.2b)."""

from __future__ import annotations

from manastack import layers
from manastack.actions import Action, ChooseTarget, player_target, target_player
from manastack.errors import IllegalAction
from manastack.i18n import Msg, ability_of, card_msg
from manastack.state import Card, GameState, Permanent, StackItem
from manastack.vocabulary.base import CardDef, TargetSpec

_NO_COLORS: frozenset[str] = frozenset()
_FACE_DOWN_SPELL = layers.Quality(_NO_COLORS, frozenset({"Creature"}))


def card_quality(cdef: CardDef) -> layers.Quality:
    """A card's colours and types, as protection sees a spell (702.16a)."""
    return layers.Quality(cdef.colors, cdef.types, cdef.subtypes)


def item_quality(g: GameState, item: StackItem | None) -> layers.Quality:
    """The colours and types of a spell (its card's), or of an ability's source (113.7a: as it
    last was if it has left): what protection (702.16b) looks at."""
    if item is None:
        return layers.NO_QUALITY
    if item.kind == "spell":
        if item.card is None:
            return layers.NO_QUALITY
        return _FACE_DOWN_SPELL if item.face_down else card_quality(item.card.cdef)
    if item.source_oid is not None:
        src = g.permanent(item.source_oid)
        if src is not None:
            return layers.quality(src)
    data = item.data or {}
    colors: frozenset[str] = data.get("colors", _NO_COLORS)
    types: frozenset[str] = data.get("types", _NO_COLORS)
    return layers.Quality(colors, types)


def untargetable(g: GameState, p: Permanent, you: int, source: layers.Quality) -> str | None:
    """Why ``p`` can't be the target of a spell or ability controlled by ``you`` whose source
    has the quality ``source`` (shroud 702.18a, hexproof 702.11b, protection 702.16b), or
    None."""
    if not (p.card.cdef.keywords or g.effects or layers.any_granting(g)):
        return None
    kws = layers.keywords(g, p)
    if not kws:
        return None
    if "shroud" in kws:
        return "702.18a"
    if p.controller != you and "hexproof" in kws:
        return "702.11b"
    if layers.protection_word(kws, source) is not None:
        return "702.16b"
    return None


def is_legal(
    g: GameState,
    spec: TargetSpec,
    target: int,
    item: StackItem | None,
    you: int = 0,
    source: layers.Quality | None = None,
) -> bool:
    """Whether ``target`` fits ``spec`` for ``item`` (or, before it exists, for player ``you``
    and a source of quality ``source``)."""
    if item is not None:
        you = item.controller
    pi = target_player(target)
    if pi is not None:
        if spec.opponent and pi == you:
            return False
        return spec.player and 0 <= pi < len(g.players) and not g.players[pi].left
    if spec.graveyard is not None:
        return any(c.cid == target for c in graveyard_cards(g, spec, you))
    if spec.permanent is not None:
        q = item_quality(g, item) if source is None else source
        for p in g.battlefield:
            if p.oid == target:
                return spec.permanent.permanent(g, p, you) and untargetable(g, p, you, q) is None
    if spec.spell is not None:
        for s in g.stack:
            if s.oid == target:
                return _spell_ok(g, spec, s, item, you)
    return False


def _spell_ok(
    g: GameState, spec: TargetSpec, s: StackItem, item: StackItem | None, you: int
) -> bool:
    if not s.is_spell or s is item or (item is not None and s.oid == item.oid):
        return False  # 115.5: a spell or ability on the stack can't target itself
    return spec.spell is not None and spec.spell.spell(g, s, you)


def graveyard_cards(g: GameState, spec: TargetSpec, you: int) -> list[Card]:
    """115.1: the cards of ``you``'s graveyard ``spec`` may target ("from your graveyard")."""
    types = spec.graveyard
    if types is None:
        return []
    out = [c for c in g.players[you].graveyard if not types or c.cdef.types & types]
    if spec.subtype:
        out = [c for c in out if spec.subtype in c.cdef.subtypes]
    if spec.max_value is not None:
        top = spec.max_value
        out = [c for c in out if c.cdef.mana_value <= top]
    return out


def spell_types(s: StackItem) -> frozenset[str]:
    if s.face_down:
        return frozenset({"Creature"})  # 708.4: a face-down spell is a 2/2 creature spell
    return s.card.cdef.types if s.card else frozenset()


def legal_targets(
    g: GameState, spec: TargetSpec, item: StackItem | None, you: int = 0
) -> list[int]:
    """Every legal choice for ``spec``, players first (in turn order), then permanents, then
    spells top of the stack first."""
    if item is not None:
        you = item.controller
    out: list[int] = []
    if spec.player:
        out.extend(
            player_target(p.idx)
            for p in g.players
            if not p.left and not (spec.opponent and p.idx == you)
        )
    f = spec.permanent
    if f is not None:
        q = item_quality(g, item)
        out.extend(
            p.oid
            for p in g.battlefield
            if f.permanent(g, p, you) and untargetable(g, p, you, q) is None
        )
    if spec.spell is not None:
        out.extend(s.oid for s in reversed(g.stack) if _spell_ok(g, spec, s, item, you))
    if spec.graveyard is not None:
        seen: set[str] = set()
        for c in graveyard_cards(g, spec, you):
            if c.cdef.name not in seen:  # identical cards in a graveyard: one option
                seen.add(c.cdef.name)
                out.append(c.cid)
    return out


def has_legal_target(
    g: GameState,
    spec: TargetSpec,
    item: StackItem | None,
    you: int = 0,
    source: layers.Quality = layers.NO_QUALITY,
    casting: int | None = None,
) -> bool:
    """Whether ``spec`` has a legal choice for ``item`` (or, before it exists, for player
    ``you`` and a source of quality ``source``). ``casting``: the card about to be cast (from
    a graveyard: flashback), which will be on the stack, not among the cards it may target."""
    if item is not None:
        you = item.controller
        source = item_quality(g, item)
    # Plain loops, not any() over generators: this is asked for each card at each listing.
    if spec.player:
        for pl in g.players:
            if not pl.left and not (spec.opponent and pl.idx == you):
                return True
    f = spec.permanent
    if f is not None:
        for p in g.battlefield:
            if f.permanent(g, p, you) and untargetable(g, p, you, source) is None:
                return True
    if spec.spell is not None:
        for s in g.stack:
            if _spell_ok(g, spec, s, item, you):
                return True
    if casting is None:
        return bool(graveyard_cards(g, spec, you))
    return any(c.cid != casting for c in graveyard_cards(g, spec, you))


_TARGET_RULE = {"spell": "601.2c", "activated": "602.2b", "triggered": "603.3d"}


def choose(g: GameState, pi: int, oid: int, idx: int, target: int) -> StackItem:
    """Add ``target`` as target ``idx`` of the spell or ability ``oid`` being put on the stack
    (601.2c, 602.2b, 603.3d), or refuse it. Returns the item."""
    item = g.stack_item(oid)
    assert item is not None
    spec = item.target_specs[idx]
    rule = _TARGET_RULE[item.kind]
    whose = card_msg(item.source_name) if item.kind == "spell" else ability_of(item.source_name)
    if not is_legal(g, spec, target, item):
        p = g.permanent(target)
        why = untargetable(g, p, item.controller, item_quality(g, item)) if p else None
        raise IllegalAction(
            "target",
            "{target} is not a legal choice for {spec!t} of {whose}",
            why or rule,
            target=describe_msg(g, target),
            spec=spec.text,
            whose=whose,
        )
    item.targets.append(target)
    g.emit(
        "target",
        "{player} chooses {target} as {spec!t} for {whose}",
        rule,
        player=g.pname(pi),
        target=describe_msg(g, target),
        spec=spec.text,
        whose=whose,
    )
    p = g.permanent(target)
    if p is not None:
        from manastack.events import happen
        from manastack.events.types import BecameTarget

        happen(g, BecameTarget(p, item))
    return item


def target_prompt(g: GameState, pi: int, oid: int, idx: int) -> Msg:
    item = g.stack_item(oid)
    spec = item.target_specs[idx].text if item else "target"
    return Msg(
        "{player}: choose {spec!t} for {card!c}",
        player=g.pname(pi),
        spec=spec,
        card=item.source_name if item else "?",
    )


def target_options(g: GameState, pi: int, oid: int, idx: int) -> list[Action]:
    item = g.stack_item(oid)
    if item is None:
        return []
    return [ChooseTarget(pi, t) for t in legal_targets(g, item.target_specs[idx], item)]


def describe_msg(g: GameState, target: int) -> str | Msg:
    """:func:`describe` for a log in any language (a player's name is a name in every one)."""
    pi = target_player(target)
    if pi is not None:
        if pi < len(g.players):
            return g.players[pi].name
        return Msg("player {n} (no such player)", n=pi + 1)
    for p in g.battlefield:
        if p.oid == target:
            return card_msg(p.name if not p.face_down else "a face-down creature")
    for s in g.stack:
        if s.oid == target:
            return card_msg(s.source_name)
    return Msg("object {n}", n=target)


def describe(g: GameState, target: int) -> str:
    pi = target_player(target)
    if pi is not None:
        return g.players[pi].name if pi < len(g.players) else f"player {pi + 1} (no such player)"
    for p in g.battlefield:
        if p.oid == target:
            return p.name if not p.face_down else "a face-down creature"
    for s in g.stack:
        if s.oid == target:
            return s.source_name
    for pl in g.players:
        for c in pl.graveyard:
            if c.cid == target:
                return f"{c.name} (in {pl.name}'s graveyard)"
    return f"object {target}"
