"""Turn structure (500-514): entering steps, their turn-based actions (703), and moving on."""

from __future__ import annotations

from typing import Any, ClassVar

from manastack import combat, layers
from manastack.actions import Action, Discard
from manastack.decisions.base import Kind, Pending
from manastack.errors import IllegalAction
from manastack.events import StepBegins, happen
from manastack.i18n import Msg, and_list
from manastack.state import (
    BEGIN_STEP,
    CLEANUP_AGAIN,
    CLEANUP_CHECK,
    CLEANUP_DISCARD,
    END_STEP,
    PRIORITY,
    GameState,
)
from manastack.steps import (
    BEGINNING_OF_COMBAT,
    CLEANUP,
    COMBAT_DAMAGE,
    DECLARE_ATTACKERS,
    DECLARE_BLOCKERS,
    DRAW,
    END,
    END_OF_COMBAT,
    FIRST_STRIKE_DAMAGE,
    POSTCOMBAT_MAIN,
    PRECOMBAT_MAIN,
    UNTAP,
    UPKEEP,
    Step,
)
from manastack.zones import discard, draw, untap

NO_PRIORITY = frozenset({UNTAP, CLEANUP})
MAX_HAND = 7


def begin_step(g: GameState, keep_sick: bool = False) -> None:
    """Do the step's turn-based actions, then give the active player priority (117.3a), or,
    for a step without priority, go straight on."""
    step = g.step
    # A halting point is reached at its step, or at the first step after it when the step
    # itself doesn't happen (103.8a, 508.8).
    if g.halt_at is not None and (g.turn, step) >= g.halt_at and step in NO_PRIORITY:
        g.halted = True
        return
    ap = g.players[g.active]
    g.stage = PRIORITY
    g.priority_player = g.active
    g.priority_rule = "117.3a"
    g.passes = 0
    if step is UNTAP:
        who = ap.name if g.format.solo else _team_words(g)
        g.emit("turn", "turn {turn} ({who}) begins: untap step", "502.1", turn=g.turn, who=who)
        for pl in g.players:
            pl.lands_played = 0
        untapping = []
        g.source_memo = None  # summoning sickness ends (302.6)
        for p in g.battlefield:
            if g.rules.is_active(g, p.controller):
                if not keep_sick:
                    p.sick = False  # 302.6: controlled continuously since this turn began
                if p.tapped and layers.granted(g, p, "doesn't untap"):
                    g.emit("untap", "{card} doesn't untap", "502.3", card=layers.shown_msg(p))
                elif p.tapped:
                    untapping.append(p)
        untap(g, untapping)  # at once (502.3): "whenever ~ becomes untapped" triggers
        if g.format.solo:
            g.emit("untap", "{player} untaps their permanents", "502.3", player=ap.name)
        else:
            g.emit("untap", "{players} untap their permanents", "502.3", players=_members(g))
        g.stage = END_STEP  # 502.4: no priority in the untap step
        return
    if g.log_enabled:  # the line is not even built when nobody reads the log
        g.emit("step", "{step}", _STEP_RULE[step], step=step.msg)
    if step is DRAW:
        for pi in g.rules.active_players(g):  # 805.4b: each player of the active team draws
            draw(g, pi)  # logged once, by the draw itself (the step's line cites 504.1)
    elif step is DECLARE_ATTACKERS:
        combat.begin_declare_attackers(g)
    elif step is DECLARE_BLOCKERS:
        combat.begin_declare_blockers(g)
    elif step is FIRST_STRIKE_DAMAGE:
        g.rules.combat_damage_step(g, True)
    elif step is COMBAT_DAMAGE:
        g.rules.combat_damage_step(g, False)
    elif step is CLEANUP:
        begin_cleanup(g)
        return
    elif step is UPKEEP:
        from manastack.vocabulary.upkeep_keywords import note_upkeep  # once a turn

        note_upkeep(g)  # echo's "your last upkeep" (702.30a)
    happen(g, StepBegins(step, g.active))  # "at the beginning of" triggers (603.2)


def begin_cleanup(g: GameState) -> None:
    """514.1: discard down to maximum hand size; 514.2: then damage wears off and "until end of
    turn" effects end, at the same time."""
    for pi in g.rules.active_players(g):  # each active player in turn (805.9)
        excess = len(g.players[pi].hand) - MAX_HAND
        if excess > 0:
            g.pending = DiscardCards(pi, excess, "514.1")
            g.stage = CLEANUP_DISCARD
            return
    finish_cleanup(g)


def finish_cleanup(g: GameState) -> None:
    for p in g.battlefield:
        p.damage = 0
        p.deathtouched = False
        p.regen_shields = 0  # 701.19a: shields last until end of turn
    if g.effects:
        from manastack.vocabulary import control  # once a turn, not at `import manastack`

        control.end_of_turn(g)  # 514.2: control goes back (613.1b)
        g.effects = tuple(e for e in g.effects if not e.until_end_of_turn)
    if g.prevention:
        g.prevention = ()  # 615.1a: "this turn"
    g.emit("tba", 'damage wears off and "until end of turn" effects end', "514.2")
    # 514.3: no priority, unless state-based actions or triggers happen (514.3a).
    g.stage = CLEANUP_CHECK


def go_to(g: GameState, step: Step) -> None:
    """The next step begins (its turn-based actions come as the engine advances)."""
    g.step = step
    g.stage = BEGIN_STEP


def skips_first_draw(g: GameState) -> bool:
    """103.8a: in a two-player game the starting player skips their first draw step; 103.8b:
    in Two-Headed Giant the starting team does; 103.8c: in other multiplayer games nobody."""
    return g.turn == 1 and g.rules.is_active(g, g.first_player) and g.format.skips_first_draw(g)


def _members(g: GameState) -> Msg:
    return and_list([g.pname(p) for p in g.rules.active_players(g)])


def _team_words(g: GameState) -> Msg:
    return Msg(
        "{team}: {members}", team=g.format.team_msg(g.format.team_of(g.active)), members=_members(g)
    )


def next_step(g: GameState) -> Step:
    s = g.step
    if s is UPKEEP:
        if skips_first_draw(g):
            if g.format.solo:
                g.emit(
                    "skip", "{player} skips the first draw step", "103.8a", player=g.pname(g.active)
                )
            else:
                g.emit(
                    "skip",
                    "{team_words} skip their first draw step",
                    "103.8b",
                    team_words=_team_words(g),
                )
            return PRECOMBAT_MAIN
        return DRAW
    if s is DECLARE_ATTACKERS:
        if g.combat is None or not g.combat.attackers:
            return END_OF_COMBAT  # 508.8
        return DECLARE_BLOCKERS
    if s is DECLARE_BLOCKERS:
        return FIRST_STRIKE_DAMAGE if combat.has_first_strikers(g) else COMBAT_DAMAGE
    if s is END_OF_COMBAT:
        g.combat = None  # 511.3: creatures are removed from combat as the step ends
        g.settled = False  # what depends on attacking or blocking may change: look again
        return POSTCOMBAT_MAIN
    if s is CLEANUP:
        if g.stage is CLEANUP_AGAIN:
            return CLEANUP  # 514.3a: another cleanup step
        g.turn += 1
        g.active = g.rules.next_turn(g)
        return UNTAP
    return _STEPS[s + 1]  # not Step(s + 1): calling an enum class is slow


_STEPS: tuple[Step, ...] = tuple(Step)

_STEP_RULE = {
    UPKEEP: "503.1",
    DRAW: "504.1",
    PRECOMBAT_MAIN: "505.1",
    BEGINNING_OF_COMBAT: "507.1",
    DECLARE_ATTACKERS: "508.1",
    DECLARE_BLOCKERS: "509.1",
    FIRST_STRIKE_DAMAGE: "510.4",
    COMBAT_DAMAGE: "510.1",
    END_OF_COMBAT: "511.1",
    POSTCOMBAT_MAIN: "505.1",
    END: "513.1",
    CLEANUP: "514.1",
}


class DiscardCards(Pending):
    """Discard ``count`` cards, one decision each (514.1 in cleanup, 701.9a for an effect)."""

    kind: ClassVar[Kind] = Kind.DISCARD
    __slots__ = ("count", "rule")

    def __init__(self, player: int, count: int, rule: str = "701.9a") -> None:
        super().__init__(player)
        self.count = count
        self.rule = rule

    def copy(self) -> DiscardCards:
        return DiscardCards(self.player, self.count, self.rule)

    def prompt(self, g: GameState) -> Msg:
        return Msg(
            "{player}: discard a card" if self.count == 1 else "{player}: discard {count} cards",
            player=g.pname(self.player),
            count=self.count,
        )

    def options(self, g: GameState, with_mana: bool = True) -> list[Action]:
        pi = self.player
        seen: set[str] = set()
        out: list[Action] = []
        for c in g.players[pi].hand:
            if c.cdef.name not in seen:  # identical cards: one option
                seen.add(c.cdef.name)
                out.append(Discard(pi, c.cid))
        return out

    def answer(self, g: GameState, a: Action) -> GameState | None:
        if not isinstance(a, Discard):
            raise self.refuse(g, a)
        pl = g.players[a.player]
        card = next((c for c in pl.hand if c.cid == a.cid), None)
        if card is None:
            raise IllegalAction("unknown", "that card is not in your hand", "514.1")
        discard(g, a.player, card, "{player} discards {card!c}", self.rule)
        if self.count > 1:
            self.count -= 1
            return None
        g.pending = None
        if g.stage is CLEANUP_DISCARD:
            begin_cleanup(g)  # the next active player over the limit, or the rest of 514
        return None

    def player_left(self, g: GameState, pi: int) -> None:
        if pi == self.player and g.stage is CLEANUP_DISCARD:
            begin_cleanup(g)

    def fields(self) -> dict[str, Any]:
        return {"count": self.count, "rule": self.rule}

    @classmethod
    def from_fields(cls, player: int, d: dict[str, Any]) -> DiscardCards:
        return cls(player, d["count"], d["rule"])
