"""Carrying out a command of the command language (scenario lines, the terminal) as a sequence of
engine actions, all or nothing: if any step is refused, the game is put back exactly as it was
and the refusal is raised."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from manastack import casting, targeting
from manastack.actions import (
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
    player_target,
)
from manastack.cards.model import ManaAbility, StaticAbility, TriggeredAbility
from manastack.errors import IllegalAction
from manastack.game import Game
from manastack.mana import color_letter
from manastack.scenario import commands as C
from manastack.state import GameState, Kind, Permanent


@dataclass
class Plans:
    """Answers a command gave in advance: the rest of an ``order`` line, per player."""

    order: dict[int, list[str]] = field(default_factory=dict)


def execute(
    game: Game,
    pi: int,
    cmd: C.Command | C.Unparsed,
    plans: Plans | None = None,
    *,
    finish_blocks: bool = True,
) -> None:
    """Carry out ``cmd`` for player ``pi`` atomically."""
    if isinstance(cmd, C.Unparsed):
        raise IllegalAction("unknown", f"not a command: {cmd.problem}", None)
    before = game.state
    game.state = before.clone()
    try:
        _run(game, pi, cmd, plans or Plans(), finish_blocks)
    except IllegalAction:
        game.state = before
        raise


def _ask(game: Game) -> tuple[Kind, int] | None:
    p = game.state.pending
    return None if p is None or game.state.game_over else (p.kind, p.player)


def _expect(game: Game, pi: int, kinds: tuple[Kind, ...], what: str) -> None:
    ask = _ask(game)
    if ask is None or ask[1] != pi or ask[0] not in kinds:
        g = game.state
        if ask is None:
            now = "nobody is being asked anything"
        else:
            now = f"{g.pname(ask[1])} is being asked for {ask[0].value.replace('_', ' ')}"
        raise IllegalAction("priority", f"{g.pname(pi)} can't {what} now: {now}", "117.1")


def _run(game: Game, pi: int, cmd: C.Command, plans: Plans, finish_blocks: bool) -> None:
    g = game.state
    if isinstance(cmd, C.Concede):
        game.apply(Concede(pi))
    elif isinstance(cmd, C.Pass):
        _expect(game, pi, (Kind.PRIORITY,), "pass priority")
        game.apply(Pass(pi))
    elif isinstance(cmd, C.PlayLand):
        _expect(game, pi, (Kind.PRIORITY,), "play a land")
        card = _in_hand(g, pi, cmd.card)
        game.apply(PlayLand(pi, card))
    elif isinstance(cmd, C.Cast):
        _cast(game, pi, cmd)
    elif isinstance(cmd, C.Activate):
        _activate(game, pi, cmd)
    elif isinstance(cmd, C.Attack):
        _attack(game, pi, cmd)
    elif isinstance(cmd, C.Block):
        _block(game, pi, cmd, finish_blocks)
    elif isinstance(cmd, C.Assign):
        _assign(game, pi, cmd)
    elif isinstance(cmd, C.Order):
        _expect(game, pi, (Kind.ORDER_TRIGGERS,), "order triggered abilities")
        plans.order[pi] = [r.name for r in cmd.cards]
        follow_order_plan(game, pi, plans)
    elif isinstance(cmd, C.Choose):
        _choose(game, pi, cmd.words)
    elif isinstance(cmd, C.Discard):
        for ref in cmd.cards:
            _expect(game, pi, (Kind.DISCARD,), "discard")
            game.apply(Discard(pi, _in_hand(game.state, pi, ref)))
    elif isinstance(cmd, C.TurnFaceUp):
        _expect(game, pi, (Kind.PRIORITY,), "turn a permanent face up")
        perm = _permanent(game.state, pi, cmd.card, lambda p: p.face_down, "face-down permanent")
        game.apply(TurnFaceUp(pi, perm))
    elif isinstance(cmd, C.Suspend):
        _expect(game, pi, (Kind.PRIORITY,), "suspend a card")
        game.apply(SuspendCard(pi, _in_hand(game.state, pi, cmd.card)))
    else:
        raise IllegalAction("unknown", f"unknown command {cmd}", None)


def follow_order_plan(game: Game, pi: int, plans: Plans) -> bool:
    """Answer an ORDER_TRIGGERS decision from a planned ``order`` line. False if no plan fits."""
    plan = plans.order.get(pi)
    ask = _ask(game)
    if not plan or ask != (Kind.ORDER_TRIGGERS, pi):
        return False
    g = game.state
    assert g.pending is not None
    options: list[int] = g.pending.context["options"]
    while plan:
        want = plan.pop(0).lower()
        for k in options:
            if g.triggered[k].source_name.lower() == want:
                game.apply(PutTrigger(pi, k))
                return True
    raise IllegalAction("target", "the order line names no waiting triggered ability", "603.3b")


# --- finding things by name ------------------------------------------------------------------


def _player(g: GameState, name: str) -> int | None:
    for p in g.players:
        if p.name.lower() == name.lower():
            return p.idx
    return None


def _in_hand(g: GameState, pi: int, ref: C.Ref) -> int:
    for c in g.players[pi].hand:
        if c.name.lower() == ref.name.lower():
            return c.cid
    raise IllegalAction("unknown", f"{g.pname(pi)} has no {ref.name} in hand", None)


def _matches_controller(g: GameState, ref: C.Ref, controller: int) -> bool:
    return ref.controller is None or g.pname(controller).lower() == ref.controller.lower()


def _permanent(
    g: GameState,
    pi: int | None,
    ref: C.Ref,
    ok: Callable[[Permanent], bool] | None = None,
    what: str = "permanent",
) -> int:
    for p in g.battlefield:
        if p.name.lower() != ref.name.lower() or not _matches_controller(g, ref, p.controller):
            continue
        if pi is not None and p.controller != pi:
            continue
        if ok is not None and not ok(p):
            continue
        return p.oid
    owner = "" if pi is None else f" controlled by {g.pname(pi)}"
    raise IllegalAction("unknown", f"no {what} named {ref.name}{owner}", None)


def target_candidates(g: GameState, ref: C.Ref) -> list[int]:
    """Everything ``ref`` may name as a target: a player, then permanents, then stack objects
    (top first)."""
    out: list[int] = []
    if ref.controller is None:
        pi = _player(g, ref.name)
        if pi is not None:
            out.append(player_target(pi))
    name = ref.name.lower()
    out.extend(
        p.oid
        for p in g.battlefield
        if p.name.lower() == name and _matches_controller(g, ref, p.controller)
    )
    out.extend(
        s.oid
        for s in reversed(g.stack)
        if s.source_name.lower() == name and _matches_controller(g, ref, s.controller)
    )
    return out


def _choose_target(game: Game, pi: int, ref: C.Ref) -> None:
    g = game.state
    assert g.pending is not None
    item = g.stack_item(g.pending.context["item"])
    assert item is not None
    spec = item.target_specs[g.pending.context["index"]]
    cands = target_candidates(g, ref)
    if not cands:
        raise IllegalAction("unknown", f"nothing named {ref} to target", None)
    for t in cands:
        if targeting.is_legal(g, spec, t, item):
            game.apply(ChooseTarget(pi, t))
            return
    raise IllegalAction(
        "target", f"{ref} is not a legal choice for {spec.text} ({item.source_name})", "115.1"
    )


def _targets_then_pay(
    game: Game, pi: int, targets: tuple[C.Ref, ...], paying: tuple[C.Ref, ...]
) -> None:
    queue = list(targets)
    while _ask(game) in ((Kind.TARGET, pi),):
        if not queue:
            return  # the target is asked as its own decision: `choose T` answers it (601.2c)
        _choose_target(game, pi, queue.pop(0))
    if queue:
        raise IllegalAction("target", f"too many targets: {', '.join(map(str, queue))}", "601.2c")
    if _ask(game) == (Kind.PAY_MANA, pi):
        sources = None
        if paying:
            sources = tuple(_permanent(game.state, pi, r, None, "mana source") for r in paying)
        game.apply(PayMana(pi, sources))


def _cast(game: Game, pi: int, cmd: C.Cast) -> None:
    g = game.state
    ask = _ask(game)
    if ask == (Kind.CAST_OR_DECLINE, pi):
        assert g.pending is not None
        cid = g.pending.context["cid"]
        card = next((c for c in g.players[pi].exile if c.cid == cid), None)
        if card is None or card.name.lower() != cmd.card.name.lower():
            raise IllegalAction("target", "you may cast only the suspended card now", "702.62a")
        game.apply(CastSpell(pi, cid))
    else:
        _expect(game, pi, (Kind.PRIORITY,), "cast a spell")
        game.apply(CastSpell(pi, _in_hand(g, pi, cmd.card), cmd.face_down))
    _targets_then_pay(game, pi, cmd.targets, cmd.paying)


def _activate(game: Game, pi: int, cmd: C.Activate) -> None:
    g = game.state
    ask = _ask(game)
    mana_ok = (
        ask is not None
        and ask[1] == pi
        and ask[0] in (Kind.PRIORITY, Kind.PAY_MANA, Kind.PAY_OR_DECLINE)
    )
    if not mana_ok:
        _expect(game, pi, (Kind.PRIORITY,), "activate an ability")
    candidates = [
        p for p in g.battlefield if p.controller == pi and p.name.lower() == cmd.card.name.lower()
    ]
    if not candidates:
        raise IllegalAction("unknown", f"{g.pname(pi)} controls no {cmd.card.name}", None)
    last: IllegalAction | None = None
    for p in candidates:
        abilities = p.card.cdef.abilities if not p.face_down else ()
        indexes = (
            [cmd.ability - 1]
            if cmd.ability is not None
            else [i for i, a in enumerate(abilities) if not _is_static(a)]
        )
        for idx in indexes:
            if not 0 <= idx < len(abilities):
                last = IllegalAction("unknown", f"{p.name} has no ability {idx + 1}", "602.1")
                continue
            ab = abilities[idx]
            try:
                if isinstance(ab, ManaAbility):
                    colour = _colour(ab, cmd.choices)
                    game.apply(ActivateMana(pi, p.oid, idx, colour))
                    return
                if ask != (Kind.PRIORITY, pi):
                    _expect(game, pi, (Kind.PRIORITY,), "activate that ability")
                err = casting.activation_refusal(game.state, pi, p, idx)
                if err:
                    raise err
                game.apply(ActivateAbility(pi, p.oid, idx))
                _targets_then_pay(game, pi, cmd.targets, ())
                return
            except IllegalAction as e:
                last = e
    assert last is not None
    raise last


def _is_static(ab: object) -> bool:
    return isinstance(ab, StaticAbility | TriggeredAbility)


def _colour(ab: ManaAbility, choices: tuple[str, ...]) -> str:
    if choices:
        c = color_letter(choices[0])
        if len(c) != 1 or c not in ab.colors:
            raise IllegalAction("target", f"this ability can't add {{{c}}}", "605.1a")
        return c
    return ab.colors if len(ab.colors) == 1 else ""  # asked next, as a decision


def _attack(game: Game, pi: int, cmd: C.Attack) -> None:
    _expect(game, pi, (Kind.DECLARE_ATTACKERS,), "declare attackers")
    g = game.state
    if cmd.defender is not None:
        d = _player(g, cmd.defender)
        if d is None:
            raise IllegalAction("unknown", f"no player named {cmd.defender}", None)
    else:
        opponents = [p for p in g.in_game() if p != pi]
        if len(opponents) != 1:
            raise IllegalAction("combat", "say whom to attack: `-> PLAYER`", "508.1b")
        d = opponents[0]
    for ref in cmd.attackers:
        g = game.state
        if _ask(game) != (Kind.DECLARE_ATTACKERS, pi):
            raise IllegalAction("combat", f"{ref} can't attack", "508.1a")
        declared = g.combat.attackers if g.combat else {}
        oid = _permanent(g, pi, ref, lambda p: p.oid not in declared, "creature")  # noqa: B023
        game.apply(DeclareAttacker(pi, oid, d))
    if _ask(game) == (Kind.DECLARE_ATTACKERS, pi):
        game.apply(FinishDeclaration(pi))


def _block(game: Game, pi: int, cmd: C.Block, finish: bool) -> None:
    _expect(game, pi, (Kind.DECLARE_BLOCKERS,), "declare blockers")
    if cmd.attacker is not None:
        g = game.state
        attackers = g.combat.attackers if g.combat else {}
        att = _permanent(g, None, cmd.attacker, lambda p: p.oid in attackers, "attacking creature")
        for ref in cmd.blockers:
            if _ask(game) != (Kind.DECLARE_BLOCKERS, pi):
                raise IllegalAction("combat", f"{ref} can't block now", "509.1a")
            g = game.state
            blocking = g.combat.blockers if g.combat else {}
            oid = _permanent(g, pi, ref, lambda p: p.oid not in blocking, "creature")  # noqa: B023
            game.apply(DeclareBlocker(pi, oid, att))
        if not finish:
            return
    if _ask(game) == (Kind.DECLARE_BLOCKERS, pi):
        game.apply(FinishDeclaration(pi))


def _assign(game: Game, pi: int, cmd: C.Assign) -> None:
    _expect(game, pi, (Kind.ASSIGN_DAMAGE,), "assign combat damage")
    g = game.state
    assert g.pending is not None
    attacker: int = g.pending.context["attacker"]
    parts: list[tuple[int, int]] = []
    for n, ref in cmd.parts:
        cands = target_candidates(g, ref)
        blockers = g.combat.blocked.get(attacker, []) if g.combat else []
        pick = next((t for t in cands if t in blockers or t < 0), None)
        if pick is None:
            raise IllegalAction("target", f"{ref} is not blocking that creature", "510.1c")
        parts.append((pick, n))
    game.apply(AssignDamage(pi, attacker, tuple(parts)))


def _choose(game: Game, pi: int, words: str) -> None:
    ask = _ask(game)
    g = game.state
    w = words.strip()
    low = w.lower()
    if ask is None or ask[1] != pi:
        _expect(game, pi, (Kind.PRIORITY,), f"choose {w}")
        return
    kind = ask[0]
    if kind in (Kind.TARGET, Kind.TRIGGER_TARGET):
        ref = _ref(w)
        if kind is Kind.TARGET:
            _choose_target(game, pi, ref)
            _targets_then_pay(game, pi, (), ())  # more targets are asked; then pay as usual
            return
        assert g.pending is not None
        item = g.stack_item(g.pending.context["item"])
        assert item is not None
        spec = item.target_specs[g.pending.context["index"]]
        for t in target_candidates(g, ref):
            if targeting.is_legal(g, spec, t, item):
                game.apply(ChooseTarget(pi, t))
                return
        raise IllegalAction("target", f"{w} is not a legal {spec.text}", "603.3d")
    if kind in (Kind.PAY_OR_DECLINE, Kind.CAST_OR_DECLINE, Kind.PAY_MANA, Kind.CHOOSE_COLOR):
        game.apply(Choose(pi, low))
        return
    if kind is Kind.CHOOSE_LEGEND:
        assert g.pending is not None
        for oid in g.pending.context["options"]:
            p = g.permanent(oid)
            if p is not None and p.name.lower() == low:
                game.apply(KeepLegend(pi, oid))
                return
        raise IllegalAction("target", f"{w} is not one of the legends to choose from", "704.5j")
    if kind is Kind.ORDER_TRIGGERS:
        follow_order_plan(game, pi, Plans({pi: [w]}))
        return
    if kind is Kind.DISCARD:
        game.apply(Discard(pi, _in_hand(g, pi, _ref(w))))
        return
    raise IllegalAction("priority", f"there is nothing to choose now ({kind.value})", "117.1")


def _ref(text: str) -> C.Ref:
    import re

    m = re.match(r"^(\S+?)['’]s\s+(\S.*)$", text)
    if m:
        return C.Ref(m.group(2), m.group(1))
    return C.Ref(text)
