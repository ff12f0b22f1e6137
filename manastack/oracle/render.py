"""A compiled card written back as canonical text, from its vocabulary objects alone: compared
with the normalised Oracle text, it shows that no clause was dropped or changed on the way.

The rendering is the grammar's inverse, kept beside it so that the two are read together; a
form the grammar learns gets its words here.
"""

from __future__ import annotations

import re

from manastack.mana import COLOR_NAMES
from manastack.oracle import clauses as cl
from manastack.oracle import keyword_forms
from manastack.oracle.compiler import (
    AbilityLine,
    AdditionalCostLine,
    Compiled,
    ModalHead,
    ModeLine,
    SpellLine,
    it_is_source,
)
from manastack.oracle.grammar import (
    GRANTABLE,
    NUMBER_WORDS,
    OWN_RULES,
    SUPPORTED_KEYWORDS,
    KeywordLine,
)
from manastack.steps import Step
from manastack.vocabulary.amounts import CountOf, X
from manastack.vocabulary.attach import AttachedGets, AttachSource
from manastack.vocabulary.base import (
    ActivatedAbility,
    Amount,
    CardDef,
    Cost,
    Effect,
    Filter,
    ManaAbility,
    StaticAbility,
    StaticEffect,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
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
    CREATURE_OR_PLANESWALKER,
    AllOf,
    AnyObject,
    Controlled,
    HasKeyword,
    HasType,
    NotColor,
    NotKeyword,
    NotType,
)
from manastack.vocabulary.keywords import (
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
from manastack.vocabulary.modes import modal_of
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
from manastack.vocabulary.tokens import CreateTokens, color_words
from manastack.vocabulary.triggers import CastTrigger, DiesTrigger, EntersTrigger, StepTrigger

_WORD = {n: w for w, n in NUMBER_WORDS.items() if w not in ("a", "an")}
_TYPE_ORDER = ("Artifact", "Enchantment", "Land", "Creature", "Planeswalker", "Instant", "Sorcery")
_STEP = {Step.UPKEEP: "upkeep", Step.DRAW: "draw step", Step.END: "end step"}
_PLURAL = {
    "Creature": "creatures",
    "Artifact": "artifacts",
    "Enchantment": "enchantments",
    "Land": "lands",
}


class NoWords(Exception):
    """An object the renderer has no words for (a card compiled by a newer grammar)."""


def _types(types: frozenset[str]) -> str:
    return " or ".join(t.lower() for t in _TYPE_ORDER if t in types)


def _filter(f: Filter, noun_if_any: str) -> str:
    parts = f.parts if isinstance(f, AllOf) else (f,)
    mods: list[str] = []
    pre: list[str] = []
    noun = ""
    tail = ""
    post = ""
    sub = ""
    for p in parts:
        if isinstance(p, HasType):
            noun = _types(p.types)
        elif isinstance(p, AnyObject):
            noun = noun_if_any
        elif isinstance(p, NotColor):
            mods.append("non" + "".join(COLOR_NAMES[c] for c in sorted(p.colors)))
        elif isinstance(p, NotType):
            mods.append("non" + _types(p.types))
        elif isinstance(p, Controlled):
            tail = " you control" if p.by == "you" else " an opponent controls"
        elif isinstance(p, InCombat):
            mods.append(
                " or ".join(
                    w for w, on in (("attacking", p.attacking), ("blocking", p.blocking)) if on
                )
            )
        else:
            more = cl.filter_part(p)  # "white", "with flying", a subtype
            if more is None:
                raise NoWords(repr(p))
            kind, text = more
            if kind == "pre":
                pre.append(text)
            elif kind == "post":
                post += text
            else:
                sub = text
    if sub:
        noun = f"{sub} {noun}" if noun and noun != noun_if_any else sub
    words = ", ".join(mods) + (" " if mods and noun else "") + noun
    if pre:
        words = " ".join(pre) + " " + words
    return words + post + tail


def target(spec: TargetSpec) -> str:
    if spec.graveyard is not None:
        kinds = _types(spec.graveyard)
        return f"target {kinds + ' ' if kinds else ''}card from your graveyard"
    if spec.opponent and spec.player and spec.permanent is None and spec.spell is None:
        return "target opponent"
    if spec.player and spec.permanent == CREATURE_OR_PLANESWALKER:
        return "any target"
    if spec.player and spec.permanent is None and spec.spell is None:
        return "target player"
    if spec.permanent is not None and not spec.player:
        return "target " + _filter(spec.permanent, "permanent")
    if spec.spell is not None and not spec.player:
        words = _filter(spec.spell, "")
        return "target " + (words + " spell" if words else "spell")
    raise NoWords(repr(spec))


def _amount(a: int | Amount) -> str:
    if isinstance(a, int):
        return str(a)
    if isinstance(a, X):
        return "x"
    more = cl.amount_text(a)
    if more is not None:
        return more
    raise NoWords(repr(a))


def _cards(n: int | Amount) -> str:
    if isinstance(n, X):
        return "x cards"
    if not isinstance(n, int):
        raise NoWords(repr(n))
    return "a card" if n == 1 else f"{_WORD.get(n, str(n))} cards"


def _player(who: str, t: int, targets: tuple[TargetSpec, ...], verb: str, third: str) -> str:
    return f"{_who(who, t, targets)} {third}" if who in _THIRD else f"you {verb}"


_THIRD = ("target", "that", "defending")  # who an effect names in the third person


def _who(who: str, t: int, targets: tuple[TargetSpec, ...]) -> str:
    """The player an effect names in the third person: a target, "that player", "defending
    player"."""
    if who in ("that", "defending"):
        return f"{who} player"
    return target(targets[t])


_SEARCH_WORDS = {
    ("battlefield", True, False): ", put it onto the battlefield tapped, then shuffle your library",
    ("battlefield", False, False): ", put it onto the battlefield, then shuffle your library",
    ("hand", False, True): ", reveal it, put it into your hand, then shuffle your library",
}
_EACH_WORDS = {
    AnyObject(): "each creature",
    HasKeyword("flying"): "each creature with flying",
    NotKeyword("flying"): "each creature without flying",
}


def _obj(t: int, targets: tuple[TargetSpec, ...]) -> str:
    return "~" if t == SOURCE else target(targets[t])


def _token(e: CreateTokens) -> str:
    t = e.token
    n = "a" if e.count == 1 else _WORD[e.count] if isinstance(e.count, int) else _amount(e.count)
    colors = color_words("".join(sorted(t.colors, key="WUBRG".index))).replace(", ", " and ")
    artifact = " artifact" if "Artifact" in t.types else ""
    kws = sorted(t.keywords, key=list(SUPPORTED_KEYWORDS).index)
    plural = "s" if e.count != 1 else ""
    with_ = f" with {' and '.join(kws)}" if kws else ""
    return (
        f"create {n} {t.power}/{t.toughness} {colors} {' '.join(t.subtypes).lower()}{artifact} "
        f"creature token{plural}{with_}"
    )


def _moves(e: Effect, targets: tuple[TargetSpec, ...]) -> str | None:
    """The words of vocabulary/moves.py's effects (None: not one of them)."""
    if isinstance(e, CreateTokens):
        return _token(e)
    if isinstance(e, ExileAndReturn):
        whose = "its owner's" if e.owner else "your"
        return (
            f"exile {target(targets[e.target])}, then return that card to the battlefield "
            f"under {whose} control"
        )
    if isinstance(e, Exile):
        return f"exile {target(targets[e.target])}"
    if isinstance(e, TapTarget):
        return f"{'untap' if e.untap else 'tap'} {_obj(e.target, targets)}"
    if isinstance(e, Mill):
        n = _WORD.get(e.count, str(e.count)) if isinstance(e.count, int) else _amount(e.count)
        cards = "card" if e.count == 1 else "cards"
        if e.who in _THIRD:
            return (
                f"{_who(e.who, e.target, targets)} puts the top {n} {cards} of their library into "
                "their graveyard"
            )
        return f"put the top {n} {cards} of your library into your graveyard"
    if isinstance(e, PutCounters):
        many = e.count != 1
        n = (
            "a"
            if not many
            else _WORD.get(e.count, _amount(e.count))
            if isinstance(e.count, int)
            else _amount(e.count)
        )
        return f"put {n} {e.kind} counter{'s' if many else ''} on {_obj(e.target, targets)}"
    if isinstance(e, DestroyNoRegen):
        return f"destroy {target(targets[e.target])}. it can't be regenerated"
    if isinstance(e, LifeForEach):
        verb = "gains" if e.gain else "loses"
        return f"each {e.whom} {verb} {_amount(e.amount)} life"
    if isinstance(e, DamageEach):
        parts = []
        if e.creatures is not None:
            parts.append(_EACH_WORDS[e.creatures])
        if e.players:
            parts.append(f"each {e.players}")
        return f"~ deals {_amount(e.amount)} damage to " + " and ".join(parts)
    if isinstance(e, DiscardCards):
        subject = f"{_who(e.who, e.target, targets)} discards" if e.who in _THIRD else "discard"
        return f"{subject} {_cards(e.count)}"
    if isinstance(e, Scry):
        return f"scry {e.count}"
    if isinstance(e, PumpAll):
        who = {
            Controlled("you"): "creatures you control",
            AnyObject(): "all creatures",
            Controlled("opponent"): "creatures your opponents control",
        }[e.creatures]
        return f"{who} get {e.power:+d}/{e.toughness:+d} until end of turn"
    if isinstance(e, CountersOnEach):
        n = "a" if e.count == 1 else _WORD[e.count]
        s = "" if e.count == 1 else "s"
        return f"put {n} {e.kind} counter{s} on each creature you control"
    if isinstance(e, DrawForEach):
        return f"each {e.whom} draws {_cards(e.count)}"
    if isinstance(e, ReturnFromGraveyard):
        return f"return {target(targets[e.target])} to your hand"
    if isinstance(e, DiscardRandom):
        return f"{target(targets[e.target])} discards {_cards(e.count)} at random"
    if isinstance(e, RevealChooseDiscard):
        mods = ", ".join("non" + t.lower() for t in e.types_not)
        return (
            f"{target(targets[e.target])} reveals their hand. you choose a "
            f"{mods + ' ' if mods else ''}card from it. that player discards that card"
        )
    if isinstance(e, SearchBasicLand):
        tail = e.wording or _SEARCH_WORDS[(e.dest, e.tapped, e.reveal)]
        if not e.land:
            return f"search your library for a basic land card{tail}"
        if e.land == "card":
            return f"search your library for a card{tail}"
        article = "an" if e.land[0] in "AEIOU" else "a"
        return f"search your library for {article} {e.land.lower()} card{tail}"
    return None


def effect(e: Effect, targets: tuple[TargetSpec, ...]) -> str:
    moved = _moves(e, targets)
    if moved is not None:
        return moved
    if isinstance(e, DealDamage):
        if isinstance(e.amount, CountOf):
            return (
                f"~ deals damage to {target(targets[e.target])} equal to the number of "
                f"{_plural(e.amount.what)}"
            )
        return f"~ deals {_amount(e.amount)} damage to {target(targets[e.target])}"
    if isinstance(e, CounterUnlessPays):
        n = _amount(e.amount)
        return f"counter {target(targets[e.target])} unless its controller pays {{{n}}}"
    if isinstance(e, CounterSpell):
        return f"counter {target(targets[e.target])}"
    if isinstance(e, DestroyAll):
        regen = "" if e.can_be_regenerated else ". they can't be regenerated"
        return f"destroy all {_PLURAL[e.card_type]}{regen}"
    if isinstance(e, Destroy):
        return f"destroy {target(targets[e.target])}"
    if isinstance(e, ReturnToHand):
        return f"return {target(targets[e.target])} to its owner's hand"
    if isinstance(e, PumpUntilEndOfTurn):
        pt = f"{e.power:+d}/{e.toughness:+d}"
        return f"{target(targets[e.target])} gets {pt} until end of turn"
    if isinstance(e, DrawCards):
        subject = f"{_who(e.who, e.target, targets)} draws" if e.who in _THIRD else "draw"
        return f"{subject} {_cards(e.count)}"
    if isinstance(e, GainLife):
        return _player(e.who, e.target, targets, "gain", "gains") + f" {_amount(e.amount)} life"
    if isinstance(e, LoseLife):
        return _player(e.who, e.target, targets, "lose", "loses") + f" {_amount(e.amount)} life"
    if isinstance(e, AddMana):
        return "add " + "".join(f"{{{c}}}" for c in e.mana)
    if isinstance(e, DrawAtNextUpkeep):
        return f"draw {_cards(e.count)} at the beginning of the next turn's upkeep"
    if isinstance(e, ReturnSourceToHand):
        return "return ~ to its owner's hand"
    if isinstance(e, TapAttached):
        return ("untap" if e.untap else "tap") + " enchanted creature"
    if isinstance(e, RegenerateAttached):
        return "regenerate enchanted creature"
    if isinstance(e, PumpAttached):
        return f"enchanted creature gets {e.power:+d}/{e.toughness:+d} until end of turn"
    if isinstance(e, PumpSource):
        return f"~ gets {e.power:+d}/{e.toughness:+d} until end of turn"
    if isinstance(e, GainUntilEndOfTurn):
        who = "~" if e.target is None else target(targets[e.target])
        gets = f"gets {e.power:+d}/{e.toughness:+d} and " if e.power or e.toughness else ""
        return f"{who} {gets}gains {keyword_words(e.words)} until end of turn"
    if isinstance(e, RegenerateSource):
        return "regenerate ~"
    if isinstance(e, SacrificeSource):
        return "sacrifice ~"
    words = keyword_forms.effect_words(e, targets)
    if words is not None:
        return words
    more = cl.effect_words(e, targets)
    if more is not None:
        return more
    raise NoWords(repr(e))


def _plural(f: Filter) -> str:
    parts = f.parts if isinstance(f, AllOf) else (f,)
    out = ""
    for p in parts:
        if isinstance(p, HasType) and len(p.types) == 1:
            out += _PLURAL[next(iter(p.types))]
        elif isinstance(p, Controlled):
            out += " you control" if p.by == "you" else " an opponent controls"
        else:
            raise NoWords(repr(p))
    return out


def effects(es: tuple[Effect, ...], targets: tuple[TargetSpec, ...]) -> str:
    out = ""
    may = False
    glue = ""  # what joins the next instruction to the words so far
    after = 0  # "if you do, " comes after this many more instructions
    for e in es:
        if isinstance(e, YouMay):
            may = True  # the next instruction is optional (608.2d)
            continue
        lead = cl.lead_words(e)  # "you may pay {1}" / "you may": then "if you do, "
        if lead is not None:
            words, after = lead
            if after == 0:
                out += glue + words
                glue = " and if you do, "
            else:
                out += glue
                glue = words
            continue
        words = effect(e, targets)
        if may and words.startswith("you "):
            words = words[4:]  # "you may gain 1 life": the subject is said once
        out += glue + ("you may " if may else "") + words
        may = False
        glue = " and "
        if after:
            after -= 1
            if after == 0:
                glue = " and if you do, "
    return out


def cost(c: Cost) -> str:
    parts = []
    if c.mana != type(c.mana)():  # {0} is a cost too, written as such
        parts.append(str(c.mana).lower())
    if c.tap:
        parts.append("{t}")
    if c.sacrifice_self:
        parts.append("sacrifice ~")
    if c.extra is not None:
        parts.append(extra_cost(c.extra))
    return ", ".join(parts) or "{0}"


def extra_cost(e: ExtraCost) -> str:
    if e.life:
        return f"pay {e.life} life"
    if e.discard:
        return f"discard {_cards(e.discard)}"
    if e.another:
        return f"sacrifice another {e.noun.lower()}"
    if e.sacrifice_count > 1:
        return f"sacrifice {_WORD[e.sacrifice_count]} {e.noun.lower()}s"
    article = "an" if e.noun[0].lower() in "aeiou" else "a"
    return f"sacrifice {article} {e.noun.lower()}"


def trigger(t: TriggerCondition) -> str:
    if isinstance(t, EntersTrigger):
        return "when ~ enters" if t.who == "self" else "whenever another creature enters"
    if isinstance(t, DiesTrigger):
        return "when ~ dies" if t.who == "self" else "whenever ~ or another creature dies"
    if isinstance(t, CastTrigger):
        return "whenever " + ("a player casts" if t.whose == "any" else "you cast") + " a spell"
    if isinstance(t, AttacksTrigger):
        return "whenever ~ attacks"
    if isinstance(t, BlocksTrigger) and (t.blocks or t.blocked):
        what = " or ".join(
            w for w, on in (("blocks", t.blocks), ("becomes blocked", t.blocked)) if on
        )
        return f"whenever ~ {what}"
    if isinstance(t, CombatDamageToPlayer):
        return "whenever ~ deals combat damage to a player"
    if isinstance(t, LeavesTrigger):
        return "when ~ leaves the battlefield"
    if isinstance(t, PutIntoGraveyardTrigger):
        return "when ~ is put into a graveyard from the battlefield"
    if isinstance(t, BecomesTargetTrigger):
        return "when ~ becomes the target of a spell or ability"
    if isinstance(t, LandfallTrigger):
        return "whenever a land enters under your control"
    if isinstance(t, StepTrigger) and t.step in _STEP:
        return f"at the beginning of {'your' if t.whose == 'your' else 'each'} {_STEP[t.step]}"
    for words, trig in keyword_forms.TRIGGER_HEADS:
        if trig == t:
            return words.removesuffix(", ")
    more = cl.trigger_words(t)
    if more is not None:
        return more
    raise NoWords(repr(t))


def static(s: StaticEffect) -> str:
    words = keyword_forms.static_words(s)
    if words is not None:
        return words
    if isinstance(s, Anthem):
        return f"creatures you control get {s.power:+d}/{s.toughness:+d}"
    if isinstance(s, CostIncrease):
        return f"{'noncreature ' if s.noncreature else ''}spells cost {{{s.amount}}} more to cast"
    if isinstance(s, SelfWhile):
        gets = _gets_has(s.power, s.toughness, s.words, "gets", "has")
        return f"~ {gets} as long as {s.condition}"
    if isinstance(s, EntersTapped):
        return "~ enters tapped" + (f" unless you control {s.unless}" if s.unless else "")
    if isinstance(s, OwnAbility):
        return "~ " + _own_rule(s.words)
    if isinstance(s, AttachedGets):
        return f"{s.kind} creature " + _gets_has(s.power, s.toughness, s.words, "gets", "has")
    if isinstance(s, Lord):
        return _lord_group(s) + " " + _gets_has(s.power, s.toughness, s.words, "get", "have")
    if isinstance(s, CostMinimum) and s.only_untapped:
        n = _WORD[s.total]
        return (
            f"as long as ~ is untapped, each spell that would cost less than {n} mana to cast "
            f"costs {n} mana to cast"
        )
    more = cl.static_words(s)
    if more is not None:
        return more
    raise NoWords(repr(s))


def keyword_words(words: frozenset[str]) -> str:
    """A list of keywords in the engine's order: ``flying``, ``flying and first strike``,
    ``flying, first strike, and lifelink``."""
    ws = sorted(words, key=_KW_ORDER.index)
    if len(ws) <= 2:
        return " and ".join(ws)
    return ", ".join(ws[:-1]) + ", and " + ws[-1]


_KW_ORDER = list(GRANTABLE)
_KW_ALT = "|".join(re.escape(k) for k in sorted(GRANTABLE, key=len, reverse=True))
_KW_LIST = re.compile(rf"\b(has|have|gains) ((?:{_KW_ALT})(?:(?:, and |, | and )(?:{_KW_ALT}))*)\b")


def _sort_keywords(m: re.Match[str]) -> str:
    words = re.split(r", and |, | and ", m.group(2))
    if len(set(words)) != len(words):
        return m.group(0)
    return f"{m.group(1)} {keyword_words(frozenset(words))}"


def _own_rule(words: frozenset[str]) -> str:
    for phrase, rule in OWN_RULES:
        if rule == words:
            return phrase
    raise NoWords(repr(words))


def _gets_has(pw: int, tg: int, words: frozenset[str], get: str, have: str) -> str:
    for phrase, rule in OWN_RULES:
        if rule == words:
            return f"{get} {pw:+d}/{tg:+d} and {phrase}" if pw or tg else phrase
    out = f"{get} {pw:+d}/{tg:+d}" if pw or tg else ""
    if words:
        out += (" and " if out else "") + f"{have} {keyword_words(words)}"
    return out


def _lord_group(s: Lord) -> str:
    parts = s.what.parts if isinstance(s.what, AllOf) else (s.what,)
    words = "other " if s.other else ""
    tail = ""
    for p in parts:
        if isinstance(p, HasSubtype):
            words += p.subtype.lower() + " "
        elif isinstance(p, HasColor) and len(p.colors) == 1:
            words += COLOR_NAMES[next(iter(p.colors))] + " "
        elif isinstance(p, Controlled):
            tail = " you control" if p.by == "you" else " your opponents control"
        elif not isinstance(p, AnyObject):
            raise NoWords(repr(p))
    if not words and not tail:
        return "all creatures"
    return words + "creatures" + tail


def _mana_made(a: ManaAbility) -> str:
    if a.colors == "WUBRG":
        return (
            "one mana of any color" if a.amount == 1 else f"{_WORD[a.amount]} mana of any one color"
        )
    if len(a.colors) == 1:
        return f"{{{a.colors}}}" * a.amount
    symbols = [f"{{{c}}}" for c in a.colors]
    if len(symbols) == 2:
        return " or ".join(symbols)
    return ", ".join(symbols[:-1]) + ", or " + symbols[-1]


def ability(a: object) -> str:
    if isinstance(a, ManaAbility):
        return f"{cost(a.cost)}: add {_mana_made(a).lower()}"
    if isinstance(a, ActivatedAbility) and a.effects == (AttachSource(0),) and a.sorcery_speed:
        return f"equip {cost(a.cost)}"
    if isinstance(a, ActivatedAbility):
        only = " and activate only as a sorcery" if a.sorcery_speed else ""
        if a.only:
            only += f" and activate only {a.only}"  # 602.5b
        return f"{cost(a.cost)}: {effects(a.effects, a.targets)}{only}"
    if isinstance(a, TriggeredAbility) and a.condition is None:
        return f"{trigger(a.trigger)}, {effects(a.effects, a.targets)}"
    if isinstance(a, TriggeredAbility) and a.condition is not None:
        cond = cl.condition_words(a.condition)  # 603.4
        if cond is None:
            raise NoWords(repr(a))
        return f"{trigger(a.trigger)}, if {cond}, {effects(a.effects, a.targets)}"
    if isinstance(a, StaticAbility):
        return static(a.effect)
    raise NoWords(repr(a))


def _keywords(line: KeywordLine, card: CardDef) -> str:
    out = []
    for w in line.words:
        if w in ("morph", "megamorph") and card.morph is not None:
            out.append(f"{w} {str(card.morph).lower()}")
        elif w == "suspend" and card.suspend is not None:
            out.append(f"suspend {card.suspend.time}—{str(card.suspend.cost).lower()}")
        elif w in card.keywords:
            out.append(w)
    return ", ".join(keyword_forms.join_protection(out))


def render(c: Compiled) -> list[str]:
    """The card's lines as canonical text (lower case, ``~`` for its name)."""
    card = c.card
    out = []
    for line in c.lines:
        if isinstance(line, KeywordLine):
            out.append(_keywords(line, card))
        elif isinstance(line, SpellLine):
            out.append(effects(card.effects[line.start : line.end], card.targets))
        elif isinstance(line, AbilityLine):
            out.append(ability(card.abilities[line.index]))
        elif isinstance(line, keyword_forms.CostLine):
            kcs = card.keyword_costs[line.start : line.end]
            out.append(", ".join(keyword_forms.cost_words(kc) for kc in kcs))
        elif isinstance(line, ModalHead):
            out.append("choose one —")
        elif isinstance(line, ModeLine):
            modal = modal_of(card.effects)
            if modal is None:
                raise NoWords(repr(line))
            mode = modal.modes[line.index]
            out.append("• " + effects(mode.effects, mode.targets))
        elif isinstance(line, AdditionalCostLine) and card.additional is not None:
            out.append(f"as an additional cost to cast ~, {extra_cost(card.additional)}")
    return out


# Wordings that mean the same thing, brought to the one the renderer writes.
_SYNONYMS = (
    (
        re.compile(
            r"(?<=basic land card)(?:, put that card| and put that card| and put it)"
            r"( onto the battlefield(?: tapped)?)(?:,|\.) then shuffle your library"
        ),
        r", put it\1, then shuffle your library",
    ),
    (
        re.compile(
            r"(?<=basic land card), (?:reveal it|reveal that card), and put it into your hand\. "
            r"then shuffle your library"
        ),
        ", reveal it, put it into your hand, then shuffle your library",
    ),
    (re.compile(r"at the beginning of the end step"), "at the beginning of each end step"),
    (re.compile(r"at the beginning of each player's upkeep"), "at the beginning of each upkeep"),
    (re.compile(r"\.$"), ""),
    (re.compile(r"\. "), " and "),
    (
        re.compile(r", then return it to the battlefield"),
        ", then return that card to the battlefield",
    ),
    (re.compile(r", then (?!return that card to the battlefield)"), " and "),
    (re.compile(r"^whenever a creature dies\b"), "whenever ~ or another creature dies"),
    (re.compile(r"^all (?=[a-z'-]+ creatures )"), ""),
    (re.compile(r"^(?:landfall|threshold|metalcraft) — "), ""),
    (re.compile(r"^as long as ([^,]+), ~ (.*)$"), r"~ \2 as long as \1"),
    (re.compile(r"can't be countered by spells or abilities"), "can't be countered"),
    (re.compile(r"its controller's untap step"), "your untap step"),
    *cl.SYNONYMS,
)


_TYPE_PAIR = re.compile(
    r"\b(artifact|enchantment|land|creature|planeswalker|instant|sorcery) or "
    r"(artifact|enchantment|land|creature|planeswalker|instant|sorcery)\b"
)
_MANA_RUN = re.compile(r"(?:\{[0-9wubrgcx/]+\})+")
_MANA_ORDER = "x0123456789wubrgc"


_COLOR_PAIR = re.compile(
    r"\b(white|blue|black|red|green) and (white|blue|black|red|green)\b(?= [a-z ]*creature token)"
)
_COLOR_ORDER = ("white", "blue", "black", "red", "green")


def _color_pair(m: re.Match[str]) -> str:
    a, b = sorted((m.group(1), m.group(2)), key=_COLOR_ORDER.index)
    return f"{a} and {b}"


def _type_pair(m: re.Match[str]) -> str:
    a, b = sorted((m.group(1), m.group(2)), key=lambda t: _TYPE_ORDER.index(t.capitalize()))
    return f"{a} or {b}"


def _mana_run(m: re.Match[str]) -> str:
    symbols = re.findall(r"\{[^}]+\}", m.group(0))
    return "".join(sorted(symbols, key=lambda s: _MANA_ORDER.index(s[1])))


_ALL_SYNONYMS = (*_SYNONYMS, *keyword_forms.SYNONYMS)


def canonical(line: str) -> str:
    """A normalised Oracle line as the renderer would write it, where wordings mean the same:
    a type disjunction or a cost's symbols in another order, ``-0`` for ``+0``, ``you draw``
    for ``draw``, ``;`` between keywords."""
    line = line.lower().strip()
    for pat, new in _ALL_SYNONYMS:
        line = pat.sub(new, line)
    line = _TYPE_PAIR.sub(_type_pair, line)
    line = _KW_LIST.sub(_sort_keywords, line)
    line = _COLOR_PAIR.sub(_color_pair, line)  # a token's two colours, in either order
    line = _MANA_RUN.sub(_mana_run, line)
    line = re.sub(r"(?<=/)-0\b", "+0", re.sub(r"-0(?=/)", "+0", line))
    return line.replace("; ", ", ").replace("you draw ", "draw ")


# The contexts in which "it" is the ability's source: the instructions of a trigger of the source
# itself or of the card being cycled (:func:`compiler.it_is_source`; 603.2, 702.29c), and those
# of an ability whose cost sacrifices it (602.2). There "it" as the subject ("it deals", "you may
# have it deal", "if you do, it gets") is the source, which the renderer writes "~": the text is
# read so on such a line only, whatever the words of its trigger head.
_IT_AFTER_TRIGGER = re.compile(
    r"^([^,]*, (?:if [^,]*, )?(?:.*?(?:you may have |if you do, ))?)it (gets?|gains?|deals?)\b"
)
# ... and as the object of "sacrifice it", "(un)tap it", "put a +1/+1 counter on it", "prevent
# all damage that would be dealt to it".
_IT_OBJECT_AFTER_TRIGGER = re.compile(
    r"^([^,]*, (?:you may )?sacrifice |[^,]*, (?:you may )?(?:un)?tap |[^,]*, .*? and untap "
    r"|[^,]*, (?:you may )?put [^,.]*? counters? on "
    r"|[^,]*, prevent all (?:combat )?damage that would be dealt (?:to |by |to and dealt by ))"
    r"it\b"
)
_IT_AFTER_COST = re.compile(r"^([^:]*: )it (deals?)\b")


def _text_line(line: str, kind: object, card: CardDef) -> str:
    """A line of the normalised text as the renderer would write it, in its line's context."""
    text = canonical(line)
    if not isinstance(kind, AbilityLine):
        return text
    ab = card.abilities[kind.index]
    if isinstance(ab, TriggeredAbility) and it_is_source(ab.trigger):
        text = _IT_AFTER_TRIGGER.sub(r"\1~ \2", text)
        return _IT_OBJECT_AFTER_TRIGGER.sub(r"\1~", text)
    if isinstance(ab, ActivatedAbility) and ab.cost.sacrifice_self:
        return _IT_AFTER_COST.sub(r"\1~ \2", text)
    return text


def check(c: Compiled) -> list[tuple[str, str]]:
    """The lines where the render differs from the text: (canonical text, render)."""
    rendered = [canonical(r) for r in render(c)]
    if len(rendered) != len(c.normalised):
        text = [canonical(t) for t in c.normalised]
        return [("\n".join(text), "\n".join(rendered))]
    text = [_text_line(t, k, c.card) for t, k in zip(c.normalised, c.lines, strict=True)]
    return [(t, r) for t, r in zip(text, rendered, strict=True) if t != r]
