"""The answers a player gives to a decision. Small, frozen, hashable: one per legal option.

A target is an ``int``: a permanent's or a stack object's ``oid``, or, for a player,
``player_target(i)`` (a negative number), so that an option list stays a flat list of ints.
"""

from __future__ import annotations

from manastack.frozen import dataclass


def player_target(idx: int) -> int:
    """The target value that means player ``idx``."""
    return -1 - idx


def target_player(target: int) -> int | None:
    """The player a target value means, or None if it means an object."""
    return -1 - target if target < 0 else None


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass priority (117.3d)."""

    player: int


@dataclass(frozen=True, slots=True)
class PlayLand:
    """Play a land: a special action (116.2a, 305.1)."""

    player: int
    cid: int


@dataclass(frozen=True, slots=True)
class CastSpell:
    """Begin casting a spell (601.2a); targets and payment follow as their own decisions."""

    player: int
    cid: int
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class ActivateAbility:
    """Begin activating an ability that uses the stack (602.2). ``index`` is into the card's
    abilities in printed order."""

    player: int
    oid: int
    index: int


@dataclass(frozen=True, slots=True)
class ActivateMana:
    """Activate a mana ability (605.3): it resolves at once; ``color`` is the mana chosen."""

    player: int
    oid: int
    index: int
    color: str


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """Choose a target for a spell or ability being put on the stack (601.2c, 603.3d)."""

    player: int
    target: int


@dataclass(frozen=True, slots=True)
class PayMana:
    """Pay the total cost (601.2h). ``sources``: permanents whose mana abilities pay it, after
    the mana in the pool; None pays automatically."""

    player: int
    sources: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Choose:
    """A yes/no style answer: "pay" or "decline" (Mana Leak), "decline" (a free cast)."""

    player: int
    option: str


@dataclass(frozen=True, slots=True)
class DeclareAttacker:
    """Add one creature to the attack (508.1a), attacking player or planeswalker ``defender``."""

    player: int
    oid: int
    defender: int


@dataclass(frozen=True, slots=True)
class DeclareBlocker:
    """Add one block (509.1a): ``oid`` blocks ``attacker``."""

    player: int
    oid: int
    attacker: int


@dataclass(frozen=True, slots=True)
class FinishDeclaration:
    """The attack or the blocks declared so far are all (508.1, 509.1)."""

    player: int


@dataclass(frozen=True, slots=True)
class AssignDamage:
    """510.1c-d: how ``attacker`` divides its combat damage: (target, amount) pairs."""

    player: int
    attacker: int
    assignment: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True)
class PutTrigger:
    """Put this waiting triggered ability on the stack next (603.3b): index into the list."""

    player: int
    index: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard one card (514.1 or an effect)."""

    player: int
    cid: int


@dataclass(frozen=True, slots=True)
class KeepLegend:
    """704.5j: keep this legendary permanent; the others of its name go to the graveyard."""

    player: int
    oid: int


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """Turn a face-down permanent face up: a special action (116.2b, 702.37e)."""

    player: int
    oid: int


@dataclass(frozen=True, slots=True)
class SuspendCard:
    """Exile a card with suspend from hand: a special action (116.2f, 702.62a)."""

    player: int
    cid: int


@dataclass(frozen=True, slots=True)
class ActivateCard:
    """Begin activating an ability of a card in a player's hand (602.2, 113.6): cycling
    (702.29a). ``index`` is into the card's keyword abilities with a cost
    (``CardDef.keyword_costs``)."""

    player: int
    cid: int
    index: int


@dataclass(frozen=True, slots=True)
class Concede:
    """Leave the game, at any time (104.3a)."""

    player: int


Action = (
    Pass
    | PlayLand
    | CastSpell
    | ActivateAbility
    | ActivateMana
    | ChooseTarget
    | PayMana
    | Choose
    | DeclareAttacker
    | DeclareBlocker
    | FinishDeclaration
    | AssignDamage
    | PutTrigger
    | Discard
    | KeepLegend
    | TurnFaceUp
    | SuspendCard
    | ActivateCard
    | Concede
)
