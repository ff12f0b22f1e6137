"""Putting triggered abilities on the stack (603.3): the next time a player would receive
priority, each player in APNAP order puts theirs on the stack in the order they choose (603.3b,
405.3), choosing targets as each goes on (603.3d); one with no legal target is removed."""

from __future__ import annotations

from manastack import targeting
from manastack.cards.model import AddMana, StepTrigger, StillSuspended, TriggeredAbility
from manastack.state import GameState, Kind, Pending, PendingTrigger, StackItem
from manastack.steps import Step
from manastack.zones import queue_trigger


def condition_holds(g: GameState, ab: TriggeredAbility, info: dict[str, object] | None) -> bool:
    """603.4: an intervening "if" clause."""
    cond = ab.condition
    if cond is None:
        return True
    if isinstance(cond, StillSuspended):
        return (info or {}).get("cid") in g.suspended
    return True


def identical(ts: list[PendingTrigger]) -> bool:
    """Same source name and same text: their order can't matter, so nobody is asked."""
    first = ts[0]
    return all(t.source_name == first.source_name and t.ability == first.ability for t in ts)


def flush(g: GameState) -> bool:
    """Put waiting triggers on the stack until one needs a decision. True if any moved."""
    moved = False
    while g.triggered and g.pending is None:
        for pi in g.in_game():
            mine = [k for k, t in enumerate(g.triggered) if t.controller == pi]
            if not mine:
                continue
            if len(mine) > 1 and not identical([g.triggered[k] for k in mine]):
                g.pending = Pending(Kind.ORDER_TRIGGERS, pi, {"options": mine})
                return True
            moved = True
            put_on_stack(g, mine[0])
            break
        else:
            # Only triggers of players who left remain: they cease to exist (800.4a).
            g.triggered.clear()
    return moved


def put_on_stack(g: GameState, index: int) -> None:
    t = g.triggered.pop(index)
    ab = t.ability
    item = StackItem(
        g.new_id(),
        "triggered",
        t.controller,
        t.source_name,
        ab.effects,
        ab.targets,
        source_oid=t.source_oid,
        ability=ab,
    )
    if t.info:
        item.data = dict(t.info)
    if ab.targets:
        options = targeting.legal_targets(g, ab.targets[0], None)
        if not options:
            g.emit(
                "trigger",
                f"{t.source_name}'s ability is removed from the stack: no legal target",
                "603.3d",
            )
            return
        g.stack.append(item)
        g.pending = Pending(Kind.TRIGGER_TARGET, t.controller, {"item": item.oid, "index": 0})
        g.emit("trigger", f"{t.source_name}'s triggered ability is put on the stack", "603.3b")
        return
    g.stack.append(item)
    g.emit("trigger", f"{t.source_name}'s triggered ability is put on the stack", "603.3b")


def choose_trigger_target(g: GameState, pi: int, target: int) -> None:
    item, idx = targeting.choose(g, pi, target)
    if idx + 1 < len(item.target_specs):
        g.pending = Pending(Kind.TRIGGER_TARGET, pi, {"item": item.oid, "index": idx + 1})
    else:
        g.pending = None


def step_triggers(g: GameState, step: Step) -> None:
    """At the beginning of a step (or phase): abilities that trigger on it, and delayed ones."""
    for p in list(g.battlefield):
        if p.face_down:
            continue
        for ab in p.card.cdef.abilities:
            if (
                isinstance(ab, TriggeredAbility)
                and isinstance(ab.trigger, StepTrigger)
                and ab.trigger.step is step
                and (ab.trigger.whose == "each" or p.controller == g.active)
            ):
                queue_trigger(g, ab, p)
    if step.is_main and g.delayed:
        keep = []
        for d in g.delayed:
            mine = d.controller == g.active
            later = (g.turn, step) != (d.created_turn, d.created_step)
            if d.event == "next_main" and mine and later:
                ab = TriggeredAbility(
                    StepTrigger(step),
                    (AddMana("C" * d.amount),) if d.amount else (),
                    f"add {{C}} x{d.amount} (delayed)",
                )
                g.triggered.append(PendingTrigger(ab, d.controller, d.source_name, None))
                g.emit(
                    "trigger",
                    f"{d.source_name}'s delayed triggered ability triggers",
                    "603.7b",
                )
            else:
                keep.append(d)
        g.delayed = keep
