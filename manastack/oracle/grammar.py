"""The grammar of Oracle lines, as small parsers that each read one kind of phrase and build the
vocabulary object it means: costs, target phrases, object filters, amounts, effect clauses,
trigger heads, static forms and keyword lines.

Written by hand rather than with a parser generator: the phrases are short and mostly
left-to-right, every sub-parser either consumes its phrase or gives the position back (so a
failure names exactly the fragment not understood), and it compiles the whole card base in well
under the time budget with no dependency. Each parser works on a :class:`Cursor` over the
lower-cased normalised line; ``~`` is the card's own name.
"""

from __future__ import annotations

import re
from dataclasses import field

from manastack.frozen import dataclass
from manastack.mana import ManaCost
from manastack.oracle import clauses as cl
from manastack.oracle import keyword_forms
from manastack.oracle.refusal import KEYWORD, MANA_SYMBOL, UNPARSED, Refused
from manastack.steps import Step
from manastack.vocabulary.amounts import CountOf, X
from manastack.vocabulary.attach import AttachedGets
from manastack.vocabulary.base import (
    Amount,
    Cost,
    Effect,
    Filter,
    StaticEffect,
    TargetSpec,
    TriggerCondition,
)
from manastack.vocabulary.combat_triggers import (
    AttacksTrigger,
    BecomesTargetTrigger,
    BlocksTrigger,
    CombatDamageToPlayer,
    LandfallTrigger,
    LeavesTrigger,
    PutIntoGraveyardTrigger,
)
from manastack.vocabulary.costs import ExtraCost
from manastack.vocabulary.delayed import DrawAtNextUpkeep
from manastack.vocabulary.effects import (
    AddMana,
    CounterSpell,
    CounterUnlessPays,
    DealDamage,
    Destroy,
    DestroyAll,
    DrawCards,
    GainLife,
    LoseLife,
    PumpUntilEndOfTurn,
    RegenerateSource,
    ReturnToHand,
    SacrificeSource,
)
from manastack.vocabulary.filters import (
    ANY_TARGET,
    TARGET_PLAYER,
    AllOf,
    AnyObject,
    Controlled,
    HasKeyword,
    HasType,
    NotColor,
    NotKeyword,
    NotType,
)
from manastack.vocabulary.keyword_abilities import is_triggered_keyword
from manastack.vocabulary.keywords import (
    CONDITIONS,
    EntersTapped,
    GainUntilEndOfTurn,
    OwnAbility,
    PumpAttached,
    PumpSource,
    RegenerateAttached,
    ReturnSourceToHand,
    SelfWhile,
    TapAttached,
)
from manastack.vocabulary.lords import HasColor, HasSubtype, InCombat, Lord
from manastack.vocabulary.moves import (
    SOURCE,
    CountersOnEach,
    DamageEach,
    DestroyNoRegen,
    DiscardCards,
    DiscardRandom,
    DrawForEach,
    Exile,
    ExileAndReturn,
    LifeForEach,
    Mill,
    PumpAll,
    PutCounters,
    ReturnFromGraveyard,
    RevealChooseDiscard,
    Scry,
    SearchBasicLand,
    TapTarget,
    YouMay,
)
from manastack.vocabulary.statics import Anthem, CostIncrease, CostMinimum
from manastack.vocabulary.tokens import CreateTokens, token_def
from manastack.vocabulary.triggers import CastTrigger, DiesTrigger, EntersTrigger, StepTrigger

# --- words ------------------------------------------------------------------------------------

NUMBER_WORDS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
PERMANENT_NOUNS = {
    "creature": "Creature",
    "artifact": "Artifact",
    "enchantment": "Enchantment",
    "land": "Land",
    "planeswalker": "Planeswalker",
}
SPELL_NOUNS = {**PERMANENT_NOUNS, "instant": "Instant", "sorcery": "Sorcery"}
PLURALS = {
    "creatures": "Creature",
    "artifacts": "Artifact",
    "enchantments": "Enchantment",
    "lands": "Land",
}
# 702 keywords the engine applies (combat.py, casting.py, events/types.py).
SUPPORTED_KEYWORDS = (
    "flying",
    "reach",
    "vigilance",
    "haste",
    "defender",
    "first strike",
    "double strike",
    "deathtouch",
    "trample",
    "lifelink",
    "flash",
    "menace",
    "hexproof",
    "shroud",
    "indestructible",
    "fear",
    "intimidate",
    "shadow",
    "horsemanship",
    "plainswalk",
    "islandwalk",
    "swampwalk",
    "mountainwalk",
    "forestwalk",
    "protection from white",
    "protection from blue",
    "protection from black",
    "protection from red",
    "protection from green",
    "infect",
    "wither",
    "changeling",
    "skulk",
    "devoid",
    *(f"protection from {q}" for q in keyword_forms.PROTECTION_QUALITIES),
    *keyword_forms.SPELL_KEYWORDS,
)
# 702.5a: the enchant abilities the compiler reads, with the target they give an Aura spell.
ENCHANT = (
    "enchant creature",
    "enchant creature you control",
    "enchant creature an opponent controls",
)
# The other keywords of 702 (and ability words printed like them), so that a line made of them
# is refused as "a keyword the engine lacks" rather than as an unparsed clause.
OTHER_KEYWORDS = frozenset(
    [
        "enchant",
        "equip",
        "protection",
        "shroud",
        "hexproof",
        "indestructible",
        "menace",
        "fear",
        "intimidate",
        "banding",
        "rampage",
        "flanking",
        "phasing",
        "buyback",
        "shadow",
        "cycling",
        "echo",
        "horsemanship",
        "fading",
        "kicker",
        "multikicker",
        "flashback",
        "madness",
        "amplify",
        "provoke",
        "storm",
        "affinity",
        "entwine",
        "modular",
        "sunburst",
        "bushido",
        "soulshift",
        "splice",
        "offering",
        "ninjutsu",
        "epic",
        "convoke",
        "dredge",
        "transmute",
        "bloodthirst",
        "haunt",
        "replicate",
        "forecast",
        "graft",
        "recover",
        "ripple",
        "vanishing",
        "absorb",
        "delve",
        "fortify",
        "frenzy",
        "gravestorm",
        "poisonous",
        "transfigure",
        "champion",
        "changeling",
        "evoke",
        "hideaway",
        "prowl",
        "reinforce",
        "conspire",
        "persist",
        "wither",
        "retrace",
        "devour",
        "exalted",
        "unearth",
        "cascade",
        "annihilator",
        "rebound",
        "infect",
        "undying",
        "miracle",
        "soulbond",
        "overload",
        "scavenge",
        "unleash",
        "cipher",
        "evolve",
        "extort",
        "fuse",
        "bestow",
        "tribute",
        "dethrone",
        "outlast",
        "prowess",
        "dash",
        "exploit",
        "renown",
        "awaken",
        "devoid",
        "ingest",
        "myriad",
        "surge",
        "skulk",
        "emerge",
        "escalate",
        "melee",
        "crew",
        "fabricate",
        "partner",
        "morph",
        "megamorph",
        "suspend",
        "landwalk",
        "islandwalk",
        "swampwalk",
        "forestwalk",
        "mountainwalk",
        "plainswalk",
        "desertwalk",
        "landcycling",
        "typecycling",
        "plainscycling",
        "islandcycling",
        "swampcycling",
        "mountaincycling",
        "forestcycling",
        "wizardcycling",
        "slivercycling",
    ]
) | {
    "cumulative upkeep",
    "split second",
    "level up",
    "aura swap",
    "totem armor",
    "battle cry",
    "living weapon",
    "hidden agenda",
    "basic landcycling",
    "legendary landwalk",
    "nonbasic landwalk",
    "snow forestwalk",
    "snow swampwalk",
    "snow islandwalk",
}

_MANA_SYMBOL = re.compile(r"\{([^}]+)\}")
_SYMBOLS = re.compile(r"(?:\{[^}]+\})+")
_NUMBER = re.compile(r"(\d+|an|a|one|two|three|four|five|six|seven|eight|nine|ten)\b")
_PT = re.compile(r"([+-]\d+)/([+-]\d+)")


class Cursor:
    """A position in one normalised line (``low``: the same line lower-cased, for matching)."""

    __slots__ = ("i", "low", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.low = text.lower()
        self.i = 0

    def lit(self, word: str) -> bool:
        """Consume ``word`` (lower case) if the line goes on with it."""
        if self.low.startswith(word, self.i):
            self.i += len(word)
            return True
        return False

    def rx(self, pat: re.Pattern[str]) -> re.Match[str] | None:
        m = pat.match(self.low, self.i)
        if m is not None:
            self.i = m.end()
        return m

    def boundary(self) -> bool:
        """At the end of a word."""
        return self.i >= len(self.low) or not self.low[self.i].isalnum()

    def done(self) -> bool:
        return self.i >= len(self.low)

    def rest(self) -> str:
        return self.text[self.i :]


@dataclass
class Context:
    """What a spell or ability gathers while its text is read: its targets, in order."""

    targets: list[TargetSpec] = field(default_factory=list)
    # "it" at the head of a clause is the source (When ~ dies, it deals...; Sacrifice ~: It
    # deals...), where nothing else has been named.
    it_is_source: bool = False
    # "that player": the trigger remembers a player (the caster, the active player, the player
    # dealt damage), whom its effects may name.
    that_player: bool = False
    # "defending player": the trigger is an attacking creature's (the player it attacks).
    defending: bool = False

    def target(self, spec: TargetSpec) -> int:
        self.targets.append(spec)
        return len(self.targets) - 1


def fail(cur: Cursor, reason: str = UNPARSED) -> Refused:
    return Refused(reason, cur.rest().rstrip(".").strip() or cur.text, cur.text)


# --- mana and costs ---------------------------------------------------------------------------


def mana_letters(symbols: str, line: str) -> str:
    """``{b}{b}{b}`` -> ``"BBB"``: only coloured and {C} symbols (generic mana is not added)."""
    out = []
    for sym in _MANA_SYMBOL.findall(symbols):
        s = sym.upper()
        if s not in "WUBRGC" or len(s) != 1:
            raise Refused(MANA_SYMBOL, "{" + sym.upper() + "}", line)
        out.append(s)
    return "".join(out)


def mana_cost(symbols: str, line: str) -> ManaCost:
    """A cost of generic, coloured, {X} (107.3) and hybrid (107.4e) symbols; Phyrexian and
    snow are refused."""
    for sym in _MANA_SYMBOL.findall(symbols):
        s = sym.upper()
        hybrid = re.fullmatch(r"[WUBRG2]/[WUBRG]", s) is not None and s[0] != s[2]
        if not (s.isdigit() or (len(s) == 1 and s in "WUBRGCX") or hybrid):
            raise Refused(MANA_SYMBOL, "{" + s + "}", line)
    return ManaCost.parse(symbols)


def cost(text: str, line: str) -> Cost:
    """602.1a: the part of an activated ability before the colon."""
    mana = ManaCost()
    tap = sacrifice = False
    extras: list[ExtraCost] = []
    for part in text.split(", "):
        p = part.lower().strip()
        if p == "{t}":
            tap = True
        elif p == "sacrifice ~":
            if extras:  # "discard a card, sacrifice ~": an order the card's text keeps
                raise Refused(UNPARSED, text, line)
            sacrifice = True
        elif _SYMBOLS.fullmatch(p) and "{t}" not in p:
            mana = mana_cost(p, line)
        else:
            e = extra_cost(part)
            if e is None:
                raise Refused(UNPARSED, part, line)
            extras.append(e)
    return Cost(mana=mana, tap=tap, sacrifice_self=sacrifice, extra=_merge(extras, text, line))


_SACRIFICE = re.compile(r"sacrifice (a|an|two|three|another) ([a-z]+)$")
_DISCARD = re.compile(r"discard (a|two|three) cards?$")
_LIFE = re.compile(r"pay (\d+) life$")


def extra_cost(part: str) -> ExtraCost | None:
    """118: ``pay 2 life``, ``sacrifice a creature`` / ``another creature`` / ``a Goblin``
    (the player's own permanent), ``discard a card`` (chosen by the player)."""
    p = part.strip().lower()
    m = _LIFE.fullmatch(p)
    if m is not None:
        return ExtraCost(life=int(m.group(1)))
    m = _DISCARD.fullmatch(p)
    if m is not None:
        n = NUMBER_WORDS[m.group(1)]
        return ExtraCost(discard=n) if (n == 1) == p.endswith("card") else None
    m = _SACRIFICE.fullmatch(p)
    if m is None:
        return None
    article, noun = m.group(1), m.group(2)
    another = article == "another"
    n = 1 if another or article in ("a", "an") else NUMBER_WORDS[article]
    if n > 1:
        if not noun.endswith("s") or noun[:-1] not in PERMANENT_NOUNS:
            return None
        noun = noun[:-1]
    f: Filter
    if noun in PERMANENT_NOUNS:
        f = HasType(frozenset({PERMANENT_NOUNS[noun]}))
        word = noun
    elif noun == "permanent":
        f, word = AnyObject(), noun
    else:
        word = part.strip().split(" ")[-1]
        if not word[:1].isupper() or n > 1:
            return None  # a subtype is written with a capital (Goblin, Forest)
        f = HasSubtype(word)
    if article in ("a", "an") and article != ("an" if word[0].lower() in "aeiou" else "a"):
        return None
    return ExtraCost(sacrifice=f, sacrifice_count=n, another=another, noun=word)


def _merge(extras: list[ExtraCost], text: str, line: str) -> ExtraCost | None:
    if not extras:
        return None
    if len(extras) > 1:
        raise Refused(UNPARSED, text, line)  # two costs of these kinds: not one form yet
    return extras[0]


def generic_amount(cur: Cursor) -> int | None:
    """``{3}``: a number of generic mana."""
    m = cur.rx(re.compile(r"\{(\d+)\}"))
    return int(m.group(1)) if m else None


# --- amounts ----------------------------------------------------------------------------------


def number(cur: Cursor) -> int | None:
    start = cur.i
    m = cur.rx(_NUMBER)
    if m is None:
        return None
    word = m.group(1)
    if word.isdigit():
        return int(word)
    if not cur.boundary():
        cur.i = start
        return None
    return NUMBER_WORDS[word]


def amount(cur: Cursor) -> int | Amount | None:
    """A fixed number, or X (107.3: the value announced as the spell was cast)."""
    start = cur.i
    if cur.lit("x") and cur.boundary():
        return X()
    cur.i = start
    return number(cur)


def count_tail(cur: Cursor) -> Amount | None:
    """`` equal to the number of creatures you control``: a count as the effect happens."""
    start = cur.i
    if cur.lit(" equal to the number of "):
        f = plural_filter(cur)
        if f is not None:
            return CountOf(f)
    cur.i = start
    return None


# --- filters and targets ----------------------------------------------------------------------


def _modifiers(cur: Cursor) -> list[Filter]:
    """``nonblack``, ``nonartifact`` (comma-separated when several)."""
    mods: list[Filter] = []
    while True:
        start = cur.i
        m = cur.rx(re.compile(r"non-?([a-z]+)"))
        if m is None:
            break
        w = m.group(1)
        if w in COLOR_WORDS:
            mods.append(NotColor(frozenset(COLOR_WORDS[w])))
        elif w in SPELL_NOUNS:
            mods.append(NotType(frozenset({SPELL_NOUNS[w]})))
        else:
            cur.i = start
            break
        if not (cur.lit(", ") or cur.lit(" ")):
            cur.i = start
            break
    return mods


def _nouns(cur: Cursor, nouns: dict[str, str]) -> frozenset[str] | None:
    """``creature``, ``artifact or enchantment``, ``instant or sorcery``."""
    found: list[str] = []
    while True:
        start = cur.i
        for word, typ in nouns.items():
            if cur.lit(word) and cur.boundary():
                found.append(typ)
                break
            cur.i = start
        else:
            return frozenset(found) if found else None
        if not cur.lit(" or "):
            return frozenset(found)


def _controller(cur: Cursor) -> Filter | None:
    if cur.lit(" you control"):
        return Controlled("you")
    if cur.lit(" an opponent controls"):
        return Controlled("opponent")
    return None


def _combine(base: Filter, mods: list[Filter], ctl: Filter | None) -> Filter:
    parts = [base, *mods] + ([ctl] if ctl is not None else [])
    return base if len(parts) == 1 else AllOf(tuple(parts))


_COMBAT_WORDS = (
    ("attacking or blocking ", True, True),
    ("attacking ", True, False),
    ("blocking ", False, True),
)


def permanent_filter(cur: Cursor) -> Filter | None:
    """``nonblack creature``, ``artifact or enchantment``, ``creature you control``."""
    start = cur.i
    pre = cl.filter_prefix(cur)  # "white", "tapped", "nonbasic"
    mods = _modifiers(cur)
    if not mods:
        for words, att, blk in _COMBAT_WORDS:
            if cur.lit(words):
                mods.append(InCombat(att, blk))
                break
    if cur.lit("permanent") and cur.boundary():
        base: Filter = AnyObject()
    else:
        types = _nouns(cur, PERMANENT_NOUNS)
        if types is None:
            sub = cl.subtype_noun(cur)  # "Wall", "Beast creature"
            if sub is None:
                cur.i = start
                return None
            base, pre = sub[0], [*pre, *sub[1:]]
        else:
            base = HasType(types)
    post = cl.filter_suffix(cur)  # "with flying", "with power 2 or less"
    return _combine(base, [*pre, *mods, *post], _controller(cur))


def plural_filter(cur: Cursor) -> Filter | None:
    """``creatures you control``."""
    start = cur.i
    for word, typ in PLURALS.items():
        if cur.lit(word) and cur.boundary():
            return _combine(HasType(frozenset({typ})), [], _controller(cur))
    cur.i = start
    return None


def permanent_target(cur: Cursor, ctx: Context) -> int | None:
    start = cur.i
    if cur.lit("target "):
        f = permanent_filter(cur)
        if f is not None:
            return ctx.target(TargetSpec(cur.low[start : cur.i], permanent=f))
    cur.i = start
    return None


def spell_target(cur: Cursor, ctx: Context) -> int | None:
    """``target spell``, ``target noncreature spell``, ``target instant or sorcery spell``."""
    start = cur.i
    if cur.lit("target "):
        mods = _modifiers(cur)
        types = _nouns(cur, SPELL_NOUNS)
        if cur.lit(" spell" if types else "spell") and cur.boundary():
            if types is None and not mods:
                f: Filter = AnyObject()
            elif types is None:
                f = mods[0] if len(mods) == 1 else AllOf(tuple(mods))
            else:
                f = _combine(HasType(types), mods, None)
            return ctx.target(TargetSpec(cur.low[start : cur.i], spell=f))
    cur.i = start
    return None


def player_target(cur: Cursor, ctx: Context) -> int | None:
    if cur.lit("target player") and cur.boundary():
        return ctx.target(TARGET_PLAYER)
    return None


def damage_target(cur: Cursor, ctx: Context) -> int | None:
    if cur.lit("any target"):
        return ctx.target(ANY_TARGET)
    t = player_target(cur, ctx)
    return t if t is not None else permanent_target(cur, ctx)


# --- effect clauses ---------------------------------------------------------------------------


def deal_damage(cur: Cursor, ctx: Context) -> Effect | None:
    if not (cur.lit("~ deals ") or (ctx.it_is_source and cur.lit("it deals "))):
        return None
    n = amount(cur)
    if n is not None and cur.lit(" damage to "):
        t = damage_target(cur, ctx)
        if t is not None:
            return DealDamage(n, t)
    if cur.lit("damage to "):  # "deals damage to X equal to the number of ..."
        t = damage_target(cur, ctx)
        if t is not None:
            c = count_tail(cur)
            if c is not None:
                return DealDamage(c, t)
    return None


def counter(cur: Cursor, ctx: Context) -> Effect | None:
    if not cur.lit("counter "):
        return None
    t = spell_target(cur, ctx)
    if t is None:
        return None
    if cur.lit(" unless its controller pays "):
        n = generic_amount(cur)
        return CounterUnlessPays(n, t) if n is not None else None
    return CounterSpell(t)


def destroy(cur: Cursor, ctx: Context) -> Effect | None:
    if not cur.lit("destroy "):
        return None
    if cur.lit("all "):
        for word, typ in PLURALS.items():
            if cur.lit(word) and cur.boundary():
                return DestroyAll(typ)
        return None
    t = permanent_target(cur, ctx)
    return Destroy(t) if t is not None else None


def bounce(cur: Cursor, ctx: Context) -> Effect | None:
    if not cur.lit("return "):
        return None
    t = permanent_target(cur, ctx)
    if t is not None and cur.lit(" to its owner's hand"):
        return ReturnToHand(t)
    return None


def pump(cur: Cursor, ctx: Context) -> Effect | None:
    t = permanent_target(cur, ctx)
    if t is None or not cur.lit(" gets "):
        return None
    m = cur.rx(_PT)
    if m is not None and cur.lit(" until end of turn"):
        return PumpUntilEndOfTurn(int(m.group(1)), int(m.group(2)), t)
    return None


def _subject(cur: Cursor, ctx: Context) -> tuple[str, int] | None:
    """Who does it: ``target player`` (third person), ``you``, or nobody named (you)."""
    t = player_target(cur, ctx)
    if t is not None:
        return ("target", t) if cur.lit(" ") else None
    if ctx.that_player and cur.lit("that player "):
        return ("that", 0)
    if ctx.defending and cur.lit("defending player "):
        return ("defending", 0)
    if cur.lit("you "):
        return ("you", 0)
    return ("", 0)


def player_verb(cur: Cursor, ctx: Context) -> Effect | None:
    """``draw two cards``, ``target player draws a card``, ``you gain 3 life``, ``target
    player loses 2 life``."""
    subj = _subject(cur, ctx)
    if subj is None:
        return None
    who, t = subj
    third = who in ("target", "that", "defending")
    who = who or "you"
    if cur.lit("draws " if third else "draw "):
        n = amount(cur)
        if n is not None and cur.lit(" card" if n == 1 else " cards") and cur.boundary():
            return DrawCards(n, who, t)
        return None
    if subj[0] == "":  # "gain"/"lose" are never written without their subject
        return None
    for verb, cls in (("gain", GainLife), ("lose", LoseLife)):
        if cur.lit(verb + ("s " if third else " ")):
            n = amount(cur)
            if n is not None and cur.lit(" life"):
                return cls(n, who, t)
            return None
    return None


def add_mana(cur: Cursor, ctx: Context) -> Effect | None:
    """A spell's ``add {B}{B}{B}`` (an ability that adds mana is a mana ability instead)."""
    if not cur.lit("add "):
        return None
    m = cur.rx(_SYMBOLS)
    return AddMana(mana_letters(m.group(0), cur.text)) if m else None


def regenerate(cur: Cursor, ctx: Context) -> Effect | None:
    return RegenerateSource() if cur.lit("regenerate ~") else None


def sacrifice(cur: Cursor, ctx: Context) -> Effect | None:
    return SacrificeSource() if cur.lit("sacrifice ~") else None


# --- moves, counters, choices (vocabulary/moves.py) ---------------------------------------------

# "search your library for a basic land card" and what follows -> (where, tapped, revealed).
SEARCH_TAILS = {
    ", put it onto the battlefield tapped, then shuffle your library": ("battlefield", True, False),
    ", put that card onto the battlefield tapped, then shuffle your library": (
        "battlefield",
        True,
        False,
    ),
    " and put that card onto the battlefield tapped. then shuffle your library": (
        "battlefield",
        True,
        False,
    ),
    " and put it onto the battlefield tapped. then shuffle your library": (
        "battlefield",
        True,
        False,
    ),
    " and put that card onto the battlefield. then shuffle your library": (
        "battlefield",
        False,
        False,
    ),
    ", put it onto the battlefield, then shuffle your library": ("battlefield", False, False),
    ", reveal it, put it into your hand, then shuffle your library": ("hand", False, True),
    ", reveal it, and put it into your hand. then shuffle your library": ("hand", False, True),
    ", reveal that card, and put it into your hand. then shuffle your library": (
        "hand",
        False,
        True,
    ),
    " and put that card onto the battlefield tapped. if you do, shuffle your library": (
        "battlefield",
        True,
        False,
    ),
    " and put it onto the battlefield tapped. if you do, shuffle your library": (
        "battlefield",
        True,
        False,
    ),
    ", reveal it, and put it into your hand. if you do, shuffle your library": (
        "hand",
        False,
        True,
    ),
    ", reveal that card, put it into your hand, then shuffle your library": ("hand", False, True),
    ", put that card onto the battlefield, then shuffle your library": (
        "battlefield",
        False,
        False,
    ),
    " and put it onto the battlefield. then shuffle your library": ("battlefield", False, False),
    " and put that card onto the battlefield tapped, then shuffle your library": (
        "battlefield",
        True,
        False,
    ),
}
_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")
SEARCH_TAILS.update(
    {
        " and put that card into your hand. then shuffle your library": ("hand", False, False),
        ", put that card into your hand, then shuffle your library": ("hand", False, False),
        ", put it into your hand, then shuffle your library": ("hand", False, False),
    }
)


def _self_or_target(cur: Cursor, ctx: Context) -> int | None:
    """``~`` (the source: SOURCE; "it" where it is the source) or a permanent target."""
    if cur.lit("~") and cur.boundary():
        return SOURCE
    if ctx.it_is_source and cur.lit("it") and cur.boundary():
        return SOURCE
    return permanent_target(cur, ctx)


def exile(cur: Cursor, ctx: Context) -> Effect | None:
    if not cur.lit("exile "):
        return None
    t = permanent_target(cur, ctx)
    if t is None:
        return None
    for it in ("that card", "it"):
        for whose, owner in (("your", False), ("its owner's", True)):
            if cur.lit(f", then return {it} to the battlefield under {whose} control"):
                return ExileAndReturn(t, owner)
    return Exile(t)


def tap_untap(cur: Cursor, ctx: Context) -> Effect | None:
    untap = cur.lit("untap ")
    if not untap and not cur.lit("tap "):
        return None
    t = _self_or_target(cur, ctx)
    return TapTarget(t, untap) if t is not None else None


def mill(cur: Cursor, ctx: Context) -> Effect | None:
    """2017's wording: ``target player puts the top N cards of their library into their
    graveyard`` (``put ... your library into your graveyard`` for you)."""
    t = player_target(cur, ctx)
    if t is None and ctx.that_player and cur.lit("that player"):
        t, who, whose = 0, "that", "their"
        if not cur.lit(" puts the top "):
            return None
    elif t is not None:
        if not cur.lit(" puts the top "):
            return None
        who, whose = "target", "their"
    elif cur.lit("put the top "):
        who, whose = "you", "your"
        t = 0
    else:
        return None
    n = amount(cur)
    if n is None:
        return None
    one = n == 1
    if cur.lit(f" card{'' if one else 's'} of {whose} library into {whose} graveyard"):
        return Mill(n, who, t)
    return None


def counters(cur: Cursor, ctx: Context) -> Effect | None:
    """122.1: ``put a +1/+1 counter on target creature``, ``put two -1/-1 counters on ~``."""
    if not cur.lit("put "):
        return None
    n = amount(cur)
    m = cur.rx(re.compile(r" ([+-]1/[+-]1) counters?")) if n is not None else None
    if n is None or m is None or m.group(1) not in ("+1/+1", "-1/-1"):
        return None
    if (n == 1) != (not m.group(0).endswith("s")) or not cur.lit(" on "):
        return None
    t = _self_or_target(cur, ctx)
    return PutCounters(m.group(1), n, t) if t is not None else None


def self_pump(cur: Cursor, ctx: Context) -> Effect | None:
    """``~ gets +1/+0 until end of turn`` (``it gets`` where "it" is the source)."""
    if not (cur.lit("~ gets ") or (ctx.it_is_source and cur.lit("it gets "))):
        return None
    m = cur.rx(_PT)
    if m is not None and cur.lit(" until end of turn"):
        return PumpSource(int(m.group(1)), int(m.group(2)))
    return None


def each_life(cur: Cursor, ctx: Context) -> Effect | None:
    """``each opponent loses 2 life``, ``each player gains 1 life``."""
    whom = "opponent" if cur.lit("each opponent ") else "player" if cur.lit("each player ") else ""
    if not whom:
        return None
    gain = cur.lit("gains ")
    if not gain and not cur.lit("loses "):
        return None
    n = amount(cur)
    return LifeForEach(n, whom, gain) if n is not None and cur.lit(" life") else None


_EACH_CREATURE = {
    "each creature": AnyObject(),
    "each creature with flying": HasKeyword("flying"),
    "each creature without flying": NotKeyword("flying"),
}


def damage_each(cur: Cursor, ctx: Context) -> Effect | None:
    """``~ deals 1 damage to each creature [with/without flying] [and each player]``,
    ``~ deals 2 damage to each opponent``."""
    if not (cur.lit("~ deals ") or (ctx.it_is_source and cur.lit("it deals "))):
        return None
    n = amount(cur)
    if n is None or not cur.lit(" damage to "):
        return None
    for words in ("each opponent", "each player"):
        if cur.lit(words) and cur.boundary():
            return DamageEach(n, None, words.split()[1])
    for words in sorted(_EACH_CREATURE, key=len, reverse=True):
        start = cur.i
        if cur.lit(words) and cur.boundary():
            players = "player" if cur.lit(" and each player") else ""
            return DamageEach(n, _EACH_CREATURE[words], players)
        cur.i = start
    return None


def discard(cur: Cursor, ctx: Context) -> Effect | None:
    """701.9a: ``target player discards two cards``, ``discard a card`` (the player chooses)."""
    t = player_target(cur, ctx)
    if t is None and ctx.that_player and cur.lit("that player discards "):
        who, t = "that", 0
    elif t is None and ctx.defending and cur.lit("defending player discards "):
        who, t = "defending", 0
    elif t is not None:
        if not cur.lit(" discards "):
            return None
        who = "target"
    elif cur.lit("discard "):
        who, t = "you", 0
    else:
        return None
    n = amount(cur)
    if n is not None and cur.lit(" card" if n == 1 else " cards") and cur.boundary():
        return DiscardCards(n, who, t)
    return None


TARGET_OPPONENT = TargetSpec("target opponent", player=True, opponent=True)


def from_graveyard(cur: Cursor, ctx: Context) -> Effect | None:
    """``return target creature card from your graveyard to your hand``."""
    if not cur.lit("return target "):
        return None
    start = cur.i
    types = _nouns(cur, SPELL_NOUNS)
    if types is None:
        cur.i = start
        types = frozenset()
    elif not cur.lit(" "):
        return None
    if not cur.lit("card from your graveyard to your hand"):
        return None
    spec = TargetSpec(cur.low[start - 7 : cur.i - len(" to your hand")], graveyard=types)
    return ReturnFromGraveyard(ctx.target(spec))


_ALL_CREATURES = (
    ("creatures you control", Controlled("you")),
    ("all creatures", AnyObject()),
    ("creatures your opponents control", Controlled("opponent")),
)


def pump_all(cur: Cursor, ctx: Context) -> Effect | None:
    """``creatures you control get +1/+1 until end of turn`` (an effect, not a static)."""
    for words, f in _ALL_CREATURES:
        start = cur.i
        if cur.lit(words + " get "):
            m = cur.rx(_PT)
            if m is not None and cur.lit(" until end of turn"):
                return PumpAll(int(m.group(1)), int(m.group(2)), f)
        cur.i = start
    return None


def counters_each(cur: Cursor, ctx: Context) -> Effect | None:
    """``put a +1/+1 counter on each creature you control``."""
    if not cur.lit("put "):
        return None
    n = number(cur)
    m = cur.rx(re.compile(r" ([+-]1/[+-]1) counters? on each creature you control"))
    if n is None or m is None or m.group(1) not in ("+1/+1", "-1/-1"):
        return None
    if (n == 1) != (" counter on" in m.group(0)):
        return None
    return CountersOnEach(m.group(1), n, Controlled("you"))


def draw_each(cur: Cursor, ctx: Context) -> Effect | None:
    """``each player draws two cards``, ``each opponent draws a card``."""
    whom = "opponent" if cur.lit("each opponent draws ") else ""
    if not whom and cur.lit("each player draws "):
        whom = "player"
    if not whom:
        return None
    n = amount(cur)
    if n is not None and cur.lit(" card" if n == 1 else " cards") and cur.boundary():
        return DrawForEach(n, whom)
    return None


def discard_random(cur: Cursor, ctx: Context) -> Effect | None:
    """701.9b: ``target player discards two cards at random``."""
    t = player_target(cur, ctx)
    if t is None or not cur.lit(" discards "):
        return None
    n = amount(cur)
    if n is not None and cur.lit(" card at random" if n == 1 else " cards at random"):
        return DiscardRandom(n, "target", t)
    return None


def reveal_discard(cur: Cursor, ctx: Context) -> Effect | None:
    """``target opponent reveals their hand. you choose a noncreature, nonland card from it.
    that player discards that card``."""
    if cur.lit("target opponent"):
        t = ctx.target(TARGET_OPPONENT)
    else:
        t0 = player_target(cur, ctx)
        if t0 is None:
            return None
        t = t0
    if not cur.lit(" reveals their hand. you choose a "):
        return None
    mods = _modifiers(cur)
    if not all(isinstance(m, NotType) for m in mods):
        return None
    if not cur.lit("card from it. that player discards that card"):
        return None
    types_not: list[str] = []
    for m in mods:
        assert isinstance(m, NotType)
        types_not += sorted(m.types)
    return RevealChooseDiscard(t, tuple(types_not))


def scry(cur: Cursor, ctx: Context) -> Effect | None:
    if not cur.lit("scry "):
        return None
    n = number(cur)
    return Scry(n) if n is not None else None


def search_basic(cur: Cursor, ctx: Context) -> Effect | None:
    """701.23a: ``search your library for a basic land card`` (or ``an Island card``) and a
    known wording of where it goes."""
    if not cur.lit("search your library for "):
        return None
    land = ""
    if not cur.lit("a basic land card"):
        kinds = (*_LAND_TYPES, "Creature", "Artifact", "Enchantment", "Instant", "Sorcery", "Land")
        for t in kinds:
            if cur.lit(("an " if t[0] in "AEIOU" else "a ") + t.lower() + " card"):
                land = t
                break
        else:
            if not cur.lit("a card"):
                return None
            land = "card"
    for tail in sorted(SEARCH_TAILS, key=len, reverse=True):
        if cur.lit(tail):
            dest, tapped, reveal = SEARCH_TAILS[tail]
            return SearchBasicLand(dest, tapped, reveal, land, tail.rstrip("."))
    return None


_TOKEN = re.compile(
    r"[Cc]reate (a|one|two|three|four|five|[xX]) (\d+)/(\d+) "
    r"(colorless|(?:white|blue|black|red|green)(?: and (?:white|blue|black|red|green))?) "
    r"((?:[A-Z][a-z]+ )+)(artifact )?creature tokens?(?: with ([a-z ]+?))?(?=\.|$| and )"
)


def create_tokens(cur: Cursor, ctx: Context) -> Effect | None:
    """701.7a: ``create two 1/1 white Soldier creature tokens [with flying]``."""
    m = _TOKEN.match(cur.text, cur.i)
    if m is None or cur.low[cur.i : m.end()] != m.group(0).lower():
        return None
    word, p, t, colors, subs, artifact, kws = m.groups()
    n: int | Amount = X() if word in "xX" else NUMBER_WORDS[word]
    plural = m.group(0).split(" with ")[0].endswith("tokens")
    if plural != (n != 1):
        return None
    keywords: tuple[str, ...] = ()
    if kws:
        keywords = tuple(k.strip() for k in re.split(r", and |, | and ", kws))
        if any(k not in SUPPORTED_KEYWORDS for k in keywords):
            return None
    letters = (
        "" if colors == "colorless" else "".join(COLOR_WORDS[c] for c in colors.split(" and "))
    )
    sub = tuple(subs.split())
    cur.i = m.end()
    return CreateTokens(n, token_def(sub, int(p), int(t), letters, bool(artifact), keywords))


def gains(cur: Cursor, ctx: Context) -> Effect | None:
    """``target creature [gets +2/+0 and] gains first strike until end of turn``; ``~ gains
    flying until end of turn``."""
    t: int | None = None
    if not (cur.lit("~ ") or (ctx.it_is_source and cur.lit("it "))):
        t = permanent_target(cur, ctx)
        if t is None or not cur.lit(" "):
            return None
    pw = tg = 0
    if cur.lit("gets "):
        m = cur.rx(_PT)
        if m is None or not cur.lit(" and "):
            return None
        pw, tg = int(m.group(1)), int(m.group(2))
    if not cur.lit("gains "):
        return None
    words = keyword_list(cur)
    if words is not None and cur.lit(" until end of turn"):
        return GainUntilEndOfTurn(words, pw, tg, t)
    return None


def mass_pump(cur: Cursor, ctx: Context) -> Effect | None:
    """``enchanted creature gets +2/+0 until end of turn`` ("creatures you control get ...":
    :func:`pump_all`)."""
    if not cur.lit("enchanted creature gets "):
        return None  # "creatures you control get ...": pump_all
    m = cur.rx(_PT)
    if m is None or not cur.lit(" until end of turn"):
        return None
    return PumpAttached(int(m.group(1)), int(m.group(2)))


def own_clause(cur: Cursor, ctx: Context) -> Effect | None:
    """``return ~ to its owner's hand``, ``sacrifice it`` (it: the source), ``regenerate
    enchanted creature``."""
    if cur.lit("return ~ to its owner's hand"):
        return ReturnSourceToHand()
    if ctx.it_is_source and cur.lit("sacrifice it") and cur.boundary():
        return SacrificeSource()
    if cur.lit("regenerate enchanted creature"):
        return RegenerateAttached()
    if cur.lit("tap enchanted creature"):
        return TapAttached()
    if cur.lit("untap enchanted creature"):
        return TapAttached(untap=True)
    start = cur.i
    if cur.lit("draw "):
        n = number(cur)
        cards = " card" if n == 1 else " cards"
        if n is not None and cur.lit(cards + " at the beginning of the next turn's upkeep"):
            return DrawAtNextUpkeep(n)
    cur.i = start
    return None


CLAUSES = (
    *cl.FIRST,
    own_clause,
    mass_pump,
    self_pump,
    gains,
    create_tokens,
    search_basic,
    exile,
    tap_untap,
    mill,
    counters,
    each_life,
    damage_each,
    pump_all,
    counters_each,
    draw_each,
    from_graveyard,
    reveal_discard,
    discard_random,
    discard,
    scry,
    deal_damage,
    counter,
    destroy,
    bounce,
    pump,
    add_mana,
    regenerate,
    sacrifice,
    player_verb,
    *cl.CLAUSES,
)


def clause(cur: Cursor, ctx: Context) -> Effect | None:
    for parse in CLAUSES:
        start, n = cur.i, len(ctx.targets)
        e = parse(cur, ctx)
        if e is not None:
            return e
        cur.i = start
        del ctx.targets[n:]
    return None


def sentences(cur: Cursor, ctx: Context) -> list[Effect]:
    """Clauses joined by `` and `` and full stops, to the end of the line: the effects in
    order (608.2c). Anything not read refuses the card."""
    effects: list[Effect] = []
    lead: int | None = None  # the effect "if you do" hangs on, in this sentence
    while True:
        led = cl.lead(cur, ctx)  # "you may pay {1}. if you do, ..." (608.2d)
        if led is not None:
            lead = len(effects)
            effects += led
        may = cur.lit("you may ")  # 608.2d: the instruction that follows is optional
        e = clause(cur, ctx)
        if e is None:
            raise fail(cur)
        if may:
            if isinstance(e, AddMana):
                raise fail(cur)
            effects.append(YouMay())
        effects.append(e)
        if cur.lit(" and ") or cur.lit(", then "):  # "draw a card, then discard a card"
            continue
        if not cur.lit(".") and not cur.done():  # a few rows lack the final full stop
            raise fail(cur)
        if isinstance(e, DestroyAll) and cur.lit(" they can't be regenerated."):
            effects[-1] = DestroyAll(e.card_type, can_be_regenerated=False)
        if isinstance(e, Destroy) and cur.lit(" it can't be regenerated."):
            effects[-1] = DestroyNoRegen(e.target)  # 701.19c
        if lead is not None:  # "if you do" covers the rest of its sentence
            effects[lead] = cl.covering(effects[lead], len(effects) - lead - 1)
            lead = None
        if cur.done():
            return effects
        if not cur.lit(" "):
            raise fail(cur)


# --- mana abilities ---------------------------------------------------------------------------


def mana_produced(cur: Cursor) -> tuple[str, int] | None:
    """What a mana ability adds, as (the colours to choose from, how many): ``{G}``,
    ``{C}{C}``, ``{R} or {G}``, ``{W}, {U}, or {B}``, ``one mana of any color``."""
    if cur.lit("one mana of any color"):
        return "WUBRG", 1
    m = cur.rx(re.compile(r"(\w+) mana of any one color"))
    if m is not None:
        n = NUMBER_WORDS.get(m.group(1))
        return ("WUBRG", n) if n else None
    m = cur.rx(_SYMBOLS)
    if m is None:
        return None
    first = mana_letters(m.group(0), cur.text)
    if cur.lit(" or "):
        m2 = cur.rx(_SYMBOLS)
        if m2 is None or len(first) != 1:
            return None
        second = mana_letters(m2.group(0), cur.text)
        return (first + second, 1) if len(second) == 1 and second != first else None
    if cur.lit(", "):
        colors = first
        while True:
            last = cur.lit("or ")
            m2 = cur.rx(_SYMBOLS)
            if m2 is None:
                return None
            colors += mana_letters(m2.group(0), cur.text)
            if last:
                break
            if not cur.lit(", "):
                return None
        ok = len(set(colors)) == len(colors) and all(len(c) == 1 for c in colors)
        return (colors, 1) if ok else None
    if len(set(first)) != 1:
        return None  # {R}{G}: two colours at once is not one ManaAbility's choice
    return first[0], len(first)


# --- trigger heads and static forms -----------------------------------------------------------

_STEPS = (
    ("upkeep", Step.UPKEEP),
    ("draw step", Step.DRAW),
    ("end step", Step.END),
)


def trigger_head(cur: Cursor) -> TriggerCondition | None:
    """603.1: ``When ~ enters,``, ``Whenever ~ or another creature dies,``, ``At the
    beginning of your upkeep,``, ``Whenever a player casts a spell,`` (with the comma)."""
    heads: tuple[tuple[str, TriggerCondition], ...] = (
        ("when ~ enters, ", EntersTrigger("self")),
        ("whenever another creature enters, ", EntersTrigger("another")),
        ("when ~ dies, ", DiesTrigger("self")),
        ("whenever ~ or another creature dies, ", DiesTrigger("self_or_another")),
        # The same trigger: a creature source sees its own death (603.10a) either way.
        ("whenever a creature dies, ", DiesTrigger("self_or_another")),
        ("whenever a player casts a spell, ", CastTrigger("any")),
        ("whenever you cast a spell, ", CastTrigger("you")),
        ("whenever ~ attacks, ", AttacksTrigger()),
        ("whenever ~ blocks, ", BlocksTrigger(True, False)),
        ("whenever ~ becomes blocked, ", BlocksTrigger(False, True)),
        ("whenever ~ blocks or becomes blocked, ", BlocksTrigger(True, True)),
        ("whenever ~ deals combat damage to a player, ", CombatDamageToPlayer()),
        ("when ~ leaves the battlefield, ", LeavesTrigger()),
        ("when ~ becomes the target of a spell or ability, ", BecomesTargetTrigger()),
        ("when ~ is put into a graveyard from the battlefield, ", PutIntoGraveyardTrigger()),
        ("landfall — whenever a land enters under your control, ", LandfallTrigger()),
        ("whenever a land enters under your control, ", LandfallTrigger()),
        *keyword_forms.TRIGGER_HEADS,
    )
    for words, trig in heads:
        if cur.lit(words):
            return trig
    more = cl.trigger_head(cur)
    if more is not None:
        return more
    start = cur.i
    if cur.lit("at the beginning of "):
        whose = (
            "your" if cur.lit("your ") else "each" if cur.lit("each ") or cur.lit("the ") else ""
        )
        if whose == "each" and cur.lit("player's "):
            pass  # "each player's upkeep" is each upkeep
        for word, step in _STEPS:
            if whose and cur.lit(word + ", "):
                return StepTrigger(step, whose)
    cur.i = start
    return None


def static_form(cur: Cursor) -> StaticEffect | None:
    """604: ``Creatures you control get +1/+1.``, ``Noncreature spells cost {1} more to
    cast.``, and Trinisphere's minimum."""
    start = cur.i
    if cur.lit("creatures you control get "):
        m = cur.rx(_PT)
        if m is not None and cur.lit(".") and cur.done():
            return Anthem(int(m.group(1)), int(m.group(2)))
    cur.i = start
    noncreature = cur.lit("noncreature spells cost ")
    if noncreature or cur.lit("spells cost "):
        n = generic_amount(cur)
        if n is not None and cur.lit(" more to cast.") and cur.done():
            return CostIncrease(n, noncreature)
    cur.i = start
    m = cur.rx(
        re.compile(
            r"as long as ~ is untapped, each spell that would cost less than (\w+) mana to cast "
            r"costs (\w+) mana to cast\.$"
        )
    )
    if m is not None and m.group(1) == m.group(2) and m.group(1) in NUMBER_WORDS:
        return CostMinimum(NUMBER_WORDS[m.group(1)])
    cur.i = start
    more = cl.static_form(cur)
    if more is not None:
        return more
    cur.i = start
    return keyword_static(cur)


# --- statics about the permanent itself, Auras, Equipment, lords (702, 303.4, 301.5, 613) ------

# Keywords a static ability may give ("has flying"): those the engine reads with layers.has.
GRANTABLE = tuple(
    k
    for k in SUPPORTED_KEYWORDS
    if k not in ("flash", "changeling", "devoid", *keyword_forms.SPELL_KEYWORDS)
)
# Restrictions written like abilities ("~ can't block"), as the combat rules read them.
OWN_RULES = (
    ("can't attack or block", frozenset({"can't attack", "can't block"})),
    ("can't attack", frozenset({"can't attack"})),
    ("can't block", frozenset({"can't block"})),
    ("can't be blocked", frozenset({"can't be blocked"})),
    ("can block only creatures with flying", frozenset({"can block only creatures with flying"})),
    ("doesn't untap during your untap step", frozenset({"doesn't untap"})),
    ("doesn't untap during its controller's untap step", frozenset({"doesn't untap"})),
    ("attacks each turn if able", frozenset({"attacks each turn if able"})),
    *(
        (phrase, frozenset({phrase}))
        for phrase in (
            "can't be blocked by more than one creature",
            "can't be blocked by artifact creatures",
            "can't be blocked by walls",
            "can't be blocked by creatures with flying",
            "can't be blocked by white creatures",
            "can't be blocked by blue creatures",
            "can't be blocked by black creatures",
            "can't be blocked by red creatures",
            "can't be blocked by green creatures",
        )
    ),
    ("can't be countered", frozenset({"can't be countered"})),
    ("can't be countered by spells or abilities", frozenset({"can't be countered"})),
    *(
        (phrase, frozenset({phrase}))
        for phrase in (
            "can't attack unless defending player controls a plains",
            "can't attack unless defending player controls an island",
            "can't attack unless defending player controls a swamp",
            "can't attack unless defending player controls a mountain",
            "can't attack unless defending player controls a forest",
        )
    ),
)


def keyword_list(cur: Cursor) -> frozenset[str] | None:
    """``flying``, ``flying and first strike``, ``flying, first strike, and lifelink``."""
    words: list[str] = []
    while True:
        for k in sorted(GRANTABLE, key=len, reverse=True):
            if cur.lit(k) and cur.boundary():
                words.append(k)
                break
        else:
            return None
        if cur.lit(", and ") or cur.lit(" and ") or cur.lit(", "):
            continue
        return frozenset(words) if len(set(words)) == len(words) else None


def _gets_has(cur: Cursor) -> tuple[int, int, frozenset[str]] | None:
    """``gets +1/+1``, ``has flying``, ``gets +1/+1 and has flying``, ``can't block``, to the
    full stop ending the line."""
    pw = tg = 0
    words: frozenset[str] = frozenset()
    for phrase, rule in OWN_RULES:
        if cur.lit(phrase + "."):
            return (0, 0, rule) if cur.done() else None
    if cur.lit("gets ") or cur.lit("get "):
        m = cur.rx(_PT)
        if m is None:
            return None
        pw, tg = int(m.group(1)), int(m.group(2))
        if cur.lit(" and "):
            for phrase, rule in OWN_RULES:
                if cur.lit(phrase + "."):
                    return (pw, tg, rule) if cur.done() else None
            cur.i -= len(" and ")
        if not (cur.lit(" and has ") or cur.lit(" and have ")):
            return (pw, tg, words) if cur.lit(".") and cur.done() else None
    elif not (cur.lit("has ") or cur.lit("have ")):
        return None
    kws = keyword_list(cur)
    if kws is None or not cur.lit(".") or not cur.done():
        return None
    return pw, tg, kws


# Words before "creatures" that are not creature types (205.3m).
_NOT_SUBTYPES = frozenset(
    {
        "all",
        "other",
        "attacking",
        "blocking",
        "multicolored",
        "colorless",
        "land",
        "untapped",
        "tapped",
        "artifact",
        "enchantment",
        "nontoken",
        "token",
        "commander",
        "legendary",
        "enchanted",
        "equipped",
        "face-down",
        "snow",
    }
)
_SUBTYPE = re.compile(r"([a-z][a-z'-]+) creatures\b")


def _lord_group(cur: Cursor) -> tuple[Filter, bool] | None:
    """``other creatures you control``, ``goblin creatures``, ``other zombie creatures you
    control``, ``white creatures``, ``creatures your opponents control``, ``all sliver
    creatures``: the filter (without the creature test) and whether "other" was said."""
    other = cur.lit("other ")
    if not other:
        cur.lit("all ")
    parts: list[Filter] = []
    if cur.lit("creatures"):
        pass
    else:
        start = cur.i
        m = cur.rx(_SUBTYPE)
        if m is None:
            return None
        word = m.group(1)
        if word in COLOR_WORDS:
            parts.append(HasColor(frozenset(COLOR_WORDS[word])))
        elif word not in _NOT_SUBTYPES and not word.startswith("non"):
            # The subtype as printed (the line's original capitals).
            parts.append(HasSubtype(cur.text[start : start + len(word)]))
        else:
            return None
        if not parts or (isinstance(parts[0], HasSubtype) and not parts[0].subtype[:1].isupper()):
            return None
    if cur.lit(" you control"):
        parts.append(Controlled("you"))
    elif cur.lit(" your opponents control"):
        parts.append(Controlled("opponent"))
    if not parts:
        parts.append(AnyObject())
    return (parts[0] if len(parts) == 1 else AllOf(tuple(parts))), other


# "~ enters tapped unless you control ...": the condition's name in EntersTapped.
_TAPPED_UNLESS = (
    ("two or fewer other lands", "two or fewer other lands"),
    ("two or more basic lands", "two or more basic lands"),
)


def keyword_static(cur: Cursor) -> StaticEffect | None:
    """``~ enters tapped.``, ``~ can't block.``, ``enchanted creature gets +1/+1 and has
    flying.``, ``equipped creature gets +2/+0.``, ``other goblin creatures you control get
    +1/+1.``, ``creatures you control have haste.``"""
    start = cur.i
    if cur.lit("~ enters tapped.") and cur.done():
        return EntersTapped()
    cur.i = start
    for phrase, unless in _TAPPED_UNLESS:
        if cur.lit(f"~ enters tapped unless you control {phrase}.") and cur.done():
            return EntersTapped(unless)
        cur.i = start
    cur.i = start
    if cur.lit("~ "):
        for phrase, rule in OWN_RULES:
            if cur.lit(phrase + ".") and cur.done():
                return OwnAbility(rule)
    cur.i = start
    got_while = self_while(cur)
    if got_while is not None:
        return got_while
    cur.i = start
    for kind in ("enchanted", "equipped"):
        if cur.lit(kind + " creature "):
            got = _gets_has(cur)
            if got is not None:
                return AttachedGets(kind, *got)
    cur.i = start
    group = _lord_group(cur)
    if group is not None and cur.lit(" "):
        f, other = group
        got = _gets_has(cur)
        if got is not None and (got[0] or got[1] or got[2]):
            if got[2] and any(w.startswith("can") for w in got[2]):
                cur.i = start
                return None
            return Lord(f, got[0], got[1], got[2], other)
    cur.i = start
    return None


def self_while(cur: Cursor) -> StaticEffect | None:
    """``[threshold — ]~ gets +1/+1 [and has flying] as long as <condition>.``, ``as long as
    <condition>, ~ gets +1/+1 and can't block.``, ``~ has first strike as long as it's
    attacking.``"""
    start = cur.i
    for word in ("threshold — ", "metalcraft — "):
        if cur.lit(word):
            break
    front: str | None = None
    if cur.lit("as long as "):
        for c in CONDITIONS:
            if cur.lit(c + ", "):
                front = c
                break
        else:
            cur.i = start
            return None
    if not cur.lit("~ "):
        cur.i = start
        return None
    rest = cur.low[cur.i :]
    cond: str | None = front
    if cond is None:
        for c in CONDITIONS:
            if rest.endswith(" as long as " + c + "."):
                cond = c
                rest = rest[: -len(" as long as " + c + ".")] + "."
                break
    if cond is None:
        cur.i = start
        return None
    sub = Cursor(rest)
    got = _gets_has(sub)
    if got is None or not (got[0] or got[1] or got[2]):
        cur.i = start
        return None
    cur.i = len(cur.low)
    return SelfWhile(cond, *got)


def equip_line(line: str) -> Cost | None:
    """702.6a: ``Equip {2}`` (the cost of the equip ability), or None if the line is not one."""
    m = re.fullmatch(r"equip ((?:\{[^}]+\})+)\.?", line.lower())
    if m is None:
        return None
    return Cost(mana=mana_cost(m.group(1), line))


# --- keyword lines ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class KeywordLine:
    """702: a line of keywords; ``words`` in printed order (``morph``/``suspend`` for those,
    whose costs the card keeps)."""

    words: tuple[str, ...]
    morph: ManaCost | None = None
    suspend: tuple[int, ManaCost] | None = None


def _is_keyword(piece: str) -> bool:
    w = piece.lower()
    if w in SUPPORTED_KEYWORDS or w in OTHER_KEYWORDS:
        return True
    head = w.split(" ")[0]
    two = " ".join(w.split(" ")[:2])
    return head in OTHER_KEYWORDS or two in OTHER_KEYWORDS or w.startswith("protection from")


def keyword_line(line: str) -> KeywordLine | None:
    """None if the line is not a keyword line; Refused if it is one the engine can't do."""
    pieces = [p.strip() for p in re.split(r"[,;] ", line.rstrip("."))]
    if not _is_keyword(pieces[0]):
        return None
    words: list[str] = []
    morph: ManaCost | None = None
    susp: tuple[int, ManaCost] | None = None
    for piece in pieces:
        w = piece.lower()
        if (
            w in SUPPORTED_KEYWORDS
            or (len(pieces) == 1 and (w in ENCHANT or keyword_forms.enchant_spec(w) is not None))
            or is_triggered_keyword(w)
        ):
            words.append(w)
            continue
        prot = keyword_forms.protection(piece)
        if prot is not None:
            words += prot
            continue
        m = re.fullmatch(r"(mega)?morph ((?:\{[^}]+\})+)", w)
        if m is not None:
            morph = mana_cost(m.group(2), line)
            words.append("megamorph" if m.group(1) else "morph")  # 702.37b
            continue
        m = re.fullmatch(r"suspend (\d+)—((?:\{[^}]+\})+)", w)
        if m is not None:
            susp = (int(m.group(1)), mana_cost(m.group(2), line))
            words.append("suspend")
            continue
        if _is_keyword(piece):
            name = piece.split(" {")[0].split(" —")[0]
            name = re.sub(r" \d+$", "", name)
            if name.lower().startswith("protection from"):
                name = "Protection"
            raise Refused(KEYWORD, name[:1].upper() + name[1:], line)
        raise Refused(UNPARSED, piece, line)
    return KeywordLine(tuple(words), morph, susp)
