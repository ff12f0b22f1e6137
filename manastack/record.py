"""Game records: the setup, the seed and every answer, enough to replay a game exactly.

Architecture rule 2 (setup + seed + the same answers reproduce a game) makes a record small: no
state is stored, only what went in. A record is a JSON object::

    {
      "format_version": 2,
      "setup": {
        "players": ["alice", "bob"],              // distinct names, one per deck (2 to 16)
        "decks": [["Forest", ...], ["Island", ...]],  // card names, library order before the
                                                  // shuffle (at most 10,000 cards each)
        "rules": "current",                       // a ruleset name (manastack.rulesets)
        "first_player": 0,                        // who plays first; null: at random from
                                                  // the seed (103.1)
        "mulligans": true,                        // the game begins with mulligans (103.5)
        "format": "two-headed giant",             // only in a team game (805, 810), with
        "teams": [["alice", "bob"], ["carol", "dave"]]  // its teams, by player name
      },
      "seed": 7,                                  // the game's shuffle seed (an integer)
      "answers": [                                // every action applied, in order
        {"type": "Pass", "player": 0},
        {"type": "CastSpell", "player": 1, "cid": 23, "face_down": false},
        {"type": "PayMana", "player": 1, "sources": [41, 42]},
        {"type": "AssignDamage", "player": 0, "attacker": 50, "assignment": [[51, 2]]},
        ...
      ]
    }

``rules``, ``first_player`` and ``mulligans`` may be left out ("current", 0 and true); every other
key is required. Records of ``format_version`` 1 (before mulligans and a random starting player)
replay as they were made: no mulligans, and player 0 first unless ``first_player`` says otherwise.
An answer is ``{"type": <class name in manastack.actions>, <field>: <value>, ...}`` with tuples
written as lists and every field given. Unknown keys are refused, so a misspelt field is an error
rather than a silently different game. A record of another version than 1 or 2 is refused with
a message saying which versions are supported.

>>> rec = Recorder.new([["Forest"] * 20, ["Island"] * 20], ["alice", "bob"], seed=3)
>>> rec.apply(rec.game.legal_actions()[0])
>>> again = replay(Record.from_json(rec.record.to_json()))
>>> again.decision == rec.game.decision
True
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from manastack import actions, cards, rulesets
from manastack.actions import Action
from manastack.decisions import Decision
from manastack.errors import IllegalAction, InputError, ManastackError, UnknownCard
from manastack.game import Game
from manastack.i18n import ENGLISH, N_, Msg, Translator, and_list

FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
MAX_RECORD_BYTES = 8 * 1024 * 1024
"""A larger file is refused before it is read (a long game's record is well under 1 MB)."""
MAX_PLAYERS = 16
MAX_DECK_CARDS = 10_000
MAX_ANSWERS = 1_000_000
MAX_INT = 2**63
"""Integers in a record (ids, seeds) must be below this in absolute value."""

ACTION_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in vars(actions).values()
    if isinstance(cls, type)
    and dataclasses.is_dataclass(cls)
    and cls.__module__ == actions.__name__
}
# The JSON form of each action field, by the field's name (one name, one type across the
# actions). Written out rather than read from the classes' annotations: the compiled build's
# classes keep only coarse ones (``tuple[int, ...] | None`` reads ``type`` there).
# tests/test_fuzz.py checks this table against the annotations of the pure build.
FIELD_FORMS: dict[str, Any] = {
    "player": int,
    "cid": int,
    "oid": int,
    "index": int,
    "target": int,
    "defender": int,
    "attacker": int,
    "face_down": bool,
    "color": str,
    "option": str,
    "sources": tuple[int, ...] | None,
    "assignment": tuple[tuple[int, int], ...],
}
_HINTS: dict[str, dict[str, Any]] = {
    name: {f.name: FIELD_FORMS[f.name] for f in dataclasses.fields(cls)}
    for name, cls in ACTION_TYPES.items()
}


class RecordError(ManastackError):
    """A record that can't be read or replayed. When replaying failed, ``index`` is the refused
    answer's index (counting from 0) and ``reason`` the refusal's reason word; else None."""

    def __init__(
        self,
        message: str,
        *,
        index: int | None = None,
        reason: str | None = None,
        **params: object,
    ) -> None:
        """``message`` is a template (manastack.i18n) and ``params`` its parameters; ``str``
        is English, :meth:`localized` in a translator's language."""
        self.index = index
        self.reason = reason
        self.msg = Msg(message, **params)
        super().__init__(str(self.msg))

    def localized(self, tr: Translator | None = None) -> str:
        return self.msg.render(tr)


@dataclass
class Record:
    """What makes a game: its setup, its seed, and the answers given so far."""

    names: list[str]
    decks: list[list[str]]
    seed: int = 0
    rules: str = "current"
    first_player: int | None = None  # None: chosen at random from the seed (103.1)
    answers: list[Action] = field(default_factory=list)
    mulligans: bool = True
    format: str = "free-for-all"  # a team format names its teams by player (805, 810)
    teams: list[list[str]] | None = None

    def new_game(self, lang: str = "en") -> Game:
        """The game at its start (before any answer), its log in ``lang``."""
        try:
            return Game.new(
                self.decks,
                self.names,
                seed=self.seed,
                rules=self.rules,
                first_player=self.first_player,
                mulligans=self.mulligans,
                format=self.format,
                teams=self.teams,
                lang=lang,
            )
        except ManastackError as err:
            why = err.msg() if isinstance(err, IllegalAction | UnknownCard) else str(err)
            raise RecordError("the record's setup is refused: {error}", error=why) from None
        except (ValueError, KeyError) as err:
            raise RecordError("the record's setup is refused: {error}", error=err) from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format_version": FORMAT_VERSION,
            "setup": {
                "players": list(self.names),
                "decks": [list(d) for d in self.decks],
                "rules": self.rules,
                "first_player": self.first_player,
                "mulligans": self.mulligans,
                **({"format": self.format, "teams": self.teams} if self.teams is not None else {}),
            },
            "seed": self.seed,
            "answers": [action_to_dict(a) for a in self.answers],
        }

    def to_json(self) -> str:
        # One answer per line: records stay diffable and readable.
        head = json.dumps({k: v for k, v in self.to_dict().items() if k != "answers"})
        lines = [json.dumps(action_to_dict(a)) for a in self.answers]
        body = ",\n  ".join(lines)
        answers = f"[\n  {body}\n]" if lines else "[]"
        return f'{head[:-1]}, "answers": {answers}}}\n'

    @classmethod
    def from_dict(cls, d: Any) -> Record:
        """Check and read a parsed record; raises RecordError saying what is wrong."""
        if not isinstance(d, dict):
            raise RecordError("a record is a JSON object, not {kind}", kind=_kind(d))
        version = d.get("format_version")
        if version is None:
            raise RecordError(
                "not a manastack record: no 'format_version' (this version reads "
                "format_version {version})",
                version=FORMAT_VERSION,
            )
        if version not in READABLE_VERSIONS or isinstance(version, bool):
            raise RecordError(
                "unsupported format_version {version!r}: this version of manastack reads "
                "format_version {versions}",
                version=version,
                versions=and_list([str(v) for v in READABLE_VERSIONS]),
            )
        _only_keys(d, {"format_version", "setup", "seed", "answers"}, THE_RECORD)
        setup = _get(d, "setup", dict, THE_RECORD)
        keys = {"players", "decks", "rules", "first_player"}
        v2 = {"mulligans", "format", "teams"} if version >= 2 else set()
        _only_keys(setup, keys | v2, "setup")
        names = _str_list(_get(setup, "players", list, "setup"), "setup.players", MAX_PLAYERS)
        raw_decks = _get(setup, "decks", list, "setup")
        if len(raw_decks) > MAX_PLAYERS:
            raise RecordError("setup.decks: more than {n} decks", n=MAX_PLAYERS)
        decks = [
            _str_list(deck, f"setup.decks[{i}]", MAX_DECK_CARDS) for i, deck in enumerate(raw_decks)
        ]
        if not 2 <= len(names) == len(decks):
            raise RecordError(
                "setup: give one name per deck and at least two players "
                "({names} names, {decks} decks)",
                names=len(names),
                decks=len(decks),
            )
        if len(set(names)) != len(names):
            raise RecordError("setup.players: the names must be distinct")
        for i, deck in enumerate(decks):
            for name in deck:
                if cards.find(name) is None:
                    sugg = cards.suggest(name)
                    hint = Msg(" (did you mean {names}?)", names=", ".join(sugg)) if sugg else ""
                    raise RecordError(
                        "setup.decks[{i}]: unknown card {name!r}{hint}",
                        i=i,
                        name=name[:80],
                        hint=hint,
                    )
        rules = setup.get("rules", "current")
        if not isinstance(rules, str):
            raise RecordError("setup.rules must be a string, not {kind}", kind=_kind(rules))
        try:
            rulesets.get(rules)
        except (ManastackError, KeyError, ValueError) as err:
            raise RecordError("setup.rules: {error}", error=err) from None
        raw_first = setup.get("first_player", 0)
        first: int | None = None
        if raw_first is not None or version < 2:
            first = _int(raw_first, "setup.first_player")
            if not 0 <= first < len(names):
                raise RecordError(
                    "setup.first_player must be from 0 to {last}", last=len(names) - 1
                )
        mulligans = setup.get("mulligans", version >= 2)
        if not isinstance(mulligans, bool):
            raise RecordError(
                "setup.mulligans must be true or false, not {kind}", kind=_kind(mulligans)
            )
        seed = _int(_get(d, "seed", int, THE_RECORD), "seed")
        raw = _get(d, "answers", list, THE_RECORD)
        if len(raw) > MAX_ANSWERS:
            raise RecordError("the record has more than {n} answers", n=MAX_ANSWERS)
        answers = [action_from_dict(a, f"answers[{i}]") for i, a in enumerate(raw)]
        fmt = setup.get("format", "free-for-all")
        teams = setup.get("teams")
        if not isinstance(fmt, str):
            raise RecordError("setup.format must be a string, not {kind}", kind=_kind(fmt))
        if teams is not None:
            if not isinstance(teams, list) or not all(isinstance(t, list) for t in teams):
                raise RecordError("setup.teams must be a list of lists of player names")
            teams = [_str_list(t, "setup.teams", MAX_PLAYERS) for t in teams]
        return cls(names, decks, seed, rules, first, answers, mulligans, fmt, teams)

    @classmethod
    def from_json(cls, text: str | bytes, source: str = "record") -> Record:
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError("{source}: larger than {n} bytes", source=source, n=MAX_RECORD_BYTES)
        try:
            data = json.loads(text, parse_constant=_no_constant)
        except _NotANumber as err:
            raise RecordError(
                "{source}: {value} is not a number JSON allows (a record holds integers)",
                source=source,
                value=err.args[0],
            ) from None
        except json.JSONDecodeError as err:
            raise RecordError(
                "{source}: not valid JSON: {error} at line {line} column {column}",
                source=source,
                error=err.msg,
                line=err.lineno,
                column=err.colno,
            ) from None
        except UnicodeDecodeError:
            raise RecordError("{source}: not UTF-8 text", source=source) from None
        except (ValueError, RecursionError) as err:
            # Too many digits in a number, or arrays nested past the recursion limit.
            raise RecordError(
                "{source}: unreadable JSON: {error}", source=source, error=str(err)[:200]
            ) from None
        try:
            return cls.from_dict(data)
        except RecordError as err:
            raise RecordError("{source}: {error}", source=source, error=err.msg) from None


class _NotANumber(Exception):
    pass


def _no_constant(name: str) -> Any:
    # Python's json reads NaN and Infinity; standard JSON has no such numbers.
    raise _NotANumber(name)


THE_RECORD = Msg("the record")

_KINDS: dict[type, str] = {
    dict: N_("an object"),
    list: N_("a list"),
    str: N_("a string"),
    bool: N_("a boolean"),
    int: N_("a number"),
    float: N_("a number"),
    type(None): N_("null"),
}


def _kind(v: Any) -> Msg | str:
    kind = _KINDS.get(type(v))
    return Msg(kind) if kind is not None else type(v).__name__


_Where = Msg | str  # where in the record: a path (``answers[3].cid``) or words


def _only_keys(d: dict[str, Any], allowed: set[str], where: _Where) -> None:
    extra = sorted(str(k) for k in d if k not in allowed)
    if extra:
        raise RecordError(
            "{where}: unknown key(s) {keys}", where=where, keys=", ".join(map(repr, extra[:5]))
        )


def _get(d: dict[str, Any], key: str, typ: type[Any], where: _Where) -> Any:
    if key not in d:
        raise RecordError("{where}: missing {key!r}", where=where, key=key)
    v = d[key]
    if not isinstance(v, typ) or (typ is int and isinstance(v, bool)):
        raise RecordError(
            "{where}: {key!r} must be {kind}, not {got}",
            where=where,
            key=key,
            kind=_kind(typ()),
            got=_kind(v),
        )
    return v


def _int(v: Any, where: _Where) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise RecordError("{where} must be an integer, not {kind}", where=where, kind=_kind(v))
    if abs(v) >= MAX_INT:
        raise RecordError("{where} is out of range", where=where)
    return v


def _str_list(v: Any, where: _Where, limit: int) -> list[str]:
    if not isinstance(v, list):
        raise RecordError("{where} must be a list, not {kind}", where=where, kind=_kind(v))
    if len(v) > limit:
        raise RecordError("{where}: more than {n} entries", where=where, n=limit)
    if not all(isinstance(x, str) for x in v):
        raise RecordError("{where}: every entry must be a string", where=where)
    return list(v)


# --- actions <-> JSON ----------------------------------------------------------------------------


def action_to_dict(a: Action) -> dict[str, Any]:
    """``Pass(player=0)`` -> ``{"type": "Pass", "player": 0}`` (tuples as lists)."""
    out: dict[str, Any] = {"type": type(a).__name__}
    for f in dataclasses.fields(a):
        out[f.name] = _jsonable(getattr(a, f.name))
    return out


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    return v


def action_from_dict(d: Any, where: str = "answer") -> Action:
    """The action an answer's JSON describes; raises RecordError saying what is wrong."""
    if not isinstance(d, dict):
        raise RecordError("{where}: an answer is an object, not {kind}", where=where, kind=_kind(d))
    name = d.get("type")
    if not isinstance(name, str) or name not in ACTION_TYPES:
        known = ", ".join(sorted(ACTION_TYPES))
        shown = repr(name)[:60]
        raise RecordError(
            "{where}: unknown answer type {shown}; the types are: {known}",
            where=where,
            shown=shown,
            known=known,
        )
    cls = ACTION_TYPES[name]
    hints = _HINTS[name]
    _only_keys(d, {"type", *hints}, f"{where} ({name})")
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in d:
            raise RecordError("{where}: missing {key!r}", where=f"{where} ({name})", key=f.name)
        kwargs[f.name] = _convert(d[f.name], hints[f.name], f"{where}.{f.name}")
    action: Action = cls(**kwargs)
    return action


def _convert(v: Any, hint: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is bool:
        if not isinstance(v, bool):
            raise RecordError(
                "{where} must be true or false, not {kind}", where=where, kind=_kind(v)
            )
        return v
    if hint is int:
        return _int(v, where)
    if hint is str:
        if not isinstance(v, str):
            raise RecordError("{where} must be a string, not {kind}", where=where, kind=_kind(v))
        return v
    if hint is type(None):
        if v is not None:
            raise RecordError("{where} must be null", where=where)
        return None
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(hint)
        if v is None and type(None) in args:
            return None
        rest = [a for a in args if a is not type(None)]
        return _convert(v, rest[0], where)
    if origin is tuple:
        if not isinstance(v, list):
            raise RecordError("{where} must be a list, not {kind}", where=where, kind=_kind(v))
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            if len(v) > MAX_DECK_CARDS:
                raise RecordError("{where}: more than {n} entries", where=where, n=MAX_DECK_CARDS)
            return tuple(_convert(x, args[0], f"{where}[{i}]") for i, x in enumerate(v))
        if len(v) != len(args):
            raise RecordError(
                "{where} must have {n} entries, not {got}", where=where, n=len(args), got=len(v)
            )
        return tuple(
            _convert(x, a, f"{where}[{i}]") for i, (x, a) in enumerate(zip(v, args, strict=True))
        )
    raise AssertionError(f"no JSON form for {hint!r}")  # a new action field type: add it here


# --- files, recording, replaying ----------------------------------------------------------------


def load(path: str | Path) -> Record:
    """Read a record file; raises RecordError (bad JSON, missing fields, another version)."""
    from manastack.textfile import read_bytes, source_name

    try:
        data = read_bytes(path, MAX_RECORD_BYTES)
    except InputError as err:
        raise RecordError("{error}", error=err.msg()) from None
    return Record.from_json(data, source_name(path))


def save(record: Record, path: str | Path) -> None:
    """Write ``record`` to ``path``; raises InputError (one line) if it can't be written."""
    from manastack.textfile import write_text

    write_text(path, record.to_json())


class Recorder:
    """A :class:`Game` that writes down every answer it accepts."""

    __slots__ = ("game", "record")

    def __init__(self, record: Record, game: Game | None = None) -> None:
        """Record onto ``record``; ``game`` must be where its answers lead (default: replay)."""
        self.record = record
        self.game = game if game is not None else replay(record)

    @classmethod
    def new(
        cls,
        decks: Sequence[Sequence[str]],
        names: Sequence[str] | None = None,
        *,
        seed: int = 0,
        rules: str = "current",
        first_player: int | None = None,
        mulligans: bool = True,
        format: str = "free-for-all",
        teams: Sequence[Sequence[str]] | None = None,
    ) -> Recorder:
        names = list(names) if names else [f"p{i + 1}" for i in range(len(decks))]
        rec = Record(
            names,
            [list(d) for d in decks],
            seed,
            rules,
            first_player,
            [],
            mulligans,
            format,
            None if teams is None else [list(t) for t in teams],
        )
        return cls(rec, rec.new_game())

    def apply(self, action: Action) -> None:
        """Apply to the game and, if it is accepted, add it to the record."""
        self.game.apply(action)
        self.record.answers.append(action)

    @property
    def decision(self) -> Decision | None:
        return self.game.decision

    def legal_actions(self) -> list[Action]:
        return self.game.legal_actions()

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def save(self, path: str | Path) -> None:
        save(self.record, path)


def replay(record: Record, to: int | None = None, lang: str = "en") -> Game:
    """The game after the record's first ``to`` answers (all of them by default), its log in
    ``lang``.

    Raises RecordError naming the answer (index counting from 0) and the reason if one is
    refused."""
    n = len(record.answers)
    if to is not None and not 0 <= to <= n:
        raise RecordError("--to must be from 0 to {n} (the record has {n} answers)", n=n)
    game = record.new_game(lang)
    for i, a in enumerate(record.answers[: n if to is None else to]):
        try:
            game.apply(a)
        except IllegalAction as err:
            raise RecordError(
                "answer {i} (counting from 0) {action} is refused: {error}",
                index=i,
                reason=err.reason,
                i=i,
                action=action_text(a),
                error=err.msg(),
            ) from None
    return game


def position_json(game: Game, answers: int) -> dict[str, Any]:
    """The position after ``answers`` answers, for ``replay --json``: the log, the players'
    zones (hands included: a record is the whole game), the stack, who is asked what."""
    g = game.state
    d = game.decision
    return {
        "answers": answers,
        "turn": g.turn,
        "step": g.step.label,
        "active": g.pname(g.active),
        "priority": g.pname(d.player) if d is not None and d.kind.value == "priority" else None,
        "decision": None if d is None else {"player": g.pname(d.player), "prompt": d.prompt},
        "stack": [s.source_name for s in reversed(g.stack)],
        "players": [
            {
                "name": p.name,
                "life": p.life,
                "hand": [c.name for c in p.hand],
                "library": len(p.library),
                "graveyard": [c.name for c in p.graveyard],
                "exile": [c.name for c in p.exile],
                "battlefield": [
                    {"card": x.name, "tapped": x.tapped}
                    for x in g.battlefield
                    if x.controller == p.idx
                ],
                "left": p.left,
            }
            for p in g.players
        ],
        "outcome": game.outcome(),
        "log": [str(e) for e in game.log],
    }


def action_text(a: Action) -> str:
    """``CastSpell(player=1, cid=23, face_down=False)``: the answer as written in Python."""
    return repr(a)


def summary(game: Game, t: Translator = ENGLISH) -> str:
    """A short text picture of the position: turn, step, players, battlefield, stack, decision
    (in ``t``'s language; the decision's prompt as the game wrote it)."""
    g = game.state
    lines = [
        t.tr(
            "turn {turn}, {step} step; active player {player}",
            turn=g.turn,
            # English names the step as the scenario contract does; other languages by its title
            step=g.step.label if t.lang == "en" else g.step.msg,
            player=g.pname(g.active),
        )
    ]
    for p in g.players:
        status = t.tr(" (left the game)") if p.left else ""
        lines.append(
            t.tr(
                "  {player}: life {life}, hand {hand}, library {library}, graveyard {graveyard}, "
                "exile {exile}{status}",
                player=p.name,
                life=p.life,
                hand=len(p.hand),
                library=len(p.library),
                graveyard=len(p.graveyard),
                exile=len(p.exile),
                status=status,
            )
        )
        perms = [x for x in g.battlefield if x.controller == p.idx]
        if perms:
            shown = ", ".join(
                (t.tr("face-down creature") if x.face_down else t.tr("{card!c}", card=x.name))
                + (t.tr(" (tapped)") if x.tapped else "")
                for x in perms
            )
            lines.append(t.tr("    battlefield: {cards}", cards=shown))
    for p in g.players:
        if p.hand:
            hand = ", ".join(t.tr("{card!c}", card=c.name) for c in p.hand)
            lines.append(t.tr("  {player}'s hand: {cards}", player=p.name, cards=hand))
    if g.stack:
        top = ", ".join(t.tr("{card!c}", card=s.source_name) for s in reversed(g.stack))
        lines.append(t.tr("  stack (top first): {cards}", cards=top))
    else:
        lines.append(t.tr("  stack: empty"))
    d = game.decision
    if d is not None and d.kind.value == "priority":
        lines.append(t.tr("  priority: {player}", player=g.pname(d.player)))
    if game.is_over:
        outcome = game.outcome()
        if outcome == "draw":
            lines.append(t.tr("game over: draw"))
        else:
            lines.append(t.tr("game over: {outcome}", outcome=outcome))
    elif d is not None:
        lines.append(t.tr("waiting for: {prompt}", prompt=d.prompt))
    return "\n".join(lines)
