"""Formats: who plays with whom (800-810). A format is an immutable object a game holds
(``GameState.format``) and the rule set's seat hooks consult.

- :class:`FreeForAll`: every player is their own team (800; the two-player game of 103).
- :class:`SharedTeamTurns` (805): teams take turns (805.4), have priority (805.5, 117.6), put
  triggers on the stack team by team (805.7) and attack and block as a team (805.10); each player
  keeps their own life; a concession removes only that player (104.3a, 104.3g).
- :class:`TwoHeadedGiant` (810): shared team turns with two teams of two, a shared life total of
  30 (810.4), damage, loss and gain happening to each player and changing the team's total
  (810.9), a team that loses together (704.6a, 810.8a) and concedes together (810.8b); the
  starting team skips its first draw step (810.6, 103.8b).

The primary player of a team (805.2) is its first member: it stands for the team where one
player must be named (the active player, the player asked for a team decision).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from manastack.i18n import Msg

if TYPE_CHECKING:
    from manastack.state import GameState


class Format:
    """The team structure of a game: ``teams`` lists the players of each team, in seat order."""

    name = "free-for-all"
    shared_life = False  # 810.4: a team's players share one life total
    team_turns = False  # 805.4: teams, not players, take turns
    loses_together = False  # 810.8a: a player's loss is the team's
    concedes_together = False  # 810.8b: a player's concession is the team's

    def __init__(self, teams: Sequence[Sequence[int]], team_names: Sequence[str] = ()) -> None:
        self.teams: tuple[tuple[int, ...], ...] = tuple(tuple(t) for t in teams)
        self.team_names: tuple[str, ...] = tuple(team_names)
        self._team_of: dict[int, int] = {p: i for i, t in enumerate(self.teams) for p in t}
        self.solo = all(len(t) == 1 for t in self.teams)

    # --- who is with whom --------------------------------------------------------------------

    def team_of(self, pi: int) -> int:
        return self._team_of[pi]

    def teammates(self, pi: int) -> tuple[int, ...]:
        """``pi``'s team, ``pi`` included, in seat order."""
        return self.teams[self._team_of[pi]]

    def same_team(self, a: int, b: int) -> bool:
        return a == b or self._team_of[a] == self._team_of[b]

    def team_name(self, t: int) -> str:
        return self.team_names[t] if t < len(self.team_names) else f"team {t + 1}"

    def team_msg(self, t: int) -> str | Msg:
        """:meth:`team_name` for the log: a name given, or "team N" in the log's language."""
        return self.team_names[t] if t < len(self.team_names) else Msg("team {n}", n=t + 1)

    def primary(self, g: GameState, pi: int) -> int:
        """805.2: the team's first member still in the game (``pi`` itself if alone)."""
        for p in self.teammates(pi):
            if not g.players[p].left:
                return p
        return pi

    def in_game_teams(self, g: GameState) -> list[int]:
        """Teams with a player still in the game, from the active team on (APNAP, 805.6)."""
        n = len(self.teams)
        first = self._team_of[g.active]
        out = []
        for i in range(n):
            t = (first + i) % n
            if any(not g.players[p].left for p in self.teams[t]):
                out.append(t)
        return out

    def next_team_primary(self, g: GameState, pi: int) -> int:
        """The primary player of the next team in turn order still in the game (805.4)."""
        n = len(self.teams)
        t = self._team_of[pi]
        for i in range(1, n + 1):
            team = self.teams[(t + i) % n]
            for p in team:
                if not g.players[p].left:
                    return p
        return pi

    # --- what the format changes ---------------------------------------------------------------

    def starting_life(self) -> int:
        return 20

    def skips_first_draw(self, g: GameState) -> bool:
        """103.8a: in a two-player game the starting player skips their first draw step;
        103.8c: in other multiplayer games nobody does."""
        return len(g.players) == 2

    def share_life(self, g: GameState, pi: int) -> None:
        """810.9: ``pi``'s life changed; where a team shares one life total, every player of the
        team has it (810.9a)."""
        if self.shared_life:
            life = g.players[pi].life
            for mate in self.teammates(pi):
                g.players[mate].life = life

    def losing_with(self, g: GameState, pi: int) -> tuple[int, ...]:
        """Who loses with ``pi`` (810.8a: the whole team in Two-Headed Giant)."""
        return (pi,)

    def conceding_with(self, g: GameState, pi: int) -> tuple[int, ...]:
        """Who leaves with ``pi`` when they concede (810.8b)."""
        return (pi,)

    def data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "teams": [list(t) for t in self.teams],
            "names": list(self.team_names),
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Format) and self.data() == other.data()

    def __hash__(self) -> int:
        return hash((self.name, self.teams))

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.teams}>"


class FreeForAll(Format):
    """Every player for themselves."""

    name = "free-for-all"

    @classmethod
    def of(cls, n: int) -> FreeForAll:
        return cls([(i,) for i in range(n)])


class SharedTeamTurns(Format):
    """805: teams share turns, priority, combat; each player keeps their own life."""

    name = "shared team turns"
    team_turns = True


class TwoHeadedGiant(SharedTeamTurns):
    """810: two teams of two, 30 shared life, a team wins and loses together."""

    name = "two-headed giant"
    shared_life = True
    loses_together = True
    concedes_together = True

    def starting_life(self) -> int:
        return 30  # 810.4 (+15 a head beyond two: 810.11)

    def skips_first_draw(self, g: GameState) -> bool:
        return True  # 810.6 / 103.8b: the starting team skips its first draw step

    def losing_with(self, g: GameState, pi: int) -> tuple[int, ...]:
        return self.teammates(pi)

    def conceding_with(self, g: GameState, pi: int) -> tuple[int, ...]:
        return self.teammates(pi)


FORMATS: dict[str, type[Format]] = {
    "free-for-all": FreeForAll,
    "shared team turns": SharedTeamTurns,
    "two-headed giant": TwoHeadedGiant,
    "2hg": TwoHeadedGiant,
}


def make(name: str, teams: Sequence[Sequence[int]], team_names: Sequence[str] = ()) -> Format:
    """The format called ``name`` with these teams (``ValueError`` naming the formats)."""
    cls = FORMATS.get(name.strip().lower())
    if cls is None:
        known = ", ".join(k for k in FORMATS if k != "2hg")
        raise ValueError(f"unknown format {name!r} (known: {known}, 2hg)")
    fmt = cls(teams, team_names)
    players = sorted(p for t in fmt.teams for p in t)
    if players != list(range(len(players))):
        raise ValueError("every player must be on exactly one team")
    if isinstance(fmt, TwoHeadedGiant) and (
        len(fmt.teams) != 2 or any(len(t) != 2 for t in fmt.teams)
    ):
        raise ValueError("Two-Headed Giant is two teams of two players (810.1)")
    if fmt.team_turns and len(fmt.teams) < 2:
        raise ValueError("shared team turns need at least two teams (805.1)")
    return fmt


def from_data(d: Any) -> Format:
    return make(d["name"], d["teams"], d.get("names", ()))
