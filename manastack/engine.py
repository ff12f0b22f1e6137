"""The engine's flow: ``apply`` checks an action against the pending decision and performs it
(or refuses it, changing nothing); ``advance`` then runs the game — turn-based actions,
state-based actions, triggers, priority, resolution — until the next decision is needed.

117.5: each time a player would receive priority, state-based actions are checked first (and
repeated), then triggered abilities go on the stack, until neither happens.
"""

from __future__ import annotations

from collections.abc import Callable

from manastack import casting, combat, loops, rulesets, special, stack, triggers, turn
from manastack.actions import (
    Action,
    ActivateAbility,
    ActivateMana,
    AssignDamage,
    CastSpell,
    Choose,
    ChooseTarget,
    Concede,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    FinishDeclaration,
    KeepLegend,
    Pass,
    PayMana,
    PlayLand,
    PutTrigger,
    SuspendCard,
    TurnFaceUp,
)
from manastack.decisions import legal_actions
from manastack.errors import IllegalAction
from manastack.players import concede
from manastack.state import GameState, Kind, Pending
from manastack.steps import Step


def advance(g: GameState) -> None:
    while not g.game_over and g.pending is None and not g.halted:
        st = g.stage
        if st == "priority":
            state_checks(g)
            if g.pending is not None or g.game_over:
                return
            give_priority(g)
        elif st == "begin_step":
            turn.begin_step(g)
        elif st == "setup_untap":
            turn.begin_step(g, keep_sick=True)
        elif st == "end_step":
            turn.end_step(g)
        elif st == "cleanup_check":
            if state_checks(g):
                if g.pending is not None or g.game_over:
                    # A trigger needs ordering or a target first; check again after.
                    continue
                g.emit("tba", "something happened in cleanup: players get priority", "514.3a")
                g.stage = "priority"
                g.priority_player = g.active
                g.priority_rule = "514.3a"
                g.passes = 0
            else:
                turn.end_step(g)
        else:
            raise AssertionError(f"unknown stage {st}")


def state_checks(g: GameState) -> bool:
    """117.5 / 704.3: SBAs until none apply, then triggers to the stack; repeat."""
    happened = False
    rules = rulesets.get(g.ruleset)
    while True:
        acted = rules.state_based_actions(g)
        if g.game_over or g.pending is not None:
            return True
        if acted:
            happened = True
            continue
        moved = triggers.flush(g)
        if g.pending is not None:
            return True
        if moved:
            happened = True
            continue
        return happened


def give_priority(g: GameState) -> None:
    pi = g.priority_player
    if g.players[pi].left:
        pi = g.next_player(pi)  # 800.4j: the turn goes on without an active player
        g.priority_player = pi
    if (
        g.halt_at is not None
        and (g.turn, g.step) >= g.halt_at
        and g.priority_rule in ("117.3a", "514.3a")
    ):
        g.halted = True
    g.pending = Pending(Kind.PRIORITY, pi)
    g.emit("priority", f"{g.pname(pi)} receives priority", g.priority_rule)


def apply(g: GameState, a: Action) -> GameState:
    """Perform ``a`` and advance. Returns the state to continue with: ``g`` itself, or the
    state rewound to before a withdrawn spell (733). Raises IllegalAction, changing nothing."""
    if g.game_over:
        raise IllegalAction("priority", "the game is over", "104.1")
    if not 0 <= a.player < len(g.players) or g.players[a.player].left:
        raise IllegalAction("unknown", f"there is no player {a.player} in the game", "102.1")
    if isinstance(a, Concede):
        pend = g.pending
        loops.end_stretch(g)
        concede(g, a.player)
        if not g.game_over and pend is not None:
            after_leave(g, pend, a.player)
        _continue(g)
        return g
    pend = g.pending
    if pend is None:
        raise IllegalAction("priority", "nobody is being asked anything now", "117.1")
    if a.player != pend.player:
        raise IllegalAction(
            "priority",
            f"{g.pname(a.player)} is not being asked: {g.pname(pend.player)} is "
            f"({pend.kind.value})",
            "117.1",
        )
    handler = _HANDLERS.get((pend.kind, type(a)))
    if handler is None:
        if (
            isinstance(a, Choose)
            and a.option == "cancel"
            and pend.kind
            in (
                Kind.TARGET,
                Kind.PAY_MANA,
            )
        ):
            if g.cast_snapshot is None:
                casting.withdraw(g)
                advance(g)
                return g
            restored = casting.cancel(g)
            advance(restored)
            return restored
        raise IllegalAction(
            "priority",
            f"{g.pname(a.player)} is being asked for {pend.kind.value.replace('_', ' ')}, "
            f"not {type(a).__name__}",
            "117.1",
        )
    handler(g, a)
    loops.note_answer(g, pend, a)
    _continue(g)
    return g


def after_leave(g: GameState, pend: Pending, pi: int) -> None:
    """800.4a / 800.4j: a player left while a decision was pending; carry on with what that
    decision was part of, without them."""
    k = pend.kind
    if pend.player != pi:
        if k is Kind.ASSIGN_DAMAGE:
            g.pending = pend  # blockers may have left: go through the attackers again
            combat.begin_damage(g, pend.context["first"])
        elif k is Kind.PAY_OR_DECLINE and g.resolving is None:
            # The ability asking for the payment left with its controller (800.4a).
            g.pending = None
            _after_resolution(g)
        elif k in (Kind.TARGET, Kind.TRIGGER_TARGET) and not legal_actions(g):
            if k is Kind.TARGET:
                casting.withdraw(g)  # 601.2c can't be done any more: 733
            else:
                item = g.stack_item(pend.context["item"])
                if item is not None:
                    g.stack.remove(item)  # 603.3d: no legal target, it is removed
                g.pending = None
        return
    if k is Kind.DISCARD and g.stage == "cleanup_discard":
        turn.finish_cleanup(g)
    elif k is Kind.DECLARE_ATTACKERS and g.combat is not None:
        combat.finish_attackers(g)
    elif k is Kind.DECLARE_BLOCKERS and g.combat is not None:
        g.combat.blockers_declared.append(pi)
        combat.begin_declare_blockers(g)
    elif k is Kind.ASSIGN_DAMAGE:
        combat.begin_damage(g, pend.context["first"])
    elif k in (Kind.PAY_OR_DECLINE, Kind.CAST_OR_DECLINE):
        if g.resolving is not None:
            stack.resume(g)
        _after_resolution(g)


def _continue(g: GameState) -> None:
    if g.halted and g.pending is None:
        g.halted = False
    advance(g)


# --- handlers ----------------------------------------------------------------------------------


def _pass(g: GameState, a: Action) -> None:
    assert isinstance(a, Pass)
    g.pending = None
    g.emit("pass", f"{g.pname(a.player)} passes", "117.3d")
    g.passes += 1
    if g.passes < sum(1 for p in g.players if not p.left):  # 117.4: all players in the game
        g.priority_player = g.next_player(a.player)
        g.priority_rule = "117.3d"
        g.stage = "priority"
        return
    g.passes = 0
    if g.stack:
        stack.resolve_top(g)
        _after_resolution(g)
        loops.after_resolution(g)
        return
    loops.end_stretch(g)
    g.emit("step", f"all players passed with an empty stack: the {g.step.title} ends", "117.4")
    if g.step is Step.CLEANUP:
        g.stage = "cleanup_again"
    turn.end_step(g)


def _after_resolution(g: GameState) -> None:
    if g.pending is not None:
        return  # the resolution waits for a choice
    g.stage = "priority"
    g.priority_player = g.active
    g.priority_rule = "117.3b"


def _keep_priority(g: GameState, pi: int, rule: str) -> None:
    g.pending = None
    g.stage = "priority"
    g.priority_player = pi
    g.priority_rule = rule


def _play_land(g: GameState, a: Action) -> None:
    assert isinstance(a, PlayLand)
    casting.play_land(g, a)
    _keep_priority(g, a.player, "116.3")


def _cast(g: GameState, a: Action) -> None:
    assert isinstance(a, CastSpell)
    casting.check_priority(g, a.player, "cast a spell")
    casting.cast_spell(g, a)


def _activate(g: GameState, a: Action) -> None:
    assert isinstance(a, ActivateAbility)
    casting.activate(g, a)


def _mana(g: GameState, a: Action) -> None:
    assert isinstance(a, ActivateMana)
    casting.activate_mana(g, a)


def _target(g: GameState, a: Action) -> None:
    assert isinstance(a, ChooseTarget)
    casting.choose_target(g, a.player, a.target)


def _pay(g: GameState, a: Action) -> None:
    assert isinstance(a, PayMana)
    casting.pay(g, a)
    if g.resolving is not None:
        # A spell cast during a resolution (suspend): the resolution then finishes (608.2).
        stack.resume(g)
        _after_resolution(g)


def _pay_or_decline(g: GameState, a: Action) -> None:
    assert isinstance(a, Choose | PayMana)
    pend = g.pending
    assert pend is not None
    spell = g.stack_item(pend.context["spell"])
    option = a.option if isinstance(a, Choose) else "pay"
    if option not in ("pay", "decline"):
        raise IllegalAction("target", f"choose pay or decline, not {option!r}", "608.2d")
    if option == "pay":
        sources = a.sources if isinstance(a, PayMana) else None
        casting.pay_cost(
            g, a.player, pend.context["cost"], pend.context["by"], sources, rule="608.2d"
        )
        g.emit("choice", f"{g.pname(a.player)} pays; {pend.context['by']} does nothing", "608.2d")
    else:
        g.emit("choice", f"{g.pname(a.player)} declines to pay", "608.2d")
        if spell is not None:
            stack.counter(g, spell, pend.context["by"])
    g.pending = None
    stack.resume(g)
    _after_resolution(g)


def _declare_attacker(g: GameState, a: Action) -> None:
    assert isinstance(a, DeclareAttacker)
    combat.declare_attacker(g, a)


def _finish_attack(g: GameState, a: Action) -> None:
    combat.finish_attackers(g)


def _declare_blocker(g: GameState, a: Action) -> None:
    assert isinstance(a, DeclareBlocker)
    combat.declare_blocker(g, a)


def _finish_block(g: GameState, a: Action) -> None:
    combat.finish_blockers(g, a.player)


def _assign(g: GameState, a: Action) -> None:
    assert isinstance(a, AssignDamage)
    combat.assign(g, a)


def _put_trigger(g: GameState, a: Action) -> None:
    assert isinstance(a, PutTrigger)
    pend = g.pending
    assert pend is not None
    if a.index not in pend.context["options"]:
        raise IllegalAction("target", "that triggered ability is not waiting for you", "603.3b")
    g.pending = None
    triggers.put_on_stack(g, a.index)


def _trigger_target(g: GameState, a: Action) -> None:
    assert isinstance(a, ChooseTarget)
    triggers.choose_trigger_target(g, a.player, a.target)


def _discard(g: GameState, a: Action) -> None:
    assert isinstance(a, Discard)
    pend = g.pending
    assert pend is not None
    pl = g.players[a.player]
    card = next((c for c in pl.hand if c.cid == a.cid), None)
    if card is None:
        raise IllegalAction("unknown", "that card is not in your hand", "514.1")
    pl.hand.remove(card)
    pl.graveyard.append(card)
    g.emit("discard", f"{pl.name} discards {card.name}", pend.context.get("rule", "701.9a"))
    left = pend.context["count"] - 1
    if left > 0:
        pend.context["count"] = left
        return
    g.pending = None
    if g.stage == "cleanup_discard":
        turn.finish_cleanup(g)


def _keep_legend(g: GameState, a: Action) -> None:
    assert isinstance(a, KeepLegend)
    pend = g.pending
    assert pend is not None
    if a.oid not in pend.context["options"]:
        raise IllegalAction("target", "choose one of the legendary permanents named", "704.5j")
    g.legend_choice = {**(g.legend_choice or {}), a.player: a.oid}
    g.pending = None


def _turn_face_up(g: GameState, a: Action) -> None:
    assert isinstance(a, TurnFaceUp)
    special.turn_face_up(g, a)
    _keep_priority(g, a.player, "116.3")


def _suspend(g: GameState, a: Action) -> None:
    assert isinstance(a, SuspendCard)
    special.suspend(g, a)
    _keep_priority(g, a.player, "116.3")


def _choose_color(g: GameState, a: Action) -> None:
    assert isinstance(a, Choose)
    casting.choose_color(g, a.player, a.option)


def _cast_or_decline(g: GameState, a: Action) -> None:
    special.answer_free_cast(g, a)
    if g.pending is None:
        stack.resume(g)
        _after_resolution(g)


_HANDLERS: dict[tuple[Kind, type], Callable[[GameState, Action], None]] = {
    (Kind.PRIORITY, Pass): _pass,
    (Kind.PRIORITY, PlayLand): _play_land,
    (Kind.PRIORITY, CastSpell): _cast,
    (Kind.PRIORITY, ActivateAbility): _activate,
    (Kind.PRIORITY, ActivateMana): _mana,
    (Kind.PRIORITY, TurnFaceUp): _turn_face_up,
    (Kind.PRIORITY, SuspendCard): _suspend,
    (Kind.TARGET, ChooseTarget): _target,
    (Kind.PAY_MANA, PayMana): _pay,
    (Kind.PAY_MANA, ActivateMana): _mana,
    (Kind.PAY_OR_DECLINE, Choose): _pay_or_decline,
    (Kind.PAY_OR_DECLINE, PayMana): _pay_or_decline,
    (Kind.PAY_OR_DECLINE, ActivateMana): _mana,
    (Kind.DECLARE_ATTACKERS, DeclareAttacker): _declare_attacker,
    (Kind.DECLARE_ATTACKERS, FinishDeclaration): _finish_attack,
    (Kind.DECLARE_BLOCKERS, DeclareBlocker): _declare_blocker,
    (Kind.DECLARE_BLOCKERS, FinishDeclaration): _finish_block,
    (Kind.ASSIGN_DAMAGE, AssignDamage): _assign,
    (Kind.ORDER_TRIGGERS, PutTrigger): _put_trigger,
    (Kind.TRIGGER_TARGET, ChooseTarget): _trigger_target,
    (Kind.DISCARD, Discard): _discard,
    (Kind.CHOOSE_LEGEND, KeepLegend): _keep_legend,
    (Kind.CAST_OR_DECLINE, CastSpell): _cast_or_decline,
    (Kind.CHOOSE_COLOR, Choose): _choose_color,
    (Kind.CAST_OR_DECLINE, Choose): _cast_or_decline,
}
