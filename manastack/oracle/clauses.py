"""More of the grammar (and its inverse, the words the renderer writes): cast triggers (603.2),
triggers of a step naming whose turn it is, "that player", optional payments ("you may pay {1}.
If you do, ...", "... unless you pay {U}"), sacrifices chosen by a player (701.21a).

:mod:`manastack.oracle.grammar` reads these through four hooks: :func:`trigger_head`,
:func:`static_form`, :data:`CLAUSES` and :func:`lead` (what comes before a clause and hangs the
rest of its sentence on it); :mod:`manastack.oracle.render` writes them back through
:func:`trigger_words`, :func:`static_words`, :func:`effect_words` and :func:`lead_words`. This
module imports the grammar inside its functions (the grammar imports it as it loads).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from manastack.frozen import dataclass
from manastack.steps import Step
from manastack.vocabulary.alt_costs import WasKicked
from manastack.vocabulary.amounts import CountOf, X
from manastack.vocabulary.asks import MayPay, MayThen, UnlessPay
from manastack.vocabulary.base import (
    Amount,
    Condition,
    Effect,
    Filter,
    StaticEffect,
    TargetSpec,
    TriggerCondition,
)
from manastack.vocabulary.cast_triggers import (
    Basic,
    Legendary,
    ManaValue,
    Multicolored,
    SpellCastTrigger,
    SpellColor,
    Stat,
    Subtypes,
    TappedState,
)
from manastack.vocabulary.cda import SOURCE as CDA_SOURCE
from manastack.vocabulary.cda import CardsIn, DefinedPT, Plus, PowerOf, PumpX, WhereX
from manastack.vocabulary.combat_triggers import BecomesTargetTrigger, CombatDamageToPlayer
from manastack.vocabulary.conditions import (
    GraveyardTypes,
    HandCount,
    LifeAtMost,
    OpponentMoreLands,
    SourceTapped,
    YouControl,
)
from manastack.vocabulary.control import GainControl
from manastack.vocabulary.filters import AllOf, AnyObject, Controlled, HasType, NotColor, NotType
from manastack.vocabulary.library import PERMANENT_CARD_TYPES, CardQuality, LookAtTop, Search
from manastack.vocabulary.more_effects import (
    CountersOnAll,
    CountersOnAttached,
    DamageYou,
    DiscardEach,
    GainAll,
    Have,
    ReturnOwn,
    RuleThisTurn,
    TapOrUntap,
)
from manastack.vocabulary.more_triggers import (
    AttachedAttacks,
    AttachedDealsCombatDamage,
    AttachedDies,
    AttacksAlone,
    AttacksUnblocked,
    AttacksWithOthers,
    BecomesTapped,
    BecomesUntapped,
    DealsDamage,
    DealtDamage,
    DiesWhich,
    EntersWhich,
    NotToken,
    ThatMuch,
    YouDraw,
    YouGainLife,
)
from manastack.vocabulary.player_effects import DamageThatPlayer, Sacrifices
from manastack.vocabulary.prevention import ALL as PV_ALL
from manastack.vocabulary.prevention import ANY as PV_ANY
from manastack.vocabulary.prevention import SOURCE as PV_SOURCE
from manastack.vocabulary.prevention import YOU as PV_YOU
from manastack.vocabulary.prevention import PreventDamage, PreventNextFromChosen, StaticPrevention
from manastack.vocabulary.step_triggers import TurnStepTrigger
from manastack.vocabulary.triggers import ItsOwnAttack

if TYPE_CHECKING:
    from manastack.oracle.grammar import Context, Cursor

_COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
_COLOR_NAME = {v: k for k, v in _COLORS.items()}
_TYPE_WORDS = (
    ("artifact", "Artifact"),
    ("enchantment", "Enchantment"),
    ("land", "Land"),
    ("creature", "Creature"),
    ("planeswalker", "Planeswalker"),
    ("instant", "Instant"),
    ("sorcery", "Sorcery"),
)
_TYPE_OF = dict(_TYPE_WORDS)
_SUBTYPE_WORD = re.compile(r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?")
_PREFIX_WORDS: tuple[tuple[str, Filter], ...] = (
    ("tapped ", TappedState(True)),
    ("untapped ", TappedState(False)),
    ("nonbasic ", Basic(False)),
    ("basic ", Basic(True)),
    ("legendary ", Legendary()),
    ("multicolored ", Multicolored()),
    ("colorless ", Multicolored(False)),
)
_SYMBOLS = re.compile(r"(?:\{[^}]+\})+")


def _article(words: str) -> str:
    return "an" if words[:1] in "aeiou" else "a"


# --- spells, as cast triggers name them -----------------------------------------------------------


def _color_list(cur: Cursor) -> str:
    """``white``, ``blue or black``, ``white, blue, black, or red``, then a space: the letters
    in the order written ("" if none)."""
    start = cur.i
    letters = ""
    while True:
        for word, letter in _COLORS.items():
            if cur.lit(word) and cur.boundary():
                letters += letter
                break
        else:
            cur.i = start
            return ""
        if cur.lit(", or ") or cur.lit(" or "):
            continue
        if cur.lit(", "):
            continue
        if cur.lit(" "):
            return letters
        cur.i = start
        return ""


def _type_list(cur: Cursor) -> frozenset[str] | None:
    """``creature``, ``instant or sorcery``."""
    found: list[str] = []
    while True:
        start = cur.i
        for word, typ in _TYPE_WORDS:
            if cur.lit(word) and cur.boundary():
                found.append(typ)
                break
        else:
            cur.i = start
            return frozenset(found) if found else None
        if not cur.lit(" or "):
            return frozenset(found)


def _subtype_list(cur: Cursor) -> tuple[str, ...] | None:
    """``Spirit or Arcane``, ``Goblin`` (written with a capital, as printed)."""
    found: list[str] = []
    while True:
        m = _SUBTYPE_WORD.match(cur.text, cur.i)
        if m is None or not cur.low.startswith(m.group(0).lower(), cur.i):
            return tuple(found) if found else None
        cur.i = m.end()
        if not cur.boundary():
            return None
        found.append(m.group(0))
        start = cur.i
        if not cur.lit(" or "):
            return tuple(found)
        if _SUBTYPE_WORD.match(cur.text, cur.i) is None:
            cur.i = start
            return tuple(found)


def spell_filter(cur: Cursor) -> Filter | None:
    """``a white spell``, ``an instant or sorcery spell``, ``a noncreature spell``, ``a
    multicolored spell``, ``a Spirit or Arcane spell``, ``a creature spell with mana value 3
    or less``: the spell's filter (``AnyObject`` for any spell)."""
    from manastack.oracle import grammar as gr

    start = cur.i
    article = "an" if cur.lit("an ") else "a" if cur.lit("a ") else ""
    if not article:
        return None
    body = cur.i
    parts: list[Filter] = []
    letters = _color_list(cur)
    if letters:
        parts.append(SpellColor(letters))
    elif cur.lit("multicolored "):
        parts.append(Multicolored())
    elif cur.lit("colorless "):
        parts.append(Multicolored(False))
    elif cur.lit("legendary "):
        parts.append(Legendary())
    parts += gr._modifiers(cur)
    types = _type_list(cur)
    if types is not None:
        parts.append(HasType(types))
        if not cur.lit(" "):
            cur.i = start
            return None
    else:
        subs = _subtype_list(cur)
        if subs is not None:
            parts.append(Subtypes(subs))
            if not cur.lit(" "):
                cur.i = start
                return None
    if not (cur.lit("spell") and cur.boundary()):
        cur.i = start
        return None
    m = cur.rx(re.compile(r" with mana value (\d+) or (less|greater)\b"))
    if m is not None:
        parts.append(ManaValue(int(m.group(1)), m.group(2) == "less"))
    if article != _article(cur.low[body:]):
        cur.i = start
        return None
    if not parts:
        return AnyObject()
    return parts[0] if len(parts) == 1 else AllOf(tuple(parts))


def spell_words(f: Filter) -> str | None:
    """The words of :func:`spell_filter` (None if it has none for ``f``)."""
    parts = f.parts if isinstance(f, AllOf) else (f,)
    words: list[str] = []
    tail = ""
    for p in parts:
        if isinstance(p, AnyObject):
            continue
        if isinstance(p, SpellColor):
            names = [_COLOR_NAME[c] for c in p.colors]
            if len(names) > 2:
                words.append(", ".join(names[:-1]) + ", or " + names[-1])
            else:
                words.append(" or ".join(names))
        elif isinstance(p, Multicolored):
            words.append("multicolored" if p.multi else "colorless")
        elif isinstance(p, Legendary):
            words.append("legendary")
        elif isinstance(p, NotColor) and len(p.colors) == 1:
            words.append("non" + _COLOR_NAME[next(iter(p.colors))])
        elif isinstance(p, NotType) and len(p.types) == 1:
            words.append("non" + next(iter(p.types)).lower())
        elif isinstance(p, HasType):
            words.append(" or ".join(w for w, t in _TYPE_WORDS if t in p.types))
        elif isinstance(p, Subtypes):
            words.append(" or ".join(p.subtypes))
        elif isinstance(p, ManaValue):
            tail = f" with mana value {p.n} or {'less' if p.most else 'greater'}"
        else:
            return None
    text = " ".join([*words, "spell"]) + tail
    return f"{_article(text.lower())} {text}"


# --- trigger heads ------------------------------------------------------------------------------

_CASTERS = (
    ("whenever you cast ", "you"),
    ("whenever a player casts ", "any"),
    ("whenever an opponent casts ", "opponent"),
)
_TURN_STEPS: tuple[tuple[str, TurnStepTrigger], ...] = (
    ("each player's upkeep", TurnStepTrigger(Step.UPKEEP, "player")),
    ("each player's draw step", TurnStepTrigger(Step.DRAW, "player")),
    ("each player's precombat main phase", TurnStepTrigger(Step.PRECOMBAT_MAIN, "player")),
    ("each player's end step", TurnStepTrigger(Step.END, "player")),
    ("each opponent's upkeep", TurnStepTrigger(Step.UPKEEP, "opponent")),
    ("each opponent's draw step", TurnStepTrigger(Step.DRAW, "opponent")),
    ("each opponent's end step", TurnStepTrigger(Step.END, "opponent")),
    ("combat on your turn", TurnStepTrigger(Step.BEGINNING_OF_COMBAT, "your")),
    ("combat on each opponent's turn", TurnStepTrigger(Step.BEGINNING_OF_COMBAT, "opponent")),
    ("each combat", TurnStepTrigger(Step.BEGINNING_OF_COMBAT, "each")),
    ("your precombat main phase", TurnStepTrigger(Step.PRECOMBAT_MAIN, "your")),
    ("the upkeep of enchanted creature's controller", TurnStepTrigger(Step.UPKEEP, "enchanted")),
    (
        "the end step of enchanted creature's controller",
        TurnStepTrigger(Step.END, "enchanted"),
    ),
)


_ABILITY_WORDS = ("rally — ", "constellation — ", "landfall — ")
_SELF_HEADS: tuple[tuple[str, TriggerCondition], ...] = (
    ("whenever ~ attacks and isn't blocked, ", AttacksUnblocked()),
    ("whenever ~ deals damage to a player, ", DealsDamage("player")),
    ("whenever ~ deals damage to an opponent, ", DealsDamage("opponent")),
    ("whenever ~ deals combat damage to a creature, ", DealsDamage("creature", True)),
    ("whenever ~ deals damage, ", DealsDamage()),
    ("whenever ~ is dealt damage, ", DealtDamage()),
    ("whenever ~ is dealt combat damage, ", DealtDamage(True)),
    ("whenever you gain life, ", YouGainLife()),
    ("whenever ~ becomes tapped, ", BecomesTapped()),
    ("whenever equipped creature attacks, ", AttachedAttacks("equipped")),
    ("whenever enchanted creature attacks, ", AttachedAttacks("enchanted")),
    (
        "whenever equipped creature deals combat damage to a player, ",
        AttachedDealsCombatDamage("equipped"),
    ),
    (
        "whenever enchanted creature deals combat damage to a player, ",
        AttachedDealsCombatDamage("enchanted"),
    ),
    ("whenever ~ attacks alone, ", AttacksAlone()),
    ("battalion — whenever ~ and at least two other creatures attack, ", AttacksWithOthers(2)),
    ("whenever you draw a card, ", YouDraw()),
    ("inspired — whenever ~ becomes untapped, ", BecomesUntapped()),
    ("when enchanted creature dies, ", AttachedDies("enchanted")),
    ("whenever equipped creature dies, ", AttachedDies("equipped")),
    ("whenever ~ becomes the target of a spell or ability, ", BecomesTargetTrigger()),
)
_DIES_HEADS = (
    ("whenever another creature dies, ", HasType(frozenset({"Creature"})), True),
    (
        "whenever a creature you control dies, ",
        AllOf((HasType(frozenset({"Creature"})), Controlled("you"))),
        False,
    ),
    (
        "whenever another creature you control dies, ",
        AllOf((HasType(frozenset({"Creature"})), Controlled("you"))),
        True,
    ),
    (
        "whenever a nontoken creature you control dies, ",
        AllOf((HasType(frozenset({"Creature"})), NotToken(), Controlled("you"))),
        False,
    ),
    (
        "whenever a creature an opponent controls dies, ",
        AllOf((HasType(frozenset({"Creature"})), Controlled("opponent"))),
        False,
    ),
)


def _entering(cur: Cursor) -> Filter | None:
    """What "enters": ``Ally`` (a subtype, as printed), ``creature``, ``nontoken creature``,
    ``artifact``, ``enchantment``."""
    from manastack.oracle import grammar as gr

    start = cur.i
    subs = _subtype_list(cur)
    if subs is not None and len(subs) == 1:
        return Subtypes(subs)
    cur.i = start
    token = cur.lit("nontoken ")
    f = gr.permanent_filter(cur)
    if f is None or " control" in cur.low[start : cur.i]:
        cur.i = start
        return None
    return AllOf((f, NotToken())) if token else f


def _enters_head(cur: Cursor) -> TriggerCondition | None:
    start = cur.i
    for word in _ABILITY_WORDS:
        if cur.lit(word):
            break
    who = article = ""
    if cur.lit("whenever ~ or another "):
        who = "self_or_another"
    elif cur.lit("whenever another "):
        who = "another"
    elif cur.lit("whenever an "):
        who, article = "a", "an"
    elif cur.lit("whenever a "):
        who, article = "a", "a"
    if who:
        body = cur.i
        f = _entering(cur)
        if f is not None and (not article or _article(cur.low[body : cur.i]) == article):
            if cur.lit(" enters under your control, "):
                return EntersWhich(f, who, True)
            if who != "self_or_another" and cur.lit(" enters, "):
                return EntersWhich(f, who, False)
    cur.i = start
    return None


def trigger_head(cur: Cursor) -> TriggerCondition | None:
    """603.1: ``Whenever you cast a white spell,``, ``Whenever an opponent casts a creature
    spell,``, ``Heroic — Whenever you cast a spell that targets ~,``, ``At the beginning of
    each opponent's upkeep,``, ``At the beginning of combat on your turn,``, ``Whenever ~ or
    another Ally enters under your control,``, ``Whenever another creature dies,``."""
    start = cur.i
    for words, trig in _SELF_HEADS:
        if cur.lit(words):
            return trig
    for words, dying, another in _DIES_HEADS:
        if cur.lit(words):
            return DiesWhich(dying, another)
    entering = _enters_head(cur)
    if entering is not None:
        return entering
    if cur.lit("heroic — whenever you cast a spell that targets ~, "):
        return SpellCastTrigger("you", AnyObject(), True)
    for words, whose in _CASTERS:
        if cur.lit(words):
            f = spell_filter(cur)
            if f is not None and cur.lit(", "):
                return SpellCastTrigger(whose, f)
            cur.i = start
    if cur.lit("at the beginning of "):
        for words, trig in _TURN_STEPS:
            if cur.lit(words + ", "):
                return trig
        cur.i = start
    return None


_TURN_WORDS = {
    (Step.UPKEEP, "player"): "each upkeep",  # "each player's upkeep" is each upkeep
    **{
        (t.step, t.whose): w for w, t in _TURN_STEPS if (t.step, t.whose) != (Step.UPKEEP, "player")
    },
}


def _entering_words(f: Filter) -> str | None:
    from manastack.oracle import render

    parts = f.parts if isinstance(f, AllOf) else (f,)
    token = any(isinstance(p, NotToken) for p in parts)
    rest = tuple(p for p in parts if not isinstance(p, NotToken))
    if len(rest) == 1 and isinstance(rest[0], Subtypes):
        words = rest[0].subtypes[0]
    else:
        try:
            words = render._filter(rest[0] if len(rest) == 1 else AllOf(rest), "permanent")
        except render.NoWords:
            return None
    return ("nontoken " if token else "") + words


def trigger_words(t: TriggerCondition) -> str | None:
    for words, trig in _SELF_HEADS:
        if t == trig:
            return words[:-2]
    if isinstance(t, DiesWhich):
        for words, f, another in _DIES_HEADS:
            if (t.what, t.another) == (f, another):
                return words[:-2]
        return None
    if isinstance(t, EntersWhich):
        what = _entering_words(t.what)
        if what is None:
            return None
        head = {"self_or_another": "~ or another", "another": "another"}.get(t.who)
        if head is None:
            head = _article(what.lower())
        where = " under your control" if t.yours else ""
        return f"whenever {head} {what} enters{where}"
    if isinstance(t, SpellCastTrigger):
        if t.targets_source:
            return "heroic — whenever you cast a spell that targets ~"
        who = {"you": "you cast", "any": "a player casts", "opponent": "an opponent casts"}
        spell = spell_words(t.spell)
        return None if spell is None else f"whenever {who[t.whose]} {spell}"
    if isinstance(t, TurnStepTrigger):
        w = _TURN_WORDS.get((t.step, t.whose))
        return None if w is None else f"at the beginning of {w}"
    return None


def gives_player(t: TriggerCondition) -> bool:
    """Whether the trigger remembers a player its effects may call "that player"."""
    if isinstance(t, DealsDamage):
        return t.to in ("player", "opponent")
    if isinstance(t, AttachedDealsCombatDamage):
        return True
    from manastack.vocabulary.triggers import CastTrigger

    return isinstance(t, SpellCastTrigger | TurnStepTrigger | CombatDamageToPlayer | CastTrigger)


def gives_defender(t: TriggerCondition) -> bool:
    """Whether the trigger remembers the player an attacking creature attacks ("defending
    player", 508.5): any trigger on its source's attack ("whenever ~ attacks [alone / and isn't
    blocked]", battalion's "whenever ~ and at least two other creatures attack") or on the
    attack of the creature it is attached to."""
    return isinstance(t, ItsOwnAttack | AttachedAttacks)


# --- intervening "if" clauses (603.4) ------------------------------------------------------------
#
# Each form: the class of its condition, how it is read (after "if ", up to the comma) and how
# it is written back (the words after "if"). The compiler reads a trigger's intervening "if"
# with :func:`intervening_if`, the renderer writes it with :func:`condition_words`; both go
# through :data:`INTERVENING_IFS` only.

C = TypeVar("C", bound=Condition)


@dataclass(frozen=True)
class IfForm(Generic[C]):
    """One intervening "if" clause form (603.4): ``read`` from the cursor after "if " (the
    trigger at hand: "that player" needs one that remembers a player), ``words`` back."""

    kind: type[C]
    read: Callable[[Cursor, TriggerCondition], C | None]
    words: Callable[[C], str | None]


def _read_kicked(cur: Cursor, trig: TriggerCondition) -> WasKicked | None:
    return WasKicked() if cur.lit("it was kicked") or cur.lit("~ was kicked") else None


def _kicked_words(c: WasKicked) -> str | None:
    return None if c.negated else "it was kicked"


def _read_you_control(cur: Cursor, trig: TriggerCondition) -> YouControl | None:
    """``you control two or more Gates``, ``you control no untapped lands``, ``you control a
    creature with power 5 or greater``, ``you control another Wizard``."""
    from manastack.oracle import grammar as gr

    if cur.lit("you control no "):
        parts = _plural_parts(cur)
        return None if parts is None else YouControl(_all(parts), none=True)
    if cur.lit("you control another "):
        f = gr.permanent_filter(cur)
        return None if f is None else YouControl(f, other=True)
    if cur.lit("you control an ") or cur.lit("you control a "):
        body = cur.i
        f = gr.permanent_filter(cur)
        article = cur.low[body - 3 : body].strip()
        if f is not None and _article(cur.low[body : cur.i]) == article:
            return YouControl(f)
        return None
    if cur.lit("you control "):
        n = gr.number(cur)
        if n is not None and n > 1 and cur.lit(" or more "):
            parts = _plural_parts(cur)
            if parts is not None:
                return YouControl(_all(parts), at_least=n)
    return None


def _you_control_words(c: YouControl) -> str | None:
    from manastack.oracle import render

    parts = c.what.parts if isinstance(c.what, AllOf) else (c.what,)
    if c.none:
        words = _plural_words(parts)
        return None if words is None else f"you control no {words}"
    if c.at_least > 1:
        words = _plural_words(parts)
        n = render._WORD.get(c.at_least, str(c.at_least))
        return None if words is None else f"you control {n} or more {words}"
    one = render._filter(c.what, "permanent")
    return f"you control another {one}" if c.other else f"you control {_article(one.lower())} {one}"


def _read_tapped(cur: Cursor, trig: TriggerCondition) -> SourceTapped | None:
    if cur.lit("~ is untapped"):
        return SourceTapped(False)
    return SourceTapped(True) if cur.lit("~ is tapped") else None


def _tapped_words(c: SourceTapped) -> str:
    return "~ is tapped" if c.tapped else "~ is untapped"


def _read_hand(cur: Cursor, trig: TriggerCondition) -> HandCount | None:
    """``you have no cards in hand``, ``that player has two or fewer cards in hand``."""
    from manastack.oracle import grammar as gr

    if cur.lit("you have no cards in hand"):
        return HandCount("you", 0)
    if gives_player(trig) and cur.lit("that player has "):
        n = gr.number(cur)
        m = cur.rx(re.compile(r" or (fewer|more) cards? in hand\b"))
        if n is not None and m is not None:
            return HandCount("that", n, m.group(1) == "fewer")
    return None


def _hand_words(c: HandCount) -> str:
    from manastack.oracle import render

    if c.whose == "you":
        return "you have no cards in hand"
    n = render._WORD.get(c.n, str(c.n))
    cards = "card" if c.n == 1 else "cards"
    return f"that player has {n} or {'fewer' if c.most else 'more'} {cards} in hand"


_GRAVEYARD_TYPES = "there are four or more card types among cards in your graveyard"
_MORE_LANDS = "an opponent controls more lands than you"


def _read_graveyard_types(cur: Cursor, trig: TriggerCondition) -> GraveyardTypes | None:
    return GraveyardTypes(4) if cur.lit(_GRAVEYARD_TYPES) else None


def _read_more_lands(cur: Cursor, trig: TriggerCondition) -> OpponentMoreLands | None:
    return OpponentMoreLands() if cur.lit(_MORE_LANDS) else None


def _read_life(cur: Cursor, trig: TriggerCondition) -> LifeAtMost | None:
    m = cur.rx(re.compile(r"you have (\d+) or less life\b"))
    return None if m is None else LifeAtMost(int(m.group(1)))


INTERVENING_IFS: tuple[IfForm[Any], ...] = (
    IfForm(WasKicked, _read_kicked, _kicked_words),  # 702.33d
    IfForm(YouControl, _read_you_control, _you_control_words),
    IfForm(SourceTapped, _read_tapped, _tapped_words),
    IfForm(HandCount, _read_hand, _hand_words),
    IfForm(GraveyardTypes, _read_graveyard_types, lambda c: _GRAVEYARD_TYPES),
    IfForm(OpponentMoreLands, _read_more_lands, lambda c: _MORE_LANDS),
    IfForm(LifeAtMost, _read_life, lambda c: f"you have {c.n} or less life"),
)


def intervening_if(cur: Cursor, trig: TriggerCondition) -> Condition | None:
    """603.4: the intervening "if" after a trigger head, one of :data:`INTERVENING_IFS` and
    its comma (``if it was kicked, ``, ``if you control two or more Gates, ``); None (the cursor
    where it was) for none."""
    start = cur.i
    if not cur.lit("if "):
        return None
    for form in INTERVENING_IFS:
        cond: Condition | None = form.read(cur, trig)
        if cond is not None and cur.lit(", "):
            return cond
        cur.i = start + len("if ")
    cur.i = start
    return None


def condition_words(c: Condition) -> str | None:
    """The words of an intervening "if" after "if " (None: no form writes it)."""
    for form in INTERVENING_IFS:
        if isinstance(c, form.kind):
            return form.words(c)
    return None


def _all(parts: list[Filter]) -> Filter:
    if not parts:
        return AnyObject()
    return parts[0] if len(parts) == 1 else AllOf(tuple(parts))


# --- "you may pay {1}. if you do, ..." ------------------------------------------------------------


def lead(cur: Cursor, ctx: Context) -> list[Effect] | None:
    """608.2d: ``you may pay {2}{U}. if you do, `` (:class:`MayPay`) or ``you may <instruction>.
    if you do, `` (:class:`MayThen` and the instruction): what "if you do" hangs on, the rest
    of its sentence depending on it (the grammar counts it: :func:`covering`)."""
    from manastack.oracle import grammar as gr

    start, n = cur.i, len(ctx.targets)
    if cur.lit("you may pay "):
        m = cur.rx(_SYMBOLS)
        if m is not None and cur.lit(". if you do, "):
            cost = gr.mana_cost(m.group(0), cur.text)
            if not cost.x:  # X would be chosen as it is paid: not an X of a spell (107.3)
                return [MayPay(cost)]
        cur.i = start
    if cur.lit("you may "):
        e = gr.clause(cur, ctx)
        if e is not None and _always_done(e) and cur.lit(". if you do, "):
            return [MayThen(), e]
        cur.i = start
        del ctx.targets[n:]
    return None


def _always_done(e: Effect) -> bool:
    """An instruction that, chosen, is always done (so "if you do" is the same as "if you
    chose to"): what can't fail once it is allowed to resolve."""
    from manastack.vocabulary.effects import DrawCards, GainLife, LoseLife, SacrificeSource
    from manastack.vocabulary.moves import DiscardCards

    if isinstance(e, DrawCards | GainLife | LoseLife | DiscardCards):
        return e.who == "you"  # a discard: if the hand has the cards (asks.possible)
    return isinstance(e, SacrificeSource) or (isinstance(e, Sacrifices) and e.who == "you")


def covering(e: Effect, n: int) -> Effect:
    """The lead ``e`` with ``n`` effects after it depending on it (the instruction of a
    :class:`MayThen` isn't one of them)."""
    if isinstance(e, MayPay):
        return dataclasses.replace(e, then=n)
    if isinstance(e, MayThen):
        return dataclasses.replace(e, then=n - 1)
    return e


def lead_words(e: Effect) -> tuple[str, int] | None:
    """How the renderer writes a lead: its words, and after how many instructions "if you do,"
    comes (0: right after the words)."""
    if isinstance(e, MayPay):
        return f"you may pay {str(e.cost).lower()}", 0
    if isinstance(e, MayThen):
        return "you may ", 1
    return None


# --- clauses ------------------------------------------------------------------------------------


def _inner(cur: Cursor, ctx: Context, skip: Callable[..., Effect | None]) -> Effect | None:
    """One clause, read by any parser but ``skip`` (the one asking)."""
    from manastack.oracle import grammar as gr

    for parse in gr.CLAUSES:
        if parse is skip:
            continue
        start, n = cur.i, len(ctx.targets)
        e = parse(cur, ctx)
        if e is not None:
            return e
        cur.i = start
        del ctx.targets[n:]
    return None


def unless_pay(cur: Cursor, ctx: Context) -> Effect | None:
    """608.2d: ``sacrifice ~ unless you pay {G}{G}``, ``tap ~ unless you pay 2 life``."""
    from manastack.oracle import grammar as gr
    from manastack.vocabulary.effects import SacrificeSource
    from manastack.vocabulary.moves import SOURCE, TapTarget

    if " unless you pay " not in cur.low[cur.i :]:
        return None
    e = _inner(cur, ctx, unless_pay)
    if e is None or not cur.lit(" unless you pay "):
        return None
    if not (isinstance(e, SacrificeSource) or (isinstance(e, TapTarget) and e.target == SOURCE)):
        return None
    m = cur.rx(_SYMBOLS)
    if m is not None:
        cost = gr.mana_cost(m.group(0), cur.text)
        return UnlessPay(e, cost) if not cost.x else None
    m = cur.rx(re.compile(r"(\d+) life\b"))
    if m is not None:
        from manastack.mana import ManaCost

        return UnlessPay(e, ManaCost(), int(m.group(1)))
    return None


def damage_that_player(cur: Cursor, ctx: Context) -> Effect | None:
    """120.3: ``~ deals 2 damage to that player``."""
    from manastack.oracle import grammar as gr

    if not ctx.that_player or not cur.lit("~ deals "):
        return None
    n = gr.amount(cur)
    if n is not None and cur.lit(" damage to that player") and cur.boundary():
        return DamageThatPlayer(n)
    return None


_SACRIFICERS = (
    ("each player sacrifices ", "each"),
    ("each opponent sacrifices ", "opponent"),
    ("sacrifice ", "you"),
)


def sacrifices(cur: Cursor, ctx: Context) -> Effect | None:
    """701.21a: ``each opponent sacrifices a creature``, ``target player sacrifices an
    artifact``, ``that player sacrifices a permanent``, ``sacrifice a land``."""
    from manastack.oracle import grammar as gr

    who, t = "", 0
    for words, w in _SACRIFICERS:
        if cur.lit(words):
            who = w
            break
    else:
        if ctx.that_player and cur.lit("that player sacrifices "):
            who = "that"
        else:
            if cur.lit("target opponent"):
                t = ctx.target(gr.TARGET_OPPONENT)
            else:
                t0 = gr.player_target(cur, ctx)
                if t0 is None:
                    return None
                t = t0
            if not cur.lit(" sacrifices "):
                return None
            who = "target"
    article = "an" if cur.lit("an ") else "a" if cur.lit("a ") else ""
    if not article:
        return None
    body = cur.i
    f = gr.permanent_filter(cur)
    if f is None or not cur.boundary():
        return None
    noun = cur.low[body : cur.i]
    if " control" in noun or _article(noun) != article:
        return None
    return Sacrifices(who, f, 1, t)


def gain_may(cur: Cursor, ctx: Context) -> Effect | None:
    """``you may gain 1 life`` (after "you may " the subject is said once)."""
    from manastack.oracle import grammar as gr
    from manastack.vocabulary.effects import GainLife

    if cur.low[max(0, cur.i - 8) : cur.i] != "you may " or not cur.lit("gain "):
        return None
    n = gr.amount(cur)
    return GainLife(n, "you") if n is not None and cur.lit(" life") and cur.boundary() else None


_RULES_THIS_TURN = (
    ("can't attack or block", frozenset({"can't attack", "can't block"})),
    ("can't attack", frozenset({"can't attack"})),
    ("can't block", frozenset({"can't block"})),
    ("can't be blocked", frozenset({"can't be blocked"})),
)


def _object_subject(cur: Cursor, ctx: Context) -> int | None:
    """``~`` (or "it", the source) or ``target <permanent>``: SOURCE or a target index."""
    from manastack.oracle import grammar as gr
    from manastack.vocabulary.more_effects import SOURCE

    if cur.lit("~") and cur.boundary():
        return SOURCE
    if ctx.it_is_source and cur.lit("it") and cur.boundary():
        return SOURCE
    return gr.permanent_target(cur, ctx)


def rule_this_turn(cur: Cursor, ctx: Context) -> Effect | None:
    """613.1f: ``target creature can't block this turn``, ``~ can't be blocked this turn``."""
    t = _object_subject(cur, ctx)
    if t is None or not cur.lit(" "):
        return None
    for words, rule in _RULES_THIS_TURN:
        if cur.lit(words + " this turn") and cur.boundary():
            return RuleThisTurn(rule, t)
    return None


def damage_you(cur: Cursor, ctx: Context) -> Effect | None:
    """120.3: ``~ deals 1 damage to you``."""
    from manastack.oracle import grammar as gr

    if not (cur.lit("~ deals ") or (ctx.it_is_source and cur.lit("it deals "))):
        return None
    n = gr.amount(cur)
    if n is not None and cur.lit(" damage to you") and cur.boundary():
        return DamageYou(n)
    return None


def counters_attached(cur: Cursor, ctx: Context) -> Effect | None:
    """122.1: ``put a -1/-1 counter on enchanted creature``."""
    from manastack.oracle import grammar as gr

    if not cur.lit("put "):
        return None
    n = gr.number(cur)
    m = cur.rx(re.compile(r" ([+-]1/[+-]1) counters? on enchanted creature\b"))
    if n is None or m is None or (n == 1) != (" counter on" in m.group(0)):
        return None
    return CountersOnAttached(m.group(1), n)


def counters_on_all(cur: Cursor, ctx: Context) -> Effect | None:
    """122.1: ``put a +1/+1 counter on each other creature you control``, ``put a -1/-1
    counter on each nonblack creature``, ``put two +1/+1 counters on each Ally creature you
    control``."""
    from manastack.oracle import grammar as gr

    if not cur.lit("put "):
        return None
    n = gr.number(cur)
    m = cur.rx(re.compile(r" ([+-]1/[+-]1) counters? on each "))
    if n is None or m is None or (n == 1) != (" counter on" in m.group(0)):
        return None
    other = cur.lit("other ")
    f = gr.permanent_filter(cur)
    if f is None or not cur.boundary():
        return None
    parts = f.parts if isinstance(f, AllOf) else (f,)
    if not any(isinstance(p, HasType | Subtypes) for p in parts):
        return None
    return CountersOnAll(m.group(1), n, f, other)


_GROUPS = (
    ("other creatures you control", Controlled("you"), True),
    ("creatures you control", Controlled("you"), False),
)


def gain_all(cur: Cursor, ctx: Context) -> Effect | None:
    """611.2c: ``creatures you control gain trample until end of turn``, ``other creatures you
    control get +1/+0 and gain haste until end of turn``."""
    from manastack.oracle import grammar as gr

    for words, f, other in _GROUPS:
        start = cur.i
        if cur.lit(words + " "):
            pw = tg = 0
            if cur.lit("get "):
                m = cur.rx(gr._PT)
                if m is None or not cur.lit(" and "):
                    cur.i = start
                    continue
                pw, tg = int(m.group(1)), int(m.group(2))
            if cur.lit("gain "):
                kws = gr.keyword_list(cur)
                if kws is not None and cur.lit(" until end of turn"):
                    return GainAll(kws, f, pw, tg, other)
        cur.i = start
    return None


def discard_each(cur: Cursor, ctx: Context) -> Effect | None:
    """701.9a: ``each opponent discards a card``, ``each player discards two cards``."""
    from manastack.oracle import grammar as gr

    who = "each" if cur.lit("each player discards ") else ""
    if not who and cur.lit("each opponent discards "):
        who = "opponent"
    if not who:
        return None
    n = gr.number(cur)
    if n is not None and cur.lit(" card" if n == 1 else " cards") and cur.boundary():
        return DiscardEach(who, n)
    return None


def return_own(cur: Cursor, ctx: Context) -> Effect | None:
    """``return a creature you control to its owner's hand``."""
    from manastack.oracle import grammar as gr

    if not cur.lit("return "):
        return None
    article = "an" if cur.lit("an ") else "a" if cur.lit("a ") else ""
    body = cur.i
    f = gr.permanent_filter(cur) if article else None
    if f is None or _article(cur.low[body : cur.i]) != article:
        return None
    if not cur.lit(" you control to its owner's hand"):
        return None
    return ReturnOwn(f)


def tap_or_untap(cur: Cursor, ctx: Context) -> Effect | None:
    """701.26: ``tap or untap target permanent``."""
    from manastack.oracle import grammar as gr

    if not cur.lit("tap or untap "):
        return None
    t = gr.permanent_target(cur, ctx)
    return TapOrUntap(t) if t is not None else None


_BASE_VERBS = ("get", "gain", "deal", "lose", "draw", "discard", "put", "sacrifice", "return")


def have(cur: Cursor, ctx: Context) -> Effect | None:
    """``have target creature get -1/-1 until end of turn``, ``have ~ deal 1 damage to any
    target`` (after "you may"): the instruction in its usual words, wrapped in :class:`Have`."""
    from manastack.oracle import grammar as gr
    from manastack.vocabulary.asks import Asking

    if cur.low[max(0, cur.i - 8) : cur.i] != "you may " or not cur.lit("have "):
        return None
    start, n = cur.i, len(ctx.targets)
    if _object_subject(cur, ctx) is None and gr.player_target(cur, ctx) is None:
        return None
    del ctx.targets[n:]
    verb_end = cur.i + 1
    m = re.compile(r" (" + "|".join(_BASE_VERBS) + r")\b").match(cur.low, cur.i)
    if m is None:
        return None
    verb_end = m.end()
    text = cur.text[start:verb_end] + "s" + cur.text[verb_end:]
    sub = gr.Cursor(text)
    e = gr.clause(sub, ctx)
    if e is None or sub.i <= verb_end - start or isinstance(e, Asking):
        del ctx.targets[n:]
        return None
    cur.i = start + sub.i - 1
    return Have(e)


# --- more words in a permanent's description ("target tapped creature with flying") ----------


def filter_prefix(cur: Cursor) -> list[Filter]:
    """``white ``, ``tapped ``, ``untapped ``, ``nonbasic ``, ``basic ``, ``legendary ``,
    ``nontoken `` before the noun."""
    out: list[Filter] = []
    while True:
        start = cur.i
        letters = _color_list(cur)
        if letters and len(letters) == 1:
            out.append(SpellColor(letters))
            continue
        cur.i = start
        for words, f in _PREFIX_WORDS:
            if cur.lit(words):
                out.append(f)
                break
        else:
            return out


def subtype_noun(cur: Cursor) -> list[Filter] | None:
    """``Wall``, ``Beast creature``, ``Goblin permanent`` (a subtype, written with a capital):
    the noun's filter, then the subtype's."""
    from manastack.oracle import grammar as gr

    start = cur.i
    m = _SUBTYPE_WORD.match(cur.text, cur.i)
    if m is None or not cur.low.startswith(m.group(0).lower(), cur.i):
        return None
    cur.i = m.end()
    if not cur.boundary():
        cur.i = start
        return None
    sub = Subtypes((m.group(0),))
    after = cur.i
    if cur.lit(" "):
        types = gr._nouns(cur, gr.PERMANENT_NOUNS)
        if types is not None:
            return [HasType(types), sub]
    cur.i = after
    return [sub]


def filter_suffix(cur: Cursor) -> list[Filter]:
    """`` with flying``, `` without flying``, `` with power 2 or less``, `` with mana value 3 or
    less`` after the noun."""
    from manastack.oracle import grammar as gr
    from manastack.vocabulary.filters import HasKeyword, NotKeyword

    start = cur.i
    if cur.lit(" with") or cur.lit(" without"):
        without = cur.low[start : cur.i] == " without"
        if cur.lit(" "):
            for k in sorted(gr.GRANTABLE, key=len, reverse=True):
                if cur.lit(k) and cur.boundary():
                    return [NotKeyword(k) if without else HasKeyword(k)]
        if not without:
            m = cur.rx(re.compile(r"(power|toughness|mana value) (\d+) or (less|greater)\b"))
            if m is not None:
                return [Stat(m.group(1), int(m.group(2)), m.group(3) == "less")]
    cur.i = start
    return []


def filter_part(p: Filter) -> tuple[str, str] | None:
    """How the renderer writes a part of a permanent's description: ("pre", a word before
    the noun), ("post", words after it), ("sub", a subtype)."""
    from manastack.vocabulary.filters import HasKeyword, NotKeyword

    if isinstance(p, SpellColor) and len(p.colors) == 1:
        return "pre", _COLOR_NAME[p.colors]
    for words, f in _PREFIX_WORDS:
        if p == f:
            return "pre", words.strip()
    if isinstance(p, Subtypes) and len(p.subtypes) == 1:
        return "sub", p.subtypes[0]
    if isinstance(p, HasKeyword):
        return "post", f" with {p.keyword}"
    if isinstance(p, NotKeyword):
        return "post", f" without {p.keyword}"
    if isinstance(p, Stat):
        return "post", f" with {p.stat} {p.n} or {'less' if p.most else 'greater'}"
    return None


# --- searching a library (701.23) --------------------------------------------------------------

_CAPITAL_LIST = re.compile(
    r"([A-Z][a-z'-]+(?:-[A-Z][a-z]+)?)((?:, [A-Z][a-z'-]+(?:-[A-Z][a-z]+)?)*),? or "
    r"([A-Z][a-z'-]+(?:-[A-Z][a-z]+)?)(?=[ ,])|([A-Z][a-z'-]+(?:-[A-Z][a-z]+)?)(?= (?:card|[a-z]))"
)


def _subtype_alternatives(cur: Cursor) -> tuple[str, ...] | None:
    """``Goblin``, ``Forest or Plains``, ``Forest, Plains, or Island`` (capitals, as printed)."""
    m = _CAPITAL_LIST.match(cur.text, cur.i)
    if m is None or not cur.low.startswith(m.group(0).lower(), cur.i):
        return None
    cur.i = m.end()
    if m.group(4):
        return (m.group(4),)
    middle = [w for w in m.group(2).split(", ") if w]
    return (m.group(1), *middle, m.group(3))


def card_quality(cur: Cursor, plural: bool) -> CardQuality | None:
    """``basic land card``, ``Goblin permanent card``, ``nonlegendary green creature card
    with mana value 3 or less``, ``Forest or Plains card``, ``artifact creature card``,
    ``card named ~``, ``card`` (``cards`` when ``plural``)."""
    start = cur.i
    kw: dict[str, Any] = {}
    if cur.lit("basic "):
        kw["basic"] = True
    if cur.lit("nonlegendary "):
        kw["legendary"] = False
    elif cur.lit("legendary "):
        kw["legendary"] = True
    letters = _color_list(cur)
    if letters:
        kw["colors"] = letters
    subs = _subtype_alternatives(cur)
    if subs is not None:
        kw["subtypes"] = subs
        if not cur.lit(" "):
            cur.i = start
            return None
    if cur.lit("permanent "):
        kw["types"] = PERMANENT_CARD_TYPES
    elif cur.lit("artifact creature "):
        kw["all_types"] = frozenset({"Artifact", "Creature"})
    else:
        types = _type_list(cur)
        if types is not None:
            kw["types"] = types
            if not cur.lit(" "):
                cur.i = start
                return None
    if not cur.lit("cards" if plural else "card") or not cur.boundary():
        cur.i = start
        return None
    if not plural and not kw and cur.lit(" named ~"):
        kw["name"] = "~"
    m = cur.rx(re.compile(r" with mana value (\d+) or (less|greater)\b"))
    if m is not None:
        kw["mv"], kw["most"] = int(m.group(1)), m.group(2) == "less"
    return CardQuality(**kw)


def card_quality_words(q: CardQuality, plural: bool) -> str:
    words: list[str] = []
    if q.basic:
        words.append("basic")
    if q.legendary is not None:
        words.append("legendary" if q.legendary else "nonlegendary")
    if q.colors:
        names = [_COLOR_NAME[c] for c in q.colors]
        words.append(
            ", ".join(names[:-1]) + ", or " + names[-1] if len(names) > 2 else " or ".join(names)
        )
    if q.subtypes:
        subs = list(q.subtypes)
        words.append(
            ", ".join(subs[:-1]) + ", or " + subs[-1] if len(subs) > 2 else " or ".join(subs)
        )
    if q.types == PERMANENT_CARD_TYPES:
        words.append("permanent")
    elif q.all_types:
        words.append("artifact creature")
    elif q.types:
        words.append(" or ".join(w for w, t in _TYPE_WORDS if t in q.types))
    words.append("cards" if plural else "card")
    out = " ".join(words)
    if q.name:
        out += f" named {q.name}"
    if q.mv >= 0:
        out += f" with mana value {q.mv} or {'less' if q.most else 'greater'}"
    return out


_IT = r"(?:it|that card|them|those cards)"
_SEARCH_TAIL = re.compile(
    r"(?:, | and )(?P<reveal>reveal "
    + _IT
    + r"(?:, and |, | and ))?put "
    + _IT
    + r" (?P<dest>into your hand|onto the battlefield tapped|onto the battlefield|into your "
    r"graveyard)(?:, then|\. then|\. if you do,) shuffle your library"
)
_SEARCH_TOP = re.compile(
    r", reveal (?:it|that card), then shuffle your library and put that card on top of it"
)


def search(cur: Cursor, ctx: Context) -> Effect | None:
    """701.23a: ``search your library for up to two basic land cards, reveal them, put them
    into your hand, then shuffle your library``, ``search your library for a Goblin permanent
    card and put it onto the battlefield. then shuffle your library``."""
    from manastack.oracle import grammar as gr

    if not cur.lit("search your library for "):
        return None
    count, up_to, plural = 1, False, False
    if cur.lit("up to "):
        n = gr.number(cur)
        if n is None or not cur.lit(" "):
            return None
        count, up_to, plural = n, True, n > 1
    elif cur.lit("any number of "):
        count, plural = 0, True
    else:
        article = "an" if cur.lit("an ") else "a" if cur.lit("a ") else ""
        if not article:
            return None
        body = cur.i
        q0 = card_quality(cur, False)
        if q0 is None or _article(cur.low[body : cur.i]) != article:
            return None
        cur.i = body
    q = card_quality(cur, plural)
    if q is None:
        return None
    m = _SEARCH_TOP.match(cur.low, cur.i)
    if m is not None and count == 1 and not up_to:
        cur.i = m.end()
        return Search(q, "top", 1, False, False, True)
    m = _SEARCH_TAIL.match(cur.low, cur.i)
    if m is None:
        return None
    cur.i = m.end()
    dest = m.group("dest")
    where = "hand" if "hand" in dest else "graveyard" if "graveyard" in dest else "battlefield"
    return Search(q, where, count, up_to, dest.endswith("tapped"), m.group("reveal") is not None)


def search_words(e: Search) -> str:
    from manastack.oracle import render

    plural = e.count != 1
    if e.count == 0:
        head = "any number of "
    elif e.up_to:
        head = f"up to {render._WORD.get(e.count, str(e.count))} "
    else:
        head = ""
    q = card_quality_words(e.what, plural)
    if not head:
        head = _article(q.lower()) + " "
    them = "them" if plural else "it"
    if e.dest == "top":
        tail = ", reveal it, then shuffle your library and put that card on top of it"
    else:
        reveal = f"reveal {them}, " if e.reveal else ""
        dest = {
            "hand": "into your hand",
            "graveyard": "into your graveyard",
            "battlefield": "onto the battlefield tapped" if e.tapped else "onto the battlefield",
        }[e.dest]
        tail = f", {reveal}put {them} {dest}, then shuffle your library"
    return f"search your library for {head}{q}{tail}"


_LOOK_FORMS = (
    # (the words after "the top N cards of your library", pick, rest)
    (", then put them back in any order", "", "back"),
    (
        ". put one of them into your hand and the rest on the bottom of your library in any order",
        "one",
        "bottom",
    ),
    (
        ". put one of them into your hand and the other on the bottom of your library",
        "one",
        "bottom",
    ),
    (". put one of them into your hand and the other into your graveyard", "one", "graveyard"),
    (". put one of them into your hand and the rest into your graveyard", "one", "graveyard"),
)
_REST_BOTTOM = ". put the rest on the bottom of your library in any order"


def look_at_top(cur: Cursor, ctx: Context) -> Effect | None:
    """401.4: ``look at the top three cards of your library, then put them back in any order``,
    ``look at the top four cards of your library. put one of them into your hand and the rest
    on the bottom of your library in any order``, ``look at the top four cards of your library.
    you may reveal an artifact card from among them and put it into your hand. put the rest on
    the bottom of your library in any order``, ``reveal the top four cards of your library. put
    all Goblin cards revealed this way into your hand and the rest on the bottom of your library
    in any order``."""
    from manastack.oracle import grammar as gr

    reveal = cur.lit("reveal the top ")
    if not reveal and not cur.lit("look at the top "):
        return None
    n = gr.number(cur)
    if n is None or n < 2 or not cur.lit(" cards of your library"):
        return None
    if reveal:
        if not cur.lit(". put all "):
            return None
        q = card_quality(cur, True)
        if q is None or not q.stated:
            return None
        if cur.lit(
            " revealed this way into your hand and the rest on the bottom of your library in "
            "any order"
        ):
            return LookAtTop(n, "all", "bottom", q, True)
        return None
    for words, pick, rest in _LOOK_FORMS:
        if cur.lit(words):
            if ("the other" in words) != (n == 2):
                return None
            return LookAtTop(n, pick, rest)
    if cur.lit(". you may reveal "):
        article = "an" if cur.lit("an ") else "a" if cur.lit("a ") else ""
        body = cur.i
        q = card_quality(cur, False)
        if q is None or not article or _article(cur.low[body : cur.i]) != article:
            return None
        if cur.lit(" from among them and put it into your hand" + _REST_BOTTOM):
            return LookAtTop(n, "may", "bottom", q, False)
    return None


def look_words(e: LookAtTop) -> str | None:
    from manastack.oracle import render

    n = render._WORD.get(e.count, str(e.count))
    if e.pick == "all":
        return (
            f"reveal the top {n} cards of your library. put all "
            f"{card_quality_words(e.what, True)} revealed this way into your hand and the rest "
            "on the bottom of your library in any order"
        )
    head = f"look at the top {n} cards of your library"
    if e.pick == "may":
        q = card_quality_words(e.what, False)
        return (
            f"{head}. you may reveal {_article(q.lower())} {q} from among them and put it "
            f"into your hand{_REST_BOTTOM}"
        )
    for words, pick, rest in _LOOK_FORMS:
        if (pick, rest) == (e.pick, e.rest) and ("the other" in words) == (e.count == 2):
            return head + words
    return None


def _search_canonical(m: re.Match[str]) -> str:
    reveal = "reveal it, " if m.group("reveal") else ""
    return f"{m.group('head')}, {reveal}put it {m.group('dest')} and shuffle your library"


# --- counts ("the number of creatures you control") ----------------------------------------------

_PLURAL_EXCEPTIONS = {
    "Elf": "Elves",
    "Dwarf": "Dwarves",
    "Wolf": "Wolves",
    "Ally": "Allies",
    "Mercenary": "Mercenaries",
    "Fungus": "Fungi",
}
_SINGULAR = {v: k for k, v in _PLURAL_EXCEPTIONS.items()}
_PERMANENT_PLURALS = (
    ("creatures", "Creature"),
    ("lands", "Land"),
    ("artifacts", "Artifact"),
    ("enchantments", "Enchantment"),
    ("planeswalkers", "Planeswalker"),
)
_WHOSE_PERMANENTS = (
    (" you control", Controlled("you")),
    (" your opponents control", Controlled("opponent")),
    (" on the battlefield", None),
)
_ZONES = (
    (" in your hand", "hand", "you"),
    (" in your graveyard", "graveyard", "you"),
    (" in all graveyards", "graveyard", "all"),
    (" in your opponents' graveyards", "graveyard", "opponents"),
)
_PLURAL_WORD = re.compile(r"[A-Z][a-z]+s\b|[A-Z][a-z]+ves\b|[A-Z][a-z]+i\b")


def plural(subtype: str) -> str:
    """``Goblin`` -> ``Goblins``, ``Elf`` -> ``Elves``."""
    return _PLURAL_EXCEPTIONS.get(subtype, subtype + "s")


def _singular(word: str) -> str | None:
    if word in _SINGULAR:
        return _SINGULAR[word]
    if word.endswith("s") and plural(word[:-1]) == word:
        return word[:-1]
    return None


def _plural_parts(cur: Cursor) -> list[Filter] | None:
    """``untapped lands``, ``black permanents``, ``creatures``, ``Swamps``, ``Elves``: the
    filters of permanents named in the plural (an empty list for "permanents")."""
    start = cur.i
    parts: list[Filter] = []
    if cur.lit("untapped "):
        parts.append(TappedState(False))
    elif cur.lit("tapped "):
        parts.append(TappedState(True))
    letters = _color_list(cur)
    if letters:
        if len(letters) != 1:
            cur.i = start
            return None
        parts.append(SpellColor(letters))
    for word, typ in (*_PERMANENT_PLURALS, ("permanents", "")):
        if cur.lit(word) and cur.boundary():
            if typ:
                parts.append(HasType(frozenset({typ})))
            return parts
    m = _PLURAL_WORD.match(cur.text, cur.i)
    one = _singular(m.group(0)) if m is not None else None
    if m is None or one is None or parts:
        cur.i = start
        return None
    cur.i = m.end()
    parts.append(Subtypes((one,)))
    return parts


def count_phrase(cur: Cursor) -> Amount | None:
    """After "the number of ": ``creatures you control``, ``Swamps you control``, ``untapped
    lands you control``, ``black permanents you control``, ``Elves on the battlefield``,
    ``cards in your hand``, ``creature cards in all graveyards``."""
    start = cur.i
    types = _type_list(cur)
    if cur.lit(" cards" if types else "cards"):
        for words, zone, whose in _ZONES:
            if cur.lit(words) and cur.boundary():
                return CardsIn(zone, whose, types or frozenset())
        cur.i = start
        return None
    cur.i = start
    plural = _plural_parts(cur)
    if plural is None:
        return None
    parts = plural
    for words, ctl in _WHOSE_PERMANENTS:
        if cur.lit(words) and cur.boundary():
            if ctl is not None:
                parts.append(ctl)
            if not parts:
                parts.append(AnyObject())
            return CountOf(parts[0] if len(parts) == 1 else AllOf(tuple(parts)))
    cur.i = start
    return None


def _plural_words(parts: tuple[Filter, ...]) -> str | None:
    """The plural words of a description's parts: ``untapped red creatures``, ``Elves``,
    ``permanents`` (None: a part these words don't say)."""
    words: list[str] = []
    noun = "permanents"
    for p in parts:
        if isinstance(p, TappedState):
            words.append("tapped" if p.tapped else "untapped")
        elif isinstance(p, SpellColor):
            words.append(_COLOR_NAME[p.colors])
        elif isinstance(p, HasType) and len(p.types) == 1:
            t = next(iter(p.types))
            noun = next(w for w, x in _PERMANENT_PLURALS if x == t)
        elif isinstance(p, Subtypes) and len(p.subtypes) == 1:
            noun = plural(p.subtypes[0])
        elif not isinstance(p, AnyObject):
            return None
    return " ".join([*words, noun])


def count_words(a: Amount) -> str | None:
    """The words after "the number of " for a count of :func:`count_phrase`."""
    if isinstance(a, CardsIn):
        types = " or ".join(w for w, t in _TYPE_WORDS if t in a.types)
        zone = next(w for w, z, who in _ZONES if (z, who) == (a.zone, a.whose))
        return f"{types + ' ' if types else ''}cards{zone}"
    if not isinstance(a, CountOf) or a.times != 1:
        return None
    parts = a.what.parts if isinstance(a.what, AllOf) else (a.what,)
    whose = " on the battlefield"
    for p in parts:
        if isinstance(p, Controlled):
            whose = " you control" if p.by == "you" else " your opponents control"
    words = _plural_words(tuple(p for p in parts if not isinstance(p, Controlled)))
    return None if words is None else words + whose


def amount_phrase(cur: Cursor) -> Amount | None:
    """``the number of creatures you control``, ``1 plus the number of ...``, ``twice the
    number of ...``."""
    start = cur.i
    base = 0
    m = cur.rx(re.compile(r"(\d+) plus "))
    if m is not None:
        base = int(m.group(1))
    times = 2 if cur.lit("twice ") else 1
    if cur.lit("the number of "):
        c = count_phrase(cur)
        if c is not None:
            return c if (base, times) == (0, 1) else Plus(c, base, times)
    cur.i = start
    return None


def amount_words(a: Amount) -> str | None:
    if isinstance(a, Plus):
        inner = count_words(a.amount)
        if inner is None:
            return None
        head = f"{a.base} plus " if a.base else ""
        return head + ("twice " if a.times == 2 else "") + "the number of " + inner
    inner = count_words(a)
    return None if inner is None else "the number of " + inner


def cda(cur: Cursor) -> StaticEffect | None:
    """604.3: ``~'s power and toughness are each equal to the number of creatures you
    control.``, ``~'s power is equal to the number of Swamps you control.``"""
    start = cur.i
    for head, which in (
        ("~'s power and toughness are each equal to ", "both"),
        ("~'s power is equal to ", "power"),
        ("~'s toughness is equal to ", "toughness"),
    ):
        if cur.lit(head):
            a = amount_phrase(cur)
            if a is None or not cur.lit(".") or not cur.done():
                break
            if which == "both":
                return DefinedPT(a, a)
            return DefinedPT(a, None) if which == "power" else DefinedPT(None, a)
    cur.i = start
    return None


def cda_words(s: DefinedPT) -> str | None:
    a = s.power if s.power is not None else s.toughness
    words = amount_words(a) if a is not None else None
    if words is None:
        return None
    if s.power is not None and s.toughness is not None:
        return f"~'s power and toughness are each equal to {words}"
    return f"~'s {'power' if s.power is not None else 'toughness'} is equal to {words}"


def star_defined(value: str | None, defined: Amount | None) -> bool:
    """Whether a printed `*` power or toughness (``*``, ``1+*``) is what the card's
    characteristic-defining ability sets (604.3)."""
    if value is None or "*" not in value:
        return True
    if defined is None:
        return False
    if value == "*":
        return not isinstance(defined, Plus) or defined.base == 0
    m = re.fullmatch(r"(\d+)\+\*", value)
    return m is not None and isinstance(defined, Plus) and defined.base == int(m.group(1))


def star_pt(
    power: str | None, toughness: str | None, abilities: list[Any], name: str
) -> tuple[int | None, int | None]:
    """The printed power and toughness of a card with a `*` (each `*` must be what a
    characteristic-defining ability of its sets, 604.3; a number stays a number), or Refused."""
    from manastack.oracle.refusal import STAR_PT, Refused
    from manastack.vocabulary.base import StaticAbility

    defined = [a.effect for a in abilities if isinstance(a, StaticAbility)]
    cdas = [d for d in defined if isinstance(d, DefinedPT)]
    if len(cdas) != 1:
        raise Refused(STAR_PT, "*", f"{name}'s power/toughness")
    d = cdas[0]
    out: list[int | None] = []
    for value, amount in ((power, d.power), (toughness, d.toughness)):
        if value is not None and "*" not in value:
            if amount is not None or not re.fullmatch(r"-?\d+", value):
                raise Refused(STAR_PT, value, f"{name}'s power/toughness")
            out.append(int(value))
        elif not star_defined(value, amount):
            raise Refused(STAR_PT, value or "*", f"{name}'s power/toughness")
        else:
            out.append(None)
    return out[0], out[1]


# --- prevention (615) -------------------------------------------------------------------------


def _prevent_who(cur: Cursor, ctx: Context, player: bool) -> int | None:
    """Who a shield protects or whose damage it prevents: ``~`` (or "it", the source), ``you``
    (with ``player``), a target (``any target``, ``target creature``, ``target player``)."""
    from manastack.oracle import grammar as gr

    if cur.lit("~") and cur.boundary():
        return PV_SOURCE
    if ctx.it_is_source and cur.lit("it") and cur.boundary():
        return PV_SOURCE
    if player and cur.lit("you") and cur.boundary():
        return PV_YOU
    if player:
        return gr.damage_target(cur, ctx)
    return gr.permanent_target(cur, ctx)


def prevent(cur: Cursor, ctx: Context) -> Effect | None:
    """615.1a: ``prevent the next 2 damage that would be dealt to any target this turn``,
    ``prevent all combat damage that would be dealt this turn``, ``prevent all damage that
    would be dealt to and dealt by target creature this turn``, ``prevent all combat damage
    target creature would deal this turn``."""
    from manastack.oracle import grammar as gr

    if not cur.lit("prevent "):
        return None
    if cur.lit("the next "):
        n = gr.number(cur)
        if n is None:
            return None
        combat = cur.lit(" combat")
        if not cur.lit(" damage that would be dealt to "):
            return None
        to = _prevent_who(cur, ctx, True)
        if to is None or not cur.lit(" this turn"):
            return None
        return PreventDamage(n, combat, to)
    if not cur.lit("all "):
        return None
    combat = cur.lit("combat ")
    if not cur.lit("damage "):
        start = cur.i
        by = _prevent_who(cur, ctx, False)
        if by is not None and cur.lit(" would deal this turn"):
            return PreventDamage(PV_ALL, combat, PV_ANY, by)
        cur.i = start
        return None
    if not cur.lit("damage that would be dealt ") and not cur.lit("that would be dealt "):
        return None
    if cur.lit("this turn"):
        return PreventDamage(PV_ALL, combat)
    both = cur.lit("to and dealt by ")
    by_only = not both and cur.lit("by ")
    if not both and not by_only and not cur.lit("to "):
        return None
    who = _prevent_who(cur, ctx, not (both or by_only))
    if who is None or not cur.lit(" this turn"):
        return None
    if both:
        return PreventDamage(PV_ALL, combat, who, PV_ANY, True)
    if by_only:
        return PreventDamage(PV_ALL, combat, PV_ANY, who)
    return PreventDamage(PV_ALL, combat, who)


def prevent_chosen(cur: Cursor, ctx: Context) -> Effect | None:
    """615.1a: ``the next time a red source of your choice would deal damage to you this turn,
    prevent that damage``."""

    if not cur.lit("the next time a"):
        return None
    letters = ""
    if cur.lit(" "):
        letters = _color_list(cur)
    elif cur.lit("n "):
        pass
    if not cur.lit("source of your choice would deal damage to "):
        return None
    to = _prevent_who(cur, ctx, True)
    if to is None or not cur.lit(" this turn, prevent that damage"):
        return None
    return PreventNextFromChosen(letters, to)


def prevent_chosen_words(e: PreventNextFromChosen, targets: tuple[TargetSpec, ...]) -> str:
    names = [_COLOR_NAME[c] for c in e.colors]
    color = " or ".join(names)
    what = f"a {color} source" if color else "a source"
    return (
        f"the next time {what} of your choice would deal damage to "
        f"{_who_words(e.to, targets)} this turn, prevent that damage"
    )


# --- changing control (613.1b) -------------------------------------------------------------------

_UNTAP_THAT = ("", "that creature", "that permanent", "it")


def gain_control(cur: Cursor, ctx: Context) -> Effect | None:
    """613.1b: ``gain control of target creature``; ``gain control of target creature until end
    of turn. untap that creature. it gains haste until end of turn``; ``untap target creature
    and gain control of it until end of turn. that creature gains haste until end of turn``."""
    from manastack.oracle import grammar as gr

    start = cur.i
    if " and gain control of it until end of turn" in cur.low[cur.i :] and cur.lit("untap "):
        t = gr.permanent_target(cur, ctx)
        if t is None or not cur.lit(
            " and gain control of it until end of turn. that creature gains "
        ):
            return None
        kws = gr.keyword_list(cur)
        if kws is None or not cur.lit(" until end of turn"):
            return None
        return GainControl(t, True, True, kws, 4)
    cur.i = start
    if not cur.lit("gain control of "):
        return None
    t = gr.permanent_target(cur, ctx)
    if t is None:
        return None
    if not cur.lit(" until end of turn. untap "):
        return GainControl(t) if cur.low[cur.i : cur.i + 1] in (".", "") else None
    for k, words in enumerate(_UNTAP_THAT):
        if k and cur.lit(words + ". it gains "):
            kws = gr.keyword_list(cur)
            if kws is not None and cur.lit(" until end of turn"):
                return GainControl(t, True, True, kws, k)
            return None
    return None


def threaten(cur: Cursor, ctx: Context) -> Effect | None:
    """``untap target creature and gain control of it until end of turn. ...`` (before the
    grammar's own "untap target creature")."""
    if not cur.low.startswith("untap ", cur.i):
        return None
    return gain_control(cur, ctx)


def gain_control_words(e: GainControl, targets: tuple[TargetSpec, ...]) -> str | None:
    from manastack.oracle import render

    what = render.target(targets[e.target])
    kws = render.keyword_words(e.words) if e.words else ""
    if e.wording == 4:
        return (
            f"untap {what} and gain control of it until end of turn. that creature gains "
            f"{kws} until end of turn"
        )
    if not e.until_eot:
        return f"gain control of {what}"
    return (
        f"gain control of {what} until end of turn. untap {_UNTAP_THAT[e.wording]}. it gains "
        f"{kws} until end of turn"
    )


def _who_words(w: int, targets: tuple[TargetSpec, ...]) -> str:
    from manastack.oracle.render import target

    if w == PV_SOURCE:
        return "~"
    if w == PV_YOU:
        return "you"
    return target(targets[w])


def prevent_words(e: PreventDamage, targets: tuple[TargetSpec, ...]) -> str:
    combat = "combat " if e.combat else ""
    if e.amount != PV_ALL:
        return (
            f"prevent the next {e.amount} {combat}damage that would be dealt to "
            f"{_who_words(e.to, targets)} this turn"
        )
    if e.both:
        return (
            f"prevent all {combat}damage that would be dealt to and dealt by "
            f"{_who_words(e.to, targets)} this turn"
        )
    head = f"prevent all {combat}damage that would be dealt"
    if e.by != PV_ANY:
        return f"{head} by {_who_words(e.by, targets)} this turn"
    if e.to != PV_ANY:
        return f"{head} to {_who_words(e.to, targets)} this turn"
    return f"{head} this turn"


def pump_x(cur: Cursor, ctx: Context) -> Effect | None:
    """613.4c: ``target creature gets +X/+X until end of turn``, ``~ gets +X/+0 until end of
    turn`` (X: the spell's, or what "where X is" says)."""
    t = _object_subject(cur, ctx)
    if t is None:
        return None
    m = cur.rx(re.compile(r" gets ([+-])x/([+-])(x|0) until end of turn\b"))
    if m is None:
        return None
    ps = 1 if m.group(1) == "+" else -1
    ts = 0 if m.group(3) == "0" else 1 if m.group(2) == "+" else -1
    if m.group(3) == "0" and m.group(2) == "-":
        return None
    from manastack.vocabulary.amounts import X

    return PumpX(X(), t, ps, ts)


def _x_instructions() -> tuple[type, ...]:
    """The instructions "where X is" may count for: none of them waits for a decision."""
    from manastack.vocabulary.effects import DealDamage, DrawCards, GainLife, LoseLife
    from manastack.vocabulary.moves import DamageEach, DrawForEach, LifeForEach, Mill, PutCounters
    from manastack.vocabulary.tokens import CreateTokens

    return (
        DealDamage,
        DrawCards,
        GainLife,
        LoseLife,
        DamageEach,
        DrawForEach,
        LifeForEach,
        Mill,
        PutCounters,
        CreateTokens,
        PumpX,
        DamageThatPlayer,
        DamageYou,
    )


def where_x(cur: Cursor, ctx: Context) -> Effect | None:
    """``~ deals X damage to any target and you gain X life, where X is the number of cards in
    your hand``: the sentence's instructions with X counted as they happen (:class:`WhereX`)."""
    from manastack.vocabulary.amounts import X

    end = cur.low.find(".", cur.i)
    if ", where x is " not in cur.low[cur.i : end if end >= 0 else None]:
        return None
    begin = max(cur.low.rfind(". ", 0, cur.i), cur.low.rfind(", ", 0, cur.i))
    if re.search(r"\bx\b", cur.low[begin + 1 : cur.i]):
        return None  # an X earlier in the sentence would be left uncounted
    kinds = _x_instructions()
    effects: list[Effect] = []
    while True:
        e = _inner(cur, ctx, where_x)
        if e is None or not isinstance(e, kinds):
            return None
        effects.append(e)
        if not cur.lit(" and "):
            break
    if not cur.lit(", where x is "):
        return None
    a: Amount | None
    if cur.lit("~'s power") or (
        len(effects) == 1 and _is_source_subject(effects[0]) and cur.lit("its power")
    ):
        a = PowerOf()
    else:
        a = amount_phrase(cur)
    if a is None or not cur.boundary():
        return None
    out = [_swap(e, X(), a) for e in effects]
    if all(x == e for x, e in zip(out, effects, strict=True)):
        return None  # no X to count
    return WhereX(tuple(out), a)


def _is_source_subject(e: Effect) -> bool:
    """Whether "it" in the tail of ``e`` is the source: a pump of the source itself."""
    return isinstance(e, PumpX) and e.target == CDA_SOURCE


def _swap(e: Effect, old: object, new: object) -> Effect:
    """``e`` (a dataclass) with each field equal to ``old`` set to ``new``."""
    d: Any = e
    fields = {f.name: new for f in dataclasses.fields(d) if getattr(d, f.name) == old}
    out: Effect = dataclasses.replace(d, **fields)
    return out


def where_x_words(e: WhereX, targets: tuple[TargetSpec, ...]) -> str | None:
    from manastack.oracle import render

    words: list[str] = []
    for x in e.effects:
        words.append(render.effect(_swap(x, e.amount, X()), targets))
    if isinstance(e.amount, PowerOf):
        single = len(e.effects) == 1 and _is_source_subject(e.effects[0])
        tail = "its power" if single else "~'s power"
    else:
        counted = amount_words(e.amount)
        if counted is None:
            return None
        tail = counted
    return " and ".join(words) + f", where x is {tail}"


def that_much(cur: Cursor, ctx: Context) -> Effect | None:
    """``you gain that much life``, ``~ deals that much damage to any target``, ``put that many
    +1/+1 counters on ~``, ``that player loses that much life``."""
    from manastack.oracle import grammar as gr
    from manastack.vocabulary.effects import DealDamage, GainLife, LoseLife
    from manastack.vocabulary.moves import SOURCE, PutCounters

    if cur.lit("you gain that much life"):
        return GainLife(ThatMuch(), "you")
    if ctx.that_player and cur.lit("that player loses that much life"):
        return LoseLife(ThatMuch(), "that")
    if cur.lit("~ deals that much damage to ") or (
        ctx.it_is_source and cur.lit("it deals that much damage to ")
    ):
        t = gr.damage_target(cur, ctx)
        return DealDamage(ThatMuch(), t) if t is not None else None
    m = cur.rx(re.compile(r"put that many ([+-]1/[+-]1) counters on ~"))
    if m is not None:
        return PutCounters(m.group(1), ThatMuch("many"), SOURCE)
    return None


def amount_text(a: Amount) -> str | None:
    """The words of an amount this module reads ("that much")."""
    if isinstance(a, ThatMuch):
        return f"that {a.word}"
    return None


# Read before the grammar's own clauses (a clause of theirs is the start of these).
FIRST: tuple[Callable[[Cursor, Context], Effect | None], ...] = (unless_pay, where_x, threaten)
# Read after them.
CLAUSES: tuple[Callable[[Cursor, Context], Effect | None], ...] = (
    damage_that_player,
    sacrifices,
    gain_may,
    rule_this_turn,
    damage_you,
    counters_attached,
    gain_all,
    discard_each,
    return_own,
    tap_or_untap,
    have,
    prevent,
    pump_x,
    that_much,
    search,
    prevent_chosen,
    gain_control,
    look_at_top,
    counters_on_all,
)


def _sacrificer(e: Sacrifices, targets: tuple[TargetSpec, ...]) -> str:
    from manastack.oracle.render import target

    if e.who == "you":
        return "sacrifice"
    if e.who == "target":
        return f"{target(targets[e.target])} sacrifices"
    return {"each": "each player", "opponent": "each opponent", "that": "that player"}[
        e.who
    ] + " sacrifices"


def effect_words(e: Effect, targets: tuple[TargetSpec, ...]) -> str | None:
    """The words of this module's effects (None: not one of them)."""
    from manastack.oracle import render

    if isinstance(e, UnlessPay):
        inner = render.effect(e.effect, targets)
        cost = f"{e.life} life" if e.life else str(e.cost).lower()
        return f"{inner} unless you pay {cost}"
    if isinstance(e, DamageThatPlayer):
        return f"~ deals {render._amount(e.amount)} damage to that player"
    if isinstance(e, Sacrifices):
        words = render._filter(e.what, "permanent")
        return f"{_sacrificer(e, targets)} {_article(words)} {words}"
    if isinstance(e, RuleThisTurn):
        rule = next(w for w, r in _RULES_THIS_TURN if r == e.words)
        return f"{_obj(e.target, targets)} {rule} this turn"
    if isinstance(e, DamageYou):
        return f"~ deals {render._amount(e.amount)} damage to you"
    if isinstance(e, CountersOnAttached):
        n = "a" if e.count == 1 else render._WORD[e.count]
        return f"put {n} {e.kind} counter{'' if e.count == 1 else 's'} on enchanted creature"
    if isinstance(e, GainAll):
        words = next(w for w, f, o in _GROUPS if f == e.creatures and o == e.other)
        gets = f"get {e.power:+d}/{e.toughness:+d} and " if e.power or e.toughness else ""
        return f"{words} {gets}gain {render.keyword_words(e.words)} until end of turn"
    if isinstance(e, DiscardEach):
        whom = "each player" if e.who == "each" else "each opponent"
        return f"{whom} discards {render._cards(e.count)}"
    if isinstance(e, ReturnOwn):
        words = render._filter(e.what, "permanent")
        return f"return {_article(words)} {words} you control to its owner's hand"
    if isinstance(e, TapOrUntap):
        return f"tap or untap {render.target(targets[e.target])}"
    if isinstance(e, PreventDamage):
        return prevent_words(e, targets)
    if isinstance(e, Search):
        return search_words(e)
    if isinstance(e, CountersOnAll):
        n = "a" if e.count == 1 else render._WORD[e.count]
        s = "" if e.count == 1 else "s"
        other = "other " if e.other else ""
        words = render._filter(e.what, "permanent")
        return f"put {n} {e.kind} counter{s} on each {other}{words}"
    if isinstance(e, LookAtTop):
        return look_words(e)
    if isinstance(e, GainControl):
        return gain_control_words(e, targets)
    if isinstance(e, PreventNextFromChosen):
        return prevent_chosen_words(e, targets)
    if isinstance(e, WhereX):
        return where_x_words(e, targets)
    if isinstance(e, PumpX):
        sign = {1: "+", -1: "-", 0: "+"}
        pt = (
            f"{sign[e.power_sign]}x/{sign[e.toughness_sign]}{'0' if e.toughness_sign == 0 else 'x'}"
        )
        if not isinstance(e.amount, X):
            return None
        return f"{_obj(e.target, targets)} gets {pt} until end of turn"
    if isinstance(e, Have):
        inner = render.effect(e.effect, targets)
        return "have " + re.sub(r"\b(" + "|".join(_BASE_VERBS) + r")s\b", r"\1", inner, count=1)
    return None


def _obj(t: int, targets: tuple[TargetSpec, ...]) -> str:
    from manastack.oracle.render import target
    from manastack.vocabulary.more_effects import SOURCE

    return "~" if t == SOURCE else target(targets[t])


# Wordings that mean the same, brought to the one the renderer writes (render.canonical).
SYNONYMS: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"^(?:rally|constellation|battalion|inspired) — "), ""),
    (
        re.compile(r"^when ~ becomes the target of a spell or ability\b"),
        "whenever ~ becomes the target of a spell or ability",
    ),
    # A search's "reveal it/them, [and] put it/that card/them ..., then shuffle" (701.23).
    (
        re.compile(
            r"(?P<head>search your library for .*?\bcards?\b(?: named [^,]*?"
            r"| with mana value \d+ or (?:less|greater))?)(?:,| and) "
            r"(?P<reveal>reveal (?:it|that card|them|those cards),? (?:and )?)?"
            r"put (?:it|that card|them|those cards) (?P<dest>into your hand|into your graveyard"
            r"|onto the battlefield tapped|onto the battlefield) and (?:then |if you do, )?"
            r"shuffle your library"
        ),
        _search_canonical,
    ),
)


# --- static abilities ---------------------------------------------------------------------------


_HOLDERS = (("~", "self"), ("enchanted creature", "enchanted"), ("equipped creature", "equipped"))
_BY_WHAT = (
    ("creatures", HasType(frozenset({"Creature"}))),
    (
        "artifact creatures",
        AllOf((HasType(frozenset({"Artifact"})), HasType(frozenset({"Creature"})))),
    ),
)
_SOURCES = (
    ("a source", ""),
    ("a source an opponent controls", "opponent"),
    ("an artifact", "artifact"),
    *((f"a {w} source", letter) for w, letter in _COLORS.items()),
)


def _holder(cur: Cursor) -> tuple[str, str] | None:
    for words, who in _HOLDERS:
        if cur.lit(words) and cur.boundary():
            return words, who
    return None


def static_prevention(cur: Cursor) -> StaticEffect | None:
    """615: ``prevent all combat damage that would be dealt to ~.``, ``prevent all damage that
    would be dealt to and dealt by enchanted creature.``, ``prevent all damage that would be
    dealt to ~ by creatures.``, ``if a red source would deal damage to you, prevent 2 of that
    damage.``"""
    from manastack.oracle import grammar as gr

    start = cur.i
    if cur.lit("if "):
        for words, kind in sorted(_SOURCES, key=lambda x: -len(x[0])):
            if cur.lit(words + " would deal damage to you, prevent "):
                n = gr.number(cur)
                if n is None or not cur.lit(" of that damage.") or not cur.done():
                    break
                if kind == "opponent":
                    return StaticPrevention("you", amount=n, opponents=True)
                if kind == "artifact":
                    return StaticPrevention(
                        "you", amount=n, by_what=HasType(frozenset({"Artifact"}))
                    )
                return StaticPrevention("you", amount=n, by_colors=kind)
        cur.i = start
        return None
    if not cur.lit("prevent all "):
        return None
    combat = cur.lit("combat ")
    if not cur.lit("damage that would be dealt "):
        cur.i = start
        return None
    if cur.lit("to and dealt by "):
        h = _holder(cur)
        if h is not None and cur.lit(".") and cur.done():
            return StaticPrevention(h[1], combat=combat, both=True)
    elif cur.lit("by "):
        h = _holder(cur)
        if h is not None and cur.lit(".") and cur.done():
            return StaticPrevention(by=h[1], combat=combat)
    elif cur.lit("to "):
        if not combat and cur.lit("creatures.") and cur.done():
            return StaticPrevention("creatures", to_what=HasType(frozenset({"Creature"})))
        h = _holder(cur)
        if h is not None:
            if cur.lit(".") and cur.done():
                return StaticPrevention(h[1], combat=combat)
            if cur.lit(" by "):
                for words, f in sorted(_BY_WHAT, key=lambda x: -len(x[0])):
                    if cur.lit(words + ".") and cur.done():
                        return StaticPrevention(h[1], combat=combat, by_what=f)
    cur.i = start
    return None


def static_prevention_words(s: StaticPrevention, holder: str) -> str | None:
    """The words of :func:`static_prevention` (``holder``: how the card names what it
    protects, "~" or "enchanted creature")."""
    if s.to == "you":
        if s.opponents:
            what = "a source an opponent controls"
        elif s.by_what is not None:
            what = "an artifact"
        elif s.by_colors:
            what = f"a {_COLOR_NAME[s.by_colors]} source"
        else:
            what = "a source"
        return f"if {what} would deal damage to you, prevent {s.amount} of that damage"
    combat = "combat " if s.combat else ""
    head = f"prevent all {combat}damage that would be dealt "
    if s.both:
        return head + f"to and dealt by {holder}"
    if s.by:
        return head + f"by {holder}"
    if s.to == "creatures":
        return head + "to creatures"
    by = ""
    if s.by_what is not None:
        by = " by " + next(w for w, f in _BY_WHAT if f == s.by_what)
    return head + f"to {holder}{by}"


def static_form(cur: Cursor) -> StaticEffect | None:
    return static_prevention(cur) or cda(cur)


def static_words(s: StaticEffect) -> str | None:
    if isinstance(s, DefinedPT):
        return cda_words(s)
    if isinstance(s, StaticPrevention):
        who = s.by or s.to
        holder = next((w for w, h in _HOLDERS if h == who), "")
        return static_prevention_words(s, holder)
    return None
