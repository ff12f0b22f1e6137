"""Load scenario files into typed data; every problem is an ``InputError`` naming its line.

The YAML is composed into nodes (which keep their line marks) and walked by hand against the
contract's keys, never constructed into Python objects: so that errors point at lines, and so
that hostile input (alias bombs, deep nesting, huge files) fails fast instead of expanding.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import Literal, NoReturn

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from manastack import cards
from manastack.errors import LONGEST_NAME, InputError, quote_name
from manastack.i18n import Msg, cardnames
from manastack.scenario.model import (
    LANGS,
    REFUSAL_REASONS,
    REFUSAL_REASONS_FR,
    START,
    Checkpoint,
    Expectation,
    ObjSpec,
    PlayerExpect,
    PlayerSetup,
    Point,
    PointSyntaxError,
    Scenario,
    ScriptItem,
    ScriptLine,
    Team,
    TeamExpect,
    Zone,
    parse_point,
)
from manastack.steps import STEP_NAMES, Step
from manastack.text import (
    CardNames,
    Command,
    CommandSyntaxError,
    Unparsed,
    parse_command,
)
from manastack.textfile import read_text

MAX_FILE_BYTES = 2 * 1024 * 1024
"""Larger files are refused before they are read."""
MAX_NODES = 200_000
"""Most YAML nodes one file may make the loader visit, aliases counted each time they are used."""
MAX_DEPTH = 50
"""Deepest nesting of lists and maps; the contract needs five levels."""
MAX_REPEAT = 1000
"""Largest N in ``N x Name``."""
MAX_OBJECTS = 100_000
"""Most objects (after ``N x`` expansion) in all the zones of one file."""

RULESETS: tuple[str, ...] = ("current", "2004")

SCENARIO_KEYS = (
    "name",
    "description",
    "rules",
    "seed",
    "players",
    "start",
    "script",
    "until",
    "expect",
    "format",
    "teams",
    "lang",
)
FORMATS = ("two-headed giant", "shared team turns")
"""Formats a scenario may name (contract extension T); without ``format:``, free-for-all."""
TEAM_EXPECT_KEYS = ("life", "lost")
PLAYER_KEYS = ("life", "library", "hand", "battlefield", "graveyard", "exile", "mana_pool")
PERMANENT_KEYS = (
    "card",
    "tapped",
    "sick",
    "damage",
    "power",
    "toughness",
    "counters",
    "controller",
    "face_down",
)
STACK_KEYS = ("card", "controller", "face_down")
CARD_KEYS = ("card",)
EXPECT_KEYS = ("stack", "turn", "step", "active", "priority", "winner", "log")
PLAYER_EXPECT_KEYS = (*PLAYER_KEYS, "lost")
LINE_KEYS = ("at", "rejected")

# A player may not be called like a key that shares a map with player names, or like a word
# that stands where a name may stand (winner: draw, priority: none, attack with nothing).
RESERVED_PLAYER_NAMES = frozenset(
    {*EXPECT_KEYS, *LINE_KEYS, "expect", "none", "draw", "nothing", "description"}
)
_PLAYER_NAME = re.compile(r"^[^\W\d_][\w-]*$")
_REPEAT = re.compile(r"^\s*([0-9]+)\s*[x×]\s+(\S.*?)\s*$", re.IGNORECASE)
_INTEGER = re.compile(r"^[-+]?[0-9]+$")
_MANA = re.compile(r"^[WUBRGC]*$")

_NULL_TAG = "tag:yaml.org,2002:null"
_BOOL_TAG = "tag:yaml.org,2002:bool"
_MERGE_TAG = "tag:yaml.org,2002:merge"

_ZoneKind = Literal["battlefield", "stack", "card"]

STACK_OBJECTS = ("combat damage",)
"""Names of stack objects that are no card: the combat damage object of the 2004 rules (2004
310.1), named so in ``stack:`` expectations (scenario contract extension of rules-2004.md)."""


def _rules_object(node: ScalarNode) -> str:
    text = " ".join(str(node.value).split()).lower()
    return text if text in STACK_OBJECTS else ""


class _TooDeep(Exception):
    def __init__(self, mark: yaml.error.Mark) -> None:
        super().__init__("too deep")
        self.mark = mark


class _Loader(yaml.SafeLoader):
    """SafeLoader that refuses deep nesting long before Python's recursion limit."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Node | None, index: int) -> Node | None:
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _compose(text: str, source: str) -> Node | None:
    try:
        return yaml.compose(text, Loader=_Loader)
    except _TooDeep as deep:
        raise InputError(
            source,
            deep.mark.line + 1,
            "lists and maps nested more than {MAX_DEPTH} deep",
            MAX_DEPTH=MAX_DEPTH,
        ) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        what = err.problem or err.context or "malformed YAML"
        context = f" ({err.context})" if err.context and err.problem else ""
        line = mark.line + 1 if mark is not None else None
        raise InputError(
            source, line, "malformed YAML: {what}{context}", what=what, context=context
        ) from None
    except yaml.reader.ReaderError as err:
        line = text.count("\n", 0, err.position) + 1
        raise InputError(source, line, "malformed YAML: {reason}", reason=err.reason) from None
    except yaml.YAMLError as err:
        raise InputError(source, None, "malformed YAML: {err}", err=err) from None
    except RecursionError:
        raise InputError(source, None, "lists and maps nested too deep") from None


def _describe(node: Node) -> Msg | str:
    if isinstance(node, MappingNode):
        return Msg("a map")
    if isinstance(node, SequenceNode):
        return Msg("a list")
    text = str(node.value)
    return repr(text if len(text) <= 40 else text[:40] + "...")


def _is_null(node: Node) -> bool:
    return isinstance(node, ScalarNode) and node.tag == _NULL_TAG


def _suggest(word: str, options: Collection[str]) -> Msg | str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return Msg(" (did you mean {close!r}?)", close=close[0]) if close else ""


_What = Msg | str  # what a message is about: a key's path (``players.alice.hand``) or words


class _Walk:
    """Walks one file's nodes; counts what it visits so that hostile input stops early."""

    def __init__(self, source: str, names: CardNames, lang: str = "en") -> None:
        self.source = source
        self.default_lang = lang
        self.names = names
        self.nodes = 0
        self.objects = 0
        self.players: tuple[str, ...] = ()
        self.teams: tuple[Team, ...] = ()
        self.lang = "en"

    # --- basics ------------------------------------------------------------------------------

    def fail(self, node: Node, message: str, **params: object) -> NoReturn:
        """Refuse the file at ``node``: ``message`` is a template (manastack.i18n)."""
        raise InputError(self.source, node.start_mark.line + 1, message, **params)

    def visit(self, node: Node) -> None:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            self.fail(
                node, "the file makes more than {n} YAML nodes (repeated aliases?)", n=MAX_NODES
            )

    def mapping(
        self, node: Node, what: _What, allowed: Sequence[str] | None
    ) -> dict[str, tuple[Node, Node]]:
        """Key -> (key node, value node); unknown or repeated keys are errors."""
        self.visit(node)
        if not isinstance(node, MappingNode):
            self.fail(
                node, "{what} must be a map of keys, got {got}", what=what, got=_describe(node)
            )
        out: dict[str, tuple[Node, Node]] = {}
        for key, value in node.value:
            self.visit(key)
            if key.tag == _MERGE_TAG:
                self.fail(key, "merge keys (<<) are not supported (in {what})", what=what)
            if not isinstance(key, ScalarNode) or _is_null(key):
                self.fail(
                    key, "a key in {what} must be a word, got {got}", what=what, got=_describe(key)
                )
            name = str(key.value)
            if name in out:
                self.fail(key, "{what} has the key {name!r} twice", what=what, name=name)
            if allowed is not None and name not in allowed:
                self.fail(
                    key,
                    "unknown key {name!r} in {what}{hint}; the keys are: {keys}",
                    name=name,
                    what=what,
                    hint=_suggest(name, allowed),
                    keys=", ".join(allowed),
                )
            out[name] = (key, value)
        return out

    def sequence(self, node: Node, what: _What) -> list[Node]:
        """A list; an empty value (``hand:``) is an empty list."""
        self.visit(node)
        if _is_null(node):
            return []
        if not isinstance(node, SequenceNode):
            self.fail(node, "{what} must be a list, got {got}", what=what, got=_describe(node))
        return list(node.value)

    def scalar(self, node: Node, what: _What) -> str:
        """The text of a scalar exactly as written: ``608.2`` stays ``"608.2"``, not a float."""
        self.visit(node)
        if not isinstance(node, ScalarNode):
            self.fail(
                node, "{what} must be a single value, got {got}", what=what, got=_describe(node)
            )
        if _is_null(node):
            self.fail(node, "{what} needs a value", what=what)
        return str(node.value)

    def text(self, node: Node, what: _What) -> str:
        value = self.scalar(node, what).strip()
        if not value:
            self.fail(node, "{what} must not be empty", what=what)
        return value

    def integer(self, node: Node, what: _What, least: int | None = None) -> int:
        value = self.scalar(node, what).strip()
        if not _INTEGER.match(value):
            self.fail(
                node, "{what} must be a whole number, got {got}", what=what, got=_describe(node)
            )
        if len(value) > 12:
            self.fail(node, "{what} is too large: {got}", what=what, got=_describe(node))
        number = int(value)
        if least is not None and number < least:
            self.fail(
                node, "{what} must be at least {least}, got {n}", what=what, least=least, n=number
            )
        return number

    def boolean(self, node: Node, what: _What) -> bool:
        value = self.scalar(node, what)
        if node.tag != _BOOL_TAG:
            self.fail(
                node, "{what} must be true or false, got {got}", what=what, got=_describe(node)
            )
        return value.lower() in ("true", "yes", "on", "y")

    def point(self, node: Node, what: _What) -> Point:
        try:
            return parse_point(self.text(node, what))
        except PointSyntaxError as err:
            self.fail(node, "{what}: {error}", what=what, error=err.msg)

    def player(self, node: Node, what: _What, also: Sequence[str] = ()) -> str:
        """A player's name (exactly as under ``players``), or one of the words in ``also``."""
        name = self.text(node, what)
        if name in self.players or name in also:
            return name
        options = [*self.players, *also]
        self.fail(
            node,
            "{what}: {name!r} is not a player{hint}; write one of: {options}",
            what=what,
            name=name,
            hint=_suggest(name, options),
            options=", ".join(options),
        )

    # --- zones -------------------------------------------------------------------------------

    def card(self, node: Node, what: str) -> tuple[str, int]:
        """A card name, canonical spelling, and how many: ``3 x Swamp`` is three Swamps."""
        return self.card_text(self.text(node, what), node, what)

    def card_text(self, raw: str, node: Node, what: str) -> tuple[str, int]:
        text = " ".join(raw.split())
        count = 1
        m = _REPEAT.match(text)
        if m and text not in self.names:
            digits, text = m.groups()
            count = int(digits) if len(digits) <= 6 else MAX_REPEAT + 1
            if not 1 <= count <= MAX_REPEAT:
                self.fail(
                    node,
                    "{what}: 'N x Name' needs N from 1 to {most}, got {digits}",
                    what=what,
                    most=MAX_REPEAT,
                    digits=digits,
                )
        name = self.names.canonical(text)
        if name is None:
            hint = self.names.suggest(text) if len(text) <= LONGEST_NAME else []
            did = Msg(" (did you mean {names}?)", names=", ".join(hint)) if hint else ""
            self.fail(
                node,
                "{what}: unknown card {name}{hint}",
                what=what,
                name=quote_name(text),
                hint=did,
            )
        self.objects += count
        if self.objects > MAX_OBJECTS:
            self.fail(node, "the file sets up more than {n} objects", n=MAX_OBJECTS)
        return name, count

    def zone(self, node: Node, what: str, kind: _ZoneKind) -> Zone:
        out: list[ObjSpec] = []
        items = self.sequence(node, what)
        i = 0
        while i < len(items):
            item = items[i]
            if isinstance(item, MappingNode):
                out.extend(self.obj_map(item, what, kind))
                i += 1
                continue
            if isinstance(item, SequenceNode):
                self.fail(
                    item, "an entry of {what} must be a card name or a map, got a list", what=what
                )
            if kind == "stack" and isinstance(item, ScalarNode) and _rules_object(item):
                # A stack object that is no card (2004 310.1: the combat damage object).
                self.visit(item)
                out.append(ObjSpec(_rules_object(item)))
                i += 1
                continue
            take = self.comma_name(items, i)
            if take > 1:
                for extra in items[i + 1 : i + take]:
                    self.visit(extra)
                text = ", ".join(str(n.value).strip() for n in items[i : i + take])
                name, count = self.card_text(text, item, what)
            else:
                name, count = self.card(item, what)
            if kind == "battlefield":
                self.permanent_card(name, item, what)
            out.extend([ObjSpec(name)] * count)
            i += take
        return tuple(out)

    def permanent_card(self, name: str, node: Node, what: str) -> None:
        """Only permanents can be on the battlefield: an instant or a sorcery can't (304.4,
        307.4); a face-down card is a 2/2 creature (708.2), but only if it can be turned face
        down, which no instant or sorcery can."""
        cd = cards.find(name)
        if cd is not None and not cd.is_permanent:
            self.fail(
                node,
                "{what}: {name!c} is an instant; it can't be on the battlefield [304.4, 307.4]"
                if "Instant" in cd.types
                else "{what}: {name!c} is a sorcery; it can't be on the battlefield [304.4, 307.4]",
                what=what,
                name=name,
            )

    def comma_name(self, items: Sequence[Node], i: int) -> int:
        """How many plain items from ``i`` make one name: in ``[Thalia, Guardian of Thraben]``
        YAML splits at the comma, but the contract says such a name stays one name."""
        for span in range(min(self.names.max_commas + 1, len(items) - i), 1, -1):
            part = items[i : i + span]
            if all(isinstance(n, ScalarNode) and n.style is None for n in part):
                text = ", ".join(str(n.value).strip() for n in part)
                m = _REPEAT.match(text)
                if text in self.names or (m is not None and m.group(2) in self.names):
                    return span
        return 1

    def obj_map(self, node: Node, what: str, kind: _ZoneKind) -> list[ObjSpec]:
        allowed = {"battlefield": PERMANENT_KEYS, "stack": STACK_KEYS, "card": CARD_KEYS}[kind]
        m = self.mapping(node, Msg("an entry of {what}", what=what), allowed)
        if "card" not in m:
            self.fail(node, "an entry of {what} needs 'card: NAME'", what=what)
        name, count = self.card(m["card"][1], what)
        if kind == "battlefield":
            self.permanent_card(name, m["card"][1], what)
        flags: dict[str, bool] = {}
        numbers: dict[str, int] = {}
        for key in ("tapped", "sick", "face_down"):
            if key in m:
                flags[key] = self.boolean(m[key][1], Msg("{key} in {what}", key=key, what=what))
        for key, least in (("damage", 0), ("power", None), ("toughness", None)):
            if key in m:
                numbers[key] = self.integer(
                    m[key][1], Msg("{key} in {what}", key=key, what=what), least
                )
        counters = self.counters(m["counters"][1], what) if "counters" in m else None
        controller = (
            self.player(m["controller"][1], Msg("{key} in {what}", key="controller", what=what))
            if "controller" in m
            else None
        )
        spec = ObjSpec(
            name,
            tapped=flags.get("tapped"),
            sick=flags.get("sick"),
            damage=numbers.get("damage"),
            power=numbers.get("power"),
            toughness=numbers.get("toughness"),
            counters=counters,
            controller=controller,
            face_down=flags.get("face_down"),
        )
        return [spec] * count

    def counters(self, node: Node, what: str) -> dict[str, int]:
        if _is_null(node):
            return {}
        out: dict[str, int] = {}
        in_what = Msg("{key} in {what}", key="counters", what=what)
        for name, (key, value) in self.mapping(node, in_what, None).items():
            kind = " ".join(name.split()).lower()
            if not kind:
                self.fail(key, "{what}: a counter needs a name, like +1/+1", what=in_what)
            out[kind] = self.integer(value, Msg("the number of {name} counters", name=name), 0)
        return out

    def mana(self, node: Node, what: str) -> str:
        """A mana pool: letters W U B R G C, any case, braces allowed (``{B}{B}`` is ``BB``)."""
        if _is_null(node):
            self.visit(node)
            return ""
        raw = self.scalar(node, what)
        pool = re.sub(r"[\s{}]", "", raw).upper()
        if not _MANA.match(pool):
            self.fail(
                node,
                "{what} must be mana symbols W U B R G C, like 'BB', got {raw!r}",
                what=what,
                raw=raw,
            )
        return pool

    # --- scenario ----------------------------------------------------------------------------

    def scenario(self, node: Node) -> Scenario:
        m = self.mapping(node, Msg("the scenario"), SCENARIO_KEYS)
        for required in ("name", "players"):
            if required not in m:
                self.fail(node, "the scenario has no {key!r} key", key=required)
        name = self.text(m["name"][1], "name")
        players = self.setups(m["players"][1])
        start = self.point(m["start"][1], "start") if "start" in m else None
        until = self.point(m["until"][1], "until") if "until" in m else None
        if until is not None and until < (start or START):
            self.fail(
                m["until"][1],
                "until ({until}) comes before the start ({start})",
                until=str(until),
                start=str(start or START),
            )
        rules = "current"
        if "rules" in m:
            rules = self.text(m["rules"][1], "rules")
            if rules not in RULESETS:
                self.fail(m["rules"][1], "rules must be one of {rules}", rules=", ".join(RULESETS))
        fmt, teams = self.format_and_teams(m, players, rules)
        self.lang = self.default_lang
        if "lang" in m:
            self.lang = self.text(m["lang"][1], "lang").lower()
            if self.lang not in LANGS:
                self.fail(
                    m["lang"][1],
                    "lang must be one of {langs}, got {lang!r}{hint}",
                    langs=", ".join(LANGS),
                    lang=self.lang,
                    hint=_suggest(self.lang, LANGS),
                )
        script: list[ScriptItem] = []
        if "script" in m:
            script = [self.script_item(item) for item in self.sequence(m["script"][1], "script")]
        return Scenario(
            format=fmt,
            teams=teams,
            lang=self.lang,
            name=name,
            rules=rules,
            seed=self.integer(m["seed"][1], "seed") if "seed" in m else None,
            players=players,
            start=start,
            script=tuple(script),
            until=until,
            expect=self.expectation(m["expect"][1], "expect") if "expect" in m else None,
            source=self.source,
            line=node.start_mark.line + 1,
            description=self.text(m["description"][1], "description")
            if "description" in m
            else None,
        )

    def format_and_teams(
        self, m: dict[str, tuple[Node, Node]], players: tuple[PlayerSetup, ...], rules: str
    ) -> tuple[str, tuple[Team, ...]]:
        """Contract extension T: ``format:`` and ``teams:`` (exactly two teams; ``players``
        lists the same players team by team, in this order)."""
        if "format" not in m and "teams" not in m:
            return "free-for-all", ()
        if "format" not in m or "teams" not in m:
            where = m.get("format", m.get("teams"))
            assert where is not None
            self.fail(where[1], "a team game needs both 'format:' and 'teams:'")
        fmt = " ".join(self.text(m["format"][1], "format").lower().split())
        if fmt not in FORMATS:
            self.fail(
                m["format"][1], "format must be one of: {formats}", formats=", ".join(FORMATS)
            )
        if rules != "current":
            self.fail(m["format"][1], "team formats are played under the current rules only")
        tm = self.mapping(m["teams"][1], "teams", None)
        if len(tm) != 2:
            self.fail(m["teams"][1], "teams: exactly two teams")
        teams: list[Team] = []
        for name, (key, value) in tm.items():
            if name in self.players or name.lower() in RESERVED_PLAYER_NAMES:
                self.fail(key, "the team name {name!r} is a player's name or a keyword", name=name)
            members = tuple(self.player(n, f"teams.{name}") for n in self.sequence(value, name))
            if not members:
                self.fail(value, "team {name!r} has no player", name=name)
            teams.append(Team(name, members))
        order = [p for t in teams for p in t.players]
        if order != list(self.players):
            self.fail(
                m["teams"][1],
                "list the players under 'players' team by team, in the order of 'teams' (805.1)",
            )
        if fmt == "two-headed giant":
            if any(len(t.players) != 2 for t in teams):
                self.fail(m["teams"][1], "Two-Headed Giant is two teams of two (810.1)")
            life = {p.name: p.life for p in players}
            for t in teams:
                if len({life[p] for p in t.players}) > 1:
                    self.fail(
                        m["teams"][1],
                        "team {name}: teammates share one life total (810.4), give the same",
                        name=t.name,
                    )
        self.teams = tuple(teams)
        return fmt, tuple(teams)

    def setups(self, node: Node) -> tuple[PlayerSetup, ...]:
        m = self.mapping(node, "players", None)
        if not m:
            self.fail(node, "players must name at least one player")
        seen: dict[str, str] = {}
        for name, (key, _) in m.items():
            if not _PLAYER_NAME.match(name):
                self.fail(
                    key, "player name {name!r} must be one word: letters, digits, _ or -", name=name
                )
            if name.lower() in RESERVED_PLAYER_NAMES:
                self.fail(key, "{name!r} can't be a player's name: it is a keyword", name=name)
            if name.lower() in seen:
                self.fail(
                    key,
                    "players {a!r} and {b!r} differ only in case",
                    a=seen[name.lower()],
                    b=name,
                )
            seen[name.lower()] = name
        self.players = tuple(m)
        return tuple(self.setup(name, key, value) for name, (key, value) in m.items())

    def setup(self, name: str, key: Node, node: Node) -> PlayerSetup:
        line = key.start_mark.line + 1
        if _is_null(node):
            self.visit(node)
            return PlayerSetup(name, line=line)
        where = f"players.{name}"
        m = self.mapping(node, where, PLAYER_KEYS)

        def zone(z: str) -> Zone:
            kind: _ZoneKind = "battlefield" if z == "battlefield" else "card"
            return self.zone(m[z][1], f"{where}.{z}", kind) if z in m else ()

        return PlayerSetup(
            name,
            life=self.integer(m["life"][1], f"{where}.life") if "life" in m else None,
            library=zone("library") if "library" in m else None,
            hand=zone("hand"),
            battlefield=zone("battlefield"),
            graveyard=zone("graveyard"),
            exile=zone("exile"),
            mana_pool=self.mana(m["mana_pool"][1], f"{where}.mana_pool")
            if "mana_pool" in m
            else "",
            line=line,
        )

    def script_item(self, node: Node) -> ScriptItem:
        line = node.start_mark.line + 1
        m = self.mapping(node, Msg("a script line"), None)
        if "expect" in m:
            if len(m) > 1:
                other = next(k for k in m if k != "expect")
                self.fail(m[other][0], "a checkpoint holds only 'expect:', not {key!r}", key=other)
            return Checkpoint(self.expectation(m["expect"][1], "expect"), line)
        who = [k for k in m if k not in LINE_KEYS]
        if not who:
            self.fail(node, "a script line must name its player, like 'alice: pass'")
        for name in who:
            if name not in self.players:
                self.fail(
                    m[name][0],
                    "{name!r} is not a player{hint} (the players are {players}) nor a key of a "
                    "script line ({keys}, or expect for a checkpoint)",
                    name=name,
                    hint=_suggest(name, [*self.players, *LINE_KEYS]),
                    players=", ".join(self.players),
                    keys=", ".join(LINE_KEYS),
                )
        if len(who) > 1:
            self.fail(m[who[1]][0], "a script line is one decision, by one player: {who}", who=who)
        player = who[0]
        rejected = self.rejected(m["rejected"][1]) if "rejected" in m else None
        at = self.point(m["at"][1], "at") if "at" in m else None
        value = m[player][1]
        text = " ".join(self.text(value, Msg("{player}'s command", player=player)).split())
        try:
            command: Command | Unparsed = parse_command(text, self.names, self.lang)
        except CommandSyntaxError as err:
            if rejected not in (True, "unknown"):
                self.fail(value, "{error}", error=err.msg())
            # The contract lets a line check that an unknown command is refused.
            command = Unparsed(text, err.message)
        return ScriptLine(player, command, text, at=at, rejected=rejected, line=line)

    def rejected(self, node: Node) -> str | bool | None:
        """``true`` (any refusal), one of the refusal words, or ``false`` (same as absent)."""
        word = self.scalar(node, "rejected").strip()
        if node.tag == _BOOL_TAG:
            return True if self.boolean(node, "rejected") else None
        if word.lower() in REFUSAL_REASONS:
            return word.lower()
        words = list(REFUSAL_REASONS)
        if self.lang == "fr":
            # docs/scenarios-fr.md: the French words too, accents or not.
            french = {cardnames.fold(k): v for k, v in REFUSAL_REASONS_FR.items()}
            if cardnames.fold(word) in french:
                return french[cardnames.fold(word)]
            words += [k for k in REFUSAL_REASONS_FR if k not in words]
        self.fail(
            node,
            "rejected must be true or one of: {words}; got {word!r}{hint}",
            words=", ".join(words),
            word=word,
            hint=_suggest(word.lower(), words),
        )

    # --- expectations ------------------------------------------------------------------------

    def expectation(self, node: Node, what: str) -> Expectation:
        team_names = [t.name for t in self.teams]
        m = self.mapping(node, what, (*EXPECT_KEYS, *self.players, *team_names))
        lines = {k: key.start_mark.line + 1 for k, (key, _) in m.items()}
        players = {
            name: self.player_expect(m[name][0], m[name][1], f"{what}.{name}")
            for name in self.players
            if name in m
        }
        step: Step | None = None
        if "step" in m:
            word = self.text(m["step"][1], f"{what}.step")
            try:
                step = Step.parse(word)
            except ValueError:
                self.fail(
                    m["step"][1],
                    "unknown step {word!r}; the steps are: {steps}",
                    word=word,
                    steps=", ".join(STEP_NAMES),
                )
        log: tuple[str, ...] | None = None
        if "log" in m:
            log_node = m["log"][1]
            # A single entry may stand without a list.
            items: list[Node] = (
                [log_node]
                if isinstance(log_node, ScalarNode)
                else self.sequence(log_node, f"{what}.log")
            )
            log = tuple(self.text(n, Msg("an entry of {what}", what=f"{what}.log")) for n in items)
        return Expectation(
            players=players,
            stack=self.zone(m["stack"][1], f"{what}.stack", "stack") if "stack" in m else None,
            turn=self.integer(m["turn"][1], f"{what}.turn", 1) if "turn" in m else None,
            step=step,
            active=self.player(m["active"][1], f"{what}.active", team_names)
            if "active" in m
            else None,
            priority=self.player(m["priority"][1], f"{what}.priority", ("none", *team_names))
            if "priority" in m
            else None,
            winner=self.player(m["winner"][1], f"{what}.winner", ("none", "draw", *team_names))
            if "winner" in m
            else None,
            teams={t: self.team_expect(m[t][1], f"{what}.{t}") for t in team_names if t in m},
            log=log,
            line=node.start_mark.line + 1,
            lines=lines,
        )

    def team_expect(self, node: Node, what: str) -> TeamExpect:
        m = self.mapping(node, what, TEAM_EXPECT_KEYS)
        return TeamExpect(
            life=self.integer(m["life"][1], f"{what}.life") if "life" in m else None,
            lost=self.boolean(m["lost"][1], f"{what}.lost") if "lost" in m else None,
            line=node.start_mark.line + 1,
        )

    def player_expect(self, key: Node, node: Node, what: str) -> PlayerExpect:
        m = self.mapping(node, what, PLAYER_EXPECT_KEYS)

        def zone(z: str) -> Zone | None:
            kind: _ZoneKind = "battlefield" if z == "battlefield" else "card"
            return self.zone(m[z][1], f"{what}.{z}", kind) if z in m else None

        return PlayerExpect(
            life=self.integer(m["life"][1], f"{what}.life") if "life" in m else None,
            library=zone("library"),
            hand=zone("hand"),
            battlefield=zone("battlefield"),
            graveyard=zone("graveyard"),
            exile=zone("exile"),
            mana_pool=self.mana(m["mana_pool"][1], f"{what}.mana_pool")
            if "mana_pool" in m
            else None,
            lost=self.boolean(m["lost"][1], f"{what}.lost") if "lost" in m else None,
            line=key.start_mark.line + 1,
            lines={k: kn.start_mark.line + 1 for k, (kn, _) in m.items()},
        )


def load_scenarios_text(
    text: str, source: str, card_names: Collection[str], lang: str = "en"
) -> list[Scenario]:
    """Scenarios from YAML text: one scenario, or a list under a top-level ``scenarios:``.

    ``source`` names the text in errors. Card names are checked against ``card_names`` (and
    their French names). ``lang`` is the language of the commands of a scenario that has no
    ``lang:`` key (``fr`` reads French commands too; docs/scenarios-fr.md).
    """
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}: one of {', '.join(LANGS)}")
    if len(text) > MAX_FILE_BYTES:
        raise InputError(
            source,
            None,
            "the file is larger than {MAX_FILE_BYTES} bytes",
            MAX_FILE_BYTES=MAX_FILE_BYTES,
        )
    root = _compose(text, source)
    if root is None:
        raise InputError(source, 1, "the file holds no scenario")
    walk = _Walk(source, cardnames.index(card_names), lang)
    holds_list = isinstance(root, MappingNode) and any(
        isinstance(k, ScalarNode) and k.value == "scenarios" for k, _ in root.value
    )
    if not holds_list:
        return [walk.scenario(root)]
    m = walk.mapping(root, Msg("a file of scenarios"), ("scenarios", "description"))
    if "description" in m:
        walk.text(m["description"][1], "description")
    items = walk.sequence(m["scenarios"][1], "scenarios")
    if not items:
        walk.fail(m["scenarios"][0], "scenarios: the list is empty")
    out: list[Scenario] = []
    seen: dict[str, int] = {}
    for item in items:
        scenario = walk.scenario(item)
        if scenario.name in seen:
            walk.fail(
                item,
                "two scenarios are named {name!r} (the first on line {first})",
                name=scenario.name,
                first=seen[scenario.name],
            )
        seen[scenario.name] = scenario.line
        out.append(scenario)
    return out


def load_scenarios(
    path: str | Path, card_names: Collection[str], lang: str = "en"
) -> list[Scenario]:
    """Scenarios from a ``*.scenario.yaml`` file; see ``load_scenarios_text``."""
    source = str(path)
    text = read_text(path, MAX_FILE_BYTES)
    return load_scenarios_text(text, source, card_names, lang)
