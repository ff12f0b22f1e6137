"""Pool 1: the core. Each card as its Oracle text reads."""

from __future__ import annotations

from manastack.cards.build import basic_land, creature, instant, permanent, sorcery, tap_for
from manastack.cards.model import (
    ANY_TARGET,
    TARGET_CREATURE,
    TARGET_CREATURE_SPELL,
    TARGET_NONBLACK_CREATURE,
    TARGET_NONCREATURE_SPELL,
    TARGET_PLAYER,
    TARGET_SPELL,
    ActivatedAbility,
    AddMana,
    CardDef,
    Cost,
    CounterSpell,
    DealDamage,
    Destroy,
    DestroyAll,
    DrawCards,
    PumpUntilEndOfTurn,
    ReturnToHand,
)
from manastack.mana import ManaCost

CARDS: tuple[CardDef, ...] = (
    basic_land("Plains", "W", "Plains"),
    basic_land("Island", "U", "Island"),
    basic_land("Swamp", "B", "Swamp"),
    basic_land("Mountain", "R", "Mountain"),
    basic_land("Forest", "G", "Forest"),
    basic_land("Wastes", "C", None),
    creature(
        "Llanowar Elves",
        "{G}",
        "Elf Druid",
        1,
        1,
        "{T}: Add {G}.",
        abilities=(tap_for("G", "{T}: Add {G}."),),
    ),
    permanent(
        "Artifact",
        "Lotus Petal",
        "{0}",
        "{T}, Sacrifice Lotus Petal: Add one mana of any color.",
        abilities=(
            tap_for(
                "WUBRG", "{T}, Sacrifice Lotus Petal: Add one mana of any color.", sacrifice=True
            ),
        ),
    ),
    instant("Dark Ritual", "{B}", "Add {B}{B}{B}.", effects=(AddMana("BBB"),)),
    instant(
        "Counterspell",
        "{U}{U}",
        "Counter target spell.",
        targets=(TARGET_SPELL,),
        effects=(CounterSpell(),),
    ),
    instant(
        "Essence Scatter",
        "{1}{U}",
        "Counter target creature spell.",
        targets=(TARGET_CREATURE_SPELL,),
        effects=(CounterSpell(),),
    ),
    instant(
        "Negate",
        "{1}{U}",
        "Counter target noncreature spell.",
        targets=(TARGET_NONCREATURE_SPELL,),
        effects=(CounterSpell(),),
    ),
    instant(
        "Lightning Bolt",
        "{R}",
        "Lightning Bolt deals 3 damage to any target.",
        targets=(ANY_TARGET,),
        effects=(DealDamage(3),),
    ),
    instant(
        "Shock",
        "{R}",
        "Shock deals 2 damage to any target.",
        targets=(ANY_TARGET,),
        effects=(DealDamage(2),),
    ),
    creature(
        "Prodigal Sorcerer",
        "{2}{U}",
        "Human Wizard",
        1,
        1,
        "{T}: Prodigal Sorcerer deals 1 damage to any target.",
        abilities=(
            ActivatedAbility(
                Cost(tap=True),
                (DealDamage(1),),
                "{T}: Prodigal Sorcerer deals 1 damage to any target.",
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    instant(
        "Giant Growth",
        "{G}",
        "Target creature gets +3/+3 until end of turn.",
        targets=(TARGET_CREATURE,),
        effects=(PumpUntilEndOfTurn(3, 3),),
    ),
    creature("Grizzly Bears", "{1}{G}", "Bear", 2, 2),
    creature("Savannah Lions", "{W}", "Cat", 2, 1),
    creature("Hill Giant", "{3}{R}", "Giant", 3, 3),
    creature("Craw Wurm", "{4}{G}{G}", "Wurm", 6, 4),
    creature(
        "Serra Angel", "{3}{W}{W}", "Angel", 4, 4, "Flying, vigilance", keywords="flying, vigilance"
    ),
    creature("Wall of Wood", "{G}", "Wall", 0, 3, "Defender", keywords="defender"),
    creature("Raging Goblin", "{R}", "Goblin Berserker", 1, 1, "Haste", keywords="haste"),
    creature(
        "Ambush Viper", "{1}{G}", "Snake", 2, 1, "Flash\nDeathtouch", keywords="flash, deathtouch"
    ),
    instant(
        "Unsummon",
        "{U}",
        "Return target creature to its owner's hand.",
        targets=(TARGET_CREATURE,),
        effects=(ReturnToHand(),),
    ),
    instant(
        "Doom Blade",
        "{1}{B}",
        "Destroy target nonblack creature.",
        targets=(TARGET_NONBLACK_CREATURE,),
        effects=(Destroy(),),
    ),
    sorcery(
        "Wrath of God",
        "{2}{W}{W}",
        "Destroy all creatures. They can't be regenerated.",
        effects=(DestroyAll("Creature", can_be_regenerated=False),),
    ),
    instant(
        "Ancestral Recall",
        "{U}",
        "Target player draws three cards.",
        targets=(TARGET_PLAYER,),
        effects=(DrawCards(3, who="target"),),
    ),
    sorcery("Divination", "{2}{U}", "Draw two cards.", effects=(DrawCards(2),)),
)

assert all(c.cost is None or isinstance(c.cost, ManaCost) for c in CARDS)
