"""State-based actions (704): checked whenever a player would receive priority (117.5), all
applicable ones performed at once as a single event (704.3), and repeated until none apply."""

from __future__ import annotations

from manastack import layers
from manastack.players import lose_all
from manastack.replacement import regeneration
from manastack.state import GameState, Kind, Pending, Permanent
from manastack.zones import leave_battlefield


def check(g: GameState) -> bool:
    """Perform one round of state-based actions. True if any was performed; on a legend-rule
    choice it leaves a pending decision and returns True."""
    losers: list[tuple[int, str, str]] = []
    for pi in g.in_game():
        pl = g.players[pi]
        if pl.life <= 0:
            losers.append((pi, "704.5a", f"{pl.name} has {pl.life} life"))
        elif pl.drew_from_empty:
            losers.append((pi, "704.5b", f"{pl.name} drew from an empty library"))
        elif pl.poison >= 10:
            losers.append((pi, "704.5c", f"{pl.name} has ten or more poison counters"))

    to_graveyard: list[tuple[Permanent, str, str]] = []
    to_destroy: list[tuple[Permanent, str, str]] = []
    annihilate: list[Permanent] = []
    statics = layers.static_pt(g)
    # A creature with no damage, no counters, no effect of its own and a positive printed
    # toughness can't meet 704.5f-h unless a static effect lowers toughness: skip it then.
    lowering = any(s[4] < 0 for s in statics)
    affected = {e.oid for e in g.effects} if g.effects else ()
    any_legend = False
    for p in g.battlefield:
        cd = p.card.cdef
        if not p.face_down and not (cd.is_creature or cd.is_planeswalker or p.counters):
            any_legend = any_legend or cd.is_legendary
            continue  # most permanents are lands: nothing here can apply to them
        any_legend = any_legend or (cd.is_legendary and not p.face_down)
        if (
            not p.damage
            and not p.counters
            and not lowering
            and p.oid not in affected
            and (p.face_down or ((cd.toughness or 0) > 0 and not cd.is_planeswalker))
        ):
            continue
        if layers.is_creature(p):
            tough = layers.power_toughness(g, p, statics)[1]
            if tough <= 0:
                to_graveyard.append((p, "704.5f", f"{p.name} has toughness {tough}"))
                continue
            if p.damage >= tough:
                to_destroy.append((p, "704.5g", f"{p.name} has lethal damage ({p.damage})"))
                continue
            if p.deathtouched and p.damage > 0:
                to_destroy.append((p, "704.5h", f"{p.name} was dealt damage by deathtouch"))
                continue
        if "Planeswalker" in layers.types(p) and (p.counters or {}).get("loyalty", 0) <= 0:
            to_graveyard.append((p, "704.5i", f"{p.name} has no loyalty"))
            continue
        if p.counters and p.counters.get("+1/+1", 0) and p.counters.get("-1/-1", 0):
            annihilate.append(p)

    if any_legend:
        legend_losers = _legend_rule(g, {id(p) for p, _, _ in to_graveyard + to_destroy})
        if legend_losers is None:
            return True  # a player must choose which legend to keep first
        to_graveyard.extend(legend_losers)

    if not (losers or to_graveyard or to_destroy or annihilate):
        return False

    for _pi, rule, why in losers:
        g.emit("sba", f"state-based action: {why}", rule)
    for p in annihilate:
        assert p.counters is not None
        n = min(p.counters["+1/+1"], p.counters["-1/-1"])
        p.counters["+1/+1"] -= n
        p.counters["-1/-1"] -= n
        g.emit("sba", f"{n} +1/+1 and -1/-1 counter pair(s) on {p.name} are removed", "704.5q")
    dying: list[Permanent] = []
    for p, rule, why in to_destroy:
        g.emit("sba", f"state-based action: {why}", rule)
        if not regeneration(g, p, True):  # 704.5g/h destroy, so regeneration can replace it
            dying.append(p)
    for p, rule, why in to_graveyard:
        g.emit("sba", f"state-based action: {why}", rule)
        dying.append(p)
    leave_battlefield(g, dying, "graveyard", "is put into its owner's graveyard", "704.3")
    g.legend_choice = None
    if losers:
        lose_all(g, losers)
    return True


def _legend_rule(g: GameState, already: set[int]) -> list[tuple[Permanent, str, str]] | None:
    """704.5j: a player with two or more legendary permanents of one name chooses one to keep."""
    out: list[tuple[Permanent, str, str]] = []
    groups: dict[tuple[int, str], list[Permanent]] = {}
    for p in g.battlefield:
        if layers.is_legendary(p) and id(p) not in already:
            groups.setdefault((p.controller, p.name), []).append(p)
    for (pi, name), perms in groups.items():
        if len(perms) < 2:
            continue
        keep = (g.legend_choice or {}).get(pi)
        if keep is None or all(p.oid != keep for p in perms):
            g.pending = Pending(
                Kind.CHOOSE_LEGEND, pi, {"options": [p.oid for p in perms], "name": name}
            )
            return None
        for p in perms:
            if p.oid != keep:
                out.append((p, "704.5j", f"legend rule: {g.pname(pi)} keeps one {name}"))
    return out
