"""Opening hands and mulligans (103.4-103.5; the 2004 rules' 101.4).

Two procedures, each an object a rule set names (``Ruleset.mulligans``):

- :class:`LondonMulligan` (103.5): the starting player, then each other player in turn order,
  declares whether they take a mulligan; those who do shuffle their hand away and draw a new
  hand of seven at the same time, then put on the bottom of their library as many cards as they
  have taken mulligans (103.5c: in a multiplayer game the first mulligan is free). Repeat until
  nobody takes one. A hand of zero cards is kept.
- :class:`ParisMulligan` (2004 101.4): the starting player takes all their mulligans first, then
  each other player in turn order; each new hand is one card smaller; nothing goes to the bottom.

The procedure's progress is plain data (:class:`MulliganState`) held by the pending decision, so a
game in the middle of mulligans clones, saves and replays like any other.
"""

from __future__ import annotations

from typing import Any, ClassVar

from manastack.actions import Action, Choose
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.i18n import Msg
from manastack.state import GameState


class MulliganState:
    """Where the mulligans stand: who still declares this round, who declared a mulligan, how
    many each player has taken, and the cards still to put on the bottom, by player."""

    __slots__ = ("asking", "bottoms", "counts", "taking")

    def __init__(
        self,
        asking: list[int],
        taking: list[int] | None = None,
        counts: dict[int, int] | None = None,
        bottoms: list[list[int]] | None = None,
    ) -> None:
        self.asking = asking
        self.taking = taking if taking is not None else []
        self.counts = counts if counts is not None else {}
        self.bottoms = bottoms if bottoms is not None else []  # [player, cards left to put]

    def copy(self) -> MulliganState:
        return MulliganState(
            self.asking[:], self.taking[:], dict(self.counts), [b[:] for b in self.bottoms]
        )

    def data(self) -> dict[str, Any]:
        return {
            "asking": self.asking[:],
            "taking": self.taking[:],
            "counts": dict(self.counts),
            "bottoms": [b[:] for b in self.bottoms],
        }

    @classmethod
    def from_data(cls, d: Any) -> MulliganState:
        if isinstance(d, MulliganState):
            return d.copy()
        return cls(
            list(d["asking"]),
            list(d["taking"]),
            {int(k): v for k, v in d["counts"].items()},
            [list(b) for b in d["bottoms"]],
        )


class MulliganProcedure:
    """How a rule set runs mulligans. ``start`` leaves the first decision pending (or none)."""

    name = "none"

    def start(self, g: GameState) -> None:
        """No mulligans: every player keeps the hand they drew."""

    def declared(self, g: GameState, st: MulliganState, pi: int, keep: bool) -> None:
        raise NotImplementedError

    def may_mulligan(self, g: GameState, st: MulliganState, pi: int) -> bool:
        """A player may take a mulligan while their hand has a card (103.5)."""
        return bool(g.players[pi].hand)

    def next(self, g: GameState, st: MulliganState) -> None:
        raise NotImplementedError


def _shuffle_hand_away(g: GameState, pi: int) -> None:
    pl = g.players[pi]
    pl.library = g.rng.shuffled((*pl.library, *pl.hand))
    pl.hand.clear()


def _draw(g: GameState, pi: int, n: int) -> None:
    pl = g.players[pi]
    for _ in range(min(n, len(pl.library))):
        pl.hand.append(pl.take_top())


def _done(g: GameState) -> None:
    g.pending = None
    g.emit("setup", "every player has kept their opening hand", "103.5")


class LondonMulligan(MulliganProcedure):
    """103.5: declarations in turn order, mulligans at the same time, cards to the bottom."""

    name = "london"

    def start(self, g: GameState) -> None:
        self.next(g, MulliganState(g.in_game()))

    def declared(self, g: GameState, st: MulliganState, pi: int, keep: bool) -> None:
        st.asking.remove(pi)
        if keep:
            g.emit(
                "mulligan",
                "{player} keeps their hand of {count}",
                "103.5",
                player=g.pname(pi),
                count=len(g.players[pi].hand),
            )
        else:
            st.taking.append(pi)
            g.emit("mulligan", "{player} takes a mulligan", "103.5", player=g.pname(pi))

    def next(self, g: GameState, st: MulliganState) -> None:
        while True:
            if st.bottoms:
                pi, left = st.bottoms[0]
                if left > 0 and g.players[pi].hand:
                    g.pending = PutOnBottom(pi, st)
                    return
                st.bottoms.pop(0)
                continue
            if st.asking:
                pi = st.asking[0]
                if self.may_mulligan(g, st, pi):
                    g.pending = DeclareMulligan(pi, st)
                    return
                self.declared(g, st, pi, keep=True)  # a hand of zero cards is kept
                continue
            if st.taking:
                free = 1 if len(g.in_game()) > 2 else 0  # 103.5c
                for pi in st.taking:
                    _shuffle_hand_away(g, pi)
                    _draw(g, pi, 7)
                    n = st.counts.get(pi, 0) + 1
                    st.counts[pi] = n
                    bottom = max(0, n - free)
                    g.emit(
                        "mulligan",
                        "{player} shuffles their hand away and draws seven; {bottom} card goes "
                        "to the bottom of their library"
                        if bottom == 1
                        else "{player} shuffles their hand away and draws seven; {bottom} cards "
                        "go to the bottom of their library",
                        "103.5" if not free else "103.5c",
                        player=g.pname(pi),
                        bottom=bottom,
                    )
                    if bottom:
                        st.bottoms.append([pi, bottom])
                st.asking, st.taking = st.taking, []
                continue
            _done(g)
            return


class ParisMulligan(MulliganProcedure):
    """2004 101.4: each player in turn, from the starting player, takes all their mulligans;
    each new hand has one card fewer."""

    name = "paris"

    def start(self, g: GameState) -> None:
        self.next(g, MulliganState(g.in_game()))

    def declared(self, g: GameState, st: MulliganState, pi: int, keep: bool) -> None:
        pl = g.players[pi]
        if keep:
            st.asking.remove(pi)
            g.emit(
                "mulligan",
                "{player} keeps their hand of {count}",
                "2004 101.4",
                player=pl.name,
                count=len(pl.hand),
            )
            return
        size = len(pl.hand) - 1
        _shuffle_hand_away(g, pi)
        _draw(g, pi, size)
        st.counts[pi] = st.counts.get(pi, 0) + 1
        g.emit(
            "mulligan",
            "{player} takes a mulligan: shuffles their hand away and draws {size}",
            "2004 101.4",
            player=pl.name,
            size=size,
        )

    def next(self, g: GameState, st: MulliganState) -> None:
        while st.asking:
            pi = st.asking[0]
            if self.may_mulligan(g, st, pi):
                g.pending = DeclareMulligan(pi, st)
                return
            self.declared(g, st, pi, keep=True)
        _done(g)


class _MulliganDecision(Pending):
    """A decision of the mulligan procedure: it carries the procedure's progress."""

    __slots__ = ("state",)

    def __init__(self, player: int, state: MulliganState) -> None:
        super().__init__(player)
        self.state = state

    def copy(self) -> _MulliganDecision:
        return type(self)(self.player, self.state.copy())

    def player_left(self, g: GameState, pi: int) -> None:
        _forget(self.state, pi)
        g.rules.mulligans.next(g, self.state)

    def fields(self) -> dict[str, Any]:
        return {"state": self.state.data()}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> _MulliganDecision:
        return cls(player, MulliganState.from_data(d["state"]))


class DeclareMulligan(_MulliganDecision):
    """103.5: keep this hand, or take a mulligan."""

    kind: ClassVar[Kind] = Kind.MULLIGAN
    __slots__ = ()

    def prompt(self, g: GameState) -> Msg:
        n = len(g.players[self.player].hand)
        return Msg(
            "{player}: keep this hand of {n} or take a mulligan", player=g.pname(self.player), n=n
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return [Choose(self.player, "keep"), Choose(self.player, "mulligan")]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        if a.option not in ("keep", "mulligan"):
            raise IllegalAction(
                "target", "choose keep or mulligan, not {option}", "103.5", option=repr(a.option)
            )
        procedure = g.rules.mulligans
        procedure.declared(g, self.state, self.player, a.option == "keep")
        procedure.next(g, self.state)
        return None


class PutOnBottom(_MulliganDecision):
    """103.5: after a mulligan, put a card from your hand on the bottom of your library (one
    decision a card, in the order chosen)."""

    kind: ClassVar[Kind] = Kind.PUT_ON_BOTTOM
    __slots__ = ()

    def prompt(self, g: GameState) -> Msg:
        left = self.state.bottoms[0][1]
        return Msg(
            "{player}: put a card from your hand on the bottom"
            if left == 1
            else "{player}: put {left} cards from your hand on the bottom",
            player=g.pname(self.player),
            left=left,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        seen: set[str] = set()
        out: list[Action] = []
        for c in g.players[self.player].hand:
            if c.name not in seen:  # identical cards: one option
                seen.add(c.name)
                out.append(Choose(self.player, str(c.cid)))
        return out

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Choose):
            raise self.refuse(g, a)
        pl = g.players[self.player]
        card = next((c for c in pl.hand if str(c.cid) == a.option), None)
        if card is None:
            raise IllegalAction("unknown", "choose a card in your hand (by its id)", "103.5")
        pl.hand.remove(card)
        pl.library = (card, *pl.library)  # the library's top is its end
        g.emit(
            "mulligan",
            "{player} puts a card on the bottom of their library",
            "103.5",
            player=pl.name,
        )
        self.state.bottoms[0][1] -= 1
        g.rules.mulligans.next(g, self.state)
        return None


def _forget(st: MulliganState, pi: int) -> None:
    """800.4a: a player who left takes no part in the mulligans any more."""
    st.asking = [p for p in st.asking if p != pi]
    st.taking = [p for p in st.taking if p != pi]
    st.bottoms = [b for b in st.bottoms if b[0] != pi]


NO_MULLIGANS = MulliganProcedure()
LONDON = LondonMulligan()
PARIS = ParisMulligan()
