"""The card pools, and the card base. ``get(name)`` finds a card by its name, without regard
to case: a card of the pools (hand-declared) first, else a card of the base
(:mod:`manastack.cards.base`) compiled from its Oracle text on first lookup. ``names()`` and
``POOLS`` are the pools only (random decks, the ``cards`` listing); ``base.compiled_names()``
lists the compiled cards.

>>> get("lightning bolt").name
'Lightning Bolt'
>>> get("Lightning Blot").name  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
manastack.errors.UnknownCard: unknown card 'Lightning Blot' (did you mean Lightning Bolt, ...?)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from manastack.cards import base
from manastack.errors import UnknownCard

if TYPE_CHECKING:
    from manastack.vocabulary.base import CardDef

    POOLS: dict[str, tuple[CardDef, ...]]
    ALL: dict[str, CardDef]
    _BY_LOWER: dict[str, CardDef]

# The pools are declared on first use, not by `import manastack` (declaring them loads the
# whole vocabulary): ``POOLS``, ``ALL`` and ``_BY_LOWER`` are made by ``_pools()``, which the
# functions below call and the module's ``__getattr__`` calls for a reader of ``cards.ALL``.
# This module stays interpreted in the compiled build (setup.py): mypyc does not support a
# module ``__getattr__``.
_TABLES: list[tuple[dict[str, tuple[CardDef, ...]], dict[str, CardDef], dict[str, CardDef]]] = []


def _pools() -> tuple[dict[str, tuple[CardDef, ...]], dict[str, CardDef], dict[str, CardDef]]:
    """``POOLS``, ``ALL`` and ``_BY_LOWER``, the pools declared on the first call."""
    if not _TABLES:
        from manastack.cards import pool1, pool2

        pools: dict[str, tuple[CardDef, ...]] = {"1": pool1.CARDS, "2": pool2.CARDS}
        every = {c.name: c for pool in pools.values() for c in pool}
        _TABLES.append((pools, every, {name.lower(): c for name, c in every.items()}))
        globals().update(zip(("POOLS", "ALL", "_BY_LOWER"), _TABLES[0], strict=True))
    return _TABLES[0]


def __getattr__(name: str) -> Any:
    """``POOLS``, ``ALL``, ``_BY_LOWER``: the pools declared on first use; ``pool1``, ``pool2``,
    ``build``, ``model``: those submodules, imported on first use."""
    if name in ("POOLS", "ALL", "_BY_LOWER"):
        _pools()
        return globals()[name]
    if name in ("pool1", "pool2", "build", "model"):
        import importlib

        return importlib.import_module(f"manastack.cards.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def register(card: CardDef, pool: str = "custom") -> None:
    """Add a card of your own, declared as the pools' cards are (``manastack.cards.build``); from
    then on ``get`` finds it and games, scenarios and dumps can use it. Its name must be new.

    >>> from manastack.cards.build import creature
    >>> register(creature("Test Bear", "{1}{G}", "Bear", 2, 2))
    >>> get("test bear").power
    2
    >>> unregister("Test Bear")
    """
    pools, every, lower = _pools()
    if card.name.lower() in lower:
        raise ValueError(f"there is a card named {card.name!r} already")
    pools[pool] = (*pools.get(pool, ()), card)
    every[card.name] = card
    lower[card.name.lower()] = card


def unregister(name: str) -> None:
    """Take back a card that ``register`` added."""
    pools, every, lower = _pools()
    card = every.pop(name)
    del lower[name.lower()]
    for pool, pool_cards in list(pools.items()):
        if any(c is card for c in pool_cards):
            pools[pool] = tuple(c for c in pool_cards if c is not card)
            if not pools[pool] and pool not in ("1", "2"):
                del pools[pool]


def names() -> list[str]:
    """Every card name in the pools, in pool order."""
    return list(_pools()[1])


def playable_names() -> list[str]:
    """The names decklists and scenario files may use: the pools, then every card compiled from
    the base (compiling the base once, about two seconds, on first call)."""
    every = _pools()[1]
    out = list(every)
    out += [n for n in base.compiled_names() if n not in every]
    return out


def suggest(name: str, n: int = 3, *, every: bool = False) -> list[str]:
    """The closest names: those containing what was typed first, then look-alikes; from the
    pools and the compiled cards of the base (``every``: any card of the base, compiled or
    not)."""
    import difflib  # loaded when a name is misspelt, not by `import manastack`

    lower = _pools()[2]
    key = name.strip().lower()
    if not key or len(key) > 120:
        return []
    found = [c.name for k, c in lower.items() if key in k]
    close = difflib.get_close_matches(key, list(lower), n=n, cutoff=0.6)
    found += [lower[m].name for m in close if lower[m].name not in found]
    if len(found) < n:
        known = {c.lower(): c for c in (base.names() if every else base.compiled_names())}
        found += [c for k, c in known.items() if key in k and c not in found][: n - len(found)]
        close = difflib.get_close_matches(key, list(known), n=n, cutoff=0.75)
        found += [known[m] for m in close if known[m] not in found]
    return found[:n]


def find(name: str) -> CardDef | None:
    """The card named ``name`` (any case; or its French name, ``manastack.i18n.cardnames``),
    from the pools or compiled from the base; None if there is none (or the base's card is
    refused: ``base.compiled`` says why)."""
    lower = _pools()[2]
    card = lower.get(name.strip().lower())
    if card is None and name.rstrip().endswith(")") and " Token (" in name:
        from manastack.vocabulary.tokens import from_name

        return from_name(name)  # a token, named by what it is (vocabulary/tokens.py)
    if card is None:
        card = base.card(name)
    if card is None:
        from manastack.i18n import cardnames  # on a miss only: the table is read on first use

        english = cardnames.english_name(name)
        if english is not None:
            card = lower.get(english.lower()) or base.card(english)
    return card


def get(name: str) -> CardDef:
    """The card named ``name`` (any case); raises UnknownCard with the closest names."""
    card = _pools()[1].get(name) or find(name)
    if card is None:
        raise UnknownCard(name, suggest(name))
    return card


def pool_of(name: str) -> str:
    for pool, cards in _pools()[0].items():
        if any(c.name == name for c in cards):
            return pool
    raise UnknownCard(name, suggest(name))
