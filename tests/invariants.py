"""Invariants every game position must satisfy; shared by the property tests and the soak."""

from __future__ import annotations

from collections import Counter

from manastack.game import Game
from manastack.state import GameState


def all_cids(g: GameState) -> Counter[int]:
    c: Counter[int] = Counter()
    for p in g.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            c.update(card.cid for card in zone)
    c.update(p.card.cid for p in g.battlefield if not p.card.token)
    c.update(s.card.cid for s in g.stack if s.card is not None)
    return c


def check(game: Game, expected_cards: Counter[int]) -> None:
    """Raise AssertionError naming the first broken invariant."""
    g = game.state
    counts = all_cids(g)
    assert all(n == 1 for n in counts.values()), "a card is in two zones at once"
    assert set(counts) <= set(expected_cards), "a card appeared from nowhere"
    for cid in set(expected_cards) - set(counts):
        # 800.4a: only what a player who left the game owned may have left with them.
        assert g.players[_owner(game, cid)].left, "cards not conserved: a card vanished"
    oids = [p.oid for p in g.battlefield] + [s.oid for s in g.stack]
    assert len(oids) == len(set(oids)), "two objects share an id"
    for p in g.players:
        assert isinstance(p.life, int)
        assert all(n >= 0 for n in p.pool), f"negative mana in {p.name}'s pool"
        assert p.poison >= 0
        if p.left and not g.game_over:  # 800.4a
            assert not any(x.controller == p.idx for x in g.battlefield)
    for perm in g.battlefield:
        assert perm.damage >= 0
        assert all(v >= 0 for v in (perm.counters or {}).values())
        assert g.game_over or not g.players[perm.controller].left
    if not g.game_over:
        assert g.pending is not None, "a game in progress must be waiting for a decision"
        assert not g.players[g.pending.player].left, "a player who left is being asked"
        assert game.legal_actions(), "a pending decision with no legal option"
    else:
        assert game.legal_actions() == []


_OWNERS: dict[int, dict[int, int]] = {}


def owners(g: GameState) -> dict[int, int]:
    out: dict[int, int] = {}
    for p in g.players:
        for zone in (p.library, p.hand, p.graveyard, p.exile):
            out.update((c.cid, c.owner) for c in zone)
    out.update((p.card.cid, p.card.owner) for p in g.battlefield)
    out.update((s.card.cid, s.card.owner) for s in g.stack if s.card is not None)
    return out


def remember_owners(game: Game) -> None:
    _OWNERS[id(game)] = owners(game.state)


def _owner(game: Game, cid: int) -> int:
    return _OWNERS[id(game)][cid]
