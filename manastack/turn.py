"""Turn structure (500-514): entering steps, their turn-based actions (703), and moving on."""

from __future__ import annotations

from manastack import combat, rulesets
from manastack.special import upkeep_triggers
from manastack.state import GameState, Kind, Pending
from manastack.steps import Step
from manastack.triggers import step_triggers
from manastack.zones import draw

NO_PRIORITY = frozenset({Step.UNTAP, Step.CLEANUP})
MAX_HAND = 7


def begin_step(g: GameState, keep_sick: bool = False) -> None:
    """Do the step's turn-based actions, then give the active player priority (117.3a), or,
    for a step without priority, go straight on."""
    step = g.step
    # A halting point is reached at its step, or at the first step after it when the step
    # itself doesn't happen (103.8a, 508.8).
    if g.halt_at is not None and (g.turn, step) >= g.halt_at and step in NO_PRIORITY:
        g.halted = True
        return
    ap = g.players[g.active]
    g.stage = "priority"
    g.priority_player = g.active
    g.priority_rule = "117.3a"
    g.passes = 0
    if step is Step.UNTAP:
        g.emit("turn", f"turn {g.turn} ({ap.name}) begins: untap step", "502.1")
        for pl in g.players:
            pl.lands_played = 0
        for p in g.battlefield:
            if p.controller == g.active:
                if not keep_sick:
                    p.sick = False  # 302.6: controlled continuously since this turn began
                if p.tapped:
                    p.tapped = False
        g.emit("untap", f"{ap.name} untaps their permanents", "502.3")
        g.stage = "end_step"  # 502.4: no priority in the untap step
        return
    g.emit("step", step.title, _STEP_RULE[step])
    if step is Step.DRAW and not ap.left:
        g.emit("tba", f"{ap.name} draws for the turn", "504.1")
        draw(g, g.active)
    elif step is Step.DECLARE_ATTACKERS:
        combat.begin_declare_attackers(g)
    elif step is Step.DECLARE_BLOCKERS:
        combat.begin_declare_blockers(g)
    elif step is Step.FIRST_STRIKE_DAMAGE:
        rulesets.get(g.ruleset).combat_damage(g, True)
    elif step is Step.COMBAT_DAMAGE:
        rulesets.get(g.ruleset).combat_damage(g, False)
    elif step is Step.CLEANUP:
        begin_cleanup(g)
        return
    if step is Step.UPKEEP:
        upkeep_triggers(g)
    step_triggers(g, step)


def begin_cleanup(g: GameState) -> None:
    """514.1: discard down to maximum hand size; 514.2: then damage wears off and "until end of
    turn" effects end, at the same time."""
    ap = g.players[g.active]
    excess = len(ap.hand) - MAX_HAND
    if excess > 0 and not ap.left:
        g.pending = Pending(Kind.DISCARD, g.active, {"count": excess, "rule": "514.1"})
        g.stage = "cleanup_discard"
        return
    finish_cleanup(g)


def finish_cleanup(g: GameState) -> None:
    for p in g.battlefield:
        p.damage = 0
        p.deathtouched = False
        p.regen_shields = 0  # 701.19a: shields last until end of turn
    if g.effects:
        g.effects = [e for e in g.effects if not e.until_end_of_turn]
    g.emit("tba", 'damage wears off and "until end of turn" effects end', "514.2")
    # 514.3: no priority, unless state-based actions or triggers happen (514.3a).
    g.stage = "cleanup_check"


def end_step(g: GameState) -> None:
    """The step ends (500.2): mana empties (500.4), and the next step begins."""
    rulesets.get(g.ruleset).empty_pools(g)
    g.step = next_step(g)
    g.stage = "begin_step"


def next_step(g: GameState) -> Step:
    s = g.step
    if s is Step.UPKEEP:
        # 103.8a: in a two-player game the starting player skips their first draw step.
        if g.turn == 1 and g.active == g.first_player and len(g.players) == 2:
            g.emit("skip", f"{g.pname(g.active)} skips the first draw step", "103.8a")
            return Step.PRECOMBAT_MAIN
        return Step.DRAW
    if s is Step.DECLARE_ATTACKERS:
        if g.combat is None or not g.combat.attackers:
            return Step.END_OF_COMBAT  # 508.8
        return Step.DECLARE_BLOCKERS
    if s is Step.DECLARE_BLOCKERS:
        return Step.FIRST_STRIKE_DAMAGE if combat.has_first_strikers(g) else Step.COMBAT_DAMAGE
    if s is Step.END_OF_COMBAT:
        g.combat = None  # 511.3: creatures are removed from combat as the step ends
        return Step.POSTCOMBAT_MAIN
    if s is Step.CLEANUP:
        if g.stage == "cleanup_again":
            return Step.CLEANUP  # 514.3a: another cleanup step
        g.turn += 1
        g.active = g.next_player(g.active)
        return Step.UNTAP
    return Step(s + 1)


_STEP_RULE = {
    Step.UPKEEP: "503.1",
    Step.DRAW: "504.1",
    Step.PRECOMBAT_MAIN: "505.1",
    Step.BEGINNING_OF_COMBAT: "507.1",
    Step.DECLARE_ATTACKERS: "508.1",
    Step.DECLARE_BLOCKERS: "509.1",
    Step.FIRST_STRIKE_DAMAGE: "510.4",
    Step.COMBAT_DAMAGE: "510.1",
    Step.END_OF_COMBAT: "511.1",
    Step.POSTCOMBAT_MAIN: "505.1",
    Step.END: "513.1",
    Step.CLEANUP: "514.1",
}
