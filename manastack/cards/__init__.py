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

from manastack.cards import base, pool1, pool2
from manastack.cards.model import CardDef
from manastack.errors import UnknownCard

POOLS: dict[str, tuple[CardDef, ...]] = {"1": pool1.CARDS, "2": pool2.CARDS}
ALL: dict[str, CardDef] = {c.name: c for pool in POOLS.values() for c in pool}
_BY_LOWER: dict[str, CardDef] = {name.lower(): c for name, c in ALL.items()}


def register(card: CardDef, pool: str = "custom") -> None:
    """Add a card of your own, declared as the pools' cards are (``manastack.cards.build``); from
    then on ``get`` finds it and games, scenarios and dumps can use it. Its name must be new.

    >>> from manastack.cards.build import creature
    >>> register(creature("Test Bear", "{1}{G}", "Bear", 2, 2))
    >>> get("test bear").power
    2
    >>> unregister("Test Bear")
    """
    if card.name.lower() in _BY_LOWER:
        raise ValueError(f"there is a card named {card.name!r} already")
    POOLS[pool] = (*POOLS.get(pool, ()), card)
    ALL[card.name] = card
    _BY_LOWER[card.name.lower()] = card


def unregister(name: str) -> None:
    """Take back a card that ``register`` added."""
    card = ALL.pop(name)
    del _BY_LOWER[name.lower()]
    for pool, pool_cards in list(POOLS.items()):
        if any(c is card for c in pool_cards):
            POOLS[pool] = tuple(c for c in pool_cards if c is not card)
            if not POOLS[pool] and pool not in ("1", "2"):
                del POOLS[pool]


def names() -> list[str]:
    """Every card name in the pools, in pool order."""
    return list(ALL)


def playable_names() -> list[str]:
    """The names decklists and scenario files may use: the pools, then every card compiled from
    the base (compiling the base once, about two seconds, on first call)."""
    out = list(ALL)
    out += [n for n in base.compiled_names() if n not in ALL]
    return out


def suggest(name: str, n: int = 3, *, every: bool = False) -> list[str]:
    """The closest names: those containing what was typed first, then look-alikes; from the
    pools and the compiled cards of the base (``every``: any card of the base, compiled or
    not)."""
    import difflib  # loaded when a name is misspelt, not by `import manastack`

    key = name.strip().lower()
    if not key or len(key) > 120:
        return []
    found = [c.name for k, c in _BY_LOWER.items() if key in k]
    close = difflib.get_close_matches(key, list(_BY_LOWER), n=n, cutoff=0.6)
    found += [_BY_LOWER[m].name for m in close if _BY_LOWER[m].name not in found]
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
    card = _BY_LOWER.get(name.strip().lower())
    if card is None and name.rstrip().endswith(")") and " Token (" in name:
        from manastack.vocabulary.tokens import from_name

        return from_name(name)  # a token, named by what it is (vocabulary/tokens.py)
    if card is None:
        card = base.card(name)
    if card is None:
        from manastack.i18n import cardnames  # on a miss only: the table is read on first use

        english = cardnames.english_name(name)
        if english is not None:
            card = _BY_LOWER.get(english.lower()) or base.card(english)
    return card


def get(name: str) -> CardDef:
    """The card named ``name`` (any case); raises UnknownCard with the closest names."""
    card = ALL.get(name) or find(name)
    if card is None:
        raise UnknownCard(name, suggest(name))
    return card


def pool_of(name: str) -> str:
    for pool, cards in POOLS.items():
        if any(c.name == name for c in cards):
            return pool
    raise UnknownCard(name, suggest(name))
