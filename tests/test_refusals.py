"""Atomic refusal: at random points of random games, illegal answers of every kind are refused with
one of the contract's reasons, and the state (log included) is exactly as it was (117, 601.2,
733). Then arbitrary answers: accepted, or refused the same way; never another exception.

Each probe is built to be illegal for a known reason: the wrong player, the wrong kind of answer,
an option that is not offered, an illegal target, a cost that can't be paid, a sorcery-speed
spell (or a land) at the wrong time. The test also checks that every kind was tried.
"""

from __future__ import annotations

import dataclasses
import random
import typing
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from manastack import Game, IllegalAction, actions
from manastack.casting import can_afford, sorcery_timing_ok, spell_total_cost
from manastack.decisions import is_mana_only
from manastack.deckgen import random_deck
from manastack.errors import REASONS
from manastack.invariants import all_cids, check, owners
from manastack.record import ACTION_TYPES, FIELD_FORMS
from manastack.serialize import to_dict
from manastack.setup import PlayerSpec
from manastack.state import GameState, Kind
from manastack.steps import Step

Probe = tuple[str, actions.Action, frozenset[str] | None]
"""(kind of illegality, the answer, the reasons it may be refused with; None: any reason)."""

TRIED: Counter[str] = Counter()
GAMES = 8
DECISIONS = 600


def _others(g: GameState, me: int) -> list[int]:
    return [p.idx for p in g.players if p.idx != me and not p.left]


def probes(game: Game, rng: random.Random) -> Iterator[Probe]:
    """Answers that must be refused now, each with why."""
    g = game.state
    assert g.pending is not None
    me, kind = g.pending.player, g.pending.kind
    legal = game.legal_actions()
    legal_set = set(legal)
    others = _others(g, me)
    pri = frozenset({"priority"})
    # The wrong player: someone who is not being asked gives an answer that is offered.
    if others:
        other = rng.choice(others)
        yield "wrong player", dataclasses.replace(rng.choice(legal), player=other), pri
        yield "wrong player", actions.Pass(other), pri
    # The wrong kind of answer for the decision.
    if kind is Kind.PRIORITY:
        yield "wrong kind", actions.FinishDeclaration(me), pri
        yield "wrong kind", actions.PutTrigger(me, 0), pri
        yield "wrong kind", actions.ChooseTarget(me, actions.player_target(me)), pri
    else:
        yield "wrong kind", actions.Pass(me), pri
        lands = [c for c in g.players[me].hand if c.cdef.is_land]
        if lands:
            yield "wrong kind", actions.PlayLand(me, lands[0].cid), pri
    # Options that are not offered.
    if kind in (Kind.TARGET, Kind.TRIGGER_TARGET):
        everything = [p.oid for p in g.battlefield] + [s.oid for s in g.stack]
        everything += [actions.player_target(p.idx) for p in g.players]
        bad = [t for t in everything if actions.ChooseTarget(me, t) not in legal_set]
        if bad:
            yield "illegal target", actions.ChooseTarget(me, rng.choice(bad)), frozenset({"target"})
    elif kind is Kind.DECLARE_ATTACKERS:
        offered = {a.oid for a in legal if isinstance(a, actions.DeclareAttacker)}
        bad_att = [p.oid for p in g.battlefield if p.oid not in offered]
        if bad_att and others:
            yield (
                "not offered",
                actions.DeclareAttacker(me, rng.choice(bad_att), rng.choice(others)),
                None,
            )
    elif kind is Kind.DECLARE_BLOCKERS:
        offered = {(a.oid, a.attacker) for a in legal if isinstance(a, actions.DeclareBlocker)}
        pairs = [
            (b.oid, a.oid)
            for b in g.battlefield
            for a in g.battlefield
            if (b.oid, a.oid) not in offered
        ]
        if pairs:
            b, a = rng.choice(pairs)
            yield "not offered", actions.DeclareBlocker(me, b, a), None
    elif kind is Kind.ORDER_TRIGGERS:
        yield "not offered", actions.PutTrigger(me, len(g.triggered) + 3), None
    elif kind is Kind.DISCARD:
        not_in_hand = [c.cid for c in g.players[me].library[:5]]
        if not_in_hand:
            yield "not offered", actions.Discard(me, rng.choice(not_in_hand)), None
    elif kind is Kind.PAY_OR_DECLINE or kind is Kind.CAST_OR_DECLINE:
        yield "not offered", actions.Choose(me, "maybe"), None
    elif kind is Kind.CHOOSE_COLOR:
        yield "not offered", actions.Choose(me, "Q"), None
    elif kind is Kind.ASSIGN_DAMAGE:
        a = next(x for x in legal if isinstance(x, actions.AssignDamage))
        yield "not offered", dataclasses.replace(a, assignment=((a.attacker, 99),)), None
    elif kind is Kind.PAY_MANA:
        pl = g.players[me]
        cost = g.pending.context["cost"]
        pool_only = can_afford_from_pool(pl.pool, cost)
        if not pool_only:
            yield "cost", actions.PayMana(me, ()), frozenset({"cost"})
    if kind is Kind.PRIORITY:
        yield from _priority_probes(g, me, legal_set, rng)
    yield "not offered", actions.CastSpell(me, 10**6), None
    yield "not offered", actions.ActivateAbility(me, 10**6, 0), None


def can_afford_from_pool(pool: list[int], cost: object) -> bool:
    from manastack.mana import ManaCost, plan_payment

    assert isinstance(cost, ManaCost)
    return plan_payment(cost, pool, []) is not None


def _priority_probes(
    g: GameState, me: int, legal: set[actions.Action], rng: random.Random
) -> Iterator[Probe]:
    pl = g.players[me]
    timing_ok = sorcery_timing_ok(g, me)
    for card in pl.hand:
        cd = card.cdef
        if cd.is_land:
            if not timing_ok:
                yield (
                    "land at the wrong time",
                    actions.PlayLand(me, card.cid),
                    frozenset({"timing"}),
                )
            continue
        if not cd.is_instant_speed and not timing_ok:
            yield (
                "sorcery speed at the wrong time",
                actions.CastSpell(me, card.cid),
                frozenset({"timing"}),
            )
        elif timing_ok or cd.is_instant_speed:
            cost = spell_total_cost(g, me, cd, False, False)
            if not can_afford(g, me, cost) and not cd.targets:
                yield "cost can't be paid", actions.CastSpell(me, card.cid), frozenset({"cost"})
    # A {T} ability of a tapped permanent.
    for p in g.battlefield:
        if p.controller != me or not p.tapped or p.face_down:
            continue
        for i, ab in enumerate(p.cdef.abilities):
            cost = getattr(ab, "cost", None)
            if cost is not None and getattr(cost, "tap", False):
                yield "cost can't be paid", actions.ActivateAbility(me, p.oid, i), None
    # Someone else's permanent's ability.
    theirs = [p for p in g.battlefield if p.controller != me and p.cdef.abilities]
    if theirs:
        p = rng.choice(theirs)
        yield "not offered", actions.ActivateAbility(me, p.oid, 0), None


def _dump(game: Game) -> tuple[object, int, str]:
    log = game.state.log
    return to_dict(game.state, log=False), len(log), str(log[-1]) if log else ""


def play_and_probe(seed: int) -> None:
    rng = random.Random(seed)
    n = 2 + seed % 3
    decks = [random_deck(rng, ("1", "2")) for _ in range(n)]
    game = Game.new(decks, seed=seed, first_player=rng.randrange(n))
    for _ in range(DECISIONS):
        if game.is_over:
            break
        before = _dump(game)
        options = game.legal_actions()
        for what, bad, reasons in probes(game, rng):
            if bad in options:
                continue
            with pytest.raises(IllegalAction) as err:
                game.apply(bad)
            TRIED[what] += 1
            assert err.value.reason in REASONS, err.value
            if reasons is not None:
                assert err.value.reason in reasons, (what, bad, str(err.value))
            assert _dump(game) == before, f"refusing {bad} ({what}) changed the state"
            assert game.legal_actions() == options
        opts = [a for a in options if not is_mana_only(a)] or options
        game.apply(rng.choice(opts))


@pytest.mark.parametrize("seed", range(GAMES))
def test_illegal_answers_are_refused_atomically(seed: int) -> None:
    play_and_probe(seed)


def test_every_kind_of_illegal_answer_was_tried() -> None:
    if len(TRIED) == 0:
        for seed in range(4):
            play_and_probe(seed)
    kinds = {
        "wrong player",
        "wrong kind",
        "not offered",
        "illegal target",
        "cost can't be paid",
        "sorcery speed at the wrong time",
        "land at the wrong time",
    }
    missing = kinds - set(TRIED)
    assert not missing, f"never tried: {missing} (tried {dict(TRIED)})"


# --- engine bugs found by fuzzing answers (fixed since) -------------------------------------------


def _main_phase(p1: PlayerSpec) -> Game:
    return Game.from_position([p1, PlayerSpec("bob")], turn=1, step=Step.PRECOMBAT_MAIN)


def test_a_two_letter_mana_colour_is_refused_atomically() -> None:
    """Was: 'WU' passed a substring test against Lotus Petal's 'WUBRG', tapped the Petal and
    failed with KeyError."""
    game = _main_phase(PlayerSpec("alice", battlefield=["Lotus Petal"]))
    petal = game.state.battlefield[0].oid
    before = _dump(game)
    with pytest.raises(IllegalAction):
        game.apply(actions.ActivateMana(0, petal, 0, "WU"))
    assert _dump(game) == before


def test_a_target_naming_no_player_is_refused() -> None:
    """Was: describing the refused target indexed g.players out of range (IndexError)."""
    game = _main_phase(PlayerSpec("alice", hand=["Lightning Bolt"], battlefield=["Mountain"]))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, actions.CastSpell)))
    before = _dump(game)
    with pytest.raises(IllegalAction) as err:
        game.apply(actions.ChooseTarget(0, actions.player_target(5)))
    assert err.value.reason == "target"
    assert _dump(game) == before


# --- arbitrary answers ---------------------------------------------------------------------------

COLOURS = ["W", "U", "B", "R", "G", "C", "", "x", "Q", "pay", "decline", "cancel", "yes", "RG"]


def _value(g: GameState, rng: random.Random, hint: Any) -> Any:
    """A field value of type ``hint`` drawn from what the game holds now, and a few oddities."""
    ids = [p.oid for p in g.battlefield] + [s.oid for s in g.stack]
    ids += [c.cid for p in g.players for z in (p.hand, p.library[-3:], p.graveyard) for c in z]
    ids += [actions.player_target(p.idx) for p in g.players] + [0, 1, -1, 10**6, -(10**6)]
    if hint is bool:
        return rng.random() < 0.5
    if hint is int:
        return rng.choice(ids)
    if hint is str:
        return rng.choice(COLOURS)
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_value(g, rng, args[0]) for _ in range(rng.randint(0, 3)))
        return tuple(_value(g, rng, a) for a in args)
    # ``X | None``
    return None if rng.random() < 0.3 else _value(g, rng, args[0])


def _arbitrary(g: GameState, rng: random.Random, options: list[actions.Action]) -> actions.Action:
    # Half the time the kind of answer the decision wants, with odd fields: deeper checks.
    name = (
        type(rng.choice(options)).__name__
        if rng.random() < 0.5
        else rng.choice(sorted(ACTION_TYPES))
    )
    cls = ACTION_TYPES[name]
    hints = FIELD_FORMS  # the field types by name (the compiled classes keep coarse annotations)
    kw = {f.name: _value(g, rng, hints[f.name]) for f in dataclasses.fields(cls)}
    if g.pending is not None and rng.random() < 0.8:
        kw["player"] = g.pending.player  # mostly the player being asked: deeper checks
    action: actions.Action = cls(**kw)
    return action


@pytest.mark.parametrize("seed", range(5))
def test_arbitrary_answers_are_accepted_or_refused_atomically(seed: int) -> None:
    """Any answer at all: accepted (and the invariants hold), or refused with a reason and no
    change; never another exception."""
    rng = random.Random(7000 + seed)
    n = 2 + seed % 3
    game = Game.new([random_deck(rng, ("1", "2")) for _ in range(n)], seed=seed)
    expected, card_owners = all_cids(game.state), owners(game.state)
    for _ in range(500):
        if game.is_over:
            break
        options = game.legal_actions()
        for _ in range(3):
            a = _arbitrary(game.state, rng, options)
            if a in options or isinstance(a, actions.Concede):
                continue
            twin = game.clone()
            before = _dump(twin)
            try:
                twin.apply(a)
            except IllegalAction as err:
                assert err.reason in REASONS
                assert _dump(twin) == before, f"refusing {a} changed the state"
            else:
                check(twin, expected, card_owners)  # legal though not listed (117.1d, 733)
        game.apply(rng.choice([a for a in options if not is_mana_only(a)] or options))
