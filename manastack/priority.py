"""Priority (117): who may act, what they may do with it, and what passing does.

117.3a-d: the active player receives priority at the start of most steps, after a spell or
ability resolves, and a player who casts, activates or takes a special action receives it again.
117.4: when all players pass in succession, the top of the stack resolves, or with an empty stack
the step ends. Who "all players" are and who is next is the ruleset's (a seat may later be a
team: 117.6).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from manastack import casting, layers, loops, special, stack
from manastack.actions import (
    Action,
    ActivateAbility,
    ActivateCard,
    ActivateMana,
    CastSpell,
    Pass,
    PlayLand,
    SuspendCard,
    TurnFaceUp,
)
from manastack.decisions.base import Kind, Pending
from manastack.i18n import Msg, and_list
from manastack.state import CLEANUP_AGAIN, KEYWORD_COSTS, PRIORITY, GameState, card_kinds
from manastack.steps import CLEANUP
from manastack.vocabulary.base import ActivatedAbility


class Priority(Pending):
    """117.1: the player with priority may cast, activate, take a special action, or pass.

    Mana abilities are listed (with ``with_mana``); conceding is accepted and never listed."""

    kind: ClassVar[Kind] = Kind.PRIORITY
    __slots__ = ()

    def copy(self) -> Priority:
        return Priority(self.player)

    def prompt(self, g: GameState) -> Msg:
        if g.format.solo:
            return Msg("{player} has priority", player=g.pname(self.player))
        team = g.format.team_msg(g.format.team_of(self.player))
        return Msg("{team} ({members}) has priority", team=team, members=self._members(g))

    def _members(self, g: GameState) -> Msg:
        mates = g.format.teammates(self.player)
        return and_list([g.pname(p) for p in mates if not g.players[p].left])

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        if g.format.solo:
            return priority_actions(g, self.player, with_mana)
        # 805.5: a team has priority: any of its players may act; one pass is the team's.
        out = priority_actions(g, self.player, with_mana)
        for mate in g.format.teammates(self.player):
            if mate != self.player and not g.players[mate].left:
                out.extend(priority_actions(g, mate, with_mana)[1:])
        return out

    def answered_by(self, g: GameState, pi: int) -> bool:
        return g.rules.same_seat(g, pi, self.player)

    def answer(self, g: GameState, a: Action) -> GameState | None:
        handler = _ACTIONS.get(type(a))
        if handler is None:
            raise self.refuse(g, a)
        handler(g, a)
        return None


def priority_actions(g: GameState, pi: int, with_mana: bool = True) -> list[Action]:
    """``pi``'s options at priority (a new list). Kept in ``g.listings`` while the state is
    settled (engine.state_checks): most priorities follow passes only, and a player is asked
    again in the next steps with nothing changed but the step, which a plain listing reads only
    through sorcery timing (307.1, part of the key)."""
    settled = g.settled
    sorcery_ok = casting.sorcery_timing_ok(g, pi)
    if settled:
        memo = g.listings
        if memo is not None:
            got = memo.get((pi, with_mana, sorcery_ok))
            if got is not None:
                return got[:]
    if g.listing_cache is not None:
        return _priority_actions(g, pi, with_mana, sorcery_ok)[0]
    # Nothing changes while the options are listed: what several cards ask alike (which
    # costs the player's mana pays, the cost changes on the battlefield) is worked out once.
    g.listing_cache = {}
    try:
        out, plain = _priority_actions(g, pi, with_mana, sorcery_ok)
    finally:
        g.listing_cache = None
    if settled and plain:
        memo = g.listings
        if memo is None:
            memo = g.listings = {}
        memo[(pi, with_mana, sorcery_ok)] = out[:]
    return out


def _priority_actions(
    g: GameState, pi: int, with_mana: bool, sorcery_ok: bool
) -> tuple[list[Action], bool]:
    """The options, and whether the listing is plain: it read the step only through sorcery
    timing (no activated ability but mana abilities, nothing cast or activated from the hand or
    graveyard by a keyword, no morph or suspend card)."""
    out: list[Action] = [Pass(pi)]
    plain = True
    seen: set[str] = set()
    pl = g.players[pi]
    # Cards with a keyword ability that works in the hand (cycling, 702.29a) or the graveyard
    # (flashback 702.34a, unearth 702.84a, scavenge 702.97a): most games have none at all.
    kinds = g.card_kinds
    if kinds < 0:
        kinds = card_kinds(g)
    keyworded = (kinds & KEYWORD_COSTS) != 0
    in_hand = False  # a card in hand has an ability that works there
    bf_kinds = g.bf_kinds
    if bf_kinds < 0:
        bf_kinds = layers.battlefield_kinds(g)
    # With no static ability on the battlefield, a spell's cost from the hand is its mana cost
    # (601.2f): one with more symbols than the player has mana (pool and untapped sources)
    # can't be paid (what casting.affordable finds first), and is not asked about further.
    fixed_costs = not bf_kinds & layers.STATIC
    mana = -1  # the player's mana, counted when first needed
    for c in pl.hand:
        cd = c.cdef
        if keyworded and cd.keyword_costs:
            in_hand = True
        if cd.name in seen:
            continue
        seen.add(cd.name)
        if cd.is_land:
            if sorcery_ok and pl.lands_played < 1:
                out.append(PlayLand(pi, c.cid))
            continue
        if not sorcery_ok and not cd.is_instant_speed:
            continue  # 117.1a: nothing else of this card can be done now (cheap early out)
        least = cd.least_mana
        if cd.targets_spell and not g.stack:
            castable = False  # 601.2c: a spell to target, and none on the stack
        elif least and fixed_costs:
            if mana < 0:
                mana = casting.mana_count(g, pi)
            castable = least <= mana
        else:
            castable = True
        if castable and casting.can_cast(g, pi, c):
            out.append(CastSpell(pi, c.cid))
        if cd.morph is not None:
            plain = False
            if casting.can_cast(g, pi, c, face_down=True):
                out.append(CastSpell(pi, c.cid, face_down=True))
        if cd.suspend is not None:
            plain = False
            if special.suspend_refusal(g, pi, c.cid) is None:
                out.append(SuspendCard(pi, c.cid))
    in_graveyard = False
    if keyworded:
        for c in pl.graveyard:
            if c.cdef.keyword_costs:
                in_graveyard = True
                break
    # The card vocabulary loads with the cards that use it, not at `import manastack`.
    if in_graveyard:
        from manastack.vocabulary import alt_costs

        out.extend(alt_costs.graveyard_casts(g, pi, sorcery_ok))
    if in_hand or in_graveyard:
        plain = False
        from manastack.vocabulary import cycling

        out.extend(cycling.hand_actions(g, pi))
    granting = (bf_kinds & layers.ABILITY_GRANTING) != 0
    # Most battlefields hold no activated ability but mana abilities (listed below): no scan.
    if bf_kinds & (layers.ACTIVATED | layers.ABILITY_GRANTING):
        plain = False
        for p in g.battlefield:
            if p.controller != pi:
                continue
            if p.face_down:
                if special.face_up_refusal(g, pi, p.oid) is None:
                    out.append(TurnFaceUp(pi, p.oid))
                continue
            card = p.card
            for i in (card.facts or casting.card_facts(card)).activated:
                if casting.activation_refusal(g, pi, p, i) is None:
                    out.append(ActivateAbility(pi, p.oid, i))
            if granting:  # 613.1f: abilities given by static abilities, after the printed ones
                base = len(card.cdef.abilities)
                for j, ab in enumerate(layers.granted_abilities(g, p)):
                    k = base + j
                    if (
                        isinstance(ab, ActivatedAbility)
                        and casting.activation_refusal(g, pi, p, k) is None
                    ):
                        out.append(ActivateAbility(pi, p.oid, k))
    if with_mana:
        out.extend(casting.mana_actions(g, pi))
    return out, plain


def give_priority(g: GameState) -> None:
    pi = g.priority_player
    if g.players[pi].left:
        pi = g.rules.seat_holder(g, pi)  # 800.4j: the turn goes on without an active player
        g.priority_player = pi
    if (
        g.halt_at is not None
        and (g.turn, g.step) >= g.halt_at
        and g.priority_rule in ("117.3a", "514.3a")
    ):
        g.halted = True
    g.pending = Priority(pi)
    if g.log_enabled:  # the line is not even built when nobody reads the log
        g.emit("priority", "{player} receives priority", g.priority_rule, player=g.pname(pi))


def receive(g: GameState, pi: int, rule: str) -> None:
    """``pi`` receives priority next (after the checks of 117.5)."""
    g.pending = None
    g.stage = PRIORITY
    g.priority_player = pi
    g.priority_rule = rule


def after_resolution(g: GameState) -> None:
    """117.3b: after a resolution the active player receives priority (unless it waits)."""
    if g.pending is not None:
        return  # the resolution waits for a choice
    receive(g, g.active, "117.3b")


def pass_priority(g: GameState, a: Action) -> None:
    g.pending = None
    if g.log_enabled:
        g.emit("pass", "{player} passes", "117.3d", player=g.pname(a.player))
    g.passes += 1
    if not g.rules.all_passed(g):
        receive(g, g.rules.next_priority(g, a.player), "117.3d")
        return
    g.passes = 0
    if g.stack:
        g.settled = False  # the top of the stack resolves
        stack.resolve_top(g)
        after_resolution(g)
        loops.after_resolution(g)
        return
    # The step ends (117.4): what the last look found still holds unless mana empties from a
    # pool (under the 2004 rules, mana burn: a loss of life) or the next step's turn-based
    # actions change something (engine.advance looks again after those).
    for pl in g.players:
        if any(pl.pool):
            g.settled = False
    loops.end_stretch(g)
    if g.log_enabled:
        g.emit(
            "step",
            "all players passed with an empty stack: the {step} ends",
            "117.4",
            step=g.step.msg,
        )
    if g.step is CLEANUP:
        g.stage = CLEANUP_AGAIN
    g.rules.end_step(g)


def _play_land(g: GameState, a: Action) -> None:
    assert isinstance(a, PlayLand)
    casting.play_land(g, a)
    receive(g, a.player, "116.3")


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


def _turn_face_up(g: GameState, a: Action) -> None:
    assert isinstance(a, TurnFaceUp)
    special.turn_face_up(g, a)
    receive(g, a.player, "116.3")


def _activate_card(g: GameState, a: Action) -> None:
    assert isinstance(a, ActivateCard)
    from manastack.vocabulary import cycling

    cycling.activate_card(g, a)


def _suspend(g: GameState, a: Action) -> None:
    assert isinstance(a, SuspendCard)
    special.suspend(g, a)
    receive(g, a.player, "116.3")


_ACTIONS: dict[type, Callable[[GameState, Action], None]] = {
    Pass: pass_priority,
    PlayLand: _play_land,
    CastSpell: _cast,
    ActivateAbility: _activate,
    ActivateMana: _mana,
    TurnFaceUp: _turn_face_up,
    SuspendCard: _suspend,
    ActivateCard: _activate_card,
}
