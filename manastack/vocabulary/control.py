"""Changing control (613.1b, layer 2): "gain control of target creature", and the threaten
effects "gain control of target creature until end of turn. Untap that creature. It gains haste
until end of turn." (302.6: a permanent that changed controllers is "summoning sick" for its new
controller; 514.2: control goes back as "until end of turn" effects end)."""

from __future__ import annotations

from manastack import layers, stack
from manastack.frozen import dataclass
from manastack.state import Effect613, GameState, Permanent, StackItem
from manastack.vocabulary.base import Effect
from manastack.zones import untap

CONTROL = "2"
"""The layer of control-changing effects (613.1b), as ``Effect613.layer``; such an effect's
``power`` is the controller to give the permanent back to as it ends."""


def _give(g: GameState, p: Permanent, to: int, rule: str) -> None:
    if p.controller == to:
        return
    p.controller = to
    p.sick = True  # 302.6: not continuously controlled since its controller's turn began
    g.source_memo = None  # its mana is another player's now
    g.emit(
        "control",
        "{player} gains control of {card}",
        rule,
        player=g.pname(to),
        card=layers.shown_msg(p),
    )


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """613.1b: the controller gains control of target ``target`` (``until_eot``: until end of
    turn), then untaps it (``untap``) and it gains ``words`` until end of turn; ``wording``: how
    the text says it (for the render)."""

    target: int = 0
    until_eot: bool = False
    untap: bool = False
    words: frozenset[str] = frozenset()
    wording: int = 0

    def resolve(self, g: GameState, item: StackItem) -> bool:
        p = stack.target_permanent(g, item, self.target)
        if p is None:
            return True
        if self.until_eot and p.controller != item.controller:
            g.effects += (Effect613(g.new_id(), CONTROL, p.oid, p.controller, 0),)
        _give(g, p, item.controller, "613.1b")
        if self.untap and p.tapped:
            untap(g, [p])
            g.emit("effect", "{card} untaps", "701.26b", card=layers.shown_msg(p))
        if self.words:
            g.effects += (Effect613(g.new_id(), "6", p.oid, 0, 0, keywords=self.words),)
            g.emit(
                "effect",
                "{card} gains {words!t} until end of turn",
                "613.1f",
                card=layers.shown_msg(p),
                words=", ".join(sorted(self.words)),
            )
        return True


def end_of_turn(g: GameState) -> None:
    """514.2: "until end of turn" control effects end, the latest first: each permanent goes
    back to the controller it had before."""
    for e in reversed(g.effects):
        if e.layer == CONTROL and e.until_end_of_turn:
            p = g.permanent(e.oid)
            if p is not None and not g.players[e.power].left:
                _give(g, p, e.power, "514.2")
