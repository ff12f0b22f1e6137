"""A fixed-size numeric encoding of ``Game.observation(player)`` (numpy, float32).

It is built from the observation dict alone, so it can hold nothing that dict hides (the test of
``tests/test_observation.py`` covers both). Seats are counted from the viewer (0 is the viewer,
1 the next seat, up to :data:`MAX_SEATS`); cards are numbered by a vocabulary fixed when the
encoder is made: 0 nothing, 1 a face-down card, 2 a name the vocabulary lacks (a card
registered later, a token), then the known names in sorted order.

The vector, in order (``V`` the vocabulary size, caps from :class:`~manastack.env.codec.Caps`):

- global (``GLOBAL``): turn, one-hot step (``len(Step)``), one-hot active seat (4), one-hot
  deciding seat (4), one-hot decision kind (``len(Kind)``), stack size, 1 if there is combat;
- per seat (4 x ``SEAT``): present, life, poison, hand size, library size, graveyard size,
  exile size, mana pool W U B R G C, lands played this turn, left the game;
- the viewer's hand: a count per vocabulary entry (``V``);
- each seat's graveyard, then each seat's exile: counts per entry (4 x ``V`` each);
- the battlefield in entering order, ``P`` slots of ``PERMANENT``: present, card number, seat
  of the controller, of the owner, tapped, summoning sick, damage, power, toughness,
  face down, token, counters (all kinds), attacking, blocking;
- the stack from the top, ``S`` slots of ``STACK_ITEM``: present, card number, seat of the
  controller, spell, activated, triggered, face down, number of targets.

Permanents past ``P`` and stack objects past ``S`` are left out (counts stay right).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from manastack import cards
from manastack.decisions.base import Kind
from manastack.env.codec import COLORS, DEFAULT_CAPS, MAX_SEATS, Caps
from manastack.steps import Step

SEAT = 15
PERMANENT = 14
STACK_ITEM = 8
_STEPS = {s.label: i for i, s in enumerate(Step)}
_KINDS = {k.value: i for i, k in enumerate(Kind)}
GLOBAL = 1 + len(_STEPS) + 2 * MAX_SEATS + len(_KINDS) + 2
HIDDEN, UNKNOWN, FIRST_NAME = 1, 2, 3
_STACK_KINDS = {"spell": 3, "activated": 4, "triggered": 5}


class ObservationEncoder:
    """Observation dicts to float32 vectors of one fixed size (see the module docstring)."""

    __slots__ = ("caps", "size", "vocab")

    def __init__(self, caps: Caps = DEFAULT_CAPS, names: Iterable[str] | None = None) -> None:
        self.caps = caps
        known = sorted(set(cards.names() if names is None else names))
        self.vocab: dict[str, int] = {name: FIRST_NAME + i for i, name in enumerate(known)}
        v = len(self.vocab) + FIRST_NAME
        self.size = (
            GLOBAL
            + MAX_SEATS * SEAT
            + v * (1 + 2 * MAX_SEATS)
            + caps.permanents * PERMANENT
            + caps.stack * STACK_ITEM
        )

    @property
    def vocab_size(self) -> int:
        return len(self.vocab) + FIRST_NAME

    def card(self, name: str) -> int:
        if name.startswith("face-down"):
            return HIDDEN
        return self.vocab.get(name, UNKNOWN)

    def encode(self, obs: dict[str, Any]) -> npt.NDArray[np.float32]:
        out = np.zeros(self.size, dtype=np.float32)
        players = obs["players"]
        n = len(players)
        me: int = obs["you"]

        def seat(p: int) -> int:
            return (p - me) % n

        at = 0
        out[at] = obs["turn"]
        out[at + 1 + _STEPS[obs["step"]]] = 1
        at += 1 + len(_STEPS)
        out[at + seat(obs["active"])] = 1
        at += MAX_SEATS
        d = obs["decision"]
        if d is not None:
            out[at + seat(d["player"])] = 1
            out[at + MAX_SEATS + _KINDS[d["kind"]]] = 1
        at += MAX_SEATS + len(_KINDS)
        out[at] = len(obs["stack"])
        combat = obs["combat"]
        out[at + 1] = combat is not None
        at += 2

        for i, p in enumerate(players):
            o = at + seat(i) * SEAT
            hand = p["hand"]
            out[o : o + 7] = (
                1,
                p["life"],
                p["poison"],
                len(hand) if isinstance(hand, list) else hand,
                p["library"],
                len(p["graveyard"]),
                len(p["exile"]),
            )
            for c in p["mana_pool"]:
                k = COLORS.find(c)
                if k >= 0:
                    out[o + 7 + k] += 1
            out[o + 13] = p["lands_played"]
            out[o + 14] = p["left"]
        at += MAX_SEATS * SEAT

        v = self.vocab_size
        for name in players[me]["hand"]:
            out[at + self.card(name)] += 1
        at += v
        for i, p in enumerate(players):
            for name in p["graveyard"]:
                out[at + seat(i) * v + self.card(name)] += 1
            for name in p["exile"]:
                out[at + (MAX_SEATS + seat(i)) * v + self.card(name)] += 1
        at += 2 * MAX_SEATS * v

        attackers = combat["attackers"] if combat else {}
        blockers = combat["blockers"] if combat else {}
        for k, perm in enumerate(obs["battlefield"][: self.caps.permanents]):
            o = at + k * PERMANENT
            oid = perm["oid"]
            out[o : o + PERMANENT] = (
                1,
                self.card(perm["name"]),
                seat(perm["controller"]),
                seat(perm["owner"]),
                perm["tapped"],
                perm["sick"],
                perm["damage"],
                perm["power"] or 0,
                perm["toughness"] or 0,
                perm["face_down"],
                perm["token"],
                sum(perm["counters"].values()),
                oid in attackers,
                oid in blockers,
            )
        at += self.caps.permanents * PERMANENT

        for k, item in enumerate(obs["stack"][: self.caps.stack]):
            o = at + k * STACK_ITEM
            out[o] = 1
            out[o + 1] = self.card(item["name"])
            out[o + 2] = seat(item["controller"])
            out[o + _STACK_KINDS.get(item["kind"], 5)] = 1
            out[o + 6] = item["face_down"]
            out[o + 7] = len(item["targets"])
        return out
