"""The named hooks where rule sets differ, implemented for today's Comprehensive Rules.

A rule set overrides these and nothing else calls around them:

- the turn: ``begin_step`` (its turn-based actions, 703), ``end_step`` (500.2: what happens as a
  step ends), ``empty_pools`` (500.4), ``next_step`` (500.1, 103.8a, 508.8, 514.3a) and
  ``next_turn`` (whose turn comes next, 500.1);
- priority: ``is_active`` (is this player's seat the active one), ``next_priority`` (117.3d),
  ``all_passed`` (117.4); a seat is a player today and can be a team later (117.6, 805);
- ``state_based_actions``: the rules of 704 as a list of objects (:mod:`manastack.sba`), all
  performed at once (704.3);
- combat damage: ``combat_damage_step`` (510.1 as the step begins) and
  ``combat_damage_assigned`` (510.2: dealt at once, without the stack);
- ``opening_hands`` and ``mulligans`` (103.5: the London mulligan);
- ``replacement_effects``: replacements the rules themselves make (regeneration, 701.19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from manastack import combat, sba, turn
from manastack.mana import pool_text
from manastack.mulligan import LONDON, MulliganProcedure
from manastack.prevention import PREVENTION
from manastack.replacement import PROTECTION, REGENERATION, Replacement
from manastack.steps import Step

if TYPE_CHECKING:
    from manastack.state import GameState


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class Ruleset:
    """Today's Comprehensive Rules. Subclass and override hooks for another rule set."""

    # Class variables (a rule set is one object; a subclass overrides them in its body).
    name: ClassVar[str] = "current"
    # The era of its words: the messages' catalogs have a variant of a language for it
    # (``fr@2004``: "jouer un sort"), chained before the language's own (manastack.i18n).
    era: ClassVar[str | None] = None
    state_based: ClassVar[tuple[sba.StateBasedAction, ...]] = sba.CURRENT
    replacement_effects: ClassVar[tuple[Replacement, ...]] = (REGENERATION, PROTECTION, PREVENTION)
    mulligans: ClassVar[MulliganProcedure] = LONDON  # 103.5
    # Steps whose turn-based actions (703) change nothing the state-based actions look at: only
    # the "at the beginning of" event, whose triggers wait in ``g.triggered``. When the step
    # before ended with nothing to check (``g.settled``), the engine doesn't look again
    # (engine.advance); the fully checked mode verifies it (invariants).
    quiet_steps: ClassVar[frozenset[Step]] = frozenset(
        {
            Step.UPKEEP,
            Step.PRECOMBAT_MAIN,
            Step.BEGINNING_OF_COMBAT,
            Step.END_OF_COMBAT,
            Step.POSTCOMBAT_MAIN,
            Step.END,
        }
    )

    # --- the turn (500-514) -----------------------------------------------------------------

    def begin_step(self, g: GameState, keep_sick: bool = False) -> None:
        turn.begin_step(g, keep_sick)

    def end_step(self, g: GameState) -> None:
        """500.2: the step ends: mana empties (500.4), and the next step begins."""
        self.empty_pools(g)
        turn.go_to(g, self.next_step(g))

    def empty_pools(self, g: GameState) -> None:
        """500.4: unused mana empties from each player's pool at the end of each step and
        phase."""
        for pl in g.players:
            if any(pl.pool):
                g.emit(
                    "mana",
                    "{player}'s unused mana ({pool}) empties",
                    "500.4",
                    player=pl.name,
                    pool=pool_text(pl.pool),
                )
                pl.pool = [0, 0, 0, 0, 0, 0]

    def next_step(self, g: GameState) -> Step:
        return turn.next_step(g)

    def next_turn(self, g: GameState) -> int:
        """500.1 / 101.4: the next player in turn order who is still in the game; with shared
        team turns, the next team (805.4), named by its primary player."""
        if g.format.solo:
            return g.next_player(g.active)
        return g.format.next_team_primary(g, g.active)

    # --- priority (117) and seats (805) -----------------------------------------------------

    def is_active(self, g: GameState, pi: int) -> bool:
        """Whether ``pi`` is the active player, or on the active team (805.4a)."""
        f = g.format
        return pi == g.active if f.solo else f.same_team(pi, g.active)

    def active_players(self, g: GameState) -> list[int]:
        """The active player, or every active player of the active team (805.4b-c), in the
        game."""
        seat = (g.active,) if g.format.solo else g.format.teammates(g.active)
        return [p for p in seat if not g.players[p].left]

    def same_seat(self, g: GameState, a: int, b: int) -> bool:
        """Whether ``a`` may answer a decision asked of ``b``'s seat (805.5: a team's
        decisions are made by any of its players)."""
        return a == b or (not g.format.solo and g.format.same_team(a, b))

    def seat_holder(self, g: GameState, pi: int) -> int:
        """Who holds ``pi``'s seat now: ``pi``, or a teammate still in the game if ``pi``
        left; else the next seat in turn order (800.4j)."""
        if not g.players[pi].left:
            return pi
        if not g.format.solo:
            mate = g.format.primary(g, pi)
            if not g.players[mate].left:
                return mate
        return self.next_priority(g, pi)

    def next_priority(self, g: GameState, pi: int) -> int:
        """117.3d: after ``pi`` passes, the next player (805.5b: the next team) in turn order
        receives priority."""
        if g.format.solo:
            return g.next_player(pi)
        return g.format.next_team_primary(g, pi)

    def all_passed(self, g: GameState) -> bool:
        """117.4: every player (805.5b: every team) still in the game has passed in
        succession."""
        if g.format.solo:
            staying = 0
            for p in g.players:
                if not p.left:
                    staying += 1
            return g.passes >= staying
        return g.passes >= len(g.format.in_game_teams(g))

    # --- state-based actions (704) ----------------------------------------------------------

    def state_based_actions(self, g: GameState) -> bool:
        """One round of the state-based actions; True if any was performed (or a choice they
        need is pending)."""
        return sba.check(g, self.state_based)

    # --- combat damage (510) ----------------------------------------------------------------

    def combat_damage_step(self, g: GameState, first_step: bool) -> None:
        """510.1: as the step begins, the attacking player assigns combat damage."""
        combat.begin_damage(g, first_step)

    def combat_damage_assigned(
        self, g: GameState, first_step: bool, chosen: dict[int, combat.Assignment]
    ) -> None:
        """510.2: all combat damage is dealt at once, as a turn-based action (no stack)."""
        combat.deal_combat_damage(g, first_step, chosen)

    # --- the start of the game (103) --------------------------------------------------------

    def opening_hands(self, g: GameState, hand_size: int = 7) -> None:
        """103.5: each player draws a hand of seven; the mulligans follow (``mulligans``)."""
        for pl in g.players:
            for _ in range(min(hand_size, len(pl.library))):
                pl.hand.append(pl.take_top())
            g.emit(
                "setup",
                "{player} draws an opening hand of {count}",
                "103.5",
                player=pl.name,
                count=len(pl.hand),
            )

    def __repr__(self) -> str:
        return f"<Ruleset {self.name}>"
