"""How much of the card base compiles: by category, by refusal reason, and the fragments that
refuse the most cards (what the vocabulary should learn next)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from manastack.cards import base
from manastack.oracle.compiler import Compiled
from manastack.oracle.refusal import UNPARSED, Refusal

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


def text(rep: dict[str, Any]) -> str:
    lines = [f"Card base: {rep['source']}", "", "By category (compiled / cards):"]
    for cat, v in rep["by_category"].items():
        lines.append(f"  {cat:<14} {v['compiled']:>6} / {v['cards']:<6}")
    lines += ["", "Refused, by reason:"]
    lines += [f"  {n:>6}  {reason}" for reason, n in rep["by_reason"].items()]
    lines += ["", "The fragments that refuse the most cards:"]
    lines += [f"  {n:>6}  {frag}" for frag, n in rep["top_fragments"].items()]
    lines += ["", f"{rep['compiled']} of {rep['cards']} cards compiled ({rep['percent']}%)"]
    return "\n".join(lines)
