"""Phases and steps of a turn (500-514), named as the scenario contract names them."""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from manastack.i18n import N_, Msg


class Step(IntEnum):
    """The steps of a turn in order. Main phases count as steps, as in the scenario contract."""

    UNTAP = 0
    UPKEEP = 1
    DRAW = 2
    PRECOMBAT_MAIN = 3
    BEGINNING_OF_COMBAT = 4
    DECLARE_ATTACKERS = 5
    DECLARE_BLOCKERS = 6
    FIRST_STRIKE_DAMAGE = 7
    COMBAT_DAMAGE = 8
    END_OF_COMBAT = 9
    POSTCOMBAT_MAIN = 10
    END = 11
    CLEANUP = 12

    @property
    def label(self) -> str:
        """The contract's name: ``precombat_main``."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Step:
        """``Step.parse("upkeep")`` -> ``Step.UPKEEP``; raises ``ValueError`` naming the steps.

        >>> Step.parse("precombat_main")
        <Step.PRECOMBAT_MAIN: 3>
        """
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.label for s in cls)
            raise ValueError(f"unknown step {text!r}; the steps are: {names}") from None

    @property
    def title(self) -> str:
        """How a person names it: ``precombat main phase``, ``declare attackers step``."""
        return _TITLES[self]

    @property
    def msg(self) -> Msg:
        """Its title as a message, to be rendered in the log's language."""
        return _MSGS[self]

    @property
    def is_main(self) -> bool:
        return self in _MAIN_PHASES

    @property
    def is_combat(self) -> bool:
        return Step.BEGINNING_OF_COMBAT <= self <= Step.END_OF_COMBAT


# The steps as module constants, for the engine's hot paths: in Python 3.11, reading a member
# through its class (``Step.UPKEEP``) costs five times reading a global (``EnumType`` defines
# ``__getattr__``, which keeps the interpreter from specialising the lookup).
UNTAP: Final = Step.UNTAP
UPKEEP: Final = Step.UPKEEP
DRAW: Final = Step.DRAW
PRECOMBAT_MAIN: Final = Step.PRECOMBAT_MAIN
BEGINNING_OF_COMBAT: Final = Step.BEGINNING_OF_COMBAT
DECLARE_ATTACKERS: Final = Step.DECLARE_ATTACKERS
DECLARE_BLOCKERS: Final = Step.DECLARE_BLOCKERS
FIRST_STRIKE_DAMAGE: Final = Step.FIRST_STRIKE_DAMAGE
COMBAT_DAMAGE: Final = Step.COMBAT_DAMAGE
END_OF_COMBAT: Final = Step.END_OF_COMBAT
POSTCOMBAT_MAIN: Final = Step.POSTCOMBAT_MAIN
END: Final = Step.END
CLEANUP: Final = Step.CLEANUP
_MAIN_PHASES = frozenset({PRECOMBAT_MAIN, POSTCOMBAT_MAIN})

STEP_NAMES: tuple[str, ...] = tuple(s.label for s in Step)

# Each step's title, written once (the log names a step at every step and every pass).
_TITLES: dict[Step, str] = {
    s: s.name.lower().replace("_", " ") + (" phase" if s.is_main else " step") for s in Step
}

# The same titles as messages (each written out, so that the catalogs' extraction finds it).
_MSGS: dict[Step, Msg] = {
    s: Msg(t)
    for s, t in zip(
        Step,
        (
            N_("untap step"),
            N_("upkeep step"),
            N_("draw step"),
            N_("precombat main phase"),
            N_("beginning of combat step"),
            N_("declare attackers step"),
            N_("declare blockers step"),
            N_("first strike damage step"),
            N_("combat damage step"),
            N_("end of combat step"),
            N_("postcombat main phase"),
            N_("end step"),
            N_("cleanup step"),
        ),
        strict=True,
    )
}
assert all(str(m) == _TITLES[s] for s, m in _MSGS.items())
