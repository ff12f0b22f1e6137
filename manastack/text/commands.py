"""The command language: one decision, typed by a player or written on a scenario script line.

``parse_command`` turns text into a typed ``Command``; ``str(command)`` renders it back as
canonical text. The parser knows no rules: it cannot tell a player from a card, and it keeps names
as typed (matching them, without regard to case, is the engine's job). It only uses the card pool
to split text where a card name contains a comma or a word that looks like a keyword.
"""

from __future__ import annotations

import difflib
import re
import textwrap
import unicodedata
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal, TypeAlias

from manastack.errors import ManastackError
from manastack.i18n import N_, Msg, Translator, translator

_FORMS = """\
pass
play CARD
cast CARD [face down] [targeting T, T...] [choosing C, C...] [x=N] [paying SOURCE, ...]
activate CARD [ability N] [targeting T, T...] [choosing C...]
attack with CARD[, CARD...] [-> PLAYER]
attack with nothing
block ATTACKER with CARD[, CARD...]
block with nothing
assign N to T[, N to T...]
order CARD, CARD...
choose WORDS
discard CARD[, CARD...]
turn face up CARD
suspend CARD
concede"""

# The notes under the forms, indented as an error message shows them (a message each, so that
# the notes are in the reader's language and the forms in the command language).
_NOTE = N_(
    "  CARD is a card name in any case; PLAYER's CARD narrows it to that player's.\n"
    "  T is a player's name or a CARD."
)

GRAMMAR = f"{_FORMS}\n\n{textwrap.dedent(_NOTE)}"
"""Every command form, as the scenario contract's table writes them."""

MAX_COMMAND_CHARS = 1000
"""Longer text is refused: no real command comes close, and it bounds the parser's work."""

MAX_NUMBER = 1_000_000
"""Largest N accepted in ``x=N``, ``ability N`` and ``assign N to T``."""

# Above this many keyword-looking words the parser stops trying every split and reads each one as
# a keyword: the search is exponential in them, and real commands have two or three.
_MAX_SPLIT_CANDIDATES = 12


class CommandSyntaxError(ManastackError):
    """Text that is not a command. ``problem`` says what was wrong (in English; ``message`` is
    the same as a :class:`~manastack.i18n.Msg`); the message adds the grammar of the command
    language ``lang``. ``str`` is English; :meth:`localized` is in a translator's language, the
    command language's by default (an error in French commands is told in French)."""

    def __init__(self, problem: Msg, text: str = "", lang: str = "en") -> None:
        self.message = problem
        self.problem = str(problem)
        self.text = text
        self.lang = lang
        super().__init__(str(self.msg()))

    def msg(self) -> Msg:
        """The whole message: what was wrong, then the forms of the command language and the
        notes under them."""
        forms, note = (_FORMS_FR, _NOTE_FR) if self.lang == "fr" else (_FORMS, _NOTE)
        return Msg(
            "{problem}\nThe commands are:\n{forms}\n\n{notes}",
            problem=self.message,
            forms="\n".join(f"  {line}" for line in forms.splitlines()),
            notes=Msg(note),
        )

    def localized(self, tr: Translator | None = None) -> str:
        return self.msg().render(tr or translator(self.lang))


# --- card names ------------------------------------------------------------------------------


def _key(name: str) -> str:
    """Comparison key of a name: case and spacing do not matter."""
    return " ".join(name.replace("’", "'").split()).casefold()


def _fold(text: str) -> str:
    """Comparison key that also ignores accents (French names and keywords): ``Forêt`` and
    ``foret`` are one key."""
    if text.isascii():
        return " ".join(text.split()).casefold()
    text = text.replace("’", "'").replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(bare.split()).casefold()


_TOKEN_NAME = re.compile(r"^[A-Z][A-Za-z' ]* Token \(\d+/\d+ [a-z ]+\)$")


class CardNames(Collection[str]):
    """A card pool's names, looked up without regard to case. Build once, use for many lines.

    ``aliases`` maps other names of the pool's cards (their French names) to the pool's name:
    they are looked up without regard to case or accents, ``canonical`` gives the pool's name,
    and a command that names a card by an alias names the card (``parse_command`` writes the
    pool's name). A pool name wins over an alias of the same key.
    """

    __slots__ = ("_alias", "_by_key", "_keys", "_shown", "max_commas")

    def __init__(self, names: Iterable[str] = (), aliases: Mapping[str, str] | None = None) -> None:
        self._by_key: dict[str, str] = {}
        for name in names:
            self._by_key.setdefault(_key(name), name)
        self._alias: dict[str, str] = {}  # _fold(alias) -> the pool's name
        self._shown: dict[str, str] = {}  # _key(alias) -> the alias as written
        for alias, name in (aliases or {}).items():
            pool_name = self._by_key.get(_key(name))
            if pool_name is None or _key(alias) in self._by_key:
                continue
            self._alias.setdefault(_fold(alias), pool_name)
            self._shown.setdefault(_key(alias), alias)
        self._keys: list[str] | None = None
        # Bounds the comma-joining search: no name has more commas than this.
        self.max_commas = max(
            (n.count(",") for n in [*self._by_key.values(), *self._shown.values()]), default=0
        )

    @classmethod
    def of(cls, names: Collection[str]) -> CardNames:
        """``names`` itself if it is already a ``CardNames``, else a new index of it."""
        return names if isinstance(names, CardNames) else cls(names)

    def __contains__(self, item: object) -> bool:
        return isinstance(item, str) and (
            _key(item) in self._by_key or (bool(self._alias) and _fold(item) in self._alias)
        )

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_key.values())

    def __len__(self) -> int:
        return len(self._by_key)

    def aliases(self) -> list[str]:
        """The aliases (French names), as written."""
        return list(self._shown.values())

    def canonical(self, name: str) -> str | None:
        """The pool's spelling of ``name`` (an alias gives its card's pool name), or None when
        it is not in the pool.

        >>> CardNames(["Grizzly Bears"]).canonical("grizzly  BEARS")
        'Grizzly Bears'
        >>> CardNames(["Forest"], {"Forêt": "Forest"}).canonical("FORET")
        'Forest'
        """
        found = self._by_key.get(_key(name))
        if found is None and self._alias:
            found = self._alias.get(_fold(name))
        if found is None:
            # A token, named by what it is (111.4: ``Soldier Token (1/1 white)``); the card
            # lookup checks the rest.
            text = " ".join(name.split())
            return text if _TOKEN_NAME.match(text) else None
        return found

    def alias_of(self, name: str) -> str | None:
        """The pool's name when ``name`` is an alias (and no pool name), else None."""
        if not self._alias or _key(name) in self._by_key:
            return None
        return self._alias.get(_fold(name))

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """The pool names (and aliases) closest to ``name``, best first."""
        if self._keys is None:
            self._keys = [*self._by_key, *(k for k in self._shown if k not in self._by_key)]
        close = difflib.get_close_matches(_key(name), self._keys, n=n, cutoff=0.6)
        return [self._by_key.get(k) or self._shown[k] for k in close]


# --- typed commands --------------------------------------------------------------------------


@dataclass(frozen=True)
class Ref:
    """A named object or player, optionally narrowed to a controller: ``bob's Grizzly Bears``."""

    name: str
    controller: str | None = None

    def __str__(self) -> str:
        return f"{self.controller}'s {self.name}" if self.controller else self.name


def _refs(refs: Sequence[object]) -> str:
    return ", ".join(str(r) for r in refs)


@dataclass(frozen=True)
class Pass:
    """Pass priority."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class PlayLand:
    """Play a land (a special action)."""

    card: Ref

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class Cast:
    """Cast a spell; ``paying`` names mana sources to use instead of automatic payment."""

    card: Ref
    face_down: bool = False
    targets: tuple[Ref, ...] = ()
    choices: tuple[str, ...] = ()
    x: int | None = None
    paying: tuple[Ref, ...] = ()

    def __str__(self) -> str:
        out = f"cast {self.card}"
        if self.face_down:
            out += " face down"
        if self.targets:
            out += f" targeting {_refs(self.targets)}"
        if self.choices:
            out += f" choosing {', '.join(self.choices)}"
        if self.x is not None:
            out += f" x={self.x}"
        if self.paying:
            out += f" paying {_refs(self.paying)}"
        return out


@dataclass(frozen=True)
class Activate:
    """Activate an ability of a permanent; ``ability`` counts from 1 in printed order."""

    card: Ref
    ability: int | None = None
    targets: tuple[Ref, ...] = ()
    choices: tuple[str, ...] = ()

    def __str__(self) -> str:
        out = f"activate {self.card}"
        if self.ability is not None:
            out += f" ability {self.ability}"
        if self.targets:
            out += f" targeting {_refs(self.targets)}"
        if self.choices:
            out += f" choosing {', '.join(self.choices)}"
        return out


@dataclass(frozen=True)
class Attack:
    """Declare attackers; no attackers is ``attack with nothing``."""

    attackers: tuple[Ref, ...] = ()
    defender: str | None = None

    def __str__(self) -> str:
        if not self.attackers:
            return "attack with nothing"
        out = f"attack with {_refs(self.attackers)}"
        return f"{out} -> {self.defender}" if self.defender else out


@dataclass(frozen=True)
class Block:
    """Declare blockers of one attacker; ``block with nothing`` has no attacker and no blockers."""

    attacker: Ref | None = None
    blockers: tuple[Ref, ...] = ()

    def __str__(self) -> str:
        if self.attacker is None:
            return "block with nothing"
        return f"block {self.attacker} with {_refs(self.blockers)}"


@dataclass(frozen=True)
class Assign:
    """Assign an attacker's combat damage: ``parts`` pairs an amount with its recipient."""

    parts: tuple[tuple[int, Ref], ...]

    def __str__(self) -> str:
        return "assign " + ", ".join(f"{n} to {ref}" for n, ref in self.parts)


@dataclass(frozen=True)
class Order:
    """Order simultaneous triggered abilities: the first named goes on the stack first."""

    cards: tuple[Ref, ...]

    def __str__(self) -> str:
        return f"order {_refs(self.cards)}"


@dataclass(frozen=True)
class Choose:
    """Answer any other choice, in free words: ``choose decline``, ``choose mode 2``."""

    words: str

    def __str__(self) -> str:
        return f"choose {self.words}"


@dataclass(frozen=True)
class Discard:
    """Discard cards."""

    cards: tuple[Ref, ...]

    def __str__(self) -> str:
        return f"discard {_refs(self.cards)}"


@dataclass(frozen=True)
class TurnFaceUp:
    """Turn a face-down permanent face up (a special action)."""

    card: Ref

    def __str__(self) -> str:
        return f"turn face up {self.card}"


@dataclass(frozen=True)
class Suspend:
    """Suspend a card from hand (a special action)."""

    card: Ref

    def __str__(self) -> str:
        return f"suspend {self.card}"


@dataclass(frozen=True)
class Concede:
    """Leave the game (104.3a)."""

    def __str__(self) -> str:
        return "concede"


Command: TypeAlias = (
    Pass
    | PlayLand
    | Cast
    | Activate
    | Attack
    | Block
    | Assign
    | Order
    | Choose
    | Discard
    | TurnFaceUp
    | Suspend
    | Concede
)


@dataclass(frozen=True)
class Unparsed:
    """Script text that is not a command, kept only on a line that expects the refusal ``unknown``.

    ``parse_command`` never returns it; the scenario loader does, so that a scenario can check
    that the engine refuses an unknown command.
    """

    text: str
    problem: Msg  # what is wrong with it, rendered in the game's language when refused

    def __str__(self) -> str:
        return self.text


# --- tokens ----------------------------------------------------------------------------------

# Words, commas and arrows; a comma or an arrow is its own token so that "Bears,Elves" splits.
_TOKEN = re.compile(r"->|,|(?:(?!->)[^\s,])+")
_POSSESSIVE = re.compile(r"^(\S+?)['’]s\s+(\S.*)$")
_DIGITS = re.compile(r"^[0-9]+$")


def _join(tokens: Sequence[str]) -> str:
    """Text of tokens with single spaces, commas attached to the word before."""
    out = ""
    for tok in tokens:
        out += tok if tok == "," or not out else " " + tok
    return out


def _number(text: str, what: str | Msg, least: int) -> int:
    if not _DIGITS.match(text):
        raise _Bad("{what} must be a whole number, got {text!r}", what=what, text=text)
    # Compare lengths first: int() of thousands of digits is slow, or refused outright.
    n = int(text) if len(text) <= len(str(MAX_NUMBER)) else MAX_NUMBER + 1
    if not least <= n <= MAX_NUMBER:
        shown = text if len(text) <= 12 else text[:12] + "..."
        raise _Bad(
            "{what} must be between {least} and {most}, got {shown}",
            what=what,
            least=least,
            most=MAX_NUMBER,
            shown=shown,
        )
    return n


class _Bad(Exception):
    """One reading of the text failed; another split may still work. ``template`` and
    ``params`` say what was wrong (manastack.i18n); ``str`` is English."""

    def __init__(self, template: str, **params: object) -> None:
        self.msg = Msg(template, **params)
        super().__init__(str(self.msg))


def _known_ref(text: str, names: CardNames) -> bool:
    if text in names:
        return True
    m = _POSSESSIVE.match(text)
    if m is not None and m.group(2) in names:
        return True
    # French possessive (``Thalia, gardienne de Thraben de bob``): keeps a name's commas joined.
    m = _POSSESSIVE_FR.match(text)
    return m is not None and m.group(1) in names


def _ref(text: str, names: CardNames) -> Ref:
    # A known name wins over a possessive reading: "Urza's Saga" is a card, not Urza's Saga.
    if text not in names:
        m = _POSSESSIVE.match(text)
        if m:
            return Ref(m.group(2), m.group(1))
    return Ref(text)


def _items(
    tokens: Sequence[str], names: CardNames, known: Callable[[str], bool], what: str
) -> list[tuple[str, int, int, bool]]:
    """Split a comma list, joining pieces that together make a known name (longest first).

    Returns each item's text, its token span in ``tokens`` and whether it is a known name.
    """
    pieces: list[tuple[int, int]] = []  # token spans between commas
    start = 0
    for i, tok in enumerate([*tokens, ","]):
        if tok == ",":
            if i == start:
                raise _Bad("{what} has an empty name (a stray comma?)", what=what)
            pieces.append((start, i))
            start = i + 1
    texts = [_join(tokens[a:b]) for a, b in pieces]
    items: list[tuple[str, int, int, bool]] = []
    i = 0
    while i < len(texts):
        take = 1
        for span in range(min(names.max_commas + 1, len(texts) - i), 1, -1):
            if known(", ".join(texts[i : i + span])):
                take = span
                break
        item = ", ".join(texts[i : i + take])
        items.append((item, pieces[i][0], pieces[i + take - 1][1], known(item)))
        i += take
    return items


# --- clause search ---------------------------------------------------------------------------

_Kind = Literal["flag", "refs", "strs", "int", "x", "word"]
_Value: TypeAlias = bool | int | str | tuple[Ref, ...] | tuple[str, ...]


@dataclass(frozen=True)
class _Clause:
    key: str
    words: tuple[str, ...]  # the keyword's tokens, casefolded; x=N is matched by its shape
    kind: _Kind
    fold: bool = False  # French: accents don't matter either (the words are written without)
    shown: str = ""  # the keyword as messages write it (the key where empty)

    @property
    def label(self) -> str:
        return "x=" if self.kind == "x" else self.shown or self.key

    def at(self, tokens: Sequence[str], pos: int) -> bool:
        if self.kind == "x":
            return tokens[pos].casefold().startswith("x=")
        end = pos + len(self.words)
        return end <= len(tokens) and all(
            (_fold(t) if self.fold else t.casefold()) == w
            for t, w in zip(tokens[pos:end], self.words, strict=True)
        )

    @property
    def width(self) -> int:
        return 1 if self.kind == "x" else len(self.words)


_FACE_DOWN = _Clause("face down", ("face", "down"), "flag")
_TARGETING = _Clause("targeting", ("targeting",), "refs")
_CHOOSING = _Clause("choosing", ("choosing",), "strs")
_X = _Clause("x", (), "x")
_PAYING = _Clause("paying", ("paying",), "refs")
_ABILITY = _Clause("ability", ("ability",), "int")
_WITH = _Clause("with", ("with",), "refs")
_ARROW = _Clause("->", ("->",), "word")

# The French keywords (docs/scenarios-fr.md), folded: the same keys, so the same commands. Where
# a keyword has a long and a short form, the long one comes first (a tie between readings
# keeps the first).
_FACE_DOWN_FR = _Clause("face down", ("face", "cachee"), "flag", True, "face cachée")
_TARGETING_FR = (
    _Clause("targeting", ("en", "ciblant"), "refs", True, "en ciblant"),
    _Clause("targeting", ("ciblant",), "refs", True, "ciblant"),
)
_CHOOSING_FR = (
    _Clause("choosing", ("en", "choisissant"), "strs", True, "en choisissant"),
    _Clause("choosing", ("choisissant",), "strs", True, "choisissant"),
)
_PAYING_FR = (
    _Clause("paying", ("en", "payant", "avec"), "refs", True, "en payant avec"),
    _Clause("paying", ("en", "payant"), "refs", True, "en payant"),
    _Clause("paying", ("payant",), "refs", True, "payant"),
)
_ABILITY_FR = _Clause("ability", ("capacite",), "int", True, "capacité")
_WITH_FR = _Clause("with", ("avec",), "refs", True, "avec")


@dataclass(frozen=True)
class _Words:
    """One language's words for the command language (verbs apart)."""

    lang: str
    cast: tuple[_Clause, ...]
    activate: tuple[_Clause, ...]
    with_: _Clause
    nothing: str
    face_up: tuple[str, str]
    assign_part: re.Pattern[str]
    # How messages write the command forms: each verb (by its English one), a card, an attacker,
    # one part of ``assign``.
    verbs: Mapping[str, str]
    card: str
    attacker: str
    assign_form: str

    def word(self, token: str) -> str:
        """A token as compared with this language's keywords (French: accents don't matter)."""
        return _fold(token) if self.lang == "fr" else token.casefold()

    def verb(self, english: str) -> str:
        """A verb (or a verb and its words: ``attack with``) as this language writes it."""
        return self.verbs.get(english, english)

    def q(self, english: str) -> str:
        """A verb between quotes, as messages name it: ``'cast'``, ``'lancer'``."""
        return repr(self.verb(english))


_EN = _Words(
    "en",
    (_FACE_DOWN, _TARGETING, _CHOOSING, _X, _PAYING),
    (_ABILITY, _TARGETING, _CHOOSING),
    _WITH,
    "nothing",
    ("face", "up"),
    re.compile(r"^([0-9]+)\s+to\s+(\S.*)$", re.IGNORECASE),
    {},
    "CARD",
    "ATTACKER",
    "N to T",
)
_FR = _Words(
    "fr",
    (_FACE_DOWN_FR, *_TARGETING_FR, *_CHOOSING_FR, _X, *_PAYING_FR),
    (_ABILITY_FR, *_TARGETING_FR, *_CHOOSING_FR),
    _WITH_FR,
    "rien",
    ("face", "visible"),
    re.compile(r"^([0-9]+)\s+(?:à|a)\s+(\S.*)$", re.IGNORECASE),
    {
        "pass": "passer",
        "play": "jouer",
        "cast": "lancer",
        "activate": "activer",
        "attack": "attaquer",
        "attack with": "attaquer avec",
        "block": "bloquer",
        "assign": "assigner",
        "order": "ordonner",
        "choose": "choisir",
        "discard": "défausser",
        "turn": "retourner",
        "turn face up": "retourner face visible",
        "suspend": "suspendre",
        "concede": "concéder",
    },
    "CARTE",
    "ATTAQUANT",
    "N à C",
)


_Spans: TypeAlias = list[tuple[int, int]]


def _value(
    clause: _Clause, keyword: str, seg: Sequence[str], names: CardNames
) -> tuple[_Value, _Spans]:
    """Read one clause's value; returns it and the token spans of the known names in it."""
    label = clause.label
    if clause.kind == "flag":
        if seg:
            raise _Bad("unexpected {text!r} after {label!r}", text=_join(seg), label=label)
        return True, []
    if clause.kind == "x":
        if seg:
            raise _Bad("unexpected {text!r} after {label!r}", text=_join(seg), label=keyword)
        return _number(keyword[2:], "X", 0), []
    if not seg:
        raise _Bad("{label!r} needs something after it", label=label)
    if clause.kind == "int":
        if len(seg) != 1:
            raise _Bad("{label!r} takes one number, got {text!r}", label=label, text=_join(seg))
        return _number(seg[0], Msg(N_("the ability number")), 1), []
    if clause.kind == "word":
        return _join(seg), []
    if clause.kind == "strs":
        strs = _items(seg, names, names.__contains__, repr(label))
        return tuple(t for t, *_ in strs), [(a, b) for _, a, b, k in strs if k]
    refs = _items(seg, names, lambda t: _known_ref(t, names), repr(label))
    return tuple(_ref(t, names) for t, *_ in refs), [(a, b) for _, a, b, k in refs if k]


@dataclass(frozen=True)
class _Reading:
    """One way to split the text; better readings name more known cards, then use more clauses."""

    hits: int
    clauses: int
    values: tuple[tuple[str, _Value], ...]

    @property
    def score(self) -> tuple[int, int]:
        return (self.hits, self.clauses)


def _read_clauses(
    tokens: Sequence[str],
    head: Literal["ref", "refs"],
    clauses: Sequence[_Clause],
    required: Collection[str],
    names: CardNames,
    what: str,
) -> dict[str, _Value]:
    """Split ``HEAD [KEYWORD VALUE]...`` where card names may contain keyword-looking words.

    A keyword-looking word is a keyword unless it lies inside a known card name. Where that leaves
    a choice, the reading that names the most known cards wins, then the one with the most
    clauses, then the one that splits earliest. The head's value is under the key ``""``.
    """
    n = len(tokens)
    # A keyword first is a candidate too, so that "cast targeting bob" lacks a card name.
    cands = [(p, c) for p in range(n) for c in clauses if c.at(tokens, p)]

    def head_value(seg: Sequence[str]) -> tuple[_Value, _Spans]:
        if not seg:
            raise _Bad("{what} needs a card name", what=what)
        if head == "ref":
            text = _join(seg)
            return (_ref(text, names),), [(0, len(seg))] if _known_ref(text, names) else []
        refs = _items(seg, names, lambda t: _known_ref(t, names), what)
        return tuple(_ref(t, names) for t, *_ in refs), [(a, b) for _, a, b, k in refs if k]

    memo: dict[tuple[int, frozenset[str]], _Reading | None] = {}

    def solve(i: int, used: frozenset[str]) -> _Reading | None:
        """Best reading from candidate ``i`` (-1: the head) to the end, given clauses used."""
        if (i, used) in memo:
            return memo[(i, used)]
        if i < 0:
            start, clause = 0, None
        else:
            pos, clause = cands[i]
            start = pos + clause.width
        now = used if clause is None else used | {clause.key}
        best: _Reading | None = None
        nexts = [j for j in range(i + 1, len(cands)) if cands[j][0] >= start]
        for j in [*nexts, None]:
            end = n if j is None else cands[j][0]
            if j is not None and cands[j][1].key in now:
                continue
            try:
                if clause is None:
                    value, known = head_value(tokens[start:end])
                else:
                    value, known = _value(clause, tokens[cands[i][0]], tokens[start:end], names)
            except _Bad:
                continue
            # Keywords passed over must sit inside a known name, else this reading is wrong.
            skipped = [p - start for p, _ in cands if start <= p < end]
            if not all(any(a <= r < b for a, b in known) for r in skipped):
                continue
            if j is None:
                if not set(required) <= now:
                    continue
                rest: _Reading | None = _Reading(0, 0, ())
            else:
                rest = solve(j, now)
            if rest is None:
                continue
            key = "" if clause is None else clause.key
            reading = _Reading(
                rest.hits + len(known), rest.clauses + 1, ((key, value), *rest.values)
            )
            if best is None or reading.score > best.score:
                best = reading
        memo[(i, used)] = best
        return best

    if len(cands) <= _MAX_SPLIT_CANDIDATES:
        found = solve(-1, frozenset())
        if found is not None:
            return dict(found.values)
    labels = {c.key: c.label for c in clauses}
    return _read_every_keyword(tokens, cands, head_value, required, names, labels)


def _read_every_keyword(
    tokens: Sequence[str],
    cands: Sequence[tuple[int, _Clause]],
    head_value: Callable[[Sequence[str]], tuple[_Value, _Spans]],
    required: Collection[str],
    names: CardNames,
    labels: Mapping[str, str],
) -> dict[str, _Value]:
    """The reading that takes every keyword-looking word as a keyword. When no reading works,
    its error is the one reported: it is what a person typing the command most likely meant."""
    bounds = [p for p, _ in cands] + [len(tokens)]
    values: dict[str, _Value] = {"": head_value(tokens[: bounds[0]])[0]}
    for k, (pos, clause) in enumerate(cands):
        if clause.key in values:
            raise _Bad("{label!r} is given twice", label=clause.label)
        seg = tokens[pos + clause.width : bounds[k + 1]]
        values[clause.key] = _value(clause, tokens[pos], seg, names)[0]
    for key in required:
        if key not in values:
            raise _Bad("missing {label!r}", label=labels.get(key, key))
    return values


# --- the parser ------------------------------------------------------------------------------


def _single(tokens: Sequence[str], names: CardNames, what: str) -> Ref:
    if not tokens:
        raise _Bad("{what} needs a card name", what=what)
    return _ref(_join(tokens), names)


def _ref_list(tokens: Sequence[str], names: CardNames, what: str) -> tuple[Ref, ...]:
    if not tokens:
        raise _Bad("{what} needs at least one card name", what=what)
    refs = _items(tokens, names, lambda t: _known_ref(t, names), what)
    return tuple(_ref(t, names) for t, *_ in refs)


def _no_rest(tokens: Sequence[str], verb: str) -> None:
    if tokens:
        raise _Bad("{verb!r} takes nothing after it, got {text!r}", verb=verb, text=_join(tokens))


def _attack(tokens: Sequence[str], names: CardNames, w: _Words = _EN) -> Attack:
    with_, nothing = w.with_.words[0], w.nothing
    attack_with = w.verb("attack with")
    none = f"'{attack_with} {nothing}'"
    if not tokens or w.word(tokens[0]) != with_:
        some = f"'{attack_with} {w.card}, {w.card}...'"
        raise _Bad("write {a} or {b}", a=some, b=none)
    rest = tokens[1:]
    if [w.word(t) for t in rest] == [nothing]:
        return Attack()
    if not rest:
        raise _Bad(
            "{what} needs attackers, or {nothing}", what=repr(attack_with), nothing=repr(nothing)
        )
    values = _read_clauses(rest, "refs", [_ARROW], (), names, repr(attack_with))
    attackers = values[""]
    assert isinstance(attackers, tuple)
    if any(isinstance(r, Ref) and w.word(str(r)) == nothing for r in attackers):
        raise _Bad("{nothing} must stand alone: {form}", nothing=repr(nothing), form=none)
    defender = values.get("->")
    return Attack(
        tuple(r for r in attackers if isinstance(r, Ref)),
        defender if isinstance(defender, str) else None,
    )


def _block(tokens: Sequence[str], names: CardNames, w: _Words = _EN) -> Block:
    with_, nothing = w.with_.words[0], w.nothing
    if [w.word(t) for t in tokens] == [with_, nothing]:
        return Block()
    block = w.verb("block")
    none = f"'{block} {with_} {nothing}'"
    if tokens and w.word(tokens[0]) == with_:
        some = f"'{block} {w.attacker} {with_} {w.card}, {w.card}...'"
        raise _Bad("write {a} or {b}", a=some, b=none)
    if tokens and w.word(tokens[-1]) == nothing and len(tokens) > 2:
        raise _Bad("to declare no blockers, write {form}", form=none)
    values = _read_clauses(tokens, "ref", [w.with_], ("with",), names, w.q("block"))
    head, blockers = values[""], values["with"]
    assert isinstance(head, tuple) and isinstance(blockers, tuple)
    return Block(
        head[0] if isinstance(head[0], Ref) else None,
        tuple(r for r in blockers if isinstance(r, Ref)),
    )


def _assign(tokens: Sequence[str], names: CardNames, w: _Words = _EN) -> Assign:
    if not tokens:
        raise _Bad("{what} needs {form}", what=w.q("assign"), form=repr(w.assign_form))
    pieces: list[list[str]] = [[]]
    for tok in tokens:
        if tok == ",":
            pieces.append([])
        else:
            pieces[-1].append(tok)
    parts: list[tuple[int, Ref]] = []
    i = 0
    while i < len(pieces):
        text = _join(pieces[i])
        m = w.assign_part.match(text)
        if not m:
            raise _Bad("expected {form}, got {text!r}", form=repr(w.assign_form), text=text)
        amount = _number(m.group(1), Msg(N_("the damage")), 0)
        name = m.group(2)
        take = 1
        # A recipient whose name has a comma continues over the next pieces.
        for span in range(min(names.max_commas + 1, len(pieces) - i), 1, -1):
            joined = ", ".join([name, *(_join(p) for p in pieces[i + 1 : i + span])])
            if _known_ref(joined, names):
                name, take = joined, span
                break
        parts.append((amount, _ref(name, names)))
        i += take
    return Assign(tuple(parts))


def _cast(tokens: Sequence[str], names: CardNames, w: _Words = _EN) -> Cast:
    v = _read_clauses(tokens, "ref", w.cast, (), names, w.q("cast"))
    card = v[""]
    assert isinstance(card, tuple) and isinstance(card[0], Ref)
    x = v.get("x")
    return Cast(
        card[0],
        face_down=bool(v.get("face down", False)),
        targets=_as_refs(v.get("targeting")),
        choices=_as_strs(v.get("choosing")),
        x=x if isinstance(x, int) and not isinstance(x, bool) else None,
        paying=_as_refs(v.get("paying")),
    )


def _activate(tokens: Sequence[str], names: CardNames, w: _Words = _EN) -> Activate:
    v = _read_clauses(tokens, "ref", w.activate, (), names, w.q("activate"))
    card = v[""]
    assert isinstance(card, tuple) and isinstance(card[0], Ref)
    ability = v.get("ability")
    return Activate(
        card[0],
        ability=ability if isinstance(ability, int) and not isinstance(ability, bool) else None,
        targets=_as_refs(v.get("targeting")),
        choices=_as_strs(v.get("choosing")),
    )


def _as_refs(value: _Value | None) -> tuple[Ref, ...]:
    return tuple(r for r in value if isinstance(r, Ref)) if isinstance(value, tuple) else ()


def _as_strs(value: _Value | None) -> tuple[str, ...]:
    return tuple(s for s in value if isinstance(s, str)) if isinstance(value, tuple) else ()


VERBS = (
    "pass",
    "play",
    "cast",
    "activate",
    "attack",
    "block",
    "assign",
    "order",
    "choose",
    "discard",
    "turn",
    "suspend",
    "concede",
)
"""First words of the commands."""


VERBS_FR: dict[str, str] = {
    "passer": "pass",
    "jouer": "play",
    "lancer": "cast",
    "activer": "activate",
    "attaquer": "attack",
    "bloquer": "block",
    "assigner": "assign",
    "ordonner": "order",
    "choisir": "choose",
    "défausser": "discard",
    "retourner": "turn",
    "suspendre": "suspend",
    "concéder": "concede",
}
"""First words of the French commands (``lang="fr"``), and the English verb each one is."""

_FORMS_FR = """\
passer
jouer CARTE
lancer CARTE [face cachée] [en ciblant C, C...] [en choisissant X...] [x=N] [en payant avec S, ...]
activer CARTE [capacité N] [en ciblant C, C...] [en choisissant X...]
attaquer avec CARTE[, CARTE...] [-> JOUEUR]
attaquer avec rien
bloquer ATTAQUANT avec CARTE[, CARTE...]
bloquer avec rien
assigner N à C[, N à C...]
ordonner CARTE, CARTE...
choisir MOTS
défausser CARTE[, CARTE...]
retourner face visible CARTE
suspendre CARTE
concéder"""

_NOTE_FR = N_(
    "  CARTE is a card name, in French or in English; CARTE de JOUEUR (or JOUEUR's CARTE)\n"
    "  narrows it to that player. C is a player's name or a CARTE. The English commands\n"
    "  remain valid."
)

# The French note as the French catalog has it (a test checks they agree): the constant is
# read without loading a catalog.
GRAMMAR_FR = (
    _FORMS_FR
    + """

CARTE est le nom d'une carte, en français ou en anglais ; CARTE de JOUEUR (ou JOUEUR's CARTE)
la restreint à ce joueur. C est le nom d'un joueur ou une CARTE. Les commandes anglaises
restent valides."""
)
"""Every French command form (docs/scenarios-fr.md)."""

_VERBS_FR_FOLDED = {_fold(k): v for k, v in VERBS_FR.items()}

CHOICE_WORDS_FR: dict[str, str] = {
    "payer": "pay",
    "décliner": "decline",
    "refuser": "decline",
    "oui": "yes",
    "non": "no",
    "garder": "keep",
    "mulligan": "mulligan",
    "blanc": "white",
    "bleu": "blue",
    "noir": "black",
    "rouge": "red",
    "vert": "green",
    "incolore": "colorless",
}
"""French words of ``choisir`` (and ``en choisissant``), and the English word each one is."""

_CHOICES_FR_FOLDED = {_fold(k): v for k, v in CHOICE_WORDS_FR.items()}
_MODE_FR = re.compile(r"^mode\s+([0-9]+)$", re.IGNORECASE)
_POSSESSIVE_FR = re.compile(r"^(.*\S)\s+(?:de\s+|d['’]\s*)([^\s'’]+)$", re.IGNORECASE)


def parse_command(text: str, card_names: Collection[str] = (), lang: str = "en") -> Command:
    """Parse one command. ``card_names`` (any case) lets names with commas or keywords split right.

    A card named by an alias of ``card_names`` (a French name) is written with the pool's name.
    With ``lang="fr"`` the French commands are read too (``GRAMMAR_FR``: ``lancer Contresort en
    ciblant Messe noire``), and parse to the same commands as the English ones.

    >>> parse_command("cast Lightning Bolt targeting bob's Grizzly Bears")
    Cast(card=Ref(name='Lightning Bolt', controller=None), face_down=False, \
targets=(Ref(name='Grizzly Bears', controller='bob'),), choices=(), x=None, paying=())
    >>> str(parse_command("ATTACK WITH Grizzly Bears,Llanowar Elves->bob"))
    'attack with Grizzly Bears, Llanowar Elves -> bob'
    >>> names = CardNames(["Counterspell", "Dark Ritual"], {"Contresort": "Counterspell",
    ...                                                     "Messe noire": "Dark Ritual"})
    >>> str(parse_command("lancer contresort en ciblant Messe noire de alice", names, "fr"))
    "cast Counterspell targeting alice's Dark Ritual"
    """
    if len(text) > MAX_COMMAND_CHARS:
        raise CommandSyntaxError(
            Msg(
                "command is {n} characters long; the limit is {limit}",
                n=len(text),
                limit=MAX_COMMAND_CHARS,
            ),
            text[:80],
            lang if lang in ("en", "fr") else "en",
        )
    if lang not in ("en", "fr"):
        raise ValueError(f"unknown command language {lang!r}: en or fr")
    names = CardNames.of(card_names)
    try:
        return _parse(text, names, lang)
    except _Bad as bad:
        problem = Msg("{problem} in {text!r}", problem=bad.msg, text=text.strip())
        raise CommandSyntaxError(problem, text, lang) from None


def _parse(text: str, names: CardNames, lang: str = "en") -> Command:
    tokens = _TOKEN.findall(text)
    if not tokens:
        raise _Bad("empty command")
    verb, rest = tokens[0].casefold(), tokens[1:]
    w = _EN
    if lang == "fr" and _fold(verb) in _VERBS_FR_FOLDED:
        verb, w = _VERBS_FR_FOLDED[_fold(verb)], _FR
    command = _command(verb, tokens, rest, text, names, w, lang)
    if w is _FR:
        command = _french(command, names)
    return _pool_names(command, names)


def _command(
    verb: str,
    tokens: Sequence[str],
    rest: Sequence[str],
    text: str,
    names: CardNames,
    w: _Words,
    lang: str,
) -> Command:
    match verb:
        case "pass":
            _no_rest(rest, w.verb(verb))
            return Pass()
        case "concede":
            _no_rest(rest, w.verb(verb))
            return Concede()
        case "play":
            return PlayLand(_single(rest, names, w.q("play")))
        case "suspend":
            return Suspend(_single(rest, names, w.q("suspend")))
        case "turn":
            if tuple(w.word(t) for t in rest[:2]) != w.face_up:
                raise _Bad("write {form}", form=f"'{w.verb('turn face up')} {w.card}'")
            return TurnFaceUp(_single(rest[2:], names, w.q("turn face up")))
        case "cast":
            return _cast(rest, names, w)
        case "activate":
            return _activate(rest, names, w)
        case "attack":
            return _attack(rest, names, w)
        case "block":
            return _block(rest, names, w)
        case "assign":
            return _assign(rest, names, w)
        case "order":
            return Order(_ref_list(rest, names, w.q("order")))
        case "discard":
            return Discard(_ref_list(rest, names, w.q("discard")))
        case "choose":
            # Free words: kept as typed (spacing aside), commas and all.
            words = text.strip().split(None, 1)
            if len(words) < 2:
                raise _Bad("{what} needs words after it", what=w.q("choose"))
            return Choose(" ".join(words[1].split()))
    verbs = [*VERBS, *(VERBS_FR if lang == "fr" else ())]
    close = difflib.get_close_matches(verb, verbs, n=1)
    if close:
        raise _Bad(
            "unknown command {word!r} (did you mean {close!r}?)", word=tokens[0], close=close[0]
        )
    raise _Bad("unknown command {word!r}", word=tokens[0])


# --- names and words after parsing -----------------------------------------------------------


def _refs_map(cmd: Command, f: Callable[[Ref], Ref], g: Callable[[str], str]) -> Command:
    """``cmd`` with ``f`` applied to each card or target reference and ``g`` to each chosen
    word (``choosing``, ``choose``)."""
    if isinstance(cmd, (PlayLand, TurnFaceUp, Suspend)):
        return replace(cmd, card=f(cmd.card))
    if isinstance(cmd, Cast):
        return replace(
            cmd,
            card=f(cmd.card),
            targets=tuple(map(f, cmd.targets)),
            choices=tuple(map(g, cmd.choices)),
            paying=tuple(map(f, cmd.paying)),
        )
    if isinstance(cmd, Activate):
        return replace(
            cmd,
            card=f(cmd.card),
            targets=tuple(map(f, cmd.targets)),
            choices=tuple(map(g, cmd.choices)),
        )
    if isinstance(cmd, Attack):
        return replace(cmd, attackers=tuple(map(f, cmd.attackers)))
    if isinstance(cmd, Block):
        return replace(
            cmd,
            attacker=None if cmd.attacker is None else f(cmd.attacker),
            blockers=tuple(map(f, cmd.blockers)),
        )
    if isinstance(cmd, Assign):
        return replace(cmd, parts=tuple((n, f(r)) for n, r in cmd.parts))
    if isinstance(cmd, (Order, Discard)):
        return replace(cmd, cards=tuple(map(f, cmd.cards)))
    if isinstance(cmd, Choose):
        return replace(cmd, words=g(cmd.words))
    return cmd


def _pool_names(cmd: Command, names: CardNames) -> Command:
    """Cards named by an alias (a French name) written with the pool's name."""

    def ref(r: Ref) -> Ref:
        english = names.alias_of(r.name)
        return r if english is None else Ref(english, r.controller)

    def word(text: str) -> str:
        m = _POSSESSIVE.match(text)
        if m and text not in names:
            english = names.alias_of(m.group(2))
            return text if english is None else f"{m.group(1)}'s {english}"
        return names.alias_of(text) or text

    return _refs_map(cmd, ref, word)


def _french(cmd: Command, names: CardNames) -> Command:
    """French possessives (``Foudre de bob``: bob's) and chosen words (``payer``: pay)."""

    def ref(r: Ref) -> Ref:
        if r.controller is None and r.name not in names:
            m = _POSSESSIVE_FR.match(r.name)
            if m and m.group(1) in names:
                return Ref(m.group(1), m.group(2))
        return r

    def word(text: str) -> str:
        key = _fold(text)
        if key in _CHOICES_FR_FOLDED:
            return _CHOICES_FR_FOLDED[key]
        m = _MODE_FR.match(text)
        if m:
            return f"mode {m.group(1)}"
        r = ref(Ref(text))
        return str(r)

    return _refs_map(cmd, ref, word)
