"""Running a scenario: set up the position, play the script with the contract's auto-pass rules,
check checkpoints and the final expectations, and report the first difference in plain words."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from manastack import cards, layers
from manastack.actions import AssignDamage, FinishDeclaration, Pass
from manastack.decisions import legal_actions
from manastack.errors import IllegalAction, ManastackError
from manastack.game import Game
from manastack.i18n import N_, Msg, Translator
from manastack.mana import pool_text
from manastack.scenario.model import (
    Checkpoint,
    Expectation,
    ObjSpec,
    PlayerExpect,
    Point,
    Scenario,
    ScriptLine,
)
from manastack.setup import PermanentSpec, PlayerSpec
from manastack.state import Card, GameState, Kind, Permanent
from manastack.steps import Step
from manastack.text import (
    Plans,
    describe_action,
    execute,
    follow_order_plan,
    target_candidates,
)
from manastack.text import commands as C

MAX_DECISIONS = 20_000  # a scenario that runs longer than this is stuck in a loop


@dataclass
class LineRun:
    """One script line as it ran: the log it wrote (``start`` to ``end``), or its refusal."""

    line: ScriptLine
    start: int
    end: int
    refused: IllegalAction | None = None


@dataclass
class Result:
    scenario: Scenario
    passed: bool
    failure: str | None = None  # in English; ``failure_msg`` renders it in any language
    game: Game | None = None
    notes: list[tuple[int, Msg]] = field(default_factory=list)  # (log position, message)
    steps: list[LineRun] = field(default_factory=list)
    """Each script line as it ran, in order (for ``--explain``)."""
    stacks: list[tuple[int, tuple[str, ...]]] = field(default_factory=list)
    """(log position, the stack's objects top first) each time the stack changed."""
    failure_msg: Msg | None = None

    def failure_text(self, tr: Translator | None = None) -> str | None:
        """Why the scenario failed, in ``tr``'s language (English by default)."""
        if self.failure_msg is not None and tr is not None:
            return self.failure_msg.render(tr)
        return self.failure

    def log_text(self, tail: int | None = None, tr: Translator | None = None) -> str:
        """The game's log, with the script's refused lines shown where they were tried; in
        ``tr``'s language if given (the game's otherwise)."""
        if self.game is None:
            return ""
        notes: dict[int, list[str]] = {}
        shown = tr or self.game.state.tr
        for pos, msg in self.notes:
            notes.setdefault(pos, []).append(msg.render(shown))
        lines: list[str] = []
        for k, e in enumerate(self.game.log):
            lines.extend(notes.get(k, []))
            lines.append(str(e) if tr is None else e.line(tr))
        lines.extend(notes.get(len(self.game.log), []))
        if tail is not None:
            lines = lines[-tail:]
        return "\n".join(lines)


class ScenarioFailure(Exception):
    """A scenario's expectation not met: ``msg`` says which (``str`` is English)."""

    def __init__(self, msg: Msg) -> None:
        self.msg = msg
        super().__init__(str(msg))


def _spec(o: ObjSpec) -> PermanentSpec:
    return PermanentSpec(
        card=o.card,
        tapped=bool(o.tapped),
        sick=bool(o.sick),
        damage=o.damage or 0,
        counters=dict(o.counters or {}),
        controller=o.controller,
        face_down=bool(o.face_down),
    )


def build(sc: Scenario) -> Game:
    specs = [
        PlayerSpec(
            name=p.name,
            life=p.life,
            library=None if p.library is None else [o.card for o in p.library],
            hand=[o.card for o in p.hand],
            battlefield=[_spec(o) for o in p.battlefield],
            graveyard=[o.card for o in p.graveyard],
            exile=[o.card for o in p.exile],
            mana_pool=p.mana_pool,
        )
        for p in sc.players
    ]
    start = sc.start or Point(1, Step.UNTAP)
    halt = (sc.until.turn, sc.until.step) if sc.until else None
    return Game.from_position(
        specs,
        seed=sc.seed or 0,
        rules=sc.rules,
        turn=start.turn,
        step=start.step,
        halt_at=halt,
        format=sc.format,
        teams=[t.players for t in sc.teams] if sc.teams else None,
        team_names=[t.name for t in sc.teams],
        lang=sc.lang,  # a French file's game is told in French (its log, its refusals)
    )


def run(sc: Scenario) -> Result:
    try:
        game = build(sc)
    except (ManastackError, ValueError) as e:
        why = Msg(
            "{source}:{line}: the setup is not valid: {error}",
            source=sc.source,
            line=sc.line,
            error=e.msg() if isinstance(e, IllegalAction) else str(e),
        )
        return Result(sc, False, str(why), failure_msg=why)
    result = Result(sc, True, None, game)
    try:
        _play(sc, game, result.notes, result)
    except ScenarioFailure as f:
        result.passed, result.failure, result.failure_msg = False, str(f), f.msg
    return result


def _note_stack(result: Result | None, game: Game) -> None:
    if result is None:
        return
    now = tuple(s.source_name for s in reversed(game.state.stack))
    if not result.stacks or result.stacks[-1][1] != now:
        result.stacks.append((len(game.log), now))


def _where(game: Game) -> Msg:
    g = game.state
    return Msg("turn {turn} {step}", turn=g.turn, step=g.step.label)


def _pending_text(game: Game) -> Msg:
    d = game.decision
    if d is None:
        return Msg("no decision is pending")
    opts = legal_actions(game.state)
    shown = "; ".join(describe_action(game, a) for a in opts[:12])
    more = Msg(" (+{n} more)", n=len(opts) - 12) if len(opts) > 12 else ""
    return Msg(
        "pending: {prompt} [{kind}]; legal options: {options}{more}",
        prompt=d.prompt,
        kind=d.kind.value,
        options=shown,
        more=more,
    )


# Commands that answer priority (or a free cast); the others answer one kind of decision each.
_PRIORITY_COMMANDS = (C.Pass, C.PlayLand, C.Cast, C.Activate, C.TurnFaceUp, C.Suspend)
_DECLARATIONS = (Kind.DECLARE_ATTACKERS, Kind.DECLARE_BLOCKERS)


def _waits(line: ScriptLine, kind: Kind) -> bool:
    """An extension of the contract's auto-pass rule: a line whose command can't answer the
    decision being asked waits for its own decision, the player passing (or declaring no
    attackers or blockers) meanwhile. `attack with ...` written right after a main-phase start
    waits for the declare attackers step. A line with `rejected:` never waits: it is tried
    where it stands, so that refusals can be tested."""
    if line.rejected or isinstance(line.command, C.Unparsed | C.Concede):
        return False
    if kind is Kind.PRIORITY:
        return not isinstance(line.command, _PRIORITY_COMMANDS)
    if kind in _DECLARATIONS:
        return isinstance(line.command, _PRIORITY_COMMANDS)
    return False


def _reached(game: Game, at: Point | None) -> bool:
    if at is None:
        return True
    return (game.turn, game.step) >= (at.turn, at.step)


def _fail(
    sc: Scenario, line: int, game: Game, msg: Msg, with_pending: bool = False
) -> ScenarioFailure:
    why = Msg(
        "{source}:{line}: at {where}: {problem}",
        source=sc.source,
        line=line,
        where=_where(game),
        problem=msg,
    )
    if with_pending:
        why = Msg("{failure}\n  {pending}", failure=why, pending=_pending_text(game))
    return ScenarioFailure(why)


def _play(
    sc: Scenario, game: Game, notes: list[tuple[int, Msg]], result: Result | None = None
) -> None:
    plans = Plans()
    _note_stack(result, game)
    script = list(sc.script)
    i = 0
    for _ in range(MAX_DECISIONS):
        # Checkpoints and concessions happen as soon as they are next.
        while i < len(script) and isinstance(script[i], Checkpoint):
            cp = script[i]
            assert isinstance(cp, Checkpoint)
            _check(sc, game, cp.expect, cp.line, N_("checkpoint"))
            i += 1
        line = script[i] if i < len(script) else None
        assert line is None or isinstance(line, ScriptLine)
        if line is not None and isinstance(line.command, C.Concede) and _reached(game, line.at):
            _do_line(sc, game, line, plans, script, i, notes, result)
            _note_stack(result, game)
            i += 1
            continue
        g = game.state
        if g.game_over:
            break
        if g.halted:
            if line is not None:
                raise _fail(
                    sc,
                    line.line,
                    game,
                    Msg(
                        "the scenario reached `until: {until}` before this line ran",
                        until=str(sc.until),
                    ),
                )
            break
        ask = g.pending
        if ask is None:
            raise _fail(sc, sc.line, game, Msg("the game stopped without a decision"))
        asked = g.players[ask.player].name
        if (
            line is not None
            and _answers(game, line.player)
            and _reached(game, line.at)
            and not _waits(line, ask.kind)
        ):
            _do_line(sc, game, line, plans, script, i, notes, result)
            _note_stack(result, game)
            i += 1
            continue
        # No line answers this decision: the contract's defaults.
        if line is None and sc.until is None and ask.kind is Kind.PRIORITY and not g.stack:
            break  # the next player would receive priority with an empty stack
        if ask.kind is Kind.PRIORITY:
            game.apply(Pass(ask.player))
            _note_stack(result, game)
        elif ask.kind in (Kind.DECLARE_ATTACKERS, Kind.DECLARE_BLOCKERS):
            try:
                game.apply(FinishDeclaration(ask.player))
            except IllegalAction as e:  # a requirement (508.1d): declaring none is illegal
                at = line.line if line is not None else sc.line
                raise _fail(
                    sc,
                    at,
                    game,
                    Msg(
                        "{player} must decide ({kind}), declaring none is refused ({refusal}), "
                        "and no line answers it",
                        player=asked,
                        kind=ask.kind.value.replace("_", " "),
                        refusal=e.msg(),
                    ),
                    with_pending=True,
                ) from None
        elif ask.kind is Kind.ASSIGN_DAMAGE:
            opts = legal_actions(g)
            assert isinstance(opts[0], AssignDamage)
            game.apply(opts[0])
        elif ask.kind is Kind.ORDER_TRIGGERS and follow_order_plan(game, ask.player, plans):
            pass
        else:
            at = line.line if line is not None else sc.line
            nxt: Msg | str = (
                Msg(" (the next line is {player}'s: `{text}`)", player=line.player, text=line.text)
                if line
                else ""
            )
            raise _fail(
                sc,
                at,
                game,
                Msg(
                    "{player} must decide ({kind}) and no line answers it{next}",
                    player=asked,
                    kind=ask.kind.value.replace("_", " "),
                    next=nxt,
                ),
                with_pending=True,
            )
    else:
        raise _fail(sc, sc.line, game, Msg("no end after {n} decisions (a loop?)", n=MAX_DECISIONS))
    if i < len(script):
        rest = script[i]
        raise _fail(
            sc,
            rest.line,
            game,
            Msg("the game ended before this line ran" if game.is_over else "this line never ran"),
            with_pending=not game.is_over,
        )
    if sc.expect is not None:
        _check(sc, game, sc.expect, sc.expect.line or sc.line, N_("final expect"))


def _answers(game: Game, name: str) -> bool:
    """Whether the player called ``name`` may answer the pending decision: the player asked,
    or (contract extension T) any player of the team asked for a team decision."""
    try:
        return game.may_answer(game.player_index(name))
    except IllegalAction:
        return False


def _do_line(
    sc: Scenario,
    game: Game,
    line: ScriptLine,
    plans: Plans,
    script: Sequence[object],
    i: int,
    notes: list[tuple[int, Msg]],
    result: Result | None = None,
) -> None:
    g = game.state
    start = len(game.log)
    try:
        pi = game.player_index(line.player)
    except IllegalAction:
        raise _fail(sc, line.line, game, Msg("no player named {name}", name=line.player)) from None
    nxt = script[i + 1] if i + 1 < len(script) else None
    more_blocks = (
        isinstance(line.command, C.Block)
        and isinstance(nxt, ScriptLine)
        and isinstance(nxt.command, C.Block)
        and nxt.player.lower() == line.player.lower()
        and nxt.command.attacker is not None
    )
    # Consecutive attack lines of the active team make one declaration (extension T).
    more_attacks = (
        isinstance(line.command, C.Attack)
        and isinstance(nxt, ScriptLine)
        and isinstance(nxt.command, C.Attack)
        and nxt.player.lower() != line.player.lower()
        and _teammates(game, line.player, nxt.player)
    )
    try:
        execute(
            game,
            pi,
            line.command,
            plans,
            finish_blocks=not more_blocks,
            finish_attacks=not more_attacks,
        )
    except IllegalAction as e:
        if line.rejected is True or (isinstance(line.rejected, str) and line.rejected == e.reason):
            refused = Msg(
                "(refused, nothing changes) {player}: {line} -> {why}",
                player=line.player,
                line=line.text,
                why=e.msg(),
            )
            notes.append((len(game.log), refused))
            if result is not None:
                result.steps.append(LineRun(line, start, len(game.log), e))
            return
        if line.rejected:
            raise _fail(
                sc,
                line.line,
                game,
                Msg(
                    "`{line}` was refused for `{reason}`, not `{expected}`: {error}",
                    line=line.text,
                    reason=e.reason,
                    expected=line.rejected,
                    error=e.msg(),
                ),
            ) from None
        raise _fail(
            sc,
            line.line,
            game,
            Msg("`{line}` was refused: {error}", line=line.text, error=e.msg()),
            True,
        ) from None
    if result is not None:
        result.steps.append(LineRun(line, start, len(game.log)))
    if line.rejected:
        raise _fail(
            sc,
            line.line,
            game,
            Msg(
                "`{line}` should have been refused ({rejected}) but was accepted",
                line=line.text,
                rejected=line.rejected,
            ),
        )
    del g


# --- expectations ----------------------------------------------------------------------------


def _names_of_cards(cs: Sequence[Card]) -> list[str]:
    return [c.name for c in cs]


def _check(sc: Scenario, game: Game, exp: Expectation, line: int, what: str) -> None:
    g = game.state
    problems: list[tuple[int, Msg]] = []

    def bad(key: str, msg: Msg, lines: dict[str, int], default: int) -> None:
        problems.append((lines.get(key, default), msg))

    for name, pe in exp.players.items():
        try:
            pi = game.player_index(name)
        except IllegalAction:
            bad("players", Msg("no player named {name}", name=name), exp.lines, line)
            continue
        _check_player(g, pi, pe, lambda k, m: bad(k, m, pe.lines, pe.line or line))  # noqa: B023
    if exp.stack is not None:
        actual = [s.source_name for s in reversed(g.stack)]
        want = [o.card for o in exp.stack]
        if [a.lower() for a in actual] != [w.lower() for w in want]:
            why = Msg("stack (top first): expected {want}, got {got}", want=want, got=actual)
            bad("stack", why, exp.lines, line)
    if exp.turn is not None and exp.turn != g.turn:
        why = Msg("turn: expected {want}, got {got}", want=exp.turn, got=g.turn)
        bad("turn", why, exp.lines, line)
    if exp.step is not None and exp.step != g.step:
        why = Msg("step: expected {want}, got {got}", want=exp.step.label, got=g.step.label)
        bad("step", why, exp.lines, line)
    active_name = _seat_name(game, g.active, exp.active)
    if exp.active is not None and exp.active.lower() != active_name.lower():
        bad(
            "active",
            Msg("active player: expected {want}, got {got}", want=exp.active, got=active_name),
            exp.lines,
            line,
        )
    if exp.priority is not None:
        pend = g.pending
        holder = (
            _seat_name(game, pend.player, exp.priority)
            if pend is not None and pend.kind is Kind.PRIORITY and not g.game_over
            else "none"
        )
        if exp.priority.lower() != holder.lower():
            why = Msg("priority: expected {want}, got {got}", want=exp.priority, got=holder)
            bad("priority", why, exp.lines, line)
    if exp.winner is not None:
        if not g.game_over:
            actual_w = "none"
        elif g.winner is None:
            actual_w = "draw"
        else:
            actual_w = _seat_name(game, g.winner, exp.winner)
        if exp.winner.lower() != actual_w.lower():
            why = Msg("winner: expected {want}, got {got}", want=exp.winner, got=actual_w)
            bad("winner", why, exp.lines, line)
    for team_name, te in exp.teams.items():
        members = [i for i, p in enumerate(g.players) if game.team_of(i) == team_name]
        if te.life is not None and members and g.players[members[0]].life != te.life:
            got = g.players[members[0]].life
            why = Msg(
                "{who}'s life: expected {want}, got {got}", who=team_name, want=te.life, got=got
            )
            bad("life", why, exp.lines, line)
        lost = bool(members) and all(g.players[i].lost for i in members)
        if te.lost is not None and te.lost != lost:
            why = Msg(
                "{who} lost: expected {want}, got {got}", who=team_name, want=te.lost, got=lost
            )
            bad("lost", why, exp.lines, line)
    if exp.log is not None:
        text = "\n".join(str(e) for e in g.log)
        pos = 0
        for sub in exp.log:
            k = text.find(sub, pos)
            if k < 0:
                earlier = Msg(" (it appears earlier, out of order)") if sub in text else ""
                why = Msg("log: {text!r} not found in order{earlier}", text=sub, earlier=earlier)
                bad("log", why, exp.lines, line)
                break
            pos = k + len(sub)
    if problems:
        ln, msg = problems[0]
        extra = len(problems) - 1
        more: Msg | str = ""
        if extra:
            more = Msg(
                " (and {n} more differences)" if extra > 1 else " (and {n} more difference)",
                n=extra,
            )
        raise _fail(
            sc, ln, game, Msg("{what}: {problem}{more}", what=Msg(what), problem=msg, more=more)
        )


def _teammates(game: Game, a: str, b: str) -> bool:
    try:
        ta = game.team_of(game.player_index(a))
        tb = game.team_of(game.player_index(b))
    except IllegalAction:
        return False
    return ta is not None and ta == tb


def _seat_name(game: Game, pi: int, expected: str | None) -> str:
    """How an expectation names ``pi``'s seat: the player's name, or the team's when the
    expectation names a team (extension T)."""
    team = game.team_of(pi)
    if team is not None and expected is not None and expected.lower() == team.lower():
        return team
    return game.state.pname(pi)


def _check_player(
    g: GameState, pi: int, pe: PlayerExpect, report: Callable[[str, Msg], None]
) -> None:
    pl = g.players[pi]
    who = pl.name
    if pe.life is not None and pe.life != pl.life:
        report(
            "life",
            Msg("{who}'s life: expected {want}, got {got}", who=who, want=pe.life, got=pl.life),
        )
    if pe.lost is not None and pe.lost != pl.lost:
        report(
            "lost",
            Msg("{who} lost: expected {want}, got {got}", who=who, want=pe.lost, got=pl.lost),
        )
    if pe.mana_pool is not None:
        want = sorted(pe.mana_pool.replace(" ", "").upper())
        got = sorted(pool_text(pl.pool))
        if want != got:
            report(
                "mana_pool",
                Msg(
                    "{who}'s mana pool: expected {want!r}, got {got!r}",
                    who=who,
                    want="".join(want) or "empty",
                    got="".join(got) or "empty",
                ),
            )
    if pe.library is not None:
        actual = list(reversed(_names_of_cards(pl.library)))
        want_lib = [o.card for o in pe.library]
        if [a.lower() for a in actual] != [w.lower() for w in want_lib]:
            report(
                "library",
                Msg(
                    "{who}'s library (top first): expected {want}, got {got}",
                    who=who,
                    want=want_lib,
                    got=actual,
                ),
            )
    for zone in ("hand", "graveyard", "exile"):
        want_z: tuple[ObjSpec, ...] | None = getattr(pe, zone)
        if want_z is None:
            continue
        actual_z = _names_of_cards(getattr(pl, zone))
        if Counter(a.lower() for a in actual_z) != Counter(o.card.lower() for o in want_z):
            report(
                zone,
                Msg(
                    ZONE_EXPECTED[zone],
                    who=who,
                    want=sorted(o.card for o in want_z),
                    got=sorted(actual_z),
                ),
            )
    if pe.battlefield is not None:
        perms = [p for p in g.battlefield if p.card.owner == pi]
        msg = _match_battlefield(g, perms, list(pe.battlefield))
        if msg:
            report("battlefield", Msg("{who}'s battlefield: {problem}", who=who, problem=msg))


# What a zone of a player's expectation says when it differs.
ZONE_EXPECTED: dict[str, str] = {
    "hand": N_("{who}'s hand: expected {want}, got {got}"),
    "graveyard": N_("{who}'s graveyard: expected {want}, got {got}"),
    "exile": N_("{who}'s exile: expected {want}, got {got}"),
}


def _fields(g: GameState, p: Permanent) -> dict[str, object]:
    pw, tg = layers.power_toughness(g, p) if layers.is_creature(p) else (None, None)
    return {
        "tapped": p.tapped,
        "sick": p.sick,
        "damage": p.damage,
        "power": pw,
        "toughness": tg,
        "counters": {k: v for k, v in (p.counters or {}).items() if v},
        "controller": g.pname(p.controller),
        "face_down": p.face_down,
    }


def _spec_fields(o: ObjSpec) -> dict[str, object]:
    out: dict[str, object] = {}
    for k in ("tapped", "sick", "damage", "power", "toughness", "controller", "face_down"):
        v = getattr(o, k)
        if v is not None:
            out[k] = v
    if o.counters is not None:
        out["counters"] = {k: v for k, v in o.counters.items() if v}
    return out


def _fits(g: GameState, p: Permanent, o: ObjSpec) -> bool:
    if p.name.lower() != o.card.lower():
        return False
    actual = _fields(g, p)
    for k, v in _spec_fields(o).items():
        a = actual[k]
        if k == "controller":
            if str(a).lower() != str(v).lower():
                return False
        elif a != v:
            return False
    return True


def _match_battlefield(g: GameState, perms: list[Permanent], want: list[ObjSpec]) -> Msg | None:
    names_actual = Counter(p.name.lower() for p in perms)
    names_want = Counter(o.card.lower() for o in want)
    if names_actual != names_want:
        return Msg(
            "expected {want}, got {got}",
            want=sorted(o.card for o in want),
            got=sorted(p.name for p in perms),
        )
    # Same names: now match the fields, trying every pairing (the lists are short).
    used = [False] * len(perms)

    def place(k: int) -> bool:
        if k == len(want):
            return True
        for j, p in enumerate(perms):
            if not used[j] and _fits(g, p, want[k]):
                used[j] = True
                if place(k + 1):
                    return True
                used[j] = False
        return False

    if place(0):
        return None
    for o in want:
        cands = [p for p in perms if p.name.lower() == o.card.lower()]
        if not any(_fits(g, p, o) for p in cands):
            wanted = _spec_fields(o)
            got = [{k: _fields(g, p)[k] for k in wanted} for p in cands]
            return Msg(
                "{card}: expected {want}, got {got}",
                card=o.card,
                want=wanted,
                got=got if len(got) > 1 else got[0],
            )
    return Msg("the permanents' fields can't all be matched at once")


def card_names() -> list[str]:
    return cards.playable_names()


__all__ = ["Result", "build", "card_names", "describe_action", "run", "target_candidates"]
