"""The game state as plain JSON-able data, and back: for comparing, saving and loading states.

``to_dict(state)`` is a JSON-able dump of everything a game is; two states that play on alike
have equal dumps. ``from_dict(to_dict(s))`` rebuilds the state: its ``to_dict`` is equal, and it
plays on identically (same options, same log, same random draws).

The dump's ``"restore"`` section holds what only rebuilding needs: the card table (as columns:
card ids, their names, their owners, which ids are tokens), which ability each triggered or
activated ability is (an index into its card's abilities, or the ability written out as data
when the engine made it, like a delayed trigger or suspend's), a waiting trigger's extra data,
the keywords a layer-6 effect grants, the order of the combat maps (sorted elsewhere in the
dump, but iterated in insertion order by the engine), whether the log is on, and the snapshot a
cast or activation in progress rewinds to (733), without its log (a rewind keeps the current
log).

What can't round-trip: an ability with a ``Custom`` effect (a Python function) that is not
printed on a card of the pools; ``from_dict`` raises ValueError for it. The order of a
permanent's counters is not kept (only looked up, never iterated by the rules).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from enum import Enum
from typing import Any

from manastack import cards, formats, rulesets
from manastack.decisions.base import Pending, pending_data, pending_from_data
from manastack.mana import ManaCost
from manastack.rng import Rng
from manastack.state import (
    STATE_FIELDS,
    Card,
    Combat,
    DelayedTrigger,
    Effect613,
    Event,
    GameState,
    PendingTrigger,
    Permanent,
    Player,
    StackItem,
    Stage,
)
from manastack.steps import Step
from manastack.vocabulary.base import (
    ActivatedAbility,
    ManaAbility,
    StaticAbility,
    TriggeredAbility,
)
from manastack.vocabulary.modes import modal_of


def _pending(p: Pending | None) -> Any:
    return pending_data(p)


def _plain(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    if isinstance(v, list | tuple):
        return [_plain(x) for x in v]
    if isinstance(v, set | frozenset):
        return sorted(_plain(x) for x in v)
    if isinstance(v, Pending):
        return _pending(v)
    if isinstance(v, StackItem):
        return _item(v)
    if isinstance(v, Permanent):
        return _perm(v)
    if v is None or isinstance(v, bool | int | float | str):
        return v
    return str(v)


def _perm(p: Permanent) -> dict[str, Any]:
    return {
        "oid": p.oid,
        "cid": p.card.cid,
        "card": p.name,
        "owner": p.owner,
        "controller": p.controller,
        "timestamp": p.timestamp,
        "tapped": p.tapped,
        "sick": p.sick,
        "damage": p.damage,
        "deathtouched": p.deathtouched,
        "counters": dict(sorted(p.counters.items())) if p.counters else {},
        "face_down": p.face_down,
        "regen_shields": p.regen_shields,
        "attached_to": p.attached_to,
    }


def _item(s: StackItem) -> dict[str, Any]:
    return {
        "oid": s.oid,
        "kind": s.kind,
        "controller": s.controller,
        "source": s.source_name,
        "source_oid": s.source_oid,
        "cid": s.card.cid if s.card else None,
        "targets": list(s.targets),
        "x": s.x,
        "face_down": s.face_down,
        "data": _plain(s.data or {}),
    }


def to_dict(g: GameState, *, log: bool = True) -> dict[str, Any]:
    """Everything that makes up the game, the log included unless ``log`` is False (the log
    only grows, and leaving it out keeps a dump of a long game small and quick)."""
    out = _dump(g)
    if log:
        out["log"] = [[e.kind, e.text, e.rule, e.turn] for e in g.log]
    out["restore"] = _restore_section(g)
    return out


def _dump(g: GameState) -> dict[str, Any]:
    """Every field the state declares as dumped (``STATE_FIELDS``), through its codec if it
    holds objects, as it is if it holds plain values."""
    out: dict[str, Any] = {}
    for f in STATE_FIELDS:
        if f.dump:
            codec = _CODECS.get(f.name)
            value = getattr(g, f.name)
            out[f.name] = codec[0](value) if codec is not None else value
    return out


def _player(p: Player) -> dict[str, Any]:
    return {
        "name": p.name,
        "life": p.life,
        "poison": p.poison,
        "library": [c.cid for c in p.library],
        "hand": [c.cid for c in p.hand],
        "graveyard": [c.cid for c in p.graveyard],
        "exile": [c.cid for c in p.exile],
        "pool": list(p.pool),
        "lands_played": p.lands_played,
        "lost": p.lost,
        "left": p.left,
        "drew_from_empty": p.drew_from_empty,
    }


def _combat(c: Combat | None) -> Any:
    if c is None:
        return None
    return {
        "attackers": _plain(c.attackers),
        "blockers": _plain(c.blockers),
        "blocked": _plain(c.blocked),
        "declared": list(c.blockers_declared),
        "first_strike_done": sorted(c.first_strike_done),
    }


# --- what only rebuilding needs ----------------------------------------------------------------


def _cards_of(g: GameState) -> dict[int, Card]:
    """The cards in the zones now: for a state put together by hand, without ``g.cards``."""
    out = {
        c.cid: c for p in g.players for z in (p.library, p.hand, p.graveyard, p.exile) for c in z
    }
    for perm in g.battlefield:
        out[perm.card.cid] = perm.card
    for s in [*g.stack, *([g.resolving] if g.resolving else [])]:
        if s.card is not None:
            out[s.card.cid] = s.card
    if g.cast_snapshot is not None:
        out.update(_cards_of(g.cast_snapshot))
    return out


# The card table of a game's card tuple (shared by all its states and clones), made once: the
# soak dumps the state three times per answer. Keyed by id, holding the tuple so that the id
# can't be reused while the entry lives.
_COLUMNS: dict[int, tuple[tuple[Card, ...], dict[str, list[Any]]]] = {}


def _card_columns(g: GameState) -> dict[str, list[Any]]:
    hit = _COLUMNS.get(id(g.cards))
    if hit is None or hit[0] is not g.cards:
        if g.cards:
            rows = g.cards
        else:
            table = _cards_of(g)
            rows = tuple(table[i] for i in sorted(table))
        cols: dict[str, list[Any]] = {
            "cid": [c.cid for c in rows],
            "name": [c.cdef.name for c in rows],
            "owner": [c.owner for c in rows],
            "token": [c.cid for c in rows if c.token],
        }
        if not g.cards:
            return cols
        if len(_COLUMNS) >= 256:
            _COLUMNS.clear()
        hit = _COLUMNS[id(g.cards)] = (g.cards, cols)
    return {k: list(v) for k, v in hit[1].items()}  # the caller's to change


def _restore_section(g: GameState) -> dict[str, Any]:
    c = g.combat
    return {
        # Columns rather than a row per card: a quarter of the JSON work for a 240-card game.
        "cards": _card_columns(g),
        "stack_abilities": [_ability_ref(s.ability, s.source_name, g) for s in g.stack],
        "resolving_ability": None
        if g.resolving is None
        else _ability_ref(g.resolving.ability, g.resolving.source_name, g),
        "triggered": [
            [_ability_ref(t.ability, t.source_name, g), _plain(t.info)] for t in g.triggered
        ],
        "delayed_abilities": [_ability_ref(d.ability, d.source_name, g) for d in g.delayed],
        "combat_order": None
        if c is None
        else {
            "attackers": list(c.attackers),
            "blockers": list(c.blockers),
            "blocked": list(c.blocked),
        },
        "effect_keywords": [sorted(e.keywords) for e in g.effects],
        "log_enabled": g.log_enabled,
        "cast_snapshot": None if g.cast_snapshot is None else _snapshot(g.cast_snapshot),
    }


def _snapshot(snap: GameState) -> dict[str, Any]:
    d = to_dict(
        snap, log=False
    )  # 733: a rewind keeps the log of the moment it happens (casting.cancel)
    d["restore"].pop("cards")  # the same physical cards as the state's own
    return d


def _tag(cls: type) -> str:
    """How a dump names a class written out as data: its module and name."""
    return f"{cls.__module__}:{cls.__qualname__}"


def _class(tag: str) -> type[Any]:
    """The class a tag names: a dataclass of a module already loaded (a dump never loads a
    module), or ManaCost."""
    modname, _, qualname = tag.partition(":")
    mod = sys.modules.get(modname)
    cls = getattr(mod, qualname, None) if mod is not None and "." not in qualname else None
    if not isinstance(cls, type) or not (dataclasses.is_dataclass(cls) or cls is ManaCost):
        raise ValueError(f"unknown data type {tag!r} in a dump")
    return cls


def _ability_ref(ab: Any, source_name: str, g: GameState | None = None) -> Any:
    """How to find ``ab`` again: ["card", name, index] when a card of the pools prints it,
    ["granted", name, index] when static ability ``index`` of a card of the game gives it
    (613.1f: "enchanted land has ..."), else ["data", the ability as data], or ["unknown", its
    text] when it can't be written."""
    if ab is None:
        return None
    first = cards.find(source_name)
    defs = [first, *cards.ALL.values()] if first is not None else list(cards.ALL.values())
    for same in (lambda x: x is ab, lambda x: x == ab):
        for cd in defs:
            for i, x in enumerate(cd.abilities):
                if same(x):
                    return ["card", cd.name, i]
    if g is not None and isinstance(ab, ActivatedAbility | ManaAbility | TriggeredAbility):
        for card in g.cards:
            for i, st in enumerate(card.cdef.abilities):
                if isinstance(st, StaticAbility) and getattr(st.effect, "ability", None) == ab:
                    return ["granted", card.cdef.name, i]
    try:
        return ["data", _encode(ab)]
    except TypeError:
        return ["unknown", getattr(ab, "text", str(ab))]


def _encode(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        if "<locals>" in type(v).__qualname__:
            raise TypeError(f"can't write {type(v).__name__} (a local class) as data")
        out: dict[str, Any] = {"@": _tag(type(v))}
        for f in dataclasses.fields(v):
            if f.init:  # the others are derived from these (ManaCost.symbols...)
                out[f.name] = _encode(getattr(v, f.name))
        return out
    if isinstance(v, Step):
        return {"@": "Step", "label": v.label}
    if isinstance(v, Enum):
        raise TypeError(f"can't write {v!r} as data")
    if isinstance(v, frozenset | set):
        return {"@": "frozenset", "items": sorted(_encode(x) for x in v)}
    if isinstance(v, tuple | list):
        return [_encode(x) for x in v]
    if v is None or isinstance(v, bool | int | str):
        return v
    raise TypeError(f"can't write {type(v).__name__} as data")


def _decode(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_decode(x) for x in v)  # model objects hold tuples, never lists
    if not isinstance(v, dict):
        return v
    tag = v["@"]
    if tag == "Step":
        return Step.parse(v["label"])
    if tag == "frozenset":
        return frozenset(_decode(x) for x in v["items"])
    cls = _class(tag)
    return cls(**{k: _decode(x) for k, x in v.items() if k != "@"})


def _ability(ref: Any) -> Any:
    if ref is None:
        return None
    kind = ref[0]
    if kind == "card":
        return cards.get(ref[1]).abilities[ref[2]]
    if kind == "granted":
        st = cards.get(ref[1]).abilities[ref[2]]
        return getattr(getattr(st, "effect", None), "ability", None)
    if kind == "data":
        return _decode(ref[1])
    raise ValueError(f"the ability {ref[1]!r} can't be rebuilt from a dump")


# --- from_dict ------------------------------------------------------------------------------------


def from_dict(d: dict[str, Any]) -> GameState:
    """The state ``to_dict`` dumped (with an empty log if it was left out). Card definitions
    come from ``manastack.cards.get``.

    Raises KeyError, ValueError or UnknownCard on a dump it can't rebuild."""
    rows, table = _card_table(d["restore"]["cards"])
    g = _state(d, table)
    g.cards = rows
    g.card_kinds = -1
    return g


# Cards never change, so a card table read again (the soak rebuilds a state after every answer)
# gives back the same Card objects: keyed by the whole table, checked against the definitions the
# names stand for now (``cards.register`` may have changed them).
_TABLES: dict[tuple[tuple[Any, ...], ...], tuple[dict[str, Any], tuple[Card, ...], dict[int, Card]]]
_TABLES = {}


def _card_table(cols: dict[str, Any]) -> tuple[tuple[Card, ...], dict[int, Card]]:
    key = (tuple(cols["cid"]), tuple(cols["name"]), tuple(cols["owner"]), tuple(cols["token"]))
    hit = _TABLES.get(key)
    # A name not registered in the pools is a card of the base, compiled once and kept: only a
    # registration can change what a name stands for.
    if hit is not None and all(cards.ALL.get(n, cd) is cd for n, cd in hit[0].items()):
        return hit[1], hit[2]
    tokens = set(cols["token"])
    defs = {name: cards.get(name) for name in set(cols["name"])}
    rows = tuple(
        Card(cid, owner, defs[name], cid in tokens)
        for cid, name, owner in zip(cols["cid"], cols["name"], cols["owner"], strict=True)
    )
    table = {c.cid: c for c in rows}
    if len(_TABLES) >= 64:
        _TABLES.clear()
    _TABLES[key] = (defs, rows, table)
    return rows, table


class _Rebuild:
    """What loading a field may need besides its own dumped value."""

    __slots__ = ("restore", "table")

    def __init__(self, restore: dict[str, Any], table: dict[int, Card]) -> None:
        self.restore = restore
        self.table = table


def _state(d: dict[str, Any], table: dict[int, Card]) -> GameState:
    r = d["restore"]
    ctx = _Rebuild(r, table)
    g = GameState()
    for f in STATE_FIELDS:
        if f.dump:
            codec = _CODECS.get(f.name)
            value = d[f.name]
            setattr(g, f.name, codec[1](value, ctx) if codec is not None else value)
    g.cards = tuple(table.values())  # in card-id order, as dumped (from_dict shares its own)
    g.card_kinds = -1
    g.log = [Event(k, text, rule, turn) for k, text, rule, turn in d.get("log", [])]
    g.log_enabled = r["log_enabled"]
    return g


def _player_from(i: int, pd: dict[str, Any], table: dict[int, Card]) -> Player:
    p = Player(i, pd["name"], pd["life"])
    p.poison = pd["poison"]
    p.library = tuple(table[c] for c in pd["library"])
    p.hand = [table[c] for c in pd["hand"]]
    p.graveyard = tuple(table[c] for c in pd["graveyard"])
    p.exile = tuple(table[c] for c in pd["exile"])
    p.pool = list(pd["pool"])
    p.lands_played = pd["lands_played"]
    p.lost = pd["lost"]
    p.left = pd["left"]
    p.drew_from_empty = pd["drew_from_empty"]
    return p


def _snapshot_from(present: Any, ctx: _Rebuild) -> GameState | None:
    snap = ctx.restore["cast_snapshot"]
    return None if snap is None else _state({**snap, "log": []}, ctx.table)


Dumper = Callable[[Any], Any]
Loader = Callable[[Any, _Rebuild], Any]

# How the fields that hold more than plain values are written and read back, by field name;
# a field of plain values (ints, strings, bools, None) needs no entry.
_CODECS: dict[str, tuple[Dumper, Loader]] = {
    "players": (
        lambda v: [_player(p) for p in v],
        lambda v, c: [_player_from(i, pd, c.table) for i, pd in enumerate(v)],
    ),
    "battlefield": (
        lambda v: [_perm(p) for p in v],
        lambda v, c: [_perm_from(x, c.table) for x in v],
    ),
    "stack": (
        lambda v: [_item(s) for s in v],
        lambda v, c: [
            _item_from(x, c.table, ref)
            for x, ref in zip(v, c.restore["stack_abilities"], strict=True)
        ],
    ),
    "step": (lambda v: v.label, lambda v, c: Step.parse(v)),
    "stage": (lambda v: v.value, lambda v, c: Stage(v)),
    "pending": (pending_data, lambda v, c: pending_from_data(v)),
    "rng": (lambda v: v.state, lambda v, c: Rng(v)),
    "effects": (
        lambda v: [
            [e.timestamp, e.layer, e.oid, e.power, e.toughness, e.until_end_of_turn] for e in v
        ],
        lambda v, c: tuple(
            Effect613(ts, layer, oid, power, tough, eot, frozenset(kw))
            for (ts, layer, oid, power, tough, eot), kw in zip(
                v, c.restore["effect_keywords"], strict=True
            )
        ),
    ),
    "delayed": (
        lambda v: [[d.controller, d.source_name, d.ability.text] for d in v],
        lambda v, c: tuple(
            DelayedTrigger(ab.trigger, ab, ctrl, src)
            for (ctrl, src, _text), ab in zip(
                v, (_ability(ref) for ref in c.restore["delayed_abilities"]), strict=True
            )
        ),
    ),
    "prevention": (
        lambda v: [_encode(s) for s in v],
        lambda v, c: tuple(_decode(x) for x in v),
    ),
    "triggered": (
        lambda v: [[t.source_name, t.controller, t.source_oid, t.ability.text] for t in v],
        lambda v, c: tuple(
            PendingTrigger(_ability(ref), ctrl, src, soid, None if info is None else dict(info))
            for (src, ctrl, soid, _text), (ref, info) in zip(v, c.restore["triggered"], strict=True)
        ),
    ),
    "combat": (
        _combat,
        lambda v, c: None if v is None else _combat_from(v, c.restore["combat_order"]),
    ),
    "resolving": (
        lambda v: None if v is None else _item(v),
        lambda v, c: None if v is None else _item_from(v, c.table, c.restore["resolving_ability"]),
    ),
    "cast_snapshot": (lambda v: v is not None, _snapshot_from),  # the whole of it: restore
    "legend_choice": (
        _plain,
        lambda v, c: None if v is None else {int(k): x for k, x in v.items()},
    ),
    "rules": (lambda v: v.name, lambda v, c: rulesets.get(v)),
    "card_counters": (
        _plain,
        lambda v, c: {int(k): dict(x) for k, x in v.items()},
    ),
    "marks": (
        _plain,
        lambda v, c: {int(k): dict(x) for k, x in v.items()},
    ),
    "upkeeps": (
        _plain,
        lambda v, c: {int(k): (x[0], x[1]) for k, x in v.items()},
    ),
    "control_base": (
        _plain,
        lambda v, c: {int(k): x for k, x in v.items()},
    ),
    "damaged": (
        _plain,
        lambda v, c: {int(k): x for k, x in v.items()},
    ),
    "halt_at": (
        lambda v: None if v is None else [v[0], v[1].label],
        lambda v, c: None if v is None else (v[0], Step.parse(v[1])),
    ),
    "loop_marks": (list, lambda v, c: tuple(v)),
    "format": (lambda v: v.data(), lambda v, c: formats.from_data(v)),
}


def _perm_from(x: dict[str, Any], table: dict[int, Card]) -> Permanent:
    p = Permanent(x["oid"], table[x["cid"]], x["controller"], x["timestamp"])
    p.tapped = x["tapped"]
    p.sick = x["sick"]
    p.damage = x["damage"]
    p.deathtouched = x["deathtouched"]
    p.counters = dict(x["counters"]) or None
    p.face_down = x["face_down"]
    p.regen_shields = x["regen_shields"]
    p.attached_to = x.get("attached_to")
    return p


def _item_from(x: dict[str, Any], table: dict[int, Card], ref: Any) -> StackItem:
    card = None if x["cid"] is None else table[x["cid"]]
    ability = _ability(ref)
    if ability is not None:
        effects, specs = ability.effects, ability.targets
    elif card is not None and not x["face_down"]:
        effects, specs = card.cdef.effects, card.cdef.targets
    else:
        effects, specs = (), ()  # a face-down spell (702.37): no text
    s = StackItem(
        x["oid"],
        x["kind"],
        x["controller"],
        x["source"],
        effects,
        specs,
        card=card,
        source_oid=x["source_oid"],
        ability=ability,
    )
    s.targets = list(x["targets"])
    s.x = x["x"]
    s.face_down = x["face_down"]
    data = dict(x["data"])
    if "keywords" in data:
        data["keywords"] = frozenset(data["keywords"])
    modal = modal_of(effects) if "mode" in data else None
    if modal is not None:  # 700.2b: the chosen mode's instructions and targets
        mode = modal.modes[data["mode"]]
        s.effects, s.target_specs = mode.effects, mode.targets
    s.data = data or None
    return s


def _pending_from(x: Any) -> Pending | None:
    return pending_from_data(x)


def _combat_from(x: dict[str, Any], order: dict[str, list[Any]]) -> Combat:
    c = Combat()
    c.attackers = {int(k): x["attackers"][str(k)] for k in order["attackers"]}
    c.blockers = {int(k): list(x["blockers"][str(k)]) for k in order["blockers"]}
    c.blocked = {int(k): list(x["blocked"][str(k)]) for k in order["blocked"]}
    c.blockers_declared = list(x["declared"])
    c.first_strike_done = set(x["first_strike_done"])
    return c
