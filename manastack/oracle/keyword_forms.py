"""The keyword families the compiler reads beyond single words (702): protection from a
quality, and the keywords with a cost. Kept apart from :mod:`manastack.oracle.grammar`, which
only calls in here (as the compiler and the renderer do), with the words back for the renderer
beside each form.
"""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from manastack.frozen import dataclass
from manastack.layers import protection_subtype
from manastack.mana import ManaCost
from manastack.oracle.refusal import UNPARSED, Refused
from manastack.vocabulary.alt_costs import IfKicked
from manastack.vocabulary.attach import (
    NO_ACTIVATED,
    AttachedGets,
    ControlAttached,
    EnchantedDealsDamage,
    EnchantedDies,
    GainThatMuch,
    GrantAbility,
    ReturnThatCard,
)
from manastack.vocabulary.base import (
    ActivatedAbility,
    Effect,
    KeywordCost,
    ManaAbility,
    StaticEffect,
    TargetSpec,
    TriggerCondition,
    TriggeredAbility,
)
from manastack.vocabulary.cycling import TYPECYCLING, CyclesTrigger, YouCycleThis
from manastack.vocabulary.keywords import EntersWithCounters
from manastack.vocabulary.restrictions import ONLY as RESTRICTIONS

if TYPE_CHECKING:
    from manastack.oracle.grammar import Context

# --- protection (702.16) ----------------------------------------------------------------------

_COLORS = ("white", "blue", "black", "red", "green")
# The qualities other than one colour or a subtype, as "protection from ..." writes them.
PROTECTION_QUALITIES = (
    "all colors",
    "multicolored",
    "monocolored",
    "everything",
    "creatures",
    "artifacts",
    "enchantments",
    "lands",
    "instants",
)
_FROM = re.compile(r", and from |, from | and from ")
# Subtypes a protection ability may name (205.3): a creature type or Arcane, capitalised.
_SUBTYPE_WORD = re.compile(r"[A-Z][a-z]+")


def protection(piece: str) -> tuple[str, ...] | None:
    """702.16a / 702.16g: ``protection from black and from red`` -> the two keywords
    ``protection from black``, ``protection from red``; a colour, a quality of
    :data:`PROTECTION_QUALITIES` or a capitalised creature type in the plural (``Goblins``).
    None if ``piece`` is not one of those."""
    if not piece.lower().startswith("protection from "):
        return None
    out: list[str] = []
    for q in _FROM.split(piece[len("protection from ") :]):
        low = q.lower()
        named = low in _COLORS or low in PROTECTION_QUALITIES
        subtype = _SUBTYPE_WORD.fullmatch(q) is not None and (
            q.endswith("s") or protection_subtype(q) == q
        )
        if not (named or subtype):
            return None
        out.append("protection from " + low)
    if len(set(out)) != len(out):
        return None
    return tuple(out)


def join_protection(words: list[str]) -> list[str]:
    """The render's side of :func:`protection`: consecutive protection keywords written as one
    ("protection from black and from red", "protection from a, from b, and from c")."""
    out: list[str] = []
    run: list[str] = []
    for w in [*words, ""]:
        if w.startswith("protection from "):
            run.append(w[len("protection from ") :])
            continue
        if run:
            if len(run) <= 2:
                out.append("protection from " + " and from ".join(run))
            else:
                out.append("protection from " + ", from ".join(run[:-1]) + ", and from " + run[-1])
            run = []
        if w:
            out.append(w)
    return out


# Keywords of a spell itself, not granted to permanents: split second (702.61), affinity for
# artifacts (702.41).
SPELL_KEYWORDS = ("split second", "affinity for artifacts", "convoke", "rebound")


# --- enchant (702.5) ---------------------------------------------------------------------------


def enchant_spec(word: str) -> TargetSpec | None:
    """702.5a / 303.4a: ``enchant land``, ``enchant artifact or creature``, ``enchant nonland
    permanent``, ``enchant land you control``: what the Aura spell targets (and what the Aura
    may be attached to, 704.5m), or None."""
    from manastack.oracle import grammar as gr

    if not word.startswith("enchant "):
        return None
    cur = gr.Cursor(word[len("enchant ") :])
    f = gr.permanent_filter(cur)
    if f is None or not cur.done():
        return None
    words = "target " + word[len("enchant ") :]  # the words as printed (a card's text)
    return TargetSpec(words, permanent=f)


# --- keywords with a cost (702) -----------------------------------------------------------------

# The keywords with a cost the engine does, by how they are written (lower case).
COSTED = frozenset(
    {
        "kicker",
        "multikicker",
        "flashback",
        "cycling",
        *TYPECYCLING,
        "echo",
        "cumulative upkeep",
        "madness",
        "buyback",
        "evoke",
        "dash",
        "unearth",
        "scavenge",
    }
)
_COSTED = re.compile(r"([a-z]+(?: [a-z]+)?) ((?:\{[^}]+\})+)$")
# The keywords whose cost may be other than mana, written "Kicker—[cost]." (only kicker: 702.33).
_EXTRA = re.compile(r"(kicker)—(?:((?:\{[^}]+\})+), )?([^.]+)\.?")


@dataclass(frozen=True, slots=True)
class CostLine:
    """A line of keywords with costs: ``card.keyword_costs[start:end]``."""

    start: int
    end: int


def keyword_costs(line: str) -> tuple[KeywordCost, ...] | None:
    """``Kicker {2}{R}``, ``Flashback {1}{B}``, ``Cycling {2}``, ``Plainscycling {2},
    islandcycling {2}``, ``Echo {3}{G}``, ``Madness {R}``: the keywords with their costs, or
    None if the line is not made of such keywords (the keyword line then refuses it)."""
    from manastack.oracle import grammar as gr

    extra = _EXTRA.fullmatch(line.lower())
    if extra is not None:
        # "Kicker—Sacrifice a land.", "Kicker—{2}{R}, Sacrifice a land.": a cost besides mana
        ec = gr.extra_cost(line[extra.start(3) : extra.end(3)])
        if ec is None:
            return None
        mana = gr.mana_cost(extra.group(2), line) if extra.group(2) else ManaCost()
        return (KeywordCost(extra.group(1), mana, ec),)
    out: list[KeywordCost] = []
    for piece in line.rstrip(".").split(", "):
        m = _COSTED.fullmatch(piece.lower())
        if m is None:
            return None
        word = m.group(1)
        if word not in COSTED:
            return None
        out.append(KeywordCost(word, gr.mana_cost(m.group(2), line)))
    return tuple(out)


def cost_words(kc: KeywordCost) -> str:
    """The render's side of :func:`keyword_costs`."""
    from manastack.oracle.render import extra_cost

    if kc.extra is not None:
        mana = f"{str(kc.cost).lower()}, " if kc.cost != ManaCost() else ""
        return f"{kc.keyword}—{mana}{extra_cost(kc.extra)}"
    return f"{kc.keyword} {str(kc.cost).lower()}"


# --- what the keywords' text says of them (kicker: 702.33d) ------------------------------------

_ENTERS_WITH = re.compile(
    r"(?:if ~ was kicked, it|~) enters with (a|an|one|two|three|four|five|six|seven|eight|x) "
    r"\+1/\+1 counters? on it(?: and with ([a-z ,]+?))?\.$"
)
_PER_KICK = "~ enters with a +1/+1 counter on it for each time it was kicked."
_COUNT = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNT.update({"seven": 7, "eight": 8})


def static_form(line: str) -> StaticEffect | None:
    """614.1c: ``~ enters with two +1/+1 counters on it.`` (``X``: 107.3m), ``If ~ was kicked,
    it enters with three +1/+1 counters on it and with trample.`` (702.33d); 613.1f:
    ``Enchanted land has "{T}: ..."`` (:func:`grant_form`)."""
    from manastack.oracle import grammar as gr

    granted = grant_form(line)
    if granted is not None:
        return granted
    low = line.lower()
    m = _CONTROL.fullmatch(low)
    if m is not None:
        return ControlAttached(m.group(1))  # 613.1b
    if low == _PER_KICK:
        return EntersWithCounters(1, "+1/+1", per_kick=True)  # 702.33c, 614.1c
    m = _ARREST.fullmatch(low)
    if m is not None:
        rules = {"can't block"} if m.group(2) == "block" else {"can't attack", "can't block"}
        return AttachedGets("enchanted", 0, 0, frozenset({*rules, NO_ACTIVATED}), m.group(1))
    m = _ENTERS_WITH.fullmatch(low)
    if m is None:
        return None
    kicked = low.startswith("if ")
    word = m.group(1)
    n = None if word == "x" else _COUNT[word]
    if n is not None and (n == 1) != (" counter on it" in low):
        return None
    words: frozenset[str] = frozenset()
    if m.group(2):
        if not kicked:
            return None
        cur = gr.Cursor(m.group(2))
        kws = gr.keyword_list(cur)
        if kws is None or not cur.done():
            return None
        words = kws
    if n is None and kicked:
        return None
    return EntersWithCounters(n, "+1/+1", kicked, words)


_ARREST = re.compile(
    r"enchanted (creature|artifact|permanent) can't (attack or block|block), and its activated "
    r"abilities can't be activated\."
)
_CONTROL = re.compile(r"you control enchanted (creature|land|artifact|permanent)\.")
_GRANT = re.compile(
    r"(enchanted|equipped) (creature|land|artifact|permanent) "
    r'(?:gets ([+-]\d+)/([+-]\d+) and )?has "(.+)"'
)
_THIS = re.compile(r"\b[Tt]his (?:creature|land|artifact|permanent)\b")


def grant_form(line: str) -> GrantAbility | None:
    """613.1f: ``Enchanted land has "{T}: This land deals 1 damage to any target."``: the
    ability (activated, mana or triggered) the permanent the Aura or Equipment is attached to
    has; "this land" is that permanent (the ability's source). Refused if the quoted ability
    can't be read."""
    from manastack.oracle.compiler import _ability

    m = _GRANT.fullmatch(line.lower())
    if m is None:
        return None
    inner = line[m.start(5) : m.end(5)]
    if "~" in inner:
        return None  # the Aura's own name inside its quoted ability: not this form
    ab = _ability(_THIS.sub("~", inner), "~")
    if not isinstance(ab, ActivatedAbility | ManaAbility | TriggeredAbility):
        return None
    pw, tg = int(m.group(3) or 0), int(m.group(4) or 0)
    return GrantAbility(m.group(1), m.group(2), dataclasses.replace(ab, text=inner), pw, tg)


def static_words(s: StaticEffect) -> str | None:
    """The render's side of :func:`static_form` (None: no words for it here)."""
    from manastack.oracle.render import ability, keyword_words

    if isinstance(s, ControlAttached):
        return f"you control enchanted {s.noun}"
    if isinstance(s, AttachedGets) and NO_ACTIVATED in s.words:
        what = "attack or block" if "can't attack" in s.words else "block"
        return f"enchanted {s.noun} can't {what}, and {NO_ACTIVATED}"
    if isinstance(s, GrantAbility):
        inner = ability(s.ability).replace("~", f"this {s.noun}")
        gets = f"gets {s.power:+d}/{s.toughness:+d} and " if s.power or s.toughness else ""
        return f'{s.kind} {s.noun} {gets}has "{inner}."'
    if not isinstance(s, EntersWithCounters) or s.kind != "+1/+1":
        return None
    if s.per_kick:
        return _PER_KICK.rstrip(".")
    n = "x" if s.count is None else {1: "a"}.get(s.count) or _number_word(s.count)
    counters = "counter" if s.count == 1 else "counters"
    head = "if ~ was kicked, it" if s.kicked else "~"
    tail = f" and with {keyword_words(s.words)}" if s.words else ""
    return f"{head} enters with {n} +1/+1 {counters} on it{tail}"


def _number_word(n: int) -> str:
    return next(w for w, k in _COUNT.items() if k == n and w not in ("a", "an"))


_KICKED_SENTENCE = re.compile(r"(?:^|(?<=\. ))if ~ was kicked, ")


def spell_sentences(line: str, ctx: Context) -> list[Effect]:
    """A spell's line, whose last sentence may be ``If ~ was kicked, <instructions>.``
    (702.33d: those are the spell's only if it was kicked). The kicked part may not add a
    target, nor say "instead"."""
    from manastack.oracle import grammar as gr

    m = _KICKED_SENTENCE.search(line.lower())
    if m is None:
        return gr.sentences(gr.Cursor(line), ctx)
    head, tail = line[: m.start()].rstrip(), line[m.end() :]
    if ". " in tail.rstrip(".") or " instead" in tail.lower():
        raise Refused(UNPARSED, line[m.start() :], line)
    effects = gr.sentences(gr.Cursor(head), ctx) if head else []
    n = len(ctx.targets)
    kicked = gr.sentences(gr.Cursor(tail), ctx)
    if len(ctx.targets) != n:
        raise Refused(UNPARSED, line[m.start() :], line)  # a target only if kicked: not done
    return [*effects, IfKicked(tuple(kicked))]


def effect_words(e: Effect, targets: tuple[TargetSpec, ...]) -> str | None:
    """The render's side of the effects read here (None: no words for it here)."""
    from manastack.oracle.render import effects

    if isinstance(e, IfKicked):
        return "if ~ was kicked, " + effects(e.effects, targets)
    for forms in _THAT.values():
        for words, effect in forms:
            if effect == e:
                return words
    return None


def activation_restriction(body: str) -> tuple[str, str]:
    """602.5b: an activated ability's effects and the words of its restriction ("once each
    turn", "during your upkeep", "if you control three or more artifacts"), "" for none."""
    low = body.lower()
    for only in RESTRICTIONS:
        tail = f" activate only {only}."
        if low.endswith(tail):
            return body[: -len(tail)], only
    return body, ""


# 603.1: the trigger heads of these keywords (as the grammar reads them, with the comma).
TRIGGER_HEADS: tuple[tuple[str, TriggerCondition], ...] = (
    ("when you cycle ~, ", YouCycleThis()),  # 702.29c
    ("when enchanted creature dies, ", EnchantedDies()),
    ("whenever enchanted creature deals damage, ", EnchantedDealsDamage()),
    (
        "whenever enchanted creature deals damage to an opponent, ",
        EnchantedDealsDamage("an opponent"),
    ),
    ("whenever enchanted creature deals damage to a player, ", EnchantedDealsDamage("a player")),
    ("whenever a player cycles a card, ", CyclesTrigger("any")),  # 702.29d
    ("whenever you cycle a card, ", CyclesTrigger("you")),
)


# Instructions only these triggers' abilities say (they read what the trigger saw).
_THAT = {
    EnchantedDealsDamage: (("you gain that much life", GainThatMuch()),),
    EnchantedDies: (
        ("return that card to the battlefield under your control", ReturnThatCard("yours")),
        (
            "return that card to the battlefield under its owner's control",
            ReturnThatCard("owner's"),
        ),
        ("return that card to its owner's hand", ReturnThatCard("hand")),
    ),
}


def triggered_form(line: str, name: str) -> TriggeredAbility | None:
    """A whole triggered ability whose instruction reads what its trigger saw: "Whenever
    enchanted creature deals damage, you gain that much life." (120.3, 119.3); "When enchanted
    creature dies, return that card to the battlefield under your control." (400.7)."""
    from manastack.oracle import grammar as gr

    cur = gr.Cursor(line)
    trig = gr.trigger_head(cur)
    if trig is None:
        return None
    for words, effect in _THAT.get(type(trig), ()):
        if cur.lit(words) and cur.lit(".") and cur.done():
            return TriggeredAbility(trig, (effect,), line.replace("~", name))
    return None


def works_off_the_stack(line: str) -> bool:
    """An instant's or sorcery's line that is an ability of the card rather than the spell's
    instructions: "When you cycle ~, ..." (702.29c)."""
    low = line.lower()
    return any(low.startswith(words) for words, _ in TRIGGER_HEADS[:1])


# Triggers after which "it" is the ability's source ("when you cycle ~, it deals ...").
OWN_TRIGGERS: tuple[type, ...] = (YouCycleThis,)

# Wordings of these forms that mean the same thing, brought to the one the renderer writes
# (added to the renderer's own).
SYNONYMS: tuple[tuple[re.Pattern[str], str], ...] = ()
