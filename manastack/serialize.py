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
from enum import Enum
from typing import Any

from manastack import cards
from manastack.cards import model
from manastack.mana import ManaCost
from manastack.rng import Rng
from manastack.state import (
    Card,
    Combat,
    DelayedTrigger,
    Effect613,
    Event,
    GameState,
    Kind,
    Pending,
    PendingTrigger,
    Permanent,
    Player,
    StackItem,
)
from manastack.steps import Step


def _pending(p: Pending | None) -> Any:
    if p is None:
        return None
    return {"kind": p.kind.value, "player": p.player, "context": _plain(p.context)}


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
    return {
        "players": [
            {
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
            for p in g.players
        ],
        "battlefield": [_perm(p) for p in g.battlefield],
        "stack": [_item(s) for s in g.stack],
        "turn": g.turn,
        "active": g.active,
        "first_player": g.first_player,
        "step": g.step.label,
        "stage": g.stage,
        "passes": g.passes,
        "pending": _pending(g.pending),
        "next_id": g.next_id,
        "rng": g.rng.state,
        "effects": [
            [e.timestamp, e.layer, e.oid, e.power, e.toughness, e.until_end_of_turn]
            for e in g.effects
        ],
        "delayed": [
            [d.event, d.controller, d.source_name, d.amount, d.created_turn, d.created_step.label]
            for d in g.delayed
        ],
        "triggered": [
            [t.source_name, t.controller, t.source_oid, t.ability.text] for t in g.triggered
        ],
        "combat": None
        if g.combat is None
        else {
            "attackers": _plain(g.combat.attackers),
            "blockers": _plain(g.combat.blockers),
            "blocked": _plain(g.combat.blocked),
            "declared": list(g.combat.blockers_declared),
            "first_strike_done": sorted(g.combat.first_strike_done),
        },
        "resolving": None if g.resolving is None else _item(g.resolving),
        "casting": g.cast_snapshot is not None,
        "legend_choice": _plain(g.legend_choice),
        "game_over": g.game_over,
        "winner": g.winner,
        "ruleset": g.ruleset,
        "priority_player": g.priority_player,
        "priority_rule": g.priority_rule,
        "suspended": _plain(g.suspended),
        "halt_at": None if g.halt_at is None else [g.halt_at[0], g.halt_at[1].label],
        "halted": g.halted,
        "loop": [g.loop_quiet, list(g.loop_marks)],
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
        "stack_abilities": [_ability_ref(s.ability, s.source_name) for s in g.stack],
        "resolving_ability": None
        if g.resolving is None
        else _ability_ref(g.resolving.ability, g.resolving.source_name),
        "triggered": [
            [_ability_ref(t.ability, t.source_name), _plain(t.info)] for t in g.triggered
        ],
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


_MODEL_TYPES: dict[str, type[Any]] = {
    name: cls
    for name, cls in vars(model).items()
    if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == model.__name__
}
_MODEL_TYPES["ManaCost"] = ManaCost


def _ability_ref(ab: Any, source_name: str) -> Any:
    """How to find ``ab`` again: ["card", name, index] when a card of the pools prints it, else
    ["data", the ability as data], or ["unknown", its text] when it can't be written."""
    if ab is None:
        return None
    first = cards.find(source_name)
    defs = [first, *cards.ALL.values()] if first is not None else list(cards.ALL.values())
    for same in (lambda x: x is ab, lambda x: x == ab):
        for cd in defs:
            for i, x in enumerate(cd.abilities):
                if same(x):
                    return ["card", cd.name, i]
    try:
        return ["data", _encode(ab)]
    except TypeError:
        return ["unknown", getattr(ab, "text", str(ab))]


def _encode(v: Any) -> Any:
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        name = type(v).__name__
        if _MODEL_TYPES.get(name) is not type(v):
            raise TypeError(f"can't write {name} as data")
        out: dict[str, Any] = {"@": name}
        for f in dataclasses.fields(v):
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
    cls = _MODEL_TYPES.get(tag)
    if cls is None:
        raise ValueError(f"unknown data type {tag!r} in a dump")
    return cls(**{k: _decode(x) for k, x in v.items() if k != "@"})


def _ability(ref: Any) -> Any:
    if ref is None:
        return None
    kind = ref[0]
    if kind == "card":
        return cards.get(ref[1]).abilities[ref[2]]
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
    return g


# Cards never change, so a card table read again (the soak rebuilds a state after every answer)
# gives back the same Card objects: keyed by the whole table, checked against the definitions the
# names stand for now (``cards.register`` may have changed them).
_TABLES: dict[tuple[tuple[Any, ...], ...], tuple[dict[str, Any], tuple[Card, ...], dict[int, Card]]]
_TABLES = {}


def _card_table(cols: dict[str, Any]) -> tuple[tuple[Card, ...], dict[int, Card]]:
    key = (tuple(cols["cid"]), tuple(cols["name"]), tuple(cols["owner"]), tuple(cols["token"]))
    hit = _TABLES.get(key)
    if hit is not None and all(cards.ALL.get(n) is cd for n, cd in hit[0].items()):
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


def _state(d: dict[str, Any], table: dict[int, Card]) -> GameState:
    r = d["restore"]
    players = []
    for i, pd in enumerate(d["players"]):
        p = Player(i, pd["name"], pd["life"])
        p.poison = pd["poison"]
        p.library = [table[c] for c in pd["library"]]
        p.hand = [table[c] for c in pd["hand"]]
        p.graveyard = [table[c] for c in pd["graveyard"]]
        p.exile = [table[c] for c in pd["exile"]]
        p.pool = list(pd["pool"])
        p.lands_played = pd["lands_played"]
        p.lost = pd["lost"]
        p.left = pd["left"]
        p.drew_from_empty = pd["drew_from_empty"]
        players.append(p)
    g = GameState(players, ruleset=d["ruleset"])
    g.cards = tuple(table.values())  # in card-id order, as dumped (from_dict shares its own)
    g.battlefield = [_perm_from(x, table) for x in d["battlefield"]]
    g.stack = [
        _item_from(x, table, ref) for x, ref in zip(d["stack"], r["stack_abilities"], strict=True)
    ]
    g.turn = d["turn"]
    g.active = d["active"]
    g.first_player = d["first_player"]
    g.step = Step.parse(d["step"])
    g.stage = d["stage"]
    g.passes = d["passes"]
    g.pending = _pending_from(d["pending"])
    g.next_id = d["next_id"]
    g.rng = Rng(d["rng"])
    g.log = [Event(k, text, rule, turn) for k, text, rule, turn in d.get("log", [])]
    g.log_enabled = r["log_enabled"]
    g.effects = [
        Effect613(ts, layer, oid, power, tough, eot, frozenset(kw))
        for (ts, layer, oid, power, tough, eot), kw in zip(
            d["effects"], r["effect_keywords"], strict=True
        )
    ]
    g.delayed = [
        DelayedTrigger(ev, ctrl, src, amount, turn, Step.parse(step))
        for ev, ctrl, src, amount, turn, step in d["delayed"]
    ]
    g.triggered = [
        PendingTrigger(_ability(ref), ctrl, src, soid, None if info is None else dict(info))
        for (src, ctrl, soid, _text), (ref, info) in zip(
            d["triggered"], r["triggered"], strict=True
        )
    ]
    g.combat = None if d["combat"] is None else _combat_from(d["combat"], r["combat_order"])
    g.resolving = (
        None
        if d["resolving"] is None
        else _item_from(d["resolving"], table, r["resolving_ability"])
    )
    snap = r["cast_snapshot"]
    g.cast_snapshot = None if snap is None else _state({**snap, "log": []}, table)
    lc = d["legend_choice"]
    g.legend_choice = None if lc is None else {int(k): v for k, v in lc.items()}
    g.game_over = d["game_over"]
    g.winner = d["winner"]
    g.priority_player = d["priority_player"]
    g.priority_rule = d["priority_rule"]
    g.suspended = {int(k): v for k, v in d["suspended"].items()}
    h = d["halt_at"]
    g.halt_at = None if h is None else (h[0], Step.parse(h[1]))
    g.halted = d["halted"]
    g.loop_quiet, marks = d.get("loop", (0, ()))
    g.loop_marks = tuple(marks)
    return g


def _perm_from(x: dict[str, Any], table: dict[int, Card]) -> Permanent:
    p = Permanent(x["oid"], table[x["cid"]], x["controller"], x["timestamp"])
    p.tapped = x["tapped"]
    p.sick = x["sick"]
    p.damage = x["damage"]
    p.deathtouched = x["deathtouched"]
    p.counters = dict(x["counters"]) or None
    p.face_down = x["face_down"]
    p.regen_shields = x["regen_shields"]
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
    s.data = data or None
    return s


def _pending_from(x: Any) -> Pending | None:
    if x is None:
        return None
    ctx: dict[str, Any] = {}
    for k, v in x["context"].items():
        if k == "cost":
            ctx[k] = ManaCost.parse(v)
        elif k == "prev":
            ctx[k] = _pending_from(v)
        elif k == "chosen":
            ctx[k] = {int(a): tuple((t, n) for t, n in pairs) for a, pairs in v.items()}
        else:
            ctx[k] = v
    return Pending(Kind(x["kind"]), x["player"], ctx)


def _combat_from(x: dict[str, Any], order: dict[str, list[Any]]) -> Combat:
    c = Combat()
    c.attackers = {int(k): x["attackers"][str(k)] for k in order["attackers"]}
    c.blockers = {int(k): list(x["blockers"][str(k)]) for k in order["blockers"]}
    c.blocked = {int(k): list(x["blocked"][str(k)]) for k in order["blocked"]}
    c.blockers_declared = list(x["declared"])
    c.first_strike_done = set(x["first_strike_done"])
    return c
