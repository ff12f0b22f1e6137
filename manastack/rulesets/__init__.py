"""Rule sets as objects the engine calls (in the spirit of python-chess's ``chess.variant``).

:class:`~manastack.rulesets.base.Ruleset` names every place where rule sets differ, as hooks,
and implements today's Comprehensive Rules; another rule set is a subclass overriding the hooks
where it differs, registered here under its name. The engine calls only the hooks.

>>> get("current").name
'current'
>>> get("1999")
Traceback (most recent call last):
...
ValueError: unknown ruleset '1999' (known: current, 2004)
"""

from __future__ import annotations

from manastack.rulesets.base import Ruleset
from manastack.rulesets.june2004 import June2004

RULESETS: dict[str, Ruleset] = {"current": Ruleset(), "2004": June2004()}


def register(rules: Ruleset) -> None:
    """Make a rule set known by its name (``Game.new(..., rules=name)``, scenario files)."""
    RULESETS[rules.name] = rules


def get(name: str) -> Ruleset:
    try:
        return RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(f"unknown ruleset {name!r} (known: {known})") from None


__all__ = ["RULESETS", "Ruleset", "get", "register"]
