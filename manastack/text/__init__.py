"""The text layer on the :class:`~manastack.game.Game` facade: the command language
(:mod:`~manastack.text.commands`), carrying a command out as engine actions
(:mod:`~manastack.text.execute`) and describing actions and targets in words
(:mod:`~manastack.text.describe`). The scenario runner and ``manastack play`` use it.

It reads the game only through ``Game`` (its queries, and plain data in ``game.state``): it
imports ``manastack.game``, ``actions``, ``errors``, ``steps``, ``mana`` and itself, never a rules
module (``tests/test_text_layer.py`` checks this).
"""

from manastack.text.commands import (
    GRAMMAR,
    GRAMMAR_FR,
    VERBS,
    VERBS_FR,
    CardNames,
    Command,
    CommandSyntaxError,
    Ref,
    Unparsed,
    parse_command,
)
from manastack.text.describe import describe_action, describe_target
from manastack.text.execute import Plans, execute, follow_order_plan, target_candidates

__all__ = [
    "GRAMMAR",
    "GRAMMAR_FR",
    "VERBS",
    "VERBS_FR",
    "CardNames",
    "Command",
    "CommandSyntaxError",
    "Plans",
    "Ref",
    "Unparsed",
    "describe_action",
    "describe_target",
    "execute",
    "follow_order_plan",
    "parse_command",
    "target_candidates",
]
