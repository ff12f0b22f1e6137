"""How much of the card base compiles: by category, by refusal reason, and the fragments that
refuse the most cards (what the vocabulary should learn next)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from manastack.cards import base
from manastack.i18n import ENGLISH, N_, Translator
from manastack.oracle.compiler import Compiled
from manastack.oracle.refusal import (
    CARD_TYPE,
    KEYWORD,
    LAYOUT,
    MANA_SYMBOL,
    STAR_PT,
    SUPERTYPE,
    UNPARSED,
    Refusal,
)

_CATEGORIES = ("Land", "Creature", "Planeswalker", "Instant", "Sorcery", "Artifact", "Enchantment")


def category(row: dict[str, Any]) -> str:
    """The card's first type in this order (an artifact creature is a creature)."""
    types = row.get("types") or ()
    return next((t for t in _CATEGORIES if t in types), "other")


def fragment_key(r: Refusal) -> str:
    """Refusals grouped by what refused them: the keyword, the symbol, or the first words of
    the clause not understood."""
    if r.reason != UNPARSED:
        return r.fragment
    words = r.fragment.split()
    return " ".join(words[:4]) + (" ..." if len(words) > 4 else "")


def report(top: int = 25) -> dict[str, Any]:
    results = base.compile_all()
    by_cat: dict[str, list[int]] = {}
    reasons: Counter[str] = Counter()
    fragments: Counter[str] = Counter()
    for name, res in results.items():
        row = base.row(name) or {}
        entry = by_cat.setdefault(category(row), [0, 0])
        entry[1] += 1
        if isinstance(res, Compiled):
            entry[0] += 1
        else:
            reasons[res.reason] += 1
            fragments[f"{res.reason}: {fragment_key(res)}"] += 1
    compiled = sum(v[0] for v in by_cat.values())
    return {
        "source": base.SOURCE[0] if base.SOURCE else "",
        "cards": len(results),
        "compiled": compiled,
        "percent": round(100 * compiled / max(1, len(results)), 1),
        "by_category": {
            k: {"compiled": v[0], "cards": v[1]}
            for k, v in sorted(by_cat.items(), key=lambda kv: -kv[1][1])
        },
        "by_reason": dict(reasons.most_common()),
        "top_fragments": dict(fragments.most_common(top)),
    }


# The categories and the reasons, as messages (the report's JSON keeps the English words).
CATEGORY_WORDS: dict[str, str] = {
    "Land": N_("Land"),
    "Creature": N_("Creature"),
    "Planeswalker": N_("Planeswalker"),
    "Instant": N_("Instant"),
    "Sorcery": N_("Sorcery"),
    "Artifact": N_("Artifact"),
    "Enchantment": N_("Enchantment"),
    "other": N_("other"),
}
REASON_WORDS: dict[str, str] = {
    UNPARSED: N_("unparsed clause"),
    MANA_SYMBOL: N_("unsupported mana symbol"),
    STAR_PT: N_("`*` power or toughness"),
    LAYOUT: N_("unsupported layout"),
    KEYWORD: N_("keyword the engine lacks"),
    CARD_TYPE: N_("unsupported card type"),
    SUPERTYPE: N_("unsupported supertype"),
}


def _reason(text: str, t: Translator) -> str:
    return t.tr(REASON_WORDS[text]) if text in REASON_WORDS else text


def _fragment(key: str, t: Translator) -> str:
    """``reason: fragment`` with the reason in ``t``'s language (the fragment as printed)."""
    reason, sep, fragment = key.partition(": ")
    if not sep or reason not in REASON_WORDS:
        return key
    return t.tr("{reason}: {fragment}", reason=_reason(reason, t), fragment=fragment)


def text(rep: dict[str, Any], t: Translator = ENGLISH) -> str:
    lines = [
        t.tr("Card base: {source}", source=rep["source"]),
        "",
        t.tr("By category (compiled / cards):"),
    ]
    for cat, v in rep["by_category"].items():
        shown = t.tr(CATEGORY_WORDS[cat]) if cat in CATEGORY_WORDS else cat
        lines.append(f"  {shown:<14} {v['compiled']:>6} / {v['cards']:<6}")
    lines += ["", t.tr("Refused, by reason:")]
    lines += [f"  {n:>6}  {_reason(reason, t)}" for reason, n in rep["by_reason"].items()]
    lines += ["", t.tr("The fragments that refuse the most cards:")]
    lines += [f"  {n:>6}  {_fragment(frag, t)}" for frag, n in rep["top_fragments"].items()]
    lines += [
        "",
        t.tr(
            "{compiled} of {cards} cards compiled ({percent}%)",
            compiled=rep["compiled"],
            cards=rep["cards"],
            percent=rep["percent"],
        ),
    ]
    return "\n".join(lines)
