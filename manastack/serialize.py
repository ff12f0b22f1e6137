"""The game state as plain JSON-able data (for comparing states, and later for saving them)."""

from __future__ import annotations

from typing import Any

from manastack.state import GameState, Pending, Permanent, StackItem


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
        "counters": dict(sorted((p.counters or {}).items())),
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


def to_dict(g: GameState) -> dict[str, Any]:
    """Everything that makes up the game (the log included)."""
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
        "log": [[e.kind, e.text, e.rule, e.turn] for e in g.log],
    }
