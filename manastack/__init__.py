"""manastack: a Magic: The Gathering rules engine whose log cites the rules.

The facade: :class:`Game` (``new``, ``decision``, ``legal_actions``, ``apply``, ``clone``,
``outcome``), the actions in :mod:`manastack.actions`, and the card pools in
:mod:`manastack.cards`.
"""

from manastack import actions, cards
from manastack.decisions import Decision
from manastack.errors import IllegalAction, InputError, ManastackError, UnknownCard
from manastack.game import Game
from manastack.state import Kind
from manastack.steps import Step

__all__ = [
    "Decision",
    "Game",
    "IllegalAction",
    "InputError",
    "Kind",
    "ManastackError",
    "Step",
    "UnknownCard",
    "actions",
    "cards",
]
__version__ = "0.1.0"
