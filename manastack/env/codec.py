"""A stable, documented encoding of legal actions as indices into one ``Discrete(N)`` space.

Pure Python (no numpy): the PettingZoo and Gymnasium environments and the OpenSpiel game share
it. An index depends only on what the deciding player can see: positions in their own hand, on
the battlefield (in the order permanents entered, which is public), on the stack (from the top),
and seats counted from the deciding player (0 is themself, 1 the next seat, ...). So the same
index means the same kind of move in any game, whatever the card ids.

The blocks, in this order (``H`` hand slots, ``P`` permanent slots, ``S`` stack slots, ``A``
ability slots per permanent, ``T`` trigger slots, ``O`` option slots, ``X`` overflow slots; the
defaults are :data:`DEFAULT_CAPS`):

======================  =========  =============================================================
block                   size       the action
======================  =========  =============================================================
``pass``                1          ``Pass``
``finish``              1          ``FinishDeclaration`` (attacks or blocks are all)
``pay_auto``            1          ``PayMana(sources=None)``: pay automatically
``choose``              9          ``Choose``: pay, decline, cancel, W, U, B, R, G, C
``play_land``           H          ``PlayLand`` of the card in hand slot h
``cast``                H          ``CastSpell`` of hand slot h
``cast_face_down``      H          ``CastSpell(face_down=True)`` of hand slot h
``suspend``             H          ``SuspendCard`` of hand slot h
``discard``             H          ``Discard`` of hand slot h
``activate``            P*A        ``ActivateAbility``: permanent p, ability a
``mana``                P*A*6      ``ActivateMana``: permanent p, ability a, colour WUBRGC
``target_player``       4          ``ChooseTarget`` of the seat s places after the chooser
``target_permanent``    P          ``ChooseTarget`` of permanent p
``target_stack``        S          ``ChooseTarget`` of the stack object s from the top
``attack``              P*4        ``DeclareAttacker``: permanent p attacks the seat s after
``block``               P*P        ``DeclareBlocker``: permanent p blocks permanent q
``put_trigger``         T          ``PutTrigger`` index t
``keep_legend``         P          ``KeepLegend`` of permanent p
``turn_face_up``        P          ``TurnFaceUp`` of permanent p
``pay_sources``         O          the o-th ``PayMana`` with chosen sources among the options
``assign_damage``       O          the o-th ``AssignDamage`` among the options
``overflow``            X          any legal action that fits none of the slots above
======================  =========  =============================================================

What does not fit (a hand past ``H`` cards, a permanent past ``P``, an attack on a planeswalker,
an ability past ``A``, a choice word not listed, a slot already taken) goes to the overflow
block, numbered in the order of ``Game.legal_actions``, so every legal action still has exactly
one index. Should one decision have more than ``X`` such actions, :class:`ActionSpaceFull` says
which cap to raise (it never happens with the default caps in the shipped decks).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from manastack.actions import (
    Action,
    ActivateAbility,
    ActivateMana,
    AssignDamage,
    CastSpell,
    Choose,
    ChooseTarget,
    DeclareAttacker,
    DeclareBlocker,
    Discard,
    FinishDeclaration,
    KeepLegend,
    Pass,
    PayMana,
    PlayLand,
    PutTrigger,
    SuspendCard,
    TurnFaceUp,
    target_player,
)
from manastack.state import GameState

CHOICES = ("pay", "decline", "cancel", "W", "U", "B", "R", "G", "C")
COLORS = "WUBRGC"
MAX_SEATS = 4


class ActionSpaceFull(ValueError):
    """A decision has more actions than the overflow block holds."""


@dataclass(frozen=True, slots=True)
class Caps:
    """The slot counts of :class:`ActionCodec` (and of the observation encoding)."""

    hand: int = 16
    permanents: int = 64
    stack: int = 8
    abilities: int = 4
    triggers: int = 8
    options: int = 16
    overflow: int = 64


DEFAULT_CAPS = Caps()


class ActionCodec:
    """Legal actions to indices and back (see the module docstring for the layout)."""

    __slots__ = ("blocks", "caps", "size")

    def __init__(self, caps: Caps = DEFAULT_CAPS) -> None:
        self.caps = caps
        h, p, s, a = caps.hand, caps.permanents, caps.stack, caps.abilities
        sizes = (
            ("pass", 1),
            ("finish", 1),
            ("pay_auto", 1),
            ("choose", len(CHOICES)),
            ("play_land", h),
            ("cast", h),
            ("cast_face_down", h),
            ("suspend", h),
            ("discard", h),
            ("activate", p * a),
            ("mana", p * a * len(COLORS)),
            ("target_player", MAX_SEATS),
            ("target_permanent", p),
            ("target_stack", s),
            ("attack", p * MAX_SEATS),
            ("block", p * p),
            ("put_trigger", caps.triggers),
            ("keep_legend", p),
            ("turn_face_up", p),
            ("pay_sources", caps.options),
            ("assign_damage", caps.options),
            ("overflow", caps.overflow),
        )
        self.blocks: dict[str, tuple[int, int]] = {}
        base = 0
        for name, size in sizes:
            self.blocks[name] = (base, size)
            base += size
        self.size = base

    def block_of(self, index: int) -> str:
        """The name of the block ``index`` falls in.

        >>> c = ActionCodec()
        >>> c.block_of(0), c.block_of(3), c.block_of(c.size - 1)
        ('pass', 'choose', 'overflow')
        """
        for name, (base, size) in self.blocks.items():
            if base <= index < base + size:
                return name
        raise IndexError(f"action index {index} is outside 0..{self.size - 1}")

    def encode(self, g: GameState, actions: Sequence[Action]) -> list[int]:
        """The index of each action in ``actions`` (the legal answers to ``g``'s decision),
        all different."""
        if not actions:
            return []
        if len(actions) == 1 and type(actions[0]) is Pass:
            return [0]  # the most common decision by far: only passing is possible
        caps, blocks = self.caps, self.blocks
        actor = actions[0].player
        n = len(g.players)
        hand = {c.cid: i for i, c in enumerate(g.players[actor].hand)}
        perms: dict[int, int] | None = None
        out: list[int] = []
        seen: set[int] = set()
        overflow: list[int] = []  # positions in ``actions`` that fit no slot
        pay_sources = assign = 0
        for pos, a in enumerate(actions):
            idx = -1
            t = type(a)
            if t is Pass:
                idx = 0
            elif t is FinishDeclaration:
                idx = blocks["finish"][0]
            elif t is PayMana:
                assert isinstance(a, PayMana)
                if a.sources is None:
                    idx = blocks["pay_auto"][0]
                else:
                    idx = _slot(blocks["pay_sources"], pay_sources)
                    pay_sources += 1
            elif t is Choose:
                assert isinstance(a, Choose)
                if a.option in CHOICES:
                    idx = blocks["choose"][0] + CHOICES.index(a.option)
            elif t is PlayLand or t is CastSpell or t is SuspendCard or t is Discard:
                assert isinstance(a, PlayLand | CastSpell | SuspendCard | Discard)
                h = hand.get(a.cid, -1)
                if 0 <= h < caps.hand:
                    if t is PlayLand:
                        name = "play_land"
                    elif t is CastSpell:
                        assert isinstance(a, CastSpell)
                        name = "cast_face_down" if a.face_down else "cast"
                    else:
                        name = "suspend" if t is SuspendCard else "discard"
                    idx = blocks[name][0] + h
            elif t is ChooseTarget:
                assert isinstance(a, ChooseTarget)
                seat = target_player(a.target)
                if seat is not None:
                    idx = blocks["target_player"][0] + (seat - actor) % n
                else:
                    if perms is None:
                        perms = _positions(g)
                    p = perms.get(a.target, -1)
                    if 0 <= p < caps.permanents:
                        idx = blocks["target_permanent"][0] + p
                    else:
                        s = _stack_position(g, a.target)
                        if 0 <= s < caps.stack:
                            idx = blocks["target_stack"][0] + s
            elif t is PutTrigger:
                assert isinstance(a, PutTrigger)
                idx = _slot(blocks["put_trigger"], a.index)
            elif t is AssignDamage:
                idx = _slot(blocks["assign_damage"], assign)
                assign += 1
            else:
                if perms is None:
                    perms = _positions(g)
                idx = self._permanent_action(a, perms, actor, n)
            if idx < 0 or idx in seen:
                overflow.append(pos)
                out.append(-1)
            else:
                seen.add(idx)
                out.append(idx)
        if overflow:
            base, size = blocks["overflow"]
            if len(overflow) > size:
                raise ActionSpaceFull(
                    f"{len(overflow)} legal actions fit no slot but the overflow block holds "
                    f"{size}: raise Caps.overflow (or the cap they passed: {caps})"
                )
            for k, pos in enumerate(overflow):
                out[pos] = base + k
        return out

    def _permanent_action(self, a: Action, perms: dict[int, int], actor: int, n: int) -> int:
        caps, blocks = self.caps, self.blocks
        if isinstance(a, ActivateAbility | ActivateMana):
            p = perms.get(a.oid, -1)
            if not (0 <= p < caps.permanents and 0 <= a.index < caps.abilities):
                return -1
            slot = p * caps.abilities + a.index
            if isinstance(a, ActivateAbility):
                return blocks["activate"][0] + slot
            colour = COLORS.find(a.color)
            return -1 if colour < 0 else blocks["mana"][0] + slot * len(COLORS) + colour
        if isinstance(a, DeclareAttacker):
            p = perms.get(a.oid, -1)
            seat = target_player(a.defender)
            if seat is None or not 0 <= p < caps.permanents:
                return -1  # a planeswalker defender: overflow
            return blocks["attack"][0] + p * MAX_SEATS + (seat - actor) % n
        if isinstance(a, DeclareBlocker):
            p, q = perms.get(a.oid, -1), perms.get(a.attacker, -1)
            if not (0 <= p < caps.permanents and 0 <= q < caps.permanents):
                return -1
            return blocks["block"][0] + p * caps.permanents + q
        if isinstance(a, KeepLegend | TurnFaceUp):
            p = perms.get(a.oid, -1)
            name = "keep_legend" if isinstance(a, KeepLegend) else "turn_face_up"
            return blocks[name][0] + p if 0 <= p < caps.permanents else -1
        return -1


def _slot(block: tuple[int, int], k: int) -> int:
    base, size = block
    return base + k if 0 <= k < size else -1


def _positions(g: GameState) -> dict[int, int]:
    return {p.oid: i for i, p in enumerate(g.battlefield)}


def _stack_position(g: GameState, oid: int) -> int:
    for i, s in enumerate(reversed(g.stack)):
        if s.oid == oid:
            return i
    return -1
