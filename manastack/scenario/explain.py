"""``manastack scenario --explain``: a scenario told in plain words.

The scenario's description (its ``description:``, or the comment block at the top of the
file), then for each script line a sentence of what it does and why, with the rule; the log it
wrote, with the passing noise folded into one line ("both players pass: Counterspell
resolves"); and the stack drawn each time it changed.
"""

from __future__ import annotations

from pathlib import Path

from manastack import cards
from manastack.cards.model import ActivatedAbility, CardDef, ManaAbility
from manastack.i18n import ENGLISH, N_, Msg, Translator
from manastack.scenario.runner import LineRun, Result
from manastack.state import Event
from manastack.text import commands as C
from manastack.vocabulary.effects import AddMana

_NOISE = ("pass", "priority")
# The log line of 405.5 (its template), folded with the passes before it.
_PASSED = "all players passed in succession: {what} resolves"


def description(result: Result) -> str:
    """The scenario's ``description:``, or the comments at the head of its file."""
    sc = result.scenario
    if sc.description:
        return sc.description.strip()
    try:
        text = Path(sc.source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError, ValueError):
        return ""
    lines: list[str] = []
    for raw in text.splitlines():
        if not raw.startswith("#"):
            break
        lines.append(raw[1:].removeprefix(" "))
    return "\n".join(lines).strip()


def _kind_words(cd: CardDef, t: Translator) -> str:
    types = sorted(cd.types, key=lambda ty: (ty != "Creature", ty))
    words = " ".join(ty.lower() for ty in types) or "card"
    if t is ENGLISH:
        return ("an " if words[0] in "aeiou" else "a ") + words
    return t.tr("a card of type {types!t}", types=words)


def _adds_mana(cd: CardDef) -> bool:
    return any(isinstance(e, AddMana) for e in cd.effects)


def _cast_sentence(name: str, t: Translator) -> str:
    cd = cards.find(name)
    if cd is None:
        return t.tr("{card!c}: casting a spell puts it on the stack (601.2a)", card=name)
    if _adds_mana(cd):
        return t.tr(
            "{card!c} is a spell, not a mana ability (605.1a: a mana ability has no target, "
            "isn't a loyalty ability, and could add mana; a spell that adds mana is still a "
            "spell): it goes on the stack and the opponent may respond (601.2a, 117.3c)",
            card=cd.name,
        )
    if cd.is_instant_speed:
        return t.tr(
            "{card!c} is {kind}: it may be cast whenever its player has priority "
            "(117.1a); it goes on the stack and the other players may respond (601.2a, 117.3c)",
            card=cd.name,
            kind=_kind_words(cd, t),
        )
    return t.tr(
        "{card!c} is {kind}: it can be cast only in its player's main phase with "
        "the stack empty (307.1 / 117.1a); it goes on the stack (601.2a)",
        card=cd.name,
        kind=_kind_words(cd, t),
    )


def _activate_sentence(cmd: C.Activate, t: Translator) -> str:
    cd = cards.find(cmd.card.name)
    name = cd.name if cd is not None else cmd.card.name
    abilities = [
        ab for ab in (cd.abilities if cd else ()) if isinstance(ab, ManaAbility | ActivatedAbility)
    ]
    if cmd.ability is not None and 0 < cmd.ability <= len(abilities):
        abilities = [abilities[cmd.ability - 1]]
    if not abilities:
        return t.tr("{card!c} has no ability that can be activated (602.1)", card=name)
    ab = abilities[0]
    if isinstance(ab, ManaAbility):
        return t.tr(
            "{card!c}'s ability is a mana ability (605.1a: no target, not a loyalty ability, it "
            "adds mana): it doesn't use the stack and resolves at once (605.3b)",
            card=name,
        )
    why = Msg("it has a target") if ab.targets else Msg("it doesn't add mana")
    return t.tr(
        "{card!c}'s ability is not a mana ability (605.1a: {why}): it goes on the stack and "
        "the other players may respond (602.2a, 117.3c)",
        card=name,
        why=why,
    )


def sentence(run: LineRun, t: Translator = ENGLISH) -> str:
    """What the line does and why, with the rule; its refusal, if refused."""
    cmd = run.line.command
    who = run.line.player
    if isinstance(cmd, C.Cast):
        text = _cast_sentence(cmd.card.name, t)
    elif isinstance(cmd, C.Activate):
        text = _activate_sentence(cmd, t)
    elif isinstance(cmd, C.PlayLand):
        text = t.tr(
            "playing {card!c} is a special action (116.2a): it doesn't use the stack, "
            "and is allowed only in its player's main phase with the stack empty (305.1)",
            card=cmd.card.name,
        )
    elif isinstance(cmd, C.Pass):
        text = t.tr("{player} passes priority (117.3d)", player=who)
    elif isinstance(cmd, C.Attack):
        text = t.tr("attackers are declared as a turn-based action (508.1): no stack, no priority")
    elif isinstance(cmd, C.Block):
        text = t.tr("blockers are declared as a turn-based action (509.1): no stack, no priority")
    elif isinstance(cmd, C.Concede):
        text = t.tr("{player} concedes: they leave the game at once (104.3a); no stack", player=who)
    else:
        text = f"{who}: {run.line.text}"
    if run.refused is not None:
        # What happens when it is accepted is beside the point: say what it is, and the no.
        for then in _THEN:
            text = text.split(t.gettext(then))[0]
        text += t.tr(": refused ({refusal}); nothing changes", refusal=run.refused.localized(t))
    return text


# Where a sentence goes on to say what happens once accepted (cut when the line is refused).
_THEN = (N_("; it goes on the stack"), N_(": it goes on the stack"), N_(": it doesn't use"))


def _fold(entries: list[Event], players: int, t: Translator = ENGLISH) -> list[str]:
    """The log lines, each run of passes and priority folded into one line."""
    out: list[str] = []
    k = 0
    both = Msg("both players pass") if players == 2 else Msg("all players pass")
    while k < len(entries):
        e = entries[k]
        if e.kind not in _NOISE:
            out.append(e.line(t))
            k += 1
            continue
        j = k
        while j < len(entries) and entries[j].kind in _NOISE:
            j += 1
        nxt = entries[j] if j < len(entries) else None
        passes = sum(1 for x in entries[k:j] if x.kind == "pass")
        if nxt is not None and nxt.kind == "resolve" and nxt.template == _PASSED:
            rule = f" [{nxt.rule}]" if nxt.rule else ""
            what = (nxt.params or {}).get("what", "")
            out.append(t.tr("{both}: {what} resolves", both=both, what=what) + rule)
            j += 1
        elif passes == 1:
            out.append(t.tr("(1 pass) {line}", line=entries[j - 1].line(t)))
        elif passes:
            out.append(t.tr("({n} passes) {line}", n=passes, line=entries[j - 1].line(t)))
        else:
            out.append(entries[j - 1].line(t))
        k = j
    return out


def _stack_line(stack: tuple[str, ...], t: Translator) -> str:
    if not stack:
        return t.tr("stack: empty")
    return t.tr("stack (top first): {items!c}", items=", ".join(stack))


def explain(result: Result, t: Translator = ENGLISH) -> str:
    """The whole scenario in words (see the module's docstring), in ``t``'s language."""
    game = result.game
    lines = [t.tr("Scenario: {name}", name=result.scenario.name)]
    about = description(result)
    if about:
        lines.extend(["", *about.splitlines()])
    if game is None:
        lines.extend(["", result.failure_text(t) or t.tr("the setup is not valid")])
        return "\n".join(lines)
    log = game.log
    players = len(game.state.players)
    stacks = list(result.stacks)

    def show(start: int, end: int, indent: str) -> None:
        """Log entries start..end, and the stack each time it changed in between."""
        pos = start
        while stacks and stacks[0][0] <= end:
            at, stack = stacks.pop(0)
            lines.extend(indent + text for text in _fold(log[pos : max(pos, at)], players, t))
            pos = max(pos, at)
            lines.append(f"{indent}-> {_stack_line(stack, t)}")
        lines.extend(indent + text for text in _fold(log[pos:end], players, t))

    lines.append("")
    lines.append(t.tr("Before the script:"))
    first = result.steps[0].start if result.steps else len(log)
    show(0, first, "  ")
    for n, run in enumerate(result.steps, start=1):
        lines.append("")
        lines.append(f"{n}. {run.line.player}: {run.line.text}")
        lines.append(f"   {sentence(run, t)}.")
        upto = result.steps[n].start if n < len(result.steps) else len(log)
        show(run.start, upto, "   ")
    lines.append("")
    lines.append(t.tr("PASS") if result.passed else t.tr("FAIL: {why}", why=result.failure_text(t)))
    return "\n".join(lines)
