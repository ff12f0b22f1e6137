"""manastack: a Magic: The Gathering rules engine whose log cites the rules.

The facade: :class:`Game` (``new``, ``decision``, ``legal_actions``, ``apply``, ``clone``,
``outcome``), the actions in :mod:`manastack.actions`, and the card pools in
:mod:`manastack.cards`.
"""

from manastack import actions, cards
from manastack import engine as _engine
from manastack.decisions import Decision
from manastack.errors import IllegalAction, InputError, ManastackError, UnknownCard
from manastack.game import Game
from manastack.state import Kind
from manastack.steps import Step

__all__ = [
    "COMPILED",
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

# Which build runs: the pure Python package (``pip install .``), or the one compiled with
# mypyc from the same source (``MANASTACK_COMPILE=1 pip install .``, setup.py), whose modules
# are extension modules rather than ``.py`` files (``engine`` is one of the compiled modules).
COMPILED: bool = not (_engine.__file__ or "").endswith(".py")


def build_name() -> str:
    """``"compiled (mypyc)"`` or ``"pure Python"``: what ``manastack --version`` says."""
    return "compiled (mypyc)" if COMPILED else "pure Python"
