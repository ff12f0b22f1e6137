"""One row of the card base -> a :class:`CardDef`, exactly, or a :class:`Refusal` saying why not.

Each line of the (normalised) Oracle text is read whole by one form: a keyword line, an
activated or mana ability (``cost: effect``), a triggered ability (``When/Whenever/At ...,``), a
static form, or (for an instant or sorcery) the spell's effects. The first line or fragment no
form reads refuses the whole card: there are no partial cards.
"""

from __future__ import annotations

import re
from typing import Any

from manastack.frozen import dataclass
from manastack.mana import COLOR_NAMES, ManaCost
from manastack.oracle import clauses as cl
from manastack.oracle import grammar as gr
from manastack.oracle import keyword_forms as kf
from manastack.oracle.normalise import normalise
from manastack.oracle.refusal import (
    CARD_TYPE,
    KEYWORD,
    LAYOUT,
    STAR_PT,
    SUPERTYPE,
    UNPARSED,
    Refusal,
    Refused,
)
from manastack.vocabulary.alt_costs import costed_abilities
from manastack.vocabulary.attach import AttachSource
from manastack.vocabulary.base import (
    Ability,
    ActivatedAbility,
    CardDef,
    Cost,
    Effect,
    KeywordCost,
    ManaAbility,
    StaticAbility,
    Suspend,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.combat_triggers import (
    CombatDamageToPlayer,
    LeavesTrigger,
)
from manastack.vocabulary.costs import ExtraCost
from manastack.vocabulary.effects import AddMana
from manastack.vocabulary.filters import CREATURE, Controlled, HasType
from manastack.vocabulary.keyword_abilities import keyword_abilities
from manastack.vocabulary.keywords import OwnAbility, ReturnSourceToHand
from manastack.vocabulary.modes import Modal, Mode
from manastack.vocabulary.more_triggers import DealsDamage, DealtDamage
from manastack.vocabulary.suspend import suspend as suspend_keyword
from manastack.vocabulary.triggers import DiesTrigger, EntersTrigger, ItsOwnEvent
from manastack.vocabulary.upkeep_keywords import upkeep_ability

# Triggers of the permanent itself, after which "it" is the source ("it gets +1/+1"): those on
# an event of its own ("whenever ~ attacks", "when ~ leaves the battlefield"), and its damage.
_OWN_TRIGGERS = (
    ItsOwnEvent,
    CombatDamageToPlayer,
    DealsDamage,
    DealtDamage,
    *kf.OWN_TRIGGERS,
)


def it_is_source(trig: TriggerCondition) -> bool:
    """The trigger's context: whether "it" in its ability's instructions is the ability's source,
    for a trigger of the permanent itself ("whenever ~ attacks, it gets +1/+0") or of the card
    being cycled ("when you cycle ~, you may have it deal 1 damage to any target": the cycled
    card, 702.29c). The grammar reads "it" so (:attr:`grammar.Context.it_is_source`) and the
    render check reads the text so (:func:`render.check`)."""
    return trig in (EntersTrigger("self"), DiesTrigger("self")) or isinstance(trig, _OWN_TRIGGERS)


# 702.5a: what each enchant ability lets an Aura spell target (303.4a).
_ENCHANT = {
    "enchant creature": TargetSpec("target creature", permanent=CREATURE),
    "enchant creature you control": TargetSpec(
        "target creature you control", permanent=HasType(frozenset({"Creature"})) & Controlled()
    ),
    "enchant creature an opponent controls": TargetSpec(
        "target creature an opponent controls",
        permanent=HasType(frozenset({"Creature"})) & Controlled("opponent"),
    ),
}
EQUIP_TARGET = TargetSpec(
    "target creature you control", permanent=HasType(frozenset({"Creature"})) & Controlled()
)

CARD_TYPES = frozenset({"Creature", "Artifact", "Enchantment", "Land", "Instant", "Sorcery"})
SUPERTYPES = frozenset({"Legendary", "Basic", "Snow"})
BASIC_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
_LETTER_OF = {name.capitalize(): letter for letter, name in COLOR_NAMES.items()}
_SORCERY_ONLY = " Activate only as a sorcery."


@dataclass(frozen=True, slots=True)
class SpellLine:
    """A line of an instant's or sorcery's effects: ``card.effects[start:end]``."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class AdditionalCostLine:
    """601.2b: "As an additional cost to cast this spell, ..." (``card.additional``)."""


@dataclass(frozen=True, slots=True)
class ModalHead:
    """700.2: "Choose one —", the head of a modal spell's modes."""


@dataclass(frozen=True, slots=True)
class ModeLine:
    """A bullet of a modal spell: mode ``index`` of ``card.effects[0]``."""

    index: int


@dataclass(frozen=True, slots=True)
class AbilityLine:
    """A line that is one ability: ``card.abilities[index]``."""

    index: int


Line = (
    gr.KeywordLine
    | kf.CostLine
    | SpellLine
    | AbilityLine
    | AdditionalCostLine
    | ModalHead
    | ModeLine
)
_ADDITIONAL = "as an additional cost to cast ~, "


@dataclass(frozen=True)
class Compiled:
    """A compiled card, with what each line of its normalised text became (for the render
    back to text, which must give those lines again)."""

    card: CardDef
    lines: tuple[Line, ...]
    normalised: tuple[str, ...]


def _int_pt(value: str | None, name: str) -> int | None:
    if value is None:
        return None
    if not re.fullmatch(r"-?\d+", value):
        raise Refused(STAR_PT, value, f"{name}'s power/toughness")
    return int(value)


def _named(line: str, name: str) -> str:
    return line.replace("~", name)


def _ability(line: str, name: str) -> Ability:
    """A permanent's line that is one ability."""
    whole = kf.triggered_form(line, name)
    if whole is not None:
        return whole
    cur = gr.Cursor(line)
    trig = gr.trigger_head(cur)
    if trig is not None:
        cond = cl.intervening_if(cur, trig)  # 603.4
        ctx = gr.Context(
            it_is_source=it_is_source(trig),
            that_player=cl.gives_player(trig),
            defending=cl.gives_defender(trig),
        )
        effects = gr.sentences(cur, ctx)
        if isinstance(trig, (DiesTrigger, LeavesTrigger)) and any(
            isinstance(e, ReturnSourceToHand) for e in effects
        ):
            # After a zone change "~" is a new object (400.7d), which only the graveyard
            # trigger remembers.
            raise Refused(UNPARSED, line, line)
        return TriggeredAbility(trig, tuple(effects), _named(line, name), tuple(ctx.targets), cond)
    static = kf.static_form(line) or gr.static_form(cur)
    if static is not None:
        return StaticAbility(static, _named(line, name))
    colon = line.find(": ")
    if colon > 0 and (
        line.startswith("{") or line.lower().startswith(("sacrifice ", "pay ", "discard "))
    ):
        return _activated(line, colon, name)
    raise gr.fail(cur)


def _activated(line: str, colon: int, name: str) -> Ability:
    """602.1: ``cost: effect``; a mana ability (605.1a) when it adds mana and has no target."""
    c = gr.cost(line[:colon], line)
    body, only = kf.activation_restriction(line[colon + 2 :])  # 602.5b
    sorcery = body.endswith(_SORCERY_ONLY)
    if sorcery:
        body = body[: -len(_SORCERY_ONLY)]
    cur = gr.Cursor(body)
    if cur.lit("add "):
        made = gr.mana_produced(cur)
        cur.lit(".")  # a few rows lack the final full stop
        if made is None or not cur.done():
            raise gr.fail(cur)
        if c.mana.mana_value or c.mana.x or c.extra is not None or sorcery or only:
            # The engine pays a mana ability's {T} and sacrifice only (casting.py).
            raise Refused(UNPARSED, line[:colon], line)
        colors, n = made
        return ManaAbility(c, colors, _named(line, name), n)
    ctx = gr.Context(it_is_source=c.sacrifice_self)
    effects = gr.sentences(cur, ctx)
    if any(isinstance(e, AddMana) for e in effects):
        raise Refused(UNPARSED, body, line)  # adding mana among other effects: not one form
    return ActivatedAbility(
        c, tuple(effects), _named(line, name), tuple(ctx.targets), sorcery, only
    )


def compile_row(row: dict[str, Any]) -> Compiled | Refusal:
    name: str = row["name"]
    try:
        return _compile(row, name)
    except Refused as r:
        return Refusal(name, r.reason, r.line, r.fragment)


def _compile(row: dict[str, Any], name: str) -> Compiled:
    if row.get("layout", "normal") != "normal":
        raise Refused(LAYOUT, row["layout"], row.get("type") or "")
    types = frozenset(row.get("types") or ())
    for t in sorted(types - CARD_TYPES):
        raise Refused(CARD_TYPE, t, row.get("type") or "")
    supertypes = frozenset(row.get("supertypes") or ())
    for s in sorted(supertypes - SUPERTYPES):
        raise Refused(SUPERTYPE, s, row.get("type") or "")
    cost: ManaCost | None = None
    if row.get("manaCost"):
        cost = gr.mana_cost(row["manaCost"], row["manaCost"])
    elif "Land" not in types:
        raise Refused(UNPARSED, "no mana cost", row.get("type") or "")
    star = "*" in (row.get("power") or "") + (row.get("toughness") or "")
    power = None if star else _int_pt(row.get("power"), name)
    toughness = None if star else _int_pt(row.get("toughness"), name)
    is_spell = bool(types & {"Instant", "Sorcery"})
    printed_text: str = row.get("text") or ""
    lines = normalise(printed_text, name, "Legendary" in supertypes)

    keywords: list[str] = []
    targets: list[TargetSpec] = []
    effects: list[Effect] = []
    abilities: list[Ability] = []
    morph: ManaCost | None = None
    susp: Suspend | None = None
    additional: ExtraCost | None = None
    modes: list[Mode] | None = None
    costed: list[KeywordCost] = []  # kicker, flashback, cycling, echo, ... (702)
    out: list[Line] = []
    subtypes = tuple(row.get("subtypes") or ())
    # 305.6: a basic land type gives its mana ability, printed or not.
    if "Land" in types:
        for sub in subtypes:
            if sub in BASIC_MANA:
                m = BASIC_MANA[sub]
                abilities.append(ManaAbility(Cost(tap=True), m, f"{{T}}: Add {{{m}}}."))
    ctx = gr.Context(targets)
    for line in lines:
        try:
            equip = gr.equip_line(line)
            if equip is not None:
                if "Equipment" not in subtypes:
                    raise Refused(UNPARSED, line, line)
                # 702.6a: "[Cost]: Attach this to target creature you control. Activate only
                # as a sorcery."
                abilities.append(
                    ActivatedAbility(
                        equip, (AttachSource(0),), line, (EQUIP_TARGET,), sorcery_speed=True
                    )
                )
                out.append(AbilityLine(len(abilities) - 1))
                continue
            kcs = kf.keyword_costs(line)
            if kcs is not None:
                out.append(kf.CostLine(len(costed), len(costed) + len(kcs)))
                costed += kcs
                continue
            kw = gr.keyword_line(line)
            if line.lower().startswith(_ADDITIONAL) and line.endswith(".") and additional is None:
                additional = gr.extra_cost(line[len(_ADDITIONAL) : -1])
                if additional is None:
                    raise Refused(UNPARSED, line[len(_ADDITIONAL) :].rstrip("."), line)
                out.append(AdditionalCostLine())
            elif kw is not None:
                if kw.suspend is not None and not is_spell:
                    # 702.62a gives a suspended creature haste: not done by the engine.
                    raise Refused(KEYWORD, "Suspend", line)
                keywords += [w for w in kw.words if w not in ("morph", "suspend")]
                for w in kw.words:
                    spec = _ENCHANT.get(w) or kf.enchant_spec(w)
                    if spec is not None:
                        if "Aura" not in subtypes or targets:
                            raise Refused(KEYWORD, "Enchant", line)
                        targets.append(spec)  # 303.4a: the Aura spell's target
                morph = kw.morph or morph
                if kw.suspend is not None:
                    susp = suspend_keyword(kw.suspend[0], str(kw.suspend[1]))
                out.append(kw)
            elif is_spell and line.lower().startswith("~ can't be countered"):
                # An ability that works while the spell is on the stack (101.2).
                st = gr.keyword_static(gr.Cursor(line))
                if not isinstance(st, OwnAbility) or not st.uncounterable:
                    raise Refused(UNPARSED, line, line)
                abilities.append(StaticAbility(st, _named(line, name)))
                out.append(AbilityLine(len(abilities) - 1))
            elif is_spell and line == "Choose one —" and modes is None and not effects:
                modes = []
                out.append(ModalHead())
            elif is_spell and modes is not None and line.startswith("• "):
                mctx = gr.Context([])
                mode_effects = gr.sentences(gr.Cursor(line[2:]), mctx)
                modes.append(Mode(tuple(mode_effects), tuple(mctx.targets)))
                out.append(ModeLine(len(modes) - 1))
            elif is_spell and modes is None and not kf.works_off_the_stack(line):
                start = len(effects)
                effects += kf.spell_sentences(line, ctx)
                out.append(SpellLine(start, len(effects)))
            else:
                ab = _ability(line, name)
                if isinstance(ab, ManaAbility) and ab in abilities:
                    continue  # a basic land's ability printed as well (Wastes prints its own)
                abilities.append(ab)
                out.append(AbilityLine(len(abilities) - 1))
        except Refused as r:
            raise Refused(r.reason, _named(r.fragment, name), _named(line, name)) from None
    for w in keywords:
        # exalted, prowess, bushido N, modular N...: the abilities a keyword stands for (702)
        abilities += keyword_abilities(w)
    for kc in costed:
        kab = upkeep_ability(kc)  # echo, cumulative upkeep: triggered abilities (702.30, 702.24)
        if kab is not None:
            abilities.append(kab)
        abilities += costed_abilities(kc)  # evoke's sacrifice, dash's haste and return
    if star:
        # 604.3: a `*` is what a characteristic-defining ability of the card sets.
        power, toughness = cl.star_pt(row.get("power"), row.get("toughness"), abilities, name)
    if modes is not None:
        if len(modes) < 2 or effects or len(out) != len(lines):
            raise Refused(UNPARSED, "a modal spell with other instructions", printed_text)
        effects = [Modal(tuple(modes))]
    printed = frozenset(_LETTER_OF[c] for c in row.get("colors") or ())
    # 702.114a: devoid makes the card colourless whatever its mana cost.
    colorless: frozenset[str] | None = frozenset() if "devoid" in keywords else None
    if printed != (cost.colors if cost and colorless is None else frozenset()):
        raise Refused(UNPARSED, "colour not given by its mana cost", row.get("type") or "")
    if additional is not None and any(kc.extra is not None for kc in costed):
        # Two costs besides mana (an additional cost and a kicker's): not one form yet.
        raise Refused(UNPARSED, "an additional cost and a kicker cost", printed_text)
    if "Aura" in subtypes and not targets:
        raise Refused(KEYWORD, "Enchant", row.get("type") or "")
    if is_spell and not effects:
        raise Refused(UNPARSED, "a spell that does nothing", printed_text)
    card = CardDef(
        name=name,
        types=types,
        text=printed_text,
        cost=cost,
        subtypes=subtypes,
        supertypes=supertypes,
        power=power,
        toughness=toughness,
        keywords=frozenset(keywords),
        targets=tuple(targets),
        effects=tuple(effects),
        abilities=tuple(abilities),
        morph=morph,
        suspend=susp,
        additional=additional,
        keyword_costs=tuple(costed),
        color_indicator=colorless,
    )
    return Compiled(card, tuple(out), tuple(lines))
