"""Carrying out a command of the command language (scenario lines, the terminal) as a sequence of
engine actions, all or nothing: if any step is refused, the game is put back exactly as it was
and the refusal is raised.

It reads the game through :class:`~manastack.game.Game` alone: plain data from ``game.state``
(players, hands, the battlefield, the stack, who is asked what) and the facade's queries for
any rules fact (legal targets, abilities, activation refusals).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from manastack.actions import (
    ActivateAbility,
    ActivateCard,
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
from manastack.errors import IllegalAction
from manastack.game import Game, Kind
from manastack.i18n import N_, Msg
from manastack.mana import color_letter
from manastack.text import commands as C

# The kinds of decision this module answers (the facade's Kind).
PRIORITY = Kind.PRIORITY
TARGET = Kind.TARGET
PAY_MANA = Kind.PAY_MANA
PAY_OR_DECLINE = Kind.PAY_OR_DECLINE
DECLARE_ATTACKERS = Kind.DECLARE_ATTACKERS
DECLARE_BLOCKERS = Kind.DECLARE_BLOCKERS
ASSIGN_DAMAGE = Kind.ASSIGN_DAMAGE
ORDER_TRIGGERS = Kind.ORDER_TRIGGERS
TRIGGER_TARGET = Kind.TRIGGER_TARGET
DISCARD = Kind.DISCARD
CHOOSE_LEGEND = Kind.CHOOSE_LEGEND
CAST_OR_DECLINE = Kind.CAST_OR_DECLINE
CHOOSE_COLOR = Kind.CHOOSE_COLOR
CHOOSE_X = Kind.CHOOSE_X
CHOOSE_CARD = Kind.CHOOSE_CARD
CHOOSE_COST = Kind.CHOOSE_COST
MAY = Kind.MAY
CHOOSE_OPTION = Kind.CHOOSE_OPTION
CHOOSE_MODE = Kind.CHOOSE_MODE
OPTIONAL_COST = Kind.OPTIONAL_COST
PAY_OR_SACRIFICE = Kind.PAY_OR_SACRIFICE
MULLIGAN = Kind.MULLIGAN
PUT_ON_BOTTOM = Kind.PUT_ON_BOTTOM


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
    finish_attacks: bool = True,
) -> None:
    """Carry out ``cmd`` for player ``pi`` atomically."""
    if isinstance(cmd, C.Unparsed):
        raise IllegalAction("unknown", "not a command: {problem}", None, problem=cmd.problem)
    before = game.state
    game.state = game.clone().state
    try:
        _run(game, pi, cmd, plans or Plans(), finish_blocks, finish_attacks)
    except IllegalAction:
        game.state = before
        raise


def _ask(game: Game, pi: int | None = None) -> tuple[Kind, int] | None:
    """The pending decision's kind and player; None when nobody is asked. With ``pi``, a
    decision ``pi`` may answer (805.5: a team decision, any of its players) names ``pi``."""
    d = game.decision
    if d is None:
        return None
    return (d.kind, pi) if pi is not None and game.may_answer(pi) else (d.kind, d.player)


def _pname(game: Game, pi: int) -> str:
    return game.state.players[pi].name


def _expect(game: Game, pi: int, kinds: tuple[Kind, ...], what: str | Msg) -> None:
    ask = _ask(game, pi)
    if ask is None or ask[1] != pi or ask[0] not in kinds:
        if isinstance(what, str):
            what = Msg(what)
        now: Msg
        if ask is None:
            now = Msg("nobody is being asked anything")
        else:
            now = Msg(
                "{player} is being asked for {kind}",
                player=_pname(game, ask[1]),
                kind=ask[0].value.replace("_", " "),
            )
        raise IllegalAction(
            "priority",
            "{player} can't {what} now: {now}",
            "117.1",
            player=_pname(game, pi),
            what=what,
            now=now,
        )


def _run(
    game: Game,
    pi: int,
    cmd: C.Command,
    plans: Plans,
    finish_blocks: bool,
    finish_attacks: bool = True,
) -> None:
    if isinstance(cmd, C.Concede):
        game.apply(Concede(pi))
    elif isinstance(cmd, C.Pass):
        _expect(game, pi, (PRIORITY,), N_("pass priority"))
        game.apply(Pass(pi))
    elif isinstance(cmd, C.PlayLand):
        _expect(game, pi, (PRIORITY,), N_("play a land"))
        card = _in_hand(game, pi, cmd.card)
        game.apply(PlayLand(pi, card))
    elif isinstance(cmd, C.Cast):
        _cast(game, pi, cmd)
    elif isinstance(cmd, C.Activate):
        _activate(game, pi, cmd)
    elif isinstance(cmd, C.Attack):
        _attack(game, pi, cmd, finish_attacks)
    elif isinstance(cmd, C.Block):
        _block(game, pi, cmd, finish_blocks)
    elif isinstance(cmd, C.Assign):
        _assign(game, pi, cmd)
    elif isinstance(cmd, C.Order):
        _expect(game, pi, (ORDER_TRIGGERS,), N_("order triggered abilities"))
        plans.order[pi] = [r.name for r in cmd.cards]
        follow_order_plan(game, pi, plans)
    elif isinstance(cmd, C.Choose):
        _choose(game, pi, cmd.words)
    elif isinstance(cmd, C.Discard) and _ask(game, pi) == (CHOOSE_CARD, pi):
        for ref in cmd.cards:  # a discard an effect asks for (701.9a)
            _expect(game, pi, (CHOOSE_CARD,), "discard")
            game.apply(Choose(pi, str(_in_hand(game, pi, ref))))
    elif isinstance(cmd, C.Discard):
        for ref in cmd.cards:
            _expect(game, pi, (DISCARD,), N_("discard"))
            game.apply(Discard(pi, _in_hand(game, pi, ref)))
    elif isinstance(cmd, C.TurnFaceUp):
        _expect(game, pi, (PRIORITY,), N_("turn a permanent face up"))
        face_down = {p.oid for p in game.state.battlefield if p.face_down}
        perm = _permanent(game, pi, cmd.card, face_down.__contains__, N_("face-down permanent"))
        game.apply(TurnFaceUp(pi, perm))
    elif isinstance(cmd, C.Suspend):
        _expect(game, pi, (PRIORITY,), N_("suspend a card"))
        game.apply(SuspendCard(pi, _in_hand(game, pi, cmd.card)))
    else:
        raise IllegalAction("unknown", "unknown command {cmd}", None, cmd=cmd)


def follow_order_plan(game: Game, pi: int, plans: Plans) -> bool:
    """Answer an ORDER_TRIGGERS decision from a planned ``order`` line. False if no plan fits."""
    plan = plans.order.get(pi)
    ask = _ask(game, pi)
    if not plan or ask != (ORDER_TRIGGERS, pi):
        return False
    # The decision's options are the waiting triggered abilities that may go on the stack next.
    options = [a.index for a in game.legal_actions() if isinstance(a, PutTrigger)]
    waiting = game.state.triggered
    while plan:
        want = plan.pop(0).lower()
        for k in options:
            if waiting[k].source_name.lower() == want:
                game.apply(PutTrigger(pi, k))
                return True
    raise IllegalAction("target", "the order line names no waiting triggered ability", "603.3b")


# --- finding things by name ------------------------------------------------------------------


def _player(game: Game, name: str) -> int | None:
    for p in game.state.players:
        if p.name.lower() == name.lower():
            return p.idx
    return None


def _did_you_mean(name: str, names: Iterable[str]) -> str | Msg:
    """ " (did you mean X?)" for a misspelt name among ``names``, as decklists say it."""
    if len(name) > 120:
        return ""  # a hostile flood of text gets no (slow) search
    by_lower = {n.lower(): n for n in names}
    close = difflib.get_close_matches(name.lower(), list(by_lower), n=3, cutoff=0.75)
    if not close:
        return ""
    return Msg(" (did you mean {names}?)", names=", ".join(by_lower[c] for c in close))


_OPTIONAL_WORDS = ("pay", "decline")


def _castable(game: Game, pi: int, ref: C.Ref, face_down: bool) -> int:
    """The card ``cast`` names: in the hand, else a card with flashback in the graveyard
    (702.34a)."""
    pl = game.state.players[pi]
    if not face_down and not any(c.name.lower() == ref.name.lower() for c in pl.hand):
        for c in pl.graveyard:
            if c.name.lower() == ref.name.lower() and c.cdef.keyword_cost("flashback"):
                return c.cid
    return _in_hand(game, pi, ref)


def _in_hand(game: Game, pi: int, ref: C.Ref) -> int:
    hand = game.state.players[pi].hand
    for c in hand:
        if c.name.lower() == ref.name.lower():
            return c.cid
    hint = _did_you_mean(ref.name, (c.name for c in hand))
    raise IllegalAction(
        "unknown",
        "{player} has no {card!c} in hand{hint}",
        None,
        player=_pname(game, pi),
        card=ref.name,
        hint=hint,
    )


def _matches_controller(game: Game, ref: C.Ref, controller: int) -> bool:
    return ref.controller is None or _pname(game, controller).lower() == ref.controller.lower()


_NUMBERED = re.compile(r"^(.*\S)\s*#(\d{1,4})$")


def _named(game: Game, ref: C.Ref) -> list[int]:
    """The permanents ``ref`` names (their oids, in battlefield order): all of that name, or
    for ``Savannah Lions #2`` the second face-up one of that name (as ``numbered_name``
    shows it)."""
    perms = game.state.battlefield
    exact = [p.oid for p in perms if p.name.lower() == ref.name.lower()]
    m = _NUMBERED.match(ref.name)
    if exact or m is None:
        return exact
    base, k = m.group(1).lower(), int(m.group(2))
    same = [p.oid for p in perms if p.name.lower() == base and not p.face_down]
    return [same[k - 1]] if 1 <= k <= len(same) else []


def _permanent(
    game: Game,
    pi: int | None,
    ref: C.Ref,
    ok: Callable[[int], bool] | None = None,
    what: str = N_("permanent"),
) -> int:
    """The first permanent named ``ref`` (controlled by ``pi`` if given) whose oid ``ok``
    accepts."""
    for named in _named(game, ref):
        p = game.state.permanent(named)
        if p is None or not _matches_controller(game, ref, p.controller):
            continue
        if pi is not None and p.controller != pi:
            continue
        if ok is not None and not ok(p.oid):
            continue
        return p.oid
    owner: str | Msg = ""
    if pi is not None:
        owner = Msg(" controlled by {player}", player=_pname(game, pi))
    hint = _did_you_mean(
        ref.name, (p.name for p in game.state.battlefield if pi is None or p.controller == pi)
    )
    raise IllegalAction(
        "unknown",
        "no {what} named {card!c}{owner}{hint}",
        None,
        what=Msg(what),
        card=ref.name,
        owner=owner,
        hint=hint,
    )


def target_candidates(game: Game, ref: C.Ref) -> list[int]:
    """Everything ``ref`` may name as a target: a player, then permanents, then stack objects
    (top first)."""
    g = game.state
    out: list[int] = []
    if ref.controller is None:
        pi = _player(game, ref.name)
        if pi is not None:
            out.append(player_target(pi))
    name = ref.name.lower()
    for oid in _named(game, ref):
        p = g.permanent(oid)
        if p is not None and _matches_controller(game, ref, p.controller):
            out.append(oid)
    items = [s for s in g.stack if s.source_name.lower() == name]
    m = _NUMBERED.match(ref.name)
    if not items and m is not None:
        # `Lightning Bolt #2`: the second of that name from the bottom, as the stack shows it.
        same = [s for s in g.stack if s.source_name.lower() == m.group(1).lower()]
        k = int(m.group(2))
        items = [same[k - 1]] if 1 <= k <= len(same) else []
    out.extend(s.oid for s in reversed(items) if _matches_controller(game, ref, s.controller))
    if _graveyard_target(game):  # "target creature card from your graveyard" (115.1)
        for pl in g.players:
            if _matches_controller(game, ref, pl.idx):
                out.extend(c.cid for c in pl.graveyard if c.name.lower() == name)
    return out


def _graveyard_target(game: Game) -> bool:
    """Whether the target being chosen is a card in a graveyard."""
    pend = game.state.pending
    index = getattr(pend, "index", None)
    item = game.state.stack_item(game.pending_item() or -1)
    if item is None or not isinstance(index, int) or not 0 <= index < len(item.target_specs):
        return False
    return item.target_specs[index].graveyard is not None


def _item_name(game: Game, oid: int | None) -> str:
    return next((s.source_name for s in game.state.stack if s.oid == oid), "?")


def _legal_target(game: Game, ref: C.Ref) -> int | None:
    """The first thing ``ref`` names that is a legal choice for the pending target decision."""
    legal = {a.target for a in game.legal_actions() if isinstance(a, ChooseTarget)}
    return next((t for t in target_candidates(game, ref) if t in legal), None)


def _choose_target(game: Game, pi: int, ref: C.Ref) -> None:
    if not target_candidates(game, ref):
        g = game.state
        names = [*(p.name for p in g.players), *(p.name for p in g.battlefield)]
        hint = _did_you_mean(ref.name, [*names, *(s.source_name for s in g.stack)])
        raise IllegalAction(
            "unknown", "nothing named {ref!c} to target{hint}", None, ref=ref, hint=hint
        )
    t = _legal_target(game, ref)
    if t is not None:
        game.apply(ChooseTarget(pi, t))
        return
    spec, item = game.pending_target_text(), _item_name(game, game.pending_item())
    raise IllegalAction(
        "target",
        "{ref!c} is not a legal choice for {spec!t} ({item!c})",
        "115.1",
        ref=ref,
        spec=spec,
        item=item,
    )


def _targets_then_pay(
    game: Game,
    pi: int,
    targets: tuple[C.Ref, ...],
    paying: tuple[C.Ref, ...],
    choices: tuple[str, ...] = (),
) -> None:
    queue = list(targets)
    while _ask(game, pi) in ((TARGET, pi),):
        if not queue:
            return  # the target is asked as its own decision: `choose T` answers it (601.2c)
        _choose_target(game, pi, queue.pop(0))
    if queue:
        raise IllegalAction(
            "target", "too many targets: {join}", "601.2c", join=", ".join(map(str, queue))
        )
    chosen = list(choices)
    while _ask(game, pi) == (CHOOSE_COST, pi):
        if not chosen:
            return  # what to sacrifice or discard is asked as its own decision (601.2h)
        game.apply(Choose(pi, chosen.pop(0)))
    if _ask(game, pi) == (PAY_MANA, pi):
        sources = None
        if paying:
            sources = _sources(game, pi, paying)
        game.apply(PayMana(pi, sources))


def _sources(game: Game, pi: int, paying: tuple[C.Ref, ...]) -> tuple[int, ...]:
    """The permanents ``paying`` names: a name written twice means two different objects
    (``paying Plains, Plains``), untapped ones first; never one object twice (107.5)."""
    chosen: list[int] = []
    untapped = {p.oid for p in game.state.battlefield if not p.tapped}
    for r in paying:
        try:
            oid = _permanent(
                game, pi, r, lambda o: o not in chosen and o in untapped, N_("mana source")
            )
        except IllegalAction:
            try:
                oid = _permanent(game, pi, r, lambda o: o not in chosen, N_("mana source"))
            except IllegalAction:
                if not any(
                    p.oid in chosen and p.name.lower() == r.name.lower()
                    for p in game.state.battlefield
                ):
                    raise
                k = sum(1 for c in paying if c.name.lower() == r.name.lower())
                raise IllegalAction(
                    "cost",
                    "{player} names {card!c} {k} times but controls fewer: one permanent can't "
                    "pay twice",
                    "107.5",
                    player=_pname(game, pi),
                    card=r.name,
                    k=k,
                ) from None
        chosen.append(oid)
    return tuple(chosen)


def _cast(game: Game, pi: int, cmd: C.Cast) -> None:
    ask = _ask(game, pi)
    if ask == (CAST_OR_DECLINE, pi):
        cid = game.pending_card()
        card = next((c for c in game.state.players[pi].exile if c.cid == cid), None)
        if cid is None or card is None or card.name.lower() != cmd.card.name.lower():
            raise IllegalAction("target", "you may cast only the suspended card now", "702.62a")
        game.apply(CastSpell(pi, cid))
    else:
        _expect(game, pi, (PRIORITY,), N_("cast a spell"))
        game.apply(CastSpell(pi, _castable(game, pi, cmd.card, cmd.face_down), cmd.face_down))
    choices = cmd.choices
    if _ask(game, pi) == (CHOOSE_MODE, pi):
        if not choices:
            return  # 700.2a: the mode is asked as its own decision (`choose mode N`)
        game.apply(Choose(pi, choices[0]))
        choices = choices[1:]
    if _ask(game, pi) == (OPTIONAL_COST, pi):
        word = choices[0].lower() if choices else ""
        if word not in _OPTIONAL_WORDS and not (word.isascii() and word.isdigit()):
            return  # 601.2b: kicker is asked as its own decision (`choose pay`, `choose decline`)
        game.apply(Choose(pi, choices[0].lower()))
        choices = choices[1:]
    if _ask(game, pi) == (CHOOSE_X, pi):
        if cmd.x is None:
            return  # 601.2b: X is asked as its own decision (`choose N`)
        game.apply(Choose(pi, str(cmd.x)))
    _targets_then_pay(game, pi, cmd.targets, cmd.paying, choices)


def _activate(game: Game, pi: int, cmd: C.Activate) -> None:
    ask = _ask(game, pi)
    mana_ok = ask is not None and ask[1] == pi and ask[0] in (PRIORITY, PAY_MANA, PAY_OR_DECLINE)
    if not mana_ok:
        _expect(game, pi, (PRIORITY,), N_("activate an ability"))
    candidates = [
        (p.oid, p.name)
        for p in (game.state.permanent(oid) for oid in _named(game, cmd.card))
        if p is not None and p.controller == pi
    ]
    if not candidates and _card_ability(game, pi, cmd):
        return
    if not candidates:
        mine = (p.name for p in game.state.battlefield if p.controller == pi)
        hint = _did_you_mean(cmd.card.name, mine)
        raise IllegalAction(
            "unknown",
            "{player} controls no {name!c}{hint}",
            None,
            player=_pname(game, pi),
            name=cmd.card.name,
            hint=hint,
        )
    last: IllegalAction | None = None
    for oid, name in candidates:
        kinds = game.ability_kinds(oid)
        indexes = (
            [cmd.ability - 1]
            if cmd.ability is not None
            else [i for i, k in enumerate(kinds) if k not in ("static", "triggered")]
        )
        for idx in indexes:
            if not 0 <= idx < len(kinds):
                last = IllegalAction(
                    "unknown", "{card!c} has no ability {value}", "602.1", card=name, value=idx + 1
                )
                continue
            try:
                if kinds[idx] == "mana":
                    colour = _colour(game.mana_colors(oid, idx), cmd.choices)
                    game.apply(ActivateMana(pi, oid, idx, colour))
                    return
                if ask != (PRIORITY, pi):
                    _expect(game, pi, (PRIORITY,), N_("activate that ability"))
                err = game.activation_refusal(pi, oid, idx)
                if err:
                    raise err
                game.apply(ActivateAbility(pi, oid, idx))
                _targets_then_pay(game, pi, cmd.targets, (), cmd.choices)
                return
            except IllegalAction as e:
                last = e
    if last is None:
        # No candidate has an ability that can be activated (a vanilla creature, a land
        # whose only abilities are static or triggered).
        names = candidates[0][1]
        raise IllegalAction(
            "unknown", "{names} has no ability that can be activated", "602.1", names=names
        )
    raise last


def _works_in(keyword: str, zone: str) -> bool:
    """The keyword abilities that work in a hand (cycling, typecycling: 702.29a, 702.29e) or a
    graveyard (unearth 702.84a, scavenge 702.97a)."""
    if zone == "hand":
        return keyword.endswith("cycling")
    return keyword in ("unearth", "scavenge")


def _card_ability(game: Game, pi: int, cmd: C.Activate) -> bool:
    """``activate CARD`` for a card in the player's hand or graveyard with an ability that works
    there (cycling, unearth, scavenge): ``ability N`` counts the card's keyword abilities with a
    cost. False if neither zone holds such a card."""
    pl = game.state.players[pi]
    for zone, cards in (("hand", pl.hand), ("graveyard", pl.graveyard)):
        card = next(
            (
                c
                for c in cards
                if c.name.lower() == cmd.card.name.lower()
                and any(_works_in(kc.keyword, zone) for kc in c.cdef.keyword_costs)
            ),
            None,
        )
        if card is None:
            continue
        _expect(game, pi, (PRIORITY,), N_("activate an ability"))
        kcs = card.cdef.keyword_costs
        index = next(i for i, kc in enumerate(kcs) if _works_in(kc.keyword, zone))
        if cmd.ability is not None:
            index = cmd.ability - 1
        game.apply(ActivateCard(pi, card.cid, index))
        _targets_then_pay(game, pi, cmd.targets, (), cmd.choices)
        return True
    return False


def _colour(colors: str, choices: tuple[str, ...]) -> str:
    """The colour a mana ability that may add one of ``colors`` adds, from the command's
    ``choosing``; "" to have it asked next, as a decision."""
    if choices:
        c = color_letter(choices[0])
        if len(c) != 1 or c not in colors:
            raise IllegalAction("target", "this ability can't add {{{c}}}", "605.1a", c=c)
        return c
    return colors if len(colors) == 1 else ""


def _attack(game: Game, pi: int, cmd: C.Attack, finish: bool = True) -> None:
    _expect(game, pi, (DECLARE_ATTACKERS,), N_("declare attackers"))
    if cmd.defender is not None:
        d = _player(game, cmd.defender)
        if d is None:
            raise IllegalAction(
                "unknown", "no player named {defender}", None, defender=cmd.defender
            )
    else:
        opponents = [p.idx for p in game.state.players if not p.left and p.idx != pi]
        if len(opponents) != 1 or game.team_of(pi) is not None:
            raise IllegalAction("combat", "say whom to attack: `-> PLAYER`", "508.1b")
        d = opponents[0]
    for ref in cmd.attackers:
        if _ask(game, pi) != (DECLARE_ATTACKERS, pi):
            raise IllegalAction("combat", "{ref} can't attack", "508.1a", ref=ref)
        combat = game.state.combat
        declared = combat.attackers if combat else {}
        oid = _permanent(game, pi, ref, lambda oid: oid not in declared, N_("creature"))  # noqa: B023
        game.apply(DeclareAttacker(pi, oid, d))
    if finish and _ask(game, pi) == (DECLARE_ATTACKERS, pi):
        game.apply(FinishDeclaration(pi))


def _block(game: Game, pi: int, cmd: C.Block, finish: bool) -> None:
    _expect(game, pi, (DECLARE_BLOCKERS,), N_("declare blockers"))
    if cmd.attacker is not None:
        combat = game.state.combat
        attackers = combat.attackers if combat else {}
        att = _permanent(game, None, cmd.attacker, attackers.__contains__, N_("attacking creature"))
        for ref in cmd.blockers:
            if _ask(game, pi) != (DECLARE_BLOCKERS, pi):
                raise IllegalAction("combat", "{ref} can't block now", "509.1a", ref=ref)
            combat = game.state.combat
            blocking = combat.blockers if combat else {}
            oid = _permanent(game, pi, ref, lambda oid: oid not in blocking, N_("creature"))  # noqa: B023
            game.apply(DeclareBlocker(pi, oid, att))
        if not finish:
            return
    if _ask(game, pi) == (DECLARE_BLOCKERS, pi):
        game.apply(FinishDeclaration(pi))


def _assign(game: Game, pi: int, cmd: C.Assign) -> None:
    _expect(game, pi, (ASSIGN_DAMAGE,), N_("assign combat damage"))
    # The decision's one listed option (the default assignment) names the attacker.
    attacker = next(a.attacker for a in game.legal_actions() if isinstance(a, AssignDamage))
    combat = game.state.combat
    blockers = combat.blocked.get(attacker, []) if combat else []
    parts: list[tuple[int, int]] = []
    for n, ref in cmd.parts:
        cands = target_candidates(game, ref)
        pick = next((t for t in cands if t in blockers or t < 0), None)
        if pick is None:
            raise IllegalAction("target", "{ref} is not blocking that creature", "510.1c", ref=ref)
        parts.append((pick, n))
    game.apply(AssignDamage(pi, attacker, tuple(parts)))


def _choose(game: Game, pi: int, words: str) -> None:
    ask = _ask(game, pi)
    w = words.strip()
    low = w.lower()
    if ask is None or ask[1] != pi:
        _expect(game, pi, (PRIORITY,), Msg("choose {w}", w=w))
        return
    kind = ask[0]
    if kind in (TARGET, TRIGGER_TARGET):
        ref = _ref(w)
        if kind == TARGET:
            _choose_target(game, pi, ref)
            _targets_then_pay(game, pi, (), ())  # more targets are asked; then pay as usual
            return
        t = _legal_target(game, ref)
        if t is not None:
            game.apply(ChooseTarget(pi, t))
            return
        raise IllegalAction(
            "target",
            "{w} is not a legal {pending_target_text}",
            "603.3d",
            w=w,
            pending_target_text=game.pending_target_text(),
        )
    if kind in (CHOOSE_MODE, OPTIONAL_COST):
        game.apply(Choose(pi, low))
        if _ask(game, pi) not in ((CHOOSE_X, pi), (OPTIONAL_COST, pi)):
            _targets_then_pay(game, pi, (), ())  # targets are asked next; then pay as usual
        return
    if kind == CHOOSE_COST:
        game.apply(Choose(pi, low))
        _targets_then_pay(game, pi, (), ())  # the next object, or the payment
        return
    if kind == CHOOSE_X:
        game.apply(Choose(pi, low))
        _targets_then_pay(game, pi, (), ())  # targets are asked next; then pay as usual
        return
    if kind in (
        PAY_OR_DECLINE,
        PAY_OR_SACRIFICE,
        CAST_OR_DECLINE,
        PAY_MANA,
        CHOOSE_COLOR,
        CHOOSE_CARD,
        MAY,
        CHOOSE_OPTION,
    ):
        game.apply(Choose(pi, low))
        return
    if kind == CHOOSE_LEGEND:
        for a in game.legal_actions():
            if not isinstance(a, KeepLegend):
                continue
            name = next((p.name for p in game.state.battlefield if p.oid == a.oid), None)
            if name is not None and name.lower() == low:
                game.apply(KeepLegend(pi, a.oid))
                return
        raise IllegalAction("target", "{w} is not one of the legends to choose from", "704.5j", w=w)
    if kind == ORDER_TRIGGERS:
        follow_order_plan(game, pi, Plans({pi: [w]}))
        return
    if kind == DISCARD:
        game.apply(Discard(pi, _in_hand(game, pi, _ref(w))))
        return
    if kind == MULLIGAN:
        game.apply(Choose(pi, low))  # keep or mulligan (103.5)
        return
    if kind == PUT_ON_BOTTOM:
        game.apply(Choose(pi, str(_in_hand(game, pi, _ref(w)))))  # 103.5: a card, by name
        return
    raise IllegalAction(
        "priority",
        "there is nothing to choose now ({replace})",
        "117.1",
        replace=kind.value.replace("_", " "),
    )


def _ref(text: str) -> C.Ref:
    m = re.match(r"^(\S+?)['’]s\s+(\S.*)$", text)
    if m:
        return C.Ref(m.group(2), m.group(1))
    return C.Ref(text)
