"""Building a game: from decklists (a new game, 103) or from a described position (scenarios)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import field

from manastack import cards, formats, rulesets
from manastack.formats import Format, FreeForAll
from manastack.frozen import dataclass
from manastack.mana import pool_from_text
from manastack.state import Card, Combat, GameState, Permanent, Player, Stage
from manastack.steps import Step

DEFAULT_LIBRARY = ("Wastes",) * 20


@dataclass
class PermanentSpec:
    """A permanent to put on the battlefield, with its status."""

    card: str
    tapped: bool = False
    sick: bool = False
    damage: int = 0
    counters: dict[str, int] = field(default_factory=dict)
    controller: str | None = None
    face_down: bool = False


@dataclass
class PlayerSpec:
    """A player's starting position. Zones list card names, top of the library first."""

    name: str
    life: int | None = None  # None: the format's starting life (20; 30 in 2HG, 810.4)
    library: Sequence[str] | None = None  # None: 20 Wastes
    hand: Sequence[str] = ()
    battlefield: Sequence[PermanentSpec | str] = ()
    graveyard: Sequence[str] = ()
    exile: Sequence[str] = ()
    mana_pool: str = ""


def team_format(
    name: str,
    teams: Sequence[Sequence[str]] | None,
    names: Sequence[str],
    team_names: Sequence[str] = (),
) -> Format:
    """The game's format (800-810): free-for-all, or teams of the named players. Teams list
    the players team by team, in seat order (805.1); a team's name is ``team N``, or the
    names given by ``team_names`` in the scenario's ``teams:`` map."""
    if teams is None:
        if name.strip().lower() not in ("free-for-all", "ffa"):
            raise ValueError(f"the format {name!r} needs teams")
        return FreeForAll.of(len(names))
    index = {n.lower(): i for i, n in enumerate(names)}
    seats: list[list[int]] = []
    for team in teams:
        seat = []
        for member in team:
            if member.lower() not in index:
                raise ValueError(f"no player named {member!r} for a team")
            seat.append(index[member.lower()])
        seats.append(seat)
    order = [p for seat in seats for p in seat]
    if order != list(range(len(names))):
        raise ValueError("list the players team by team, in the order of the teams (805.1)")
    return formats.make(name, seats, team_names)


def new_game(
    decks: Sequence[Sequence[str]],
    names: Sequence[str] | None = None,
    *,
    seed: int = 0,
    rules: str = "current",
    first_player: int | None = None,
    hand_size: int = 7,
    mulligans: bool = True,
    format: str = "free-for-all",
    teams: Sequence[Sequence[str]] | None = None,
    team_names: Sequence[str] = (),
    lang: str = "en",
) -> GameState:
    """103: shuffle each library, choose the starting player (103.1: at random from the seed,
    unless ``first_player`` names one), draw opening hands (103.4), then the mulligans of the
    rule set (103.5) as decisions, unless ``mulligans`` is False (every player keeps seven)."""
    if len(decks) < 2:
        raise ValueError("a game needs at least two players (decks)")
    ruleset = rulesets.get(rules)
    names = list(names) if names else [f"p{i + 1}" for i in range(len(decks))]
    if len(names) != len(decks) or len(set(names)) != len(names):
        raise ValueError("give one distinct name per deck")
    fmt = team_format(format, teams, names, team_names)
    players = [Player(i, n, fmt.starting_life()) for i, n in enumerate(names)]
    g = GameState(players, seed=seed, ruleset=ruleset)
    g.set_lang(lang)
    g.format = fmt
    for pi, deck in enumerate(decks):
        defs = [cards.get(name) for name in deck]
        players[pi].library = tuple(Card(g.new_id(), pi, d) for d in defs)
    g.cards = tuple(c for pl in players for c in pl.library)
    g.card_kinds = -1
    for pl in players:
        pl.library = g.rng.shuffled(pl.library)  # 103.3
    if first_player is None:
        if fmt.team_turns:  # 103.1a: the starting team, named by its first player
            first_player = fmt.teams[g.rng.below(len(fmt.teams))][0]
        else:
            first_player = g.rng.below(len(players))
        g.emit(
            "setup",
            "{player} is chosen at random to play first",
            "103.1",
            player=g.pname(first_player),
        )
    g.active = g.first_player = first_player % len(players)
    g.emit("setup", "{player} plays first", "103.1", player=g.pname(g.active))
    g.rules.opening_hands(g, hand_size)
    if mulligans:
        g.rules.mulligans.start(g)
    return g


def from_position(
    players: Sequence[PlayerSpec],
    *,
    seed: int = 0,
    rules: str = "current",
    turn: int = 1,
    step: Step = Step.UNTAP,
    format: str = "free-for-all",
    teams: Sequence[Sequence[str]] | None = None,
    team_names: Sequence[str] = (),
    lang: str = "en",
) -> GameState:
    """A game at ``turn``/``step``, at the moment its active player would first receive priority
    (the step's turn-based actions count as done; nothing earlier happens). A step without
    priority (untap, cleanup) begins at its start instead, so its turn-based actions happen.
    With teams, odd turns are the first team's, even turns the second's (and so on)."""
    if len(players) < 2:
        raise ValueError("a game needs at least two players")
    ruleset = rulesets.get(rules)
    names = [p.name for p in players]
    if len(set(names)) != len(names):
        raise ValueError("player names must be distinct")
    if turn < 1:
        raise ValueError("turns are numbered from 1")
    fmt = team_format(format, teams, names, team_names)
    start = fmt.starting_life()
    pls = [
        Player(i, spec.name, start if spec.life is None else spec.life)
        for i, spec in enumerate(players)
    ]
    if fmt.shared_life:
        for team in fmt.teams:
            lives = {pls[p].life for p in team}
            if len(lives) > 1:
                raise ValueError("teammates share one life total (810.4): give them the same life")
    g = GameState(pls, seed=seed, ruleset=ruleset)
    g.set_lang(lang)
    g.format = fmt
    g.turn = turn
    g.first_player = 0
    if fmt.solo:
        g.active = (turn - 1) % len(pls)
    else:
        g.active = fmt.teams[(turn - 1) % len(fmt.teams)][0]
    g.step = step
    for pi, spec in enumerate(players):
        pl = pls[pi]
        lib = DEFAULT_LIBRARY if spec.library is None else spec.library
        pl.library = tuple(Card(g.new_id(), pi, cards.get(n)) for n in reversed(list(lib)))
        pl.hand = [Card(g.new_id(), pi, cards.get(n)) for n in spec.hand]
        pl.graveyard = tuple(Card(g.new_id(), pi, cards.get(n)) for n in spec.graveyard)
        pl.exile = tuple(Card(g.new_id(), pi, cards.get(n)) for n in spec.exile)
        pl.pool = pool_from_text(spec.mana_pool)
    for pi, spec in enumerate(players):
        for entry in spec.battlefield:
            ps = PermanentSpec(entry) if isinstance(entry, str) else entry
            ctrl = pi if ps.controller is None else names.index(ps.controller)
            card = Card(g.new_id(), pi, cards.get(ps.card))
            oid = g.new_id()
            perm = Permanent(oid, card, ctrl, oid)
            perm.tapped = ps.tapped
            perm.sick = ps.sick
            perm.damage = ps.damage
            perm.counters = dict(ps.counters) if ps.counters else None
            perm.face_down = ps.face_down
            g.battlefield.append(perm)
    g.bf_kinds = -1
    every = [c for pl in pls for z in (pl.library, pl.hand, pl.graveyard, pl.exile) for c in z]
    every += [perm.card for perm in g.battlefield]
    g.cards = tuple(sorted(every, key=lambda c: c.cid))
    g.card_kinds = -1
    g.emit("setup", "the game begins at turn {turn}, {step}", None, turn=turn, step=step.msg)
    if step is Step.UNTAP:
        # A step without priority begins at its start: its turn-based actions happen, except
        # that permanents set up as summoning sick stay so (they arrived this turn).
        g.stage = Stage.SETUP_UNTAP
    elif step is Step.CLEANUP:
        g.stage = Stage.BEGIN_STEP
    else:
        g.stage = Stage.PRIORITY
        g.priority_player = g.active
        g.priority_rule = "117.3a"
    if step.is_combat:
        g.combat = Combat()
    return g
