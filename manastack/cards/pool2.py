"""Pool 2: triggers, static abilities, replacement, and the other special actions."""

from __future__ import annotations

from manastack.cards.build import creature, instant, permanent, sorcery
from manastack.cards.model import (
    ANY_TARGET,
    TARGET_PLAYER,
    TARGET_SPELL,
    ActivatedAbility,
    AddManaAtNextMain,
    Anthem,
    CardDef,
    Cost,
    CostIncrease,
    CostMinimum,
    CounterSpell,
    CounterUnlessPays,
    DealDamage,
    DiesTrigger,
    DrawCards,
    EntersTrigger,
    GainLife,
    LoseLife,
    RegenerateSource,
    SacrificeSource,
    StaticAbility,
    StepTrigger,
    TriggeredAbility,
)
from manastack.mana import ManaCost
from manastack.steps import Step

_TRINI = (
    "As long as Trinisphere is untapped, each spell that would cost less than three mana to "
    "cast costs three mana to cast. (Additional mana in the cost may be paid with any color of "
    "mana or colorless mana. For example, a spell that would cost {1}{B} to cast costs {2}{B} "
    "to cast instead.)"
)

CARDS: tuple[CardDef, ...] = (
    permanent(
        "Artifact", "Trinisphere", "{3}", _TRINI, abilities=(StaticAbility(CostMinimum(3), _TRINI),)
    ),
    creature(
        "Thalia, Guardian of Thraben",
        "{1}{W}",
        "Human Soldier",
        2,
        1,
        "First strike\nNoncreature spells cost {1} more to cast.",
        keywords="first strike",
        legendary=True,
        abilities=(StaticAbility(CostIncrease(1), "Noncreature spells cost {1} more to cast."),),
    ),
    instant(
        "Mana Leak",
        "{1}{U}",
        "Counter target spell unless its controller pays {3}.",
        targets=(TARGET_SPELL,),
        effects=(CounterUnlessPays(3),),
    ),
    instant(
        "Mana Drain",
        "{U}{U}",
        "Counter target spell. At the beginning of your next main phase, add an amount of {C} "
        "equal to that spell's mana value.",
        targets=(TARGET_SPELL,),
        effects=(AddManaAtNextMain(), CounterSpell()),
    ),
    creature(
        "Mogg Fanatic",
        "{R}",
        "Goblin",
        1,
        1,
        "Sacrifice Mogg Fanatic: It deals 1 damage to any target.",
        abilities=(
            ActivatedAbility(
                Cost(sacrifice_self=True),
                (DealDamage(1),),
                "Sacrifice Mogg Fanatic: It deals 1 damage to any target.",
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    permanent(
        "Enchantment",
        "Glorious Anthem",
        "{1}{W}{W}",
        "Creatures you control get +1/+1.",
        abilities=(StaticAbility(Anthem(1, 1), "Creatures you control get +1/+1."),),
    ),
    creature(
        "Ball Lightning",
        "{R}{R}{R}",
        "Elemental",
        6,
        1,
        "Trample\nHaste\nAt the beginning of the end step, sacrifice Ball Lightning.",
        keywords="trample, haste",
        abilities=(
            TriggeredAbility(
                StepTrigger(Step.END),
                (SacrificeSource(),),
                "At the beginning of the end step, sacrifice Ball Lightning.",
            ),
        ),
    ),
    creature(
        "Soul Warden",
        "{W}",
        "Human Cleric",
        1,
        1,
        "Whenever another creature enters the battlefield, you gain 1 life.",
        abilities=(
            TriggeredAbility(
                EntersTrigger("another"),
                (GainLife(1),),
                "Whenever another creature enters the battlefield, you gain 1 life.",
            ),
        ),
    ),
    creature(
        "Elvish Visionary",
        "{1}{G}",
        "Elf Shaman",
        1,
        1,
        "When Elvish Visionary enters the battlefield, draw a card.",
        abilities=(
            TriggeredAbility(
                EntersTrigger("self"),
                (DrawCards(1),),
                "When Elvish Visionary enters the battlefield, draw a card.",
            ),
        ),
    ),
    creature(
        "Blood Artist",
        "{1}{B}",
        "Vampire",
        0,
        1,
        "Whenever Blood Artist or another creature dies, target player loses 1 life and you "
        "gain 1 life.",
        abilities=(
            TriggeredAbility(
                DiesTrigger("self_or_another"),
                (LoseLife(1), GainLife(1)),
                "Whenever Blood Artist or another creature dies, target player loses 1 life and "
                "you gain 1 life.",
                targets=(TARGET_PLAYER,),
            ),
        ),
    ),
    sorcery(
        "Rift Bolt",
        "{2}{R}",
        "Rift Bolt deals 3 damage to any target.\nSuspend 1—{R} (Rather than cast this card "
        "from your hand, you may pay {R} and exile it with a time counter on it. At the "
        "beginning of your upkeep, remove a time counter. When the last is removed, you may "
        "cast it without paying its mana cost.)",
        targets=(ANY_TARGET,),
        effects=(DealDamage(3),),
        suspend=(1, "{R}"),
    ),
    creature(
        "Exalted Angel",
        "{4}{W}{W}",
        "Angel",
        4,
        5,
        "Flying\nLifelink\nMorph {2}{W}{W} (You may cast this card face down as a 2/2 creature "
        "for {3}. Turn it face up any time for its morph cost.)",
        keywords="flying, lifelink",
        morph="{2}{W}{W}",
    ),
    creature(
        "Drudge Skeletons",
        "{1}{B}",
        "Skeleton",
        1,
        1,
        "{B}: Regenerate Drudge Skeletons.",
        abilities=(
            ActivatedAbility(
                Cost(mana=ManaCost.parse("{B}")),
                (RegenerateSource(),),
                "{B}: Regenerate Drudge Skeletons.",
            ),
        ),
    ),
)
