"""Invariants every game position must satisfy; shared by the property tests and the soak.

``check`` raises :class:`InvariantError` (an ``AssertionError``, so pytest reports it as a
failed assertion) naming the first broken invariant. Explicit raises rather than ``assert`` so
that the soak keeps checking under ``python -O``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from manastack.game import Game
from manastack.state import GameState


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
    game: Game, expected_cards: Mapping[int, int], card_owners: Mapping[int, int] | None = None
) -> None:
    """Raise InvariantError naming the first broken invariant.

    ``expected_cards``: the cards of the game (``all_cids`` at its start); ``card_owners``: their
    owners (``owners`` at its start; else what ``remember_owners`` stored for this game).
    """
    g = game.state
    counts = all_cids(g)
    _require(all(n == 1 for n in counts.values()), "a card is in two zones at once")
    _require(set(counts) <= set(expected_cards), "a card appeared from nowhere")
    known = card_owners if card_owners is not None else _OWNERS.get(id(game), {})
    for cid in set(expected_cards) - set(counts):
        # 800.4a: only what a player who left the game owned may have left with them.
        owner = known.get(cid)
        _require(
            owner is not None and g.players[owner].left, "cards not conserved: a card vanished"
        )
    oids = [p.oid for p in g.battlefield] + [s.oid for s in g.stack]
    _require(len(oids) == len(set(oids)), "two objects share an id")
    _require(all(o < g.next_id for o in oids), "an object id was not handed out by new_id")
    for p in g.players:
        _require(isinstance(p.life, int), f"{p.name}'s life is not an integer")
        _require(all(n >= 0 for n in p.pool), f"negative mana in {p.name}'s pool")
        _require(p.poison >= 0, f"negative poison counters for {p.name}")
        if p.left and not g.game_over:  # 800.4a
            _require(
                not any(x.controller == p.idx for x in g.battlefield),
                f"{p.name} left the game but still controls a permanent",
            )
    for perm in g.battlefield:
        _require(perm.damage >= 0, f"negative damage on {perm.name}")
        _require(
            all(v >= 0 for v in (perm.counters or {}).values()), f"negative counters on {perm.name}"
        )
        _require(
            g.game_over or not g.players[perm.controller].left,
            f"{perm.name} is controlled by a player who left",
        )
    if not g.game_over:
        _require(g.pending is not None, "a game in progress must be waiting for a decision")
        assert g.pending is not None
        _require(not g.players[g.pending.player].left, "a player who left is being asked")
        _require(bool(game.legal_actions()), "a pending decision with no legal option")
    else:
        _require(game.legal_actions() == [], "a finished game still offers actions")
