"""The one pipeline: replacement and prevention (614-616), then the change, then triggers (603.2).

Triggered abilities come from the objects in the game: the card definitions of the permanents on
the battlefield (as it is after the event, or as it was before for leaves-the-battlefield events,
603.10a), the cards in exile whose abilities work there (suspend, 702.62), and the delayed
triggers waiting (603.7). A triggered ability that triggers waits in ``g.triggered`` until a
player would next receive priority (603.3).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from manastack.events.types import GameEvent, LeavesBattlefield
from manastack.layers import (
    ABILITY_GRANTING,
    TRIGGERED,
    any_ability_granting,
    battlefield_kinds,
    granted_abilities,
)
from manastack.replacement import replaced
from manastack.state import (
    EXILE_TRIGGERED,
    Card,
    GameState,
    PendingTrigger,
    Permanent,
    card_kinds,
)
from manastack.vocabulary.base import TRIGGER_INTEREST, TriggeredAbility


def happen(g: GameState, ev: GameEvent) -> GameEvent | None:
    """Make ``ev`` happen. Returns the event as it happened, or None if replaced away."""
    done = replaced(g, ev)
    if done is None:
        return None
    done.apply(g)
    if g.control_base and isinstance(done, LeavesBattlefield):
        from manastack.vocabulary.attach import update_control

        update_control(g)  # 613.1b: a control-changing Aura left: control goes back
    triggers(g, done)
    return done


BATCH = 8
"""A batch of more parts than this is matched through an index (see ``_batch_triggers``)."""


def triggers(g: GameState, ev: GameEvent) -> None:
    """603.2: every triggered ability whose trigger event ``ev`` is, triggers once per match."""
    parts = ev.parts()
    if not parts:
        return
    kinds = g.bf_kinds  # kept by the state until a permanent enters or leaves
    if kinds < 0:
        kinds = battlefield_kinds(g)
    granted = (kinds & ABILITY_GRANTING) != 0
    sources = ev.looks_back()
    if sources is None:
        sources = g.battlefield
        # No permanent's card has a triggered ability, and none is given one: only exile
        # and the delayed triggers can trigger (the usual case in many decks).
        scan = granted or (kinds & TRIGGERED) != 0
    else:
        scan = True  # the permanents as they were (603.10a): looked at one by one
    if len(parts) > BATCH:
        _batch_triggers(g, parts, sources)
        return
    in_cards = g.card_kinds
    if in_cards < 0:
        in_cards = card_kinds(g)
    exiled = (in_cards & EXILE_TRIGGERED) != 0  # most games have no card that triggers in exile
    for part in parts:
        if not TRIGGER_INTEREST.wants(type(part)):
            continue  # no kind of trigger looks at this kind of event
        if exiled:
            _exile_and_delayed(g, part, before=True)
        if scan:
            for src in sources:
                if src.face_down:
                    continue
                for ab in src.card.cdef.triggered:
                    if ab.trigger.matches(g, part, src, src.controller):
                        queue_trigger(g, ab, src, info=ab.trigger.info(part))
                if granted:
                    for ab in _granted_triggered(g, src):
                        if ab.trigger.matches(g, part, src, src.controller):
                            queue_trigger(g, ab, src, info=ab.trigger.info(part))
        if g.delayed:
            _exile_and_delayed(g, part, before=False)


def _granted_triggered(g: GameState, src: Permanent) -> list[TriggeredAbility]:
    """613.1f: the triggered abilities static abilities give ``src``."""
    return [ab for ab in granted_abilities(g, src) if isinstance(ab, TriggeredAbility)]


def _batch_triggers(g: GameState, parts: Sequence[GameEvent], sources: list[Permanent]) -> None:
    """As ``triggers``, in the same order, for a batch of many parts (a Wrath over thousands of
    creatures): an ability that only sees its own source's event ("when ~ dies") is asked about
    that event alone, so the work is linear in parts + sources, not their product."""
    general: list[tuple[int, int, Permanent, TriggeredAbility]] = []
    own: dict[int, list[tuple[int, int, Permanent, TriggeredAbility]]] = {}
    granted = any_ability_granting(g)
    for pos, src in enumerate(sources):
        if src.face_down:
            continue
        its = src.card.cdef.triggered
        if granted:
            its = (*its, *_granted_triggered(g, src))
        for k, ab in enumerate(its):
            if ab.trigger.only_its_source():
                own.setdefault(id(src), []).append((pos, k, src, ab))
            else:
                general.append((pos, k, src, ab))
    positions = [pos for pos, _, _, _ in general]
    for part in parts:
        if not TRIGGER_INTEREST.wants(type(part)):
            continue
        _exile_and_delayed(g, part, before=True)
        subject = getattr(part, "permanent", None)
        mine = own.get(id(subject), []) if subject is not None else []
        if mine:
            # The subject's own abilities go where its position puts them among the others.
            lo = bisect_left(positions, mine[0][0])
            hi = bisect_right(positions, mine[0][0])
            order = [*general[:lo], *sorted([*general[lo:hi], *mine]), *general[hi:]]
        else:
            order = general
        for _, _, src, ab in order:
            if ab.trigger.matches(g, part, src, src.controller):
                queue_trigger(g, ab, src, info=ab.trigger.info(part))
        _exile_and_delayed(g, part, before=False)


def _exile_and_delayed(g: GameState, part: GameEvent, *, before: bool) -> None:
    """Cards in exile whose abilities work there (before the permanents' abilities), and the
    delayed triggers waiting (after them), as 603.2 finds them for one part of an event."""
    if before:
        kinds = g.card_kinds
        if kinds < 0:
            kinds = card_kinds(g)
        if kinds & EXILE_TRIGGERED:
            for pl in g.players:
                if pl.left:
                    continue
                for card in pl.exile:
                    for ab in card.cdef.exile_triggered:
                        if ab.trigger.matches(g, part, card, card.owner):
                            queue_card_trigger(g, ab, card)
        return
    if g.delayed:
        keep = []
        for d in g.delayed:
            if d.trigger.matches(g, part, None, d.controller):
                g.triggered += (PendingTrigger(d.ability, d.controller, d.source_name, None),)
                g.emit(
                    "trigger",
                    "{card!c}'s delayed triggered ability triggers",
                    "603.7b",
                    card=d.source_name,
                )
            else:
                keep.append(d)
        if len(keep) != len(g.delayed):  # the tuple stays shared with clones when none triggered
            g.delayed = tuple(keep)


def queue_trigger(
    g: GameState,
    ab: TriggeredAbility,
    src: Permanent,
    controller: int | None = None,
    info: dict[str, object] | None = None,
) -> None:
    """603.2: the ability triggers now; it waits to go on the stack until 603.3."""
    who = src.controller if controller is None else controller
    if ab.condition is not None and not ab.condition.holds_for(g, info, who, src.oid):
        return  # 603.4: an intervening "if" false as it would trigger
    g.triggered += (PendingTrigger(ab, who, src.name, src.oid, info),)
    line, rule = ab.trigger.announce(src.name, ab.text)
    g.emit("trigger", line.template, rule, **line.params)


def queue_card_trigger(g: GameState, ab: TriggeredAbility, card: Card) -> None:
    """603.2 for an ability that works from a zone other than the battlefield (a suspended card
    in exile): its controller is the card's owner; the card is remembered by its id."""
    info: dict[str, object] = {"cid": card.cid}
    if ab.condition is not None and not ab.condition.holds(g, info):
        return
    g.triggered += (PendingTrigger(ab, card.owner, card.name, None, info),)
    line, rule = ab.trigger.announce(card.name, ab.text)
    g.emit("trigger", line.template, rule, **line.params)
