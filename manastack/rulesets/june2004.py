"""The Comprehensive Rules of 1 June 2004 (``rules: 2004``): the hooks where they differ from
today's, and nothing else (../shared/spec/rules-2004.md, D1-D12).

- Combat damage on the stack (2004 310.1-310.5, 408.1g): as each combat damage step begins the
  assignments are announced and put on the stack as one object, ``combat damage``; players get
  priority with it there; it resolves as assigned (frozen amounts, the source as it is or as it
  last was, damage to a creature no longer in play dropped); then the active player gets
  priority again in the same step.
- Mana burn (2004 300.3): mana empties only when a phase ends, and each player loses 1 life for
  each unused mana then (loss of life, not damage; it doesn't use the stack).
- The legend rule of the time (2004 420.5e): of legendary permanents with one name, all but the
  one in play longest go to their owners' graveyards, whoever controls them; nobody chooses.

Rules that exist only in 2004 are cited with "2004" before their number; the others cite today's.
Cards keep today's Oracle text and keywords.
"""

from __future__ import annotations

from typing import ClassVar

from manastack import combat, layers, turn
from manastack.damage import deal
from manastack.events import DamageDealt, LifeLost, happen
from manastack.frozen import dataclass
from manastack.i18n import Msg, comma_list
from manastack.mana import pool_text
from manastack.mulligan import PARIS, MulliganProcedure
from manastack.rulesets.base import Ruleset
from manastack.sba import (
    Attachments,
    CreaturesAndPlaneswalkers,
    PlayersLose,
    Round,
    StateBasedAction,
)
from manastack.state import GameState, Permanent, StackItem, Stage
from manastack.steps import Step
from manastack.vocabulary.base import Effect

COMBAT_DAMAGE = "combat damage"
"""The name of the combat damage object on the stack (scenario files, the log, the screen)."""


@dataclass(frozen=True, slots=True)
class Assignment:
    """One frozen assignment (2004 310.4a): the source as it was assigned (kept as its last
    known information, 2004 310.4b), the recipient (a permanent's id, or a player target
    value) and the amount."""

    source: int
    name: str
    controller: int
    deathtouch: bool
    lifelink: bool
    target: int
    amount: int
    infect: bool = False
    wither: bool = False


@dataclass(frozen=True, slots=True)
class CombatDamage(Effect):
    """The combat damage object of 2004 310.1: every assignment of one damage step, put on the
    stack as a single object. It isn't a spell or an ability: it can't be targeted or countered
    (2004 310.3), and it has no controller."""

    assignments: tuple[Assignment, ...]
    first_strike: bool = False
    text: str = COMBAT_DAMAGE

    @property
    def effects(self) -> tuple[Effect, ...]:
        return (self,)

    def summary(self) -> str:
        """What happens when it resolves, in words (the terminal game's ``explain``)."""
        each = ", ".join(f"{a.name} deals {a.amount}" for a in self.assignments)
        return (
            f"{each}, as assigned, even if a source has left play; damage to a creature no "
            "longer in play is not dealt [2004 310.4]"
        )

    @property
    def targets(self) -> tuple[()]:
        return ()

    def resolve(self, g: GameState, item: StackItem) -> bool:
        """2004 310.4: dealt all at once, as originally assigned."""
        if self.first_strike:
            g.emit(
                "damage",
                "combat damage resolves: it is dealt as assigned (first strike)",
                "2004 310.4",
            )
        else:
            g.emit("damage", "combat damage resolves: it is dealt as assigned", "2004 310.4")
        for a in self.assignments:
            ev = self._event(g, item, a)
            if ev is not None:
                deal(g, ev)
        return True

    def _event(self, g: GameState, item: StackItem, a: Assignment) -> DamageDealt | None:
        src = g.permanent(a.source)
        player = -1 - a.target if a.target < 0 else None
        target: Permanent | None = None
        if player is not None:
            if g.players[player].left:
                return None
        else:
            target = g.permanent(a.target)
            if target is None or not layers.is_creature(target):
                # 2004 310.4c: damage assigned to a creature no longer in play isn't dealt.
                g.emit(
                    "damage",
                    "{card!c}'s {amount} damage is not dealt: its recipient is no longer a "
                    "creature in play",
                    "2004 310.4c",
                    card=a.name,
                    amount=a.amount,
                )
                return None
        if src is not None:
            # 2004 310.4b: the source as it currently exists (a morph turned face up deals its
            # damage as the face-up creature); the amount stays as assigned (310.4a).
            ev = DamageDealt.by(g, src, a.amount, player=player, target=target, combat=True)
            return ev
        # 2004 310.4a-b: a source no longer in play deals its damage as it last existed.
        return DamageDealt(
            item,
            a.name,
            a.controller,
            a.amount,
            player,
            target,
            True,
            a.deathtouch,
            a.lifelink,
            a.infect,
            a.wither,
        )


class OldLegendRule(StateBasedAction):
    """2004 420.5e: if two or more legendary permanents with the same name are in play, all but
    the one that has been in play longest go to their owners' graveyards (whoever controls
    them); with a tie for the longest, all go. Nobody chooses."""

    rules = "2004 420.5e"

    def check(self, g: GameState, r: Round) -> None:
        groups: dict[str, list[Permanent]] = {}
        going = r.going()
        for p in g.battlefield:
            if p.card.cdef.is_legendary and not p.face_down and p.oid not in going:
                groups.setdefault(p.name, []).append(p)
        for name, perms in groups.items():
            if len(perms) < 2:
                continue
            oldest = min(p.timestamp for p in perms)
            keep = [p for p in perms if p.timestamp == oldest]
            for p in perms:
                if len(keep) > 1 or p is not keep[0]:
                    r.to_graveyard.append(
                        (
                            p,
                            "2004 420.5e",
                            Msg("legend rule: only the oldest {card!c} stays in play", card=name),
                        )
                    )


# 2004 300.3: the steps after which a phase ends (the beginning phase also ends after the
# upkeep when the draw step is skipped, and the end phase only after the last cleanup step).
_PHASE_ENDS = frozenset(
    {Step.DRAW, Step.PRECOMBAT_MAIN, Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN, Step.CLEANUP}
)


class June2004(Ruleset):
    """The rules of 1 June 2004: combat damage on the stack, mana burn, the old legend rule."""

    # Annotated as class variables: mypyc makes a plain assignment an instance attribute.
    name: ClassVar[str] = "2004"
    era: ClassVar[str | None] = "2004"
    # Auras and Equipment (704.5m-n) were state-based effects of the time too (2004 420.5d).
    state_based: ClassVar[tuple[StateBasedAction, ...]] = (
        PlayersLose(),
        CreaturesAndPlaneswalkers(),
        OldLegendRule(),
        Attachments(),
    )
    mulligans: ClassVar[MulliganProcedure] = PARIS  # 2004 101.4

    def end_step(self, g: GameState) -> None:
        """2004 300.3: mana empties (and burns) only when a phase ends, not a step."""
        if self._phase_ends(g):
            self.empty_pools(g)
        turn.go_to(g, self.next_step(g))

    @staticmethod
    def _phase_ends(g: GameState) -> bool:
        s = g.step
        if s is Step.CLEANUP:
            return g.stage is not Stage.CLEANUP_AGAIN
        if s is Step.UPKEEP:
            return turn.skips_first_draw(g)
        return s in _PHASE_ENDS

    def empty_pools(self, g: GameState) -> None:
        """2004 300.3: unused mana is lost, and its player loses 1 life for each one mana lost
        (mana burn: loss of life, not damage; no stack)."""
        for pl in g.players:
            n = sum(pl.pool)
            if not n or pl.left:
                continue
            shown = pool_text(pl.pool)
            pl.pool = [0, 0, 0, 0, 0, 0]
            g.emit(
                "mana",
                "{player}'s unused mana ({pool}) is lost as the phase ends",
                "2004 300.3",
                player=pl.name,
                pool=shown,
            )
            happen(g, LifeLost(pl.idx, n, Msg("mana burn"), "2004 300.3"))

    def combat_damage_assigned(
        self, g: GameState, first_step: bool, chosen: dict[int, combat.Assignment]
    ) -> None:
        """2004 310.1: all assignments go on the stack as a single object; then the active
        player gets priority with it there."""
        frozen = []
        for src, target, amount in combat.combat_damage_assignments(g, first_step, chosen):
            kw = layers.keywords(g, src)
            frozen.append(
                Assignment(
                    src.oid,
                    layers.shown(src),
                    src.controller,
                    "deathtouch" in kw,
                    "lifelink" in kw,
                    target,
                    amount,
                    "infect" in kw,
                    "wither" in kw,
                )
            )
        if not frozen:
            return  # nothing to assign: no object
        obj = CombatDamage(tuple(frozen), first_step)
        # No controller (-1): a player leaving the game doesn't take it away.
        item = StackItem(
            g.new_id(), "combat_damage", -1, COMBAT_DAMAGE, obj.effects, (), ability=obj
        )
        g.stack.append(item)
        shown = comma_list(
            [
                Msg(
                    "{card!c} {n} to {recipient}",
                    card=a.name,
                    n=a.amount,
                    recipient=_recipient(g, a.target),
                )
                for a in frozen
            ]
        )
        if first_step:
            g.emit(
                "damage",
                "combat damage is assigned and put on the stack ({assigned}) (first strike)",
                "2004 310.1",
                assigned=shown,
            )
        else:
            g.emit(
                "damage",
                "combat damage is assigned and put on the stack ({assigned})",
                "2004 310.1",
                assigned=shown,
            )


def _recipient(g: GameState, target: int) -> str | Msg:
    if target < 0:
        return g.pname(-1 - target)
    p = g.permanent(target)
    return "?" if p is None else layers.shown_msg(p)
