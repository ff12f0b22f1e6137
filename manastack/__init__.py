"""manastack: a Magic: The Gathering rules engine whose log cites the rules.

The facade: :class:`Game` (``new``, ``decision``, ``legal_actions``, ``apply``, ``clone``,
``outcome``), the actions in :mod:`manastack.actions`, and the card pools in
:mod:`manastack.cards`.
"""

from typing import TYPE_CHECKING, Any

from manastack import actions
from manastack import engine as _engine
from manastack.decisions import Decision
from manastack.errors import IllegalAction, InputError, ManastackError, UnknownCard
from manastack.game import Game
from manastack.state import Kind
from manastack.steps import Step

if TYPE_CHECKING:
    from manastack import cards

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


def __getattr__(name: str) -> Any:
    """``manastack.cards`` is imported on first use: `import manastack` loads the engine only,
    not the card pools nor the vocabulary their cards are made of."""
    if name == "cards":
        import importlib

        return importlib.import_module("manastack.cards")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
