"""Small builders so that card declarations read like their rules text."""

from __future__ import annotations

from manastack.cards.model import (
    Ability,
    CardDef,
    Cost,
    Effect,
    ManaAbility,
    TargetSpec,
)
from manastack.cards.model import (
    suspend as keyword_suspend,
)
from manastack.mana import ManaCost


def _kw(keywords: str) -> frozenset[str]:
    return frozenset(k.strip().lower() for k in keywords.split(",") if k.strip())


def basic_land(name: str, color: str, subtype: str | None) -> CardDef:
    """305.6: a basic land type grants "{T}: Add [mana]."."""
    text = f"({{T}}: Add {{{color}}}.)" if subtype else f"{{T}}: Add {{{color}}}."
    return CardDef(
        name=name,
        types=frozenset({"Land"}),
        supertypes=frozenset({"Basic"}),
        subtypes=(subtype,) if subtype else (),
        text=text,
        abilities=(ManaAbility(Cost(tap=True), color, f"{{T}}: Add {{{color}}}."),),
    )


def creature(
    name: str,
    cost: str,
    subtypes: str,
    power: int,
    toughness: int,
    text: str = "",
    *,
    keywords: str = "",
    abilities: tuple[Ability, ...] = (),
    legendary: bool = False,
    morph: str | None = None,
) -> CardDef:
    return CardDef(
        name=name,
        types=frozenset({"Creature"}),
        cost=ManaCost.parse(cost),
        subtypes=tuple(subtypes.split()),
        supertypes=frozenset({"Legendary"}) if legendary else frozenset(),
        power=power,
        toughness=toughness,
        text=text,
        keywords=_kw(keywords),
        abilities=abilities,
        morph=ManaCost.parse(morph) if morph else None,
    )


def spell(
    kind: str,
    name: str,
    cost: str,
    text: str,
    *,
    targets: tuple[TargetSpec, ...] = (),
    effects: tuple[Effect, ...] = (),
    suspend: tuple[int, str] | None = None,
) -> CardDef:
    """An instant or sorcery: its effects happen on resolution (608.2)."""
    return CardDef(
        name=name,
        types=frozenset({kind}),
        cost=ManaCost.parse(cost),
        text=text,
        targets=targets,
        effects=effects,
        suspend=keyword_suspend(suspend[0], suspend[1]) if suspend else None,
    )


def instant(name: str, cost: str, text: str, **kw: object) -> CardDef:
    return spell("Instant", name, cost, text, **kw)  # type: ignore[arg-type]


def sorcery(name: str, cost: str, text: str, **kw: object) -> CardDef:
    return spell("Sorcery", name, cost, text, **kw)  # type: ignore[arg-type]


def permanent(
    kind: str,
    name: str,
    cost: str,
    text: str,
    *,
    abilities: tuple[Ability, ...] = (),
) -> CardDef:
    return CardDef(
        name=name,
        types=frozenset(kind.split()),
        cost=ManaCost.parse(cost),
        text=text,
        abilities=abilities,
    )


def tap_for(colors: str, text: str, *, sacrifice: bool = False) -> ManaAbility:
    return ManaAbility(Cost(tap=True, sacrifice_self=sacrifice), colors, text)
