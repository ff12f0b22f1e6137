"""Invariants every game position must satisfy; shared by the property tests and the soak.

``check`` raises :class:`InvariantError` (an ``AssertionError``, so pytest reports it as a
failed assertion) naming the first broken invariant. Explicit raises rather than ``assert`` so
that the soak keeps checking under ``python -O``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from manastack import casting, layers, priority
from manastack.actions import Action, CastSpell
from manastack.game import Game
from manastack.state import EXILE_TRIGGERED, KEYWORD_COSTS, GameState, card_kinds


class InvariantError(AssertionError):
    """A game position broke one of the engine's invariants."""


def _require(ok: bool, message: str) -> None:
    if not ok:
        raise InvariantError(message)


def all_cids(g: GameState) -> Counter[int]:
    """How many times each physical card's id appears across the zones (should be once)."""
    c: Counter[int] = Counter()
    for p in g.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            c.update(card.cid for card in zone)
    c.update(p.card.cid for p in g.battlefield if not p.card.token)
    c.update(s.card.cid for s in g.stack if s.card is not None)
    return c


def _cids(g: GameState) -> list[int]:
    ids = [c.cid for p in g.players for z in (p.library, p.hand, p.graveyard, p.exile) for c in z]
    ids.extend(p.card.cid for p in g.battlefield if not p.card.token)
    ids.extend(s.card.cid for s in g.stack if s.card is not None)
    return ids


def owners(g: GameState) -> dict[int, int]:
    """Card id -> owner, for every card in a zone now."""
    out: dict[int, int] = {}
    for p in g.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            out.update((c.cid, c.owner) for c in zone)
    out.update((p.card.cid, p.card.owner) for p in g.battlefield)
    out.update((s.card.cid, s.card.owner) for s in g.stack if s.card is not None)
    return out


# Owners remembered per game (by id) for callers that pass no ``owners`` to ``check``.
_OWNERS: dict[int, dict[int, int]] = {}


def remember_owners(game: Game) -> None:
    _OWNERS[id(game)] = owners(game.state)


def check(
    game: Game,
    expected_cards: Mapping[int, int],
    card_owners: Mapping[int, int] | None = None,
    options: Sequence[Action] | None = None,
) -> None:
    """Raise InvariantError naming the first broken invariant.

    ``expected_cards``: the cards of the game (``all_cids`` at its start); ``card_owners``: their
    owners (``owners`` at its start; else what ``remember_owners`` stored for this game);
    ``options``: ``game.legal_actions()`` if the caller has it already (saves listing twice).
    """
    g = game.state
    ids = _cids(g)
    present = set(ids)
    # Messages are built only on failure: this runs after every answer of a soak.
    if len(present) != len(ids):
        raise InvariantError("a card is in two zones at once")
    if not present <= expected_cards.keys():
        raise InvariantError("a card appeared from nowhere")
    if len(present) != len(expected_cards):
        known = card_owners if card_owners is not None else _OWNERS.get(id(game), {})
        for cid in expected_cards.keys() - present:
            # 800.4a: only what a player who left the game owned may have left with them.
            owner = known.get(cid)
            if owner is None or not g.players[owner].left:
                raise InvariantError("cards not conserved: a card vanished")
    oids = [p.oid for p in g.battlefield] + [s.oid for s in g.stack]
    if len(oids) != len(set(oids)):
        raise InvariantError("two objects share an id")
    if oids and max(oids) >= g.next_id:
        raise InvariantError("an object id was not handed out by new_id")
    for p in g.players:
        if type(p.life) is not int:
            raise InvariantError(f"{p.name}'s life is not an integer")
        if min(p.pool) < 0:
            raise InvariantError(f"negative mana in {p.name}'s pool")
        if p.poison < 0:
            raise InvariantError(f"negative poison counters for {p.name}")
        if p.left and not g.game_over and any(x.controller == p.idx for x in g.battlefield):
            raise InvariantError(f"{p.name} left the game but still controls a permanent")  # 800.4a
    for perm in g.battlefield:
        if perm.damage < 0:
            raise InvariantError(f"negative damage on {perm.name}")
        if perm.counters and min(perm.counters.values(), default=0) < 0:
            raise InvariantError(f"negative counters on {perm.name}")
        if not g.game_over and g.players[perm.controller].left:
            raise InvariantError(f"{perm.name} is controlled by a player who left")
    if g.bf_kinds >= 0:
        kept = g.bf_kinds
        g.bf_kinds = -1
        _require(
            layers.battlefield_kinds(g) == kept,
            "the kinds of static abilities kept for the battlefield are stale (layers.py)",
        )
    memo = g.source_memo
    for pi in g.in_game():
        scanned = casting.scan_source_colours(g, pi, layers.any_granting(g))
        _require(
            scanned == tuple(s[2] for s in casting.auto_sources(g, pi, sacrifice=True)),
            "casting.source_colours disagrees with casting.auto_sources",
        )
        if memo is not None and memo.holds(g) and pi in memo.colours:
            _require(
                memo.colours[pi] == scanned,
                "the mana sources kept across decisions are stale (state.SourceMemo)",
            )
    kinds = card_kinds(g)
    for p in g.players:
        # What the listing and the trigger pipeline skip when the game's cards have none.
        if not kinds & KEYWORD_COSTS:
            _require(
                not any(c.cdef.keyword_costs for c in (*p.hand, *p.graveyard)),
                "a card with a keyword cost is in a hand or graveyard, but the game's cards "
                "(GameState.cards, card_kinds) have none",
            )
        if not kinds & EXILE_TRIGGERED:
            _require(
                not any(c.cdef.exile_triggered for c in p.exile),
                "a card whose abilities trigger in exile is there, but the game's cards "
                "(GameState.cards, card_kinds) have none",
            )
    if not g.game_over:
        _require(g.pending is not None, "a game in progress must be waiting for a decision")
        assert g.pending is not None
        _require(not g.players[g.pending.player].left, "a player who left is being asked")
        if options is None:
            options = game.legal_actions()
        _require(bool(options), "a pending decision with no legal option")
        if g.settled:
            _check_settled(g)
            _check_listings(g)
        _check_casts(g, options)
    else:
        offered = game.legal_actions() if options is None else options
        _require(not offered, "a finished game still offers actions")


def _check_casts(g: GameState, options: Sequence[Action]) -> None:
    """At priority, the cards of the hand offered to be cast (face up) are exactly those that
    can be (casting.cast_refusal finds nothing), by name (identical cards: one option)."""
    pend = g.pending
    if not isinstance(pend, priority.Priority):
        return
    for pi in g.in_game():
        if not g.rules.same_seat(g, pi, pend.player):
            continue
        hand = g.players[pi].hand
        offered = {
            a.cid
            for a in options
            if isinstance(a, CastSpell) and a.player == pi and not a.face_down
        }
        offered_names = {c.cdef.name for c in hand if c.cid in offered}
        castable = {c.cdef.name for c in hand if casting.cast_refusal(g, pi, c) is None}
        _require(
            offered_names == castable,
            f"player {pi}'s hand: offered to cast {sorted(offered_names)}, "
            f"castable {sorted(castable)}",
        )


def _check_listings(g: GameState) -> None:
    """Each priority listing kept while the state is settled (``GameState.listings``) that the
    state would use now must be what a listing from scratch finds."""
    if not g.listings:
        return
    copy = g.clone()
    copy.log_enabled = False
    copy.settled = False  # nothing kept is read: every option is worked out again
    for (pi, with_mana, sorcery), kept in g.listings.items():
        if sorcery != casting.sorcery_timing_ok(g, pi):
            continue  # not what this state would use (another step's timing)
        _require(
            priority.priority_actions(copy, pi, with_mana) == kept,
            f"the priority options kept for player {pi} are stale (GameState.listings)",
        )


def _check_settled(g: GameState) -> None:
    """A state the engine calls settled (it skips the next look at state-based actions and
    triggers, engine.state_checks) must be one where that look finds nothing: the full look,
    on a copy, performs no state-based action and has no trigger waiting."""
    copy = g.clone()
    copy.log_enabled = False
    copy.pending = None
    _require(not copy.triggered, "a settled state has a trigger waiting to be put on the stack")
    _require(
        not copy.rules.state_based_actions(copy),
        "a settled state has a state-based action to perform (the engine would skip it)",
    )
