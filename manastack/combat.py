"""Combat (506-511): declaring attackers and blockers one creature at a time, and damage.

Current rules (since 2024): no damage assignment order; the attacking player divides a creature's
damage among its blockers as they choose (510.1c), with trample only after lethal damage to every
blocker (702.19b). Deathtouch makes 1 damage lethal for that purpose (702.2c).
"""

from __future__ import annotations

from typing import Any, ClassVar

from manastack import layers
from manastack.actions import (
    Action,
    AssignDamage,
    DeclareAttacker,
    DeclareBlocker,
    FinishDeclaration,
    player_target,
)
from manastack.damage import damage_creature, damage_player
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.events import happen
from manastack.events.types import (
    AttackerBlocked,
    AttackerDeclared,
    AttackerUnblocked,
    BlockerDeclared,
    CombatEvents,
    GameEvent,
)
from manastack.i18n import Msg
from manastack.state import Combat, GameState, Permanent
from manastack.zones import tap

# --- attackers (508.1) -----------------------------------------------------------------------


def attack_refusal(g: GameState, p: Permanent) -> IllegalAction | None:
    if not g.rules.is_active(g, p.controller) or not layers.is_creature(p):
        return IllegalAction(
            "combat", "{card!c} is not a creature you control", "508.1a", card=p.name
        )
    if p.tapped:
        return IllegalAction("combat", "{card!c} is tapped and can't attack", "508.1a", card=p.name)
    if p.sick and not layers.has(g, p, "haste"):
        return IllegalAction(
            "combat", "{card!c} has summoning sickness and can't attack", "302.6", card=p.name
        )
    if layers.has(g, p, "defender"):
        return IllegalAction(
            "combat", "{card!c} has defender and can't attack", "702.3b", card=p.name
        )
    if layers.has(g, p, "can't attack"):
        return IllegalAction("combat", "{card!c} can't attack", "508.1c", card=p.name)
    return None


def defender_refusal(g: GameState, p: Permanent, defender: int) -> IllegalAction | None:
    """508.1c: "~ can't attack unless defending player controls an Island" (sea monsters)."""
    if not layers.any_granting(g):
        return None
    for land in _LANDWALK.values():
        art = "an" if land[0] in "AEIOU" else "a"
        rule = f"can't attack unless defending player controls {art} {land.lower()}"
        if layers.has(g, p, rule) and not any(
            q.controller == defender and land in q.card.cdef.subtypes and not q.face_down
            for q in g.battlefield
        ):
            return IllegalAction(
                "combat",
                "{card!c} can't attack unless {player} controls an {land!c}"
                if art == "an"
                else "{card!c} can't attack unless {player} controls a {land!c}",
                "508.1c",
                card=p.name,
                player=g.pname(defender),
                land=land,
            )
    return None


def possible_attackers(g: GameState) -> list[Permanent]:
    c = g.combat
    declared = c.attackers if c else {}
    # The cheap test first: most permanents are lands, and their refusal would go unread.
    return [
        p
        for p in g.battlefield
        if not p.tapped
        and p.oid not in declared
        and layers.is_creature(p)
        and attack_refusal(g, p) is None
    ]


def defenders(g: GameState) -> list[int]:
    return [pi for pi in g.in_game() if not g.rules.is_active(g, pi)]


def begin_declare_attackers(g: GameState) -> None:
    """508.1: a turn-based action; the active player is asked if they control a creature (even
    one that can't attack: the refusal then says why)."""
    g.combat = Combat()
    has_creature = any(
        g.rules.is_active(g, p.controller) and layers.is_creature(p) for p in g.battlefield
    )
    if g.players[g.active].left or not has_creature or not defenders(g):
        finish_attackers(g)
        return
    g.pending = DeclareAttackers(g.active)


class DeclareAttackers(Pending):
    """508.1: the active player declares attackers, one creature at a time, then finishes."""

    kind: ClassVar[Kind] = Kind.DECLARE_ATTACKERS
    __slots__ = ()

    def copy(self) -> DeclareAttackers:
        return DeclareAttackers(self.player)

    def prompt(self, g: GameState) -> Msg:
        return Msg("{player}: declare attackers", player=g.pname(self.player))

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        ds = defenders(g)
        acts: list[Action] = [
            DeclareAttacker(p.controller, p.oid, d)
            for p in possible_attackers(g)
            for d in ds
            if defender_refusal(g, p, d) is None
        ]
        if unmet_requirement(g) is None:
            acts.append(FinishDeclaration(pi))
        return acts

    def answered_by(self, g: GameState, pi: int) -> bool:
        return g.rules.same_seat(g, pi, self.player)

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, DeclareAttacker):
            declare_attacker(g, a)
        elif isinstance(a, FinishDeclaration):
            must = unmet_requirement(g)
            if must is not None:
                raise IllegalAction(
                    "combat", "{card!c} attacks each turn if able", "508.1d", card=must.name
                )
            finish_attackers(g)
        else:
            raise self.refuse(g, a)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi == self.player and g.combat is not None:
            finish_attackers(g)


def declare_attacker(g: GameState, a: DeclareAttacker) -> None:
    assert g.combat is not None
    p = g.permanent(a.oid)
    if p is None:
        raise IllegalAction("unknown", "no such creature on the battlefield", "508.1a")
    if a.oid in g.combat.attackers:
        raise IllegalAction("combat", "{card!c} is already attacking", "508.1a", card=p.name)
    err = attack_refusal(g, p)
    if err:
        raise err
    if a.defender not in defenders(g):
        raise IllegalAction("combat", "creatures can attack only an opponent in the game", "508.1b")
    err = defender_refusal(g, p, a.defender)
    if err:
        raise err
    g.combat.attackers[a.oid] = a.defender


def unmet_requirement(g: GameState) -> Permanent | None:
    """508.1d: a creature that "attacks each turn if able", able to attack, not declared. A
    creature that may attack none of the defending players (508.1c: Steam Frigate when no one
    controls an Island) isn't able to: the requirement can't be obeyed, so it is ignored."""
    c = g.combat
    assert c is not None
    if not layers.any_granting(g):
        return None
    for p in possible_attackers(g):
        if layers.granted(g, p, "attacks each turn if able") and any(
            defender_refusal(g, p, d) is None for d in defenders(g)
        ):
            return p
    return None


def finish_attackers(g: GameState) -> None:
    """508.1f: attackers become tapped (unless vigilance); 508.8: with none, combat skips ahead."""
    c = g.combat
    assert c is not None
    g.pending = None
    if not c.attackers:
        g.emit("attack", "{player} declares no attackers", "508.8", player=g.pname(g.active))
        return
    declared: list[GameEvent] = []
    for oid, d in c.attackers.items():
        p = g.permanent(oid)
        assert p is not None
        vig = layers.has(g, p, "vigilance")
        if not vig:
            tap(g, p)
        note = Msg(" (vigilance: it doesn't tap)") if vig else ""
        g.emit(
            "attack",
            "{card} attacks {player}{note}",
            "508.1f" if not vig else "702.20b",
            card=layers.shown_msg(p),
            player=g.pname(d),
            note=note,
        )
        declared.append(AttackerDeclared(p, d, len(c.attackers) == 1))
    happen(g, CombatEvents(declared))  # 508.3a: "whenever ~ attacks" triggers


# --- blockers (509.1) ------------------------------------------------------------------------


def block_refusal(
    g: GameState, pi: int, blocker: Permanent, attacker: Permanent
) -> IllegalAction | None:
    c = g.combat
    assert c is not None
    if blocker.controller != pi or not layers.is_creature(blocker):
        return IllegalAction(
            "combat", "{card!c} is not a creature you control", "509.1a", card=blocker.name
        )
    if blocker.tapped:
        return IllegalAction(
            "combat", "{card!c} is tapped and can't block", "509.1a", card=blocker.name
        )
    if blocker.oid in c.blockers:
        return IllegalAction("combat", "{card!c} is already blocking", "509.1a", card=blocker.name)
    defender = c.attackers.get(attacker.oid)
    if defender is None or not g.rules.same_seat(g, defender, pi):
        # 805.10d: a creature may block one attacking any player of its controller's team.
        return IllegalAction(
            "combat", "{card!c} is not attacking you", "509.1a", card=attacker.name
        )
    if layers.has(g, attacker, "flying") and not (
        layers.has(g, blocker, "flying") or layers.has(g, blocker, "reach")
    ):
        return IllegalAction(
            "combat",
            "{card!c} has flying: {card2!c} (without flying or reach) can't block it",
            "702.9b",
            card=attacker.name,
            card2=blocker.name,
        )
    return evasion_refusal(g, pi, blocker, attacker) or menace_refusal(g, pi, blocker, attacker)


_LANDWALK = {
    "plainswalk": "Plains",
    "islandwalk": "Island",
    "swampwalk": "Swamp",
    "mountainwalk": "Mountain",
    "forestwalk": "Forest",
}


def evasion_refusal(
    g: GameState, pi: int, blocker: Permanent, attacker: Permanent
) -> IllegalAction | None:
    """509.1b: the blocking restrictions of keywords and static abilities, one pair at a time
    (each creature's abilities found once, layer 6)."""
    a, b = attacker.name, blocker.name
    ak = layers.keywords(g, attacker)
    bk = layers.keywords(g, blocker)
    if not ak and not bk:
        return None
    if "can't block" in bk:
        return IllegalAction("combat", "{card!c} can't block", "509.1b", card=b)
    if "can't be blocked" in ak:
        return IllegalAction("combat", "{card!c} can't be blocked", "509.1b", card=a)
    refusal = _blocked_by_refusal(g, blocker, attacker, ak)
    if refusal is not None:
        return refusal
    if "can block only creatures with flying" in bk and "flying" not in ak:
        return IllegalAction(
            "combat", "{card!c} can block only creatures with flying", "509.1b", card=b
        )
    word = layers.protection_word(ak, layers.quality(blocker))
    if word is not None:
        return IllegalAction(
            "combat",
            "{card!c} has protection from {colour!t}: {card2!c} can't block it",
            "702.16f",
            card=a,
            colour=word,
            card2=b,
        )
    if "fear" in ak and not ("Artifact" in layers.types(blocker) or "B" in layers.colors(blocker)):
        return IllegalAction(
            "combat",
            "{card!c} has fear: only artifact or black creatures can block it",
            "702.36b",
            card=a,
        )
    if "intimidate" in ak and not (
        "Artifact" in layers.types(blocker) or layers.colors(blocker) & layers.colors(attacker)
    ):
        return IllegalAction(
            "combat",
            "{card!c} has intimidate: only artifact creatures or creatures sharing a colour "
            "with it can block it",
            "702.13b",
            card=a,
        )
    if ("shadow" in ak) != ("shadow" in bk):
        return IllegalAction(
            "combat", "a creature with shadow blocks or is blocked only by shadow", "702.28b"
        )
    if "horsemanship" in ak and "horsemanship" not in bk:
        return IllegalAction(
            "combat",
            "{card!c} has horsemanship: {card2!c} (without it) can't block it",
            "702.31b",
            card=a,
            card2=b,
        )
    for word, land in _LANDWALK.items():
        if word in ak and any(
            q.controller == pi and land in q.card.cdef.subtypes and not q.face_down
            for q in g.battlefield
        ):
            return IllegalAction(
                "combat",
                "{card!c} has {keyword!t}: you control a {land!c}, so it can't be blocked",
                "702.14c",
                card=a,
                keyword=word,
                land=land,
            )
    return None


_COLOR_OF = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


def _blocked_by_refusal(
    g: GameState, blocker: Permanent, attacker: Permanent, kws: frozenset[str]
) -> IllegalAction | None:
    """509.1b: "~ can't be blocked by <creatures>", 702.118b (skulk)."""
    if not kws:
        return None
    a = attacker.name
    if "skulk" in kws and layers.power(g, blocker) > layers.power(g, attacker):
        return IllegalAction(
            "combat",
            "{card!c} has skulk: creatures with greater power can't block it",
            "702.118b",
            card=a,
        )
    for w in kws:
        if not w.startswith("can't be blocked by "):
            continue
        what = w[len("can't be blocked by ") :]
        if what == "more than one creature":
            bad = _blockers_of(g, attacker.oid) >= 1
        elif what == "artifact creatures":
            bad = "Artifact" in layers.types(blocker)
        elif what == "walls":
            bad = "Wall" in blocker.card.cdef.subtypes and not blocker.face_down
        elif what == "creatures with flying":
            bad = layers.has(g, blocker, "flying")
        else:
            color = _COLOR_OF.get(what.split(" ")[0])
            bad = color is not None and color in layers.colors(blocker)
        if bad:
            return IllegalAction("combat", "{card!c} {ability!t}", "509.1b", card=a, ability=w)
    return None


def _blockers_of(g: GameState, attacker: int) -> int:
    c = g.combat
    assert c is not None
    return len(c.blocked.get(attacker, ()))


def menace_pending(g: GameState, pi: int) -> Permanent | None:
    """702.111b: an attacker with menace that ``pi``'s side has blocked with one creature only
    (the declaration can't end so)."""
    c = g.combat
    assert c is not None
    for aoid, d in c.attackers.items():
        if not g.rules.same_seat(g, d, pi) or _blockers_of(g, aoid) != 1:
            continue
        a = g.permanent(aoid)
        if a is not None and layers.has(g, a, "menace"):
            return a
    return None


def menace_refusal(
    g: GameState, pi: int, blocker: Permanent, attacker: Permanent
) -> IllegalAction | None:
    """702.111b: a creature with menace can't be blocked except by two or more creatures; the
    blocks are declared one at a time, so a lone blocker of a menace attacker must be joined
    by another before any other block, and the first is allowed only if a second can follow."""
    waiting = menace_pending(g, pi)
    if waiting is not None and waiting.oid != attacker.oid:
        return IllegalAction(
            "combat",
            "{card!c} has menace: block it with a second creature first",
            "702.111b",
            card=waiting.name,
        )
    if waiting is None and _blockers_of(g, attacker.oid) == 0 and layers.has(g, attacker, "menace"):
        c = g.combat
        assert c is not None
        others = [
            q
            for q in g.battlefield
            if q is not blocker
            and q.controller == pi
            and layers.is_creature(q)
            and not q.tapped
            and q.oid not in c.blockers
            and evasion_refusal(g, pi, q, attacker) is None
            and not (
                layers.has(g, attacker, "flying")
                and not (layers.has(g, q, "flying") or layers.has(g, q, "reach"))
            )
        ]
        if not others:
            return IllegalAction(
                "combat",
                "{card!c} has menace: it can't be blocked except by two or more creatures",
                "702.111b",
                card=attacker.name,
            )
    return None


def _possible_blocks(g: GameState, pi: int) -> list[tuple[Permanent, Permanent]]:
    c = g.combat
    assert c is not None
    out = []
    for b in g.battlefield:
        if b.controller != pi or b.oid in c.blockers:
            continue
        for aoid, d in c.attackers.items():
            if not g.rules.same_seat(g, d, pi):
                continue
            a = g.permanent(aoid)
            if a is not None and block_refusal(g, pi, b, a) is None:
                out.append((b, a))
    return out


def _seat(g: GameState, pi: int) -> tuple[int, ...]:
    """``pi``, or every player of ``pi``'s team (805.10: teams attack and block as one)."""
    return (pi,) if g.format.solo else g.format.teammates(pi)


def _seat_name(g: GameState, pi: int) -> str | Msg:
    if g.format.solo:
        return g.pname(pi)
    return g.format.team_msg(g.format.team_of(pi))


def begin_declare_blockers(g: GameState) -> None:
    """509.1: each defending player, in APNAP order, declares their blockers."""
    c = g.combat
    assert c is not None
    for pi in g.in_game():
        if g.rules.is_active(g, pi) or pi in c.blockers_declared:
            continue
        seat = _seat(g, pi)  # 805.10d: a defending team declares its blocks as one
        if not any(d in seat for d in c.attackers.values()):
            c.blockers_declared.extend(seat)
            continue
        if not any(p.controller in seat and layers.is_creature(p) for p in g.battlefield):
            c.blockers_declared.extend(seat)
            g.emit(
                "block", "{seat_name} declares no blockers", "509.1a", seat_name=_seat_name(g, pi)
            )
            continue
        g.pending = DeclareBlockers(pi)
        return
    g.pending = None
    _blocked_status(g)


class DeclareBlockers(Pending):
    """509.1: a defending player declares blockers, one block at a time, then finishes."""

    kind: ClassVar[Kind] = Kind.DECLARE_BLOCKERS
    __slots__ = ()

    def copy(self) -> DeclareBlockers:
        return DeclareBlockers(self.player)

    def prompt(self, g: GameState) -> Msg:
        return Msg("{player}: declare blockers", player=g.pname(self.player))

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        blocks: list[Action] = []
        for pi in _seat(g, self.player):
            blocks.extend(block_options(g, pi))
        if not any(menace_pending(g, pi) for pi in _seat(g, self.player)):
            blocks.append(FinishDeclaration(self.player))
        return blocks

    def answered_by(self, g: GameState, pi: int) -> bool:
        return g.rules.same_seat(g, pi, self.player)

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if isinstance(a, DeclareBlocker):
            declare_blocker(g, a)
        elif isinstance(a, FinishDeclaration):
            finish_blockers(g, a.player)
        else:
            raise self.refuse(g, a)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi == self.player and g.combat is not None:
            g.combat.blockers_declared.extend(_seat(g, pi))
            begin_declare_blockers(g)


def block_options(g: GameState, pi: int) -> list[DeclareBlocker]:
    return [DeclareBlocker(pi, b.oid, a.oid) for b, a in _possible_blocks(g, pi)]


def declare_blocker(g: GameState, a: DeclareBlocker) -> None:
    c = g.combat
    assert c is not None
    b = g.permanent(a.oid)
    att = g.permanent(a.attacker)
    if b is None or att is None:
        raise IllegalAction("unknown", "no such creature in this combat", "509.1a")
    err = block_refusal(g, a.player, b, att)
    if err:
        raise err
    c.blockers[b.oid] = [att.oid]
    c.blocked.setdefault(att.oid, []).append(b.oid)
    g.emit(
        "block",
        "{card} blocks {card2}",
        "509.1a",
        card=layers.shown_msg(b),
        card2=layers.shown_msg(att),
    )


def finish_blockers(g: GameState, pi: int) -> None:
    c = g.combat
    assert c is not None
    seat = _seat(g, pi)
    for q in seat:
        waiting = menace_pending(g, q)
        if waiting is not None:
            raise IllegalAction(
                "combat",
                "{card!c} has menace: it can't be blocked by just one creature",
                "702.111b",
                card=waiting.name,
            )
    if not any(p.oid in c.blockers and p.controller in seat for p in g.battlefield):
        g.emit("block", "{seat_name} declares no blockers", "509.1a", seat_name=_seat_name(g, pi))
    c.blockers_declared.extend(seat)
    g.pending = None
    begin_declare_blockers(g)


def _blocked_status(g: GameState) -> None:
    c = g.combat
    assert c is not None
    # 509.3a-c: "whenever ~ blocks" and "whenever ~ becomes blocked" trigger now.
    declared: list[GameEvent] = []
    for aoid, defender in c.attackers.items():
        if aoid not in c.blocked:
            p = g.permanent(aoid)
            if p is not None:
                g.emit("block", "{card} is unblocked", "509.1h", card=layers.shown_msg(p))
                declared.append(AttackerUnblocked(p, defender))
    for boid, attackers in c.blockers.items():
        b = g.permanent(boid)
        for aoid in attackers:
            a = g.permanent(aoid)
            if b is not None and a is not None:
                declared.append(BlockerDeclared(b, a))
    for aoid, blockers in c.blocked.items():
        a = g.permanent(aoid)
        if a is not None and aoid in c.attackers:
            declared.append(AttackerBlocked(a, len(blockers)))
    if declared:
        happen(g, CombatEvents(declared))


# --- damage (510) ----------------------------------------------------------------------------


def has_first_strikers(g: GameState) -> bool:
    """510.4: a first-strike damage step happens if a creature in combat has first or double
    strike as the combat damage step begins."""
    c = g.combat
    if c is None:
        return False
    for oid in list(c.attackers) + list(c.blockers):
        p = g.permanent(oid)
        if p is not None and (
            layers.has(g, p, "first strike") or layers.has(g, p, "double strike")
        ):
            return True
    return False


def _deals_now(g: GameState, p: Permanent, first_step: bool) -> bool:
    fs = layers.has(g, p, "first strike")
    ds = layers.has(g, p, "double strike")
    if first_step:
        return fs or ds
    c = g.combat
    assert c is not None
    return ds or p.oid not in c.first_strike_done


def lethal_for(g: GameState, attacker: Permanent, blocker: Permanent) -> int:
    """702.19b / 702.2c: lethal damage accounts for damage already marked and deathtouch."""
    if layers.has(g, attacker, "deathtouch"):
        return 0 if blocker.damage > 0 and blocker.deathtouched else 1
    return max(0, layers.toughness(g, blocker) - blocker.damage)


def default_assignment(g: GameState, attacker: Permanent) -> tuple[tuple[int, int], ...]:
    """The natural division: lethal to each blocker in declared order, the rest to the last
    blocker, or with trample to the player (the scenario contract's default)."""
    c = g.combat
    assert c is not None
    power = layers.power(g, attacker)
    blockers = [b for b in (g.permanent(o) for o in c.blocked.get(attacker.oid, [])) if b]
    trample = layers.has(g, attacker, "trample")
    out: list[list[int]] = []
    left = max(0, power)
    for b in blockers:
        give = min(left, lethal_for(g, attacker, b))
        out.append([b.oid, give])
        left -= give
    if left:
        if trample:
            out.append([player_target(c.attackers[attacker.oid]), left])
        elif out:
            out[-1][1] += left
    return tuple((t, n) for t, n in out if n > 0)


def assignment_refusal(
    g: GameState, attacker: Permanent, assignment: tuple[tuple[int, int], ...]
) -> IllegalAction | None:
    c = g.combat
    assert c is not None
    blockers = c.blocked.get(attacker.oid, [])
    defender = player_target(c.attackers[attacker.oid])
    total = sum(n for _, n in assignment)
    power = max(0, layers.power(g, attacker))
    if any(n < 0 for _, n in assignment) or total != power:
        return IllegalAction(
            "target",
            "{card!c} must assign exactly {power} damage",
            "510.1c",
            card=attacker.name,
            power=power,
        )
    trample = layers.has(g, attacker, "trample")
    for t, _ in assignment:
        if t not in blockers and not (trample and t == defender):
            return IllegalAction(
                "target",
                "{card!c} can assign damage only to its blockers",
                "510.1c",
                card=attacker.name,
            )
    to_player = sum(n for t, n in assignment if t == defender)
    if to_player:
        given = dict(assignment)
        for boid in blockers:
            b = g.permanent(boid)
            if b is not None and given.get(boid, 0) < lethal_for(g, attacker, b):
                return IllegalAction(
                    "target",
                    "trample: lethal damage must be assigned to every blocker first",
                    "702.19b",
                )
    return None


def needs_assignment(g: GameState, attacker: Permanent) -> bool:
    """510.1c-d: a choice exists when an attacker is blocked by two or more creatures, or is
    blocked and has trample (and has damage to give)."""
    c = g.combat
    assert c is not None
    if attacker.oid not in c.blocked or layers.power(g, attacker) <= 0:
        return False
    n = len([b for b in c.blocked[attacker.oid] if g.permanent(b)])
    return n >= 2 or (n >= 1 and layers.has(g, attacker, "trample"))


Assignment = tuple[tuple[int, int], ...]


def begin_damage(
    g: GameState, first_step: bool, chosen: dict[int, Assignment] | None = None
) -> None:
    """510.1: the attacking player chooses assignments that are real choices, one attacker at a
    time; then all combat damage is dealt at once (510.2)."""
    c = g.combat
    assert c is not None
    chosen = {} if chosen is None else chosen
    for aoid in list(c.attackers):
        a = g.permanent(aoid)
        if a is None or aoid in chosen or not _deals_now(g, a, first_step):
            continue
        if needs_assignment(g, a):
            g.pending = AssignCombatDamage(a.controller, aoid, chosen, first_step)
            return
    g.pending = None
    g.rules.combat_damage_assigned(g, first_step, chosen)


class AssignCombatDamage(Pending):
    """510.1c-d: how one attacker divides its combat damage (the others chosen so far kept)."""

    kind: ClassVar[Kind] = Kind.ASSIGN_DAMAGE
    __slots__ = ("attacker", "chosen", "first")

    def __init__(
        self, player: int, attacker: int, chosen: dict[int, Assignment], first: bool
    ) -> None:
        super().__init__(player)
        self.attacker = attacker
        self.chosen = chosen
        self.first = first

    def copy(self) -> AssignCombatDamage:
        return AssignCombatDamage(self.player, self.attacker, dict(self.chosen), self.first)

    def prompt(self, g: GameState) -> Msg:
        att = g.permanent(self.attacker)
        return Msg(
            "{player}: assign {card!c}'s combat damage",
            player=g.pname(self.player),
            card=att.name if att else "?",
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        att = g.permanent(self.attacker)
        assert att is not None
        return [AssignDamage(self.player, att.oid, default_assignment(g, att))]

    def answered_by(self, g: GameState, pi: int) -> bool:
        return g.rules.same_seat(g, pi, self.player)  # 805.10f: the active team assigns

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, AssignDamage):
            raise self.refuse(g, a)
        if a.attacker != self.attacker:
            raise IllegalAction(
                "target", "that is not the creature whose damage is being assigned", "510.1c"
            )
        att = g.permanent(a.attacker)
        assert att is not None
        err = assignment_refusal(g, att, a.assignment)
        if err:
            raise err
        chosen = dict(self.chosen)
        chosen[a.attacker] = a.assignment
        begin_damage(g, self.first, chosen)
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        # Blockers (or the attacker) may have left: go through the attackers again, keeping
        # what the attacking player chose unless it is they who left.
        begin_damage(g, self.first, dict(self.chosen) if pi != self.player else None)

    def fields(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "chosen": dict(self.chosen),
            "first": self.first,
        }

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> AssignCombatDamage:
        chosen = {int(k): tuple((t, n) for t, n in v) for k, v in d["chosen"].items()}
        return cls(player, d["attacker"], chosen, d["first"])


def deal_combat_damage(
    g: GameState, first_step: bool, chosen: dict[int, tuple[tuple[int, int], ...]]
) -> None:
    """510.2: all combat damage is dealt at once, as assigned."""
    rule = "510.4" if first_step else "510.2"
    if first_step:
        g.emit("damage", "combat damage is dealt (first strike)", rule)
    else:
        g.emit("damage", "combat damage is dealt", rule)
    for src, t, n in combat_damage_assignments(g, first_step, chosen):
        if t < 0:
            damage_player(g, src, -1 - t, n, combat=True)
        else:
            tp = g.permanent(t)
            if tp is not None:
                damage_creature(g, src, tp, n, combat=True)


def combat_damage_assignments(
    g: GameState, first_step: bool, chosen: dict[int, tuple[tuple[int, int], ...]]
) -> list[tuple[Permanent, int, int]]:
    """Who deals how much combat damage to whom in this step, (source, target, amount): the
    chosen divisions, the rest as 510.1a-c say. The creatures counted as dealing first-strike
    damage are noted (510.4)."""
    c = g.combat
    assert c is not None
    events: list[tuple[Permanent, int, int]] = []
    for aoid, defender in c.attackers.items():
        a = g.permanent(aoid)
        if a is None or not _deals_now(g, a, first_step):
            continue
        power = layers.power(g, a)
        if power <= 0:
            continue
        if aoid not in c.blocked:
            events.append((a, player_target(defender), power))  # 510.1a
        elif aoid in chosen:
            events.extend((a, t, n) for t, n in chosen[aoid])
        else:
            blockers = [b for b in c.blocked[aoid] if g.permanent(b)]
            if blockers:
                events.append((a, blockers[0], power))
            elif layers.has(g, a, "trample"):
                events.append((a, player_target(defender), power))  # 702.19e
        if first_step:
            c.first_strike_done.add(aoid)
    for boid, attackers in c.blockers.items():
        b = g.permanent(boid)
        if b is None or not _deals_now(g, b, first_step):
            continue
        power = layers.power(g, b)
        live = [x for x in attackers if g.permanent(x)]
        if power > 0 and live:
            events.append((b, live[0], power))
        if first_step:
            c.first_strike_done.add(boid)
    return events
