"""State-based actions (704): checked whenever a player would receive priority (117.5), all
applicable ones performed at once as a single event (704.3), and repeated until none apply.

Each rule is an object that looks at the game and notes what it would do in a :class:`Round`;
the round then performs everything at once. A rule set lists the rules it has
(``Ruleset.state_based``): another legend rule, or a new state-based action, is one class.
"""

from __future__ import annotations

from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from manastack import layers
from manastack.actions import Action, KeepLegend
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.i18n import Msg
from manastack.players import lose_all
from manastack.replacement import destroy_one
from manastack.state import GameState, Permanent
from manastack.zones import leave_battlefield


class Round:
    """What one round of state-based actions will do, performed at once (704.3)."""

    __slots__ = ("annihilate", "choice", "losers", "to_destroy", "to_graveyard", "unattach")

    def __init__(self) -> None:
        self.unattach: list[tuple[Permanent, str, Msg]] = []
        self.losers: list[tuple[int, str, Msg]] = []
        self.to_graveyard: list[tuple[Permanent, str, Msg]] = []
        self.to_destroy: list[tuple[Permanent, str, Msg]] = []
        self.annihilate: list[Permanent] = []
        self.choice = False  # a rule waits for a player's choice first

    def going(self) -> set[int]:
        return {p.oid for p, _, _ in self.to_graveyard + self.to_destroy}

    def empty(self) -> bool:
        return not (
            self.losers or self.to_graveyard or self.to_destroy or self.annihilate or self.unattach
        )


@mypyc_attr(allow_interpreted_subclasses=True)  # a base to extend
class StateBasedAction:
    """One rule of 704.5 (or a group that looks at the same objects)."""

    rules: str = "704.5"

    def check(self, g: GameState, r: Round) -> None:
        raise NotImplementedError


class PlayersLose(StateBasedAction):
    """704.5a-c: 0 or less life, a draw from an empty library, ten poison counters."""

    rules = "704.5a-c"

    def check(self, g: GameState, r: Round) -> None:
        for pl in g.players:
            if not pl.left and (pl.life <= 0 or pl.drew_from_empty or pl.poison >= 10):
                break
        else:
            return  # the usual look: nobody loses (no list of players built)
        for pi in g.in_game():
            pl = g.players[pi]
            if pl.life <= 0:
                # 704.6a: in Two-Headed Giant it is the team's life total.
                rule = "704.6a" if g.format.shared_life else "704.5a"
                r.losers.append(
                    (pi, rule, Msg("{player} has {life} life", player=pl.name, life=pl.life))
                )
            elif pl.drew_from_empty:
                r.losers.append(
                    (pi, "704.5b", Msg("{player} drew from an empty library", player=pl.name))
                )
            elif pl.poison >= 10:
                r.losers.append(
                    (pi, "704.5c", Msg("{player} has ten or more poison counters", player=pl.name))
                )


class CreaturesAndPlaneswalkers(StateBasedAction):
    """704.5f-i and 704.5q, in one look at each permanent: toughness 0 or less, lethal damage,
    damage from deathtouch, no loyalty, +1/+1 and -1/-1 counters on one permanent."""

    rules = "704.5f-i, 704.5q"

    def check(self, g: GameState, r: Round) -> None:
        statics = layers.static_pt(g)
        # A creature with no damage, no counters, no effect of its own and a positive printed
        # toughness can't meet 704.5f-h unless a static effect lowers toughness: skip it then.
        lowering = bool(statics) and layers.lowers_toughness(g, statics)
        affected = {e.oid for e in g.effects} if g.effects else ()
        for p in g.battlefield:
            cd = p.card.cdef
            if not p.face_down and not (cd.is_creature or cd.is_planeswalker or p.counters):
                continue  # most permanents are lands: nothing here can apply to them
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
                    r.to_graveyard.append(
                        (p, "704.5f", Msg("{card!c} has toughness {n}", card=p.name, n=tough))
                    )
                    continue
                if p.damage and layers.has(g, p, "indestructible"):
                    pass  # 702.12b: lethal damage doesn't destroy it
                elif p.damage >= tough:
                    r.to_destroy.append(
                        (
                            p,
                            "704.5g",
                            Msg("{card!c} has lethal damage ({n})", card=p.name, n=p.damage),
                        )
                    )
                    continue
                elif p.deathtouched and p.damage > 0:
                    r.to_destroy.append(
                        (p, "704.5h", Msg("{card!c} was dealt damage by deathtouch", card=p.name))
                    )
                    continue
            if "Planeswalker" in layers.types(p) and (p.counters or {}).get("loyalty", 0) <= 0:
                r.to_graveyard.append((p, "704.5i", Msg("{card!c} has no loyalty", card=p.name)))
                continue
            if p.counters and p.counters.get("+1/+1", 0) and p.counters.get("-1/-1", 0):
                r.annihilate.append(p)


class LegendRule(StateBasedAction):
    """704.5j: a player with two or more legendary permanents of one name chooses one to keep;
    the others go to their owners' graveyards."""

    rules = "704.5j"

    def check(self, g: GameState, r: Round) -> None:
        kinds = g.bf_kinds
        if kinds < 0:
            kinds = layers.battlefield_kinds(g)
        if not kinds & layers.LEGENDARY:
            return  # no legendary card on the battlefield: the usual case
        for p in g.battlefield:
            if p.card.cdef.is_legendary and not p.face_down:
                break
        else:
            return  # no legendary permanent face up
        already = r.going()
        groups: dict[tuple[int, str], list[Permanent]] = {}
        for p in g.battlefield:
            if layers.is_legendary(p) and p.oid not in already:
                groups.setdefault((p.controller, p.name), []).append(p)
        found: list[tuple[Permanent, str, Msg]] = []
        for (pi, name), perms in groups.items():
            if len(perms) < 2:
                continue
            keep = (g.legend_choice or {}).get(pi)
            if keep is None or all(p.oid != keep for p in perms):
                g.pending = ChooseLegend(pi, [p.oid for p in perms], name)
                r.choice = True
                return
            for p in perms:
                if p.oid != keep:
                    found.append(
                        (
                            p,
                            "704.5j",
                            Msg(
                                "legend rule: {player} keeps one {card!c}",
                                player=g.pname(pi),
                                card=name,
                            ),
                        )
                    )
        r.to_graveyard.extend(found)


class Attachments(StateBasedAction):
    """704.5m: an Aura attached to an illegal object (as its enchant ability and protection,
    702.16c, say) or to nothing goes to its owner's graveyard; 704.5n: an Equipment attached
    to an illegal permanent (not a creature, 301.5c; protection, 702.16d) becomes unattached
    and stays on the battlefield."""

    rules = "704.5m-n"

    def check(self, g: GameState, r: Round) -> None:
        kinds = g.bf_kinds
        if kinds < 0:
            kinds = layers.battlefield_kinds(g)
        if not kinds & layers.ATTACHING:
            return  # no Aura or Equipment card on the battlefield
        for p in g.battlefield:
            cd = p.card.cdef
            if p.face_down or not cd.subtypes:
                continue
            if "Aura" in cd.subtypes:
                why = aura_problem(g, p)
                if why is not None:
                    r.to_graveyard.append((p, "704.5m", why))
            elif "Equipment" in cd.subtypes and p.attached_to is not None:
                host = g.permanent(p.attached_to)
                if host is None or not layers.is_creature(host):
                    r.unattach.append(
                        (p, "704.5n", Msg("{card!c} is attached to no creature", card=p.name))
                    )
                elif layers.protected_from(g, host, layers.quality(p)) is not None:
                    r.unattach.append(
                        (
                            p,
                            "702.16d",
                            Msg(
                                "{host!c} has protection from {card!c}", host=host.name, card=p.name
                            ),
                        )
                    )


def aura_problem(g: GameState, aura: Permanent) -> Msg | None:
    """Why ``aura`` can't stay attached as it is (704.5m), or None."""
    host = g.permanent(aura.attached_to) if aura.attached_to is not None else None
    if host is None:
        return Msg("{card!c} is attached to nothing", card=aura.name)
    specs = aura.card.cdef.targets
    enchant = specs[0].permanent if specs else None
    if enchant is not None and not enchant.permanent(g, host, aura.controller):
        return Msg("{card!c} can't enchant {host!c}", card=aura.name, host=host.name)
    if layers.protected_from(g, host, layers.quality(aura)) is not None:
        return Msg(
            "{card!c} can't enchant {host!c}: protection (702.16c)", card=aura.name, host=host.name
        )
    return None


CURRENT: tuple[StateBasedAction, ...] = (
    PlayersLose(),
    CreaturesAndPlaneswalkers(),
    LegendRule(),
    Attachments(),
)
"""Today's state-based actions, in the order they are looked at (all happen at once)."""


def check(g: GameState, rules: tuple[StateBasedAction, ...] = CURRENT) -> bool:
    """Perform one round of state-based actions. True if any was performed; on a choice one
    of them needs (the legend rule's), it leaves the decision pending and returns True."""
    r = Round()
    for rule in rules:
        rule.check(g, r)
        if r.choice:
            return True
    if r.empty():
        return False
    for _pi, rule_no, why in r.losers:
        g.emit("sba", "state-based action: {why}", rule_no, why=why)
    for p in r.annihilate:
        assert p.counters is not None
        n = min(p.counters["+1/+1"], p.counters["-1/-1"])
        p.counters["+1/+1"] -= n
        p.counters["-1/-1"] -= n
        g.emit(
            "sba",
            "a +1/+1 and -1/-1 counter pair on {card!c} is removed"
            if n == 1
            else "{n} +1/+1 and -1/-1 counter pairs on {card!c} are removed",
            "704.5q",
            n=n,
            card=p.name,
        )
    for p, rule_no, why in r.unattach:
        g.emit("sba", "state-based action: {why}: it becomes unattached", rule_no, why=why)
        p.attached_to = None
    dying: list[Permanent] = []
    for p, rule_no, why in r.to_destroy:
        g.emit("sba", "state-based action: {why}", rule_no, why=why)
        if not destroy_one(g, p):  # 704.5g/h destroy, so regeneration can replace it
            dying.append(p)
    for p, rule_no, why in r.to_graveyard:
        g.emit("sba", "state-based action: {why}", rule_no, why=why)
        dying.append(p)
    leave_battlefield(g, dying, "graveyard", Msg("is put into its owner's graveyard"), "704.3")
    g.legend_choice = None
    if r.losers:
        lose_all(g, r.losers)
    return True


class ChooseLegend(Pending):
    """704.5j: the player chooses which of their legendary permanents of one name to keep; the
    state-based actions are then checked again with that choice."""

    kind: ClassVar[Kind] = Kind.CHOOSE_LEGEND
    __slots__ = ("choices", "name")

    def __init__(self, player: int, choices: list[int], name: str) -> None:
        super().__init__(player)
        self.choices = choices
        self.name = name

    def copy(self) -> ChooseLegend:
        return ChooseLegend(self.player, self.choices[:], self.name)

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: choose which {card!c} to keep (legend rule)",
            player=g.pname(self.player),
            card=self.name,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        return [KeepLegend(self.player, oid) for oid in self.choices]

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, KeepLegend):
            raise self.refuse(g, a)
        if a.oid not in self.choices:
            raise IllegalAction("target", "choose one of the legendary permanents named", "704.5j")
        g.legend_choice = {**(g.legend_choice or {}), a.player: a.oid}
        g.pending = None
        return None

    def fields(self) -> dict[str, Any]:
        return {"options": self.choices[:], "name": self.name}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> ChooseLegend:
        return cls(player, list(d["options"]), d["name"])
