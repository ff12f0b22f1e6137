"""``Game.observation`` leaks nothing: two states differing only in what a player can't see give
that player the same observation (issue 18)."""

from __future__ import annotations

import random

from manastack import Game
from manastack.deckgen import random_deck
from manastack.state import Player


def _reshuffle_hidden(g: Game, viewer: int, rng: random.Random) -> bool:
    """Change what ``viewer`` can't see, in place: every opponent's hand and library dealt anew
    from their cards together (same counts), the order of every library, and the card under
    each face-down permanent of an opponent. True if an opponent's hand really changed."""
    changed = False
    for p in g.state.players:
        if p.idx == viewer:
            lib = list(p.library)
            rng.shuffle(lib)
            p.library = tuple(lib)
            continue
        before = sorted(c.name for c in p.hand)
        cards = [*p.hand, *p.library]
        rng.shuffle(cards)
        p.hand, p.library = cards[: len(p.hand)], tuple(cards[len(p.hand) :])
        changed |= sorted(c.name for c in p.hand) != before
        for perm in g.state.battlefield:
            if perm.face_down and perm.controller == p.idx and p.library:
                k = rng.randrange(len(p.library))
                lib = list(p.library)
                perm.card, lib[k] = lib[k], perm.card
                p.library = tuple(lib)
    return changed


def _hand(p: Player) -> list[str]:
    return [c.name for c in p.hand]


def test_hidden_cards_do_not_change_the_observation() -> None:
    rng = random.Random(18)
    checked = changed = 0
    for game_no in range(12):
        players = 2 + game_no % 3
        decks = [random_deck(rng, ("1", "2")) for _ in range(players)]
        g = Game.new(decks, seed=1000 + game_no)
        g.state.log_enabled = False
        for _ in range(400):
            if g.is_over:
                break
            d = g.decision
            if d is None:
                g.resume()
                continue
            if rng.random() < 0.1:
                viewer = rng.randrange(players)
                twin = g.clone()
                changed += _reshuffle_hidden(twin, viewer, rng)
                assert twin.observation(viewer) == g.observation(viewer)
                # The change is real: whoever holds the reshuffled hand sees it.
                for p, q in zip(g.state.players, twin.state.players, strict=True):
                    if _hand(p) != _hand(q):
                        assert twin.observation(p.idx) != g.observation(p.idx)
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 50 and changed > 20


def test_observation_names_the_public_facts() -> None:
    g = Game.new(
        [["Forest"] * 20, ["Island"] * 20],
        names=["alice", "bob"],
        seed=1,
        first_player=0,
        mulligans=False,
    )
    obs = g.observation(1)
    assert obs["players"][0]["hand"] == 7 and obs["players"][0]["library"] == 13
    assert obs["players"][1]["hand"] == ["Island"] * 7
    # alice decides: bob sees who and what kind, not alice's prompt.
    assert obs["decision"] == {"player": 0, "kind": "priority", "prompt": None}
    assert g.observation(0)["decision"]["prompt"] == "alice has priority"
