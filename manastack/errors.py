"""Typed errors. Every refusal says what was wrong and, for a rules refusal, which rule."""

from __future__ import annotations

from manastack.i18n import ENGLISH, N_, Msg, Translator


class ManastackError(Exception):
    """Base of every error manastack raises on purpose. Its ``str`` is English;
    :meth:`localized` is the same message in a translator's language (when the error was made
    from a template: :mod:`manastack.i18n`; as ``str`` otherwise)."""

    def localized(self, tr: Translator | None = None) -> str:
        return str(self)


LONGEST_NAME = 120
"""No card name is longer; longer text is cut in messages and gets no suggestions."""


def quote_name(text: str) -> str:
    """``repr`` of a name as typed, cut so that a hostile input can't flood a message."""
    if len(text) <= LONGEST_NAME:
        return repr(text)
    return repr(text[:LONGEST_NAME]) + f"... ({len(text)} characters)"


REASONS = frozenset({"timing", "priority", "target", "cost", "limit", "combat", "unknown"})
"""The contract's refusal words (a module constant: compiled, an exception class keeps none)."""


class IllegalAction(ManastackError):
    """An action the rules do not allow now. The game state is exactly as it was.

    ``reason`` is one of the contract's refusal words: timing, priority, target, cost, limit,
    combat, unknown.
    """

    def __init__(
        self, reason: str, message: str, rule: str | None = None, **params: object
    ) -> None:
        """``message`` is a template (manastack.i18n) and ``params`` its parameters: ``str``
        and ``detail`` are English; :meth:`localized` renders it in a game's language."""
        assert reason in REASONS, reason
        self.reason = reason
        self.rule = rule
        self.template = message
        self.params = params
        # The language of the game that refused (Game.apply sets it); English until then.
        self.tr: Translator = ENGLISH
        # Rendered when read, not here: the legal-action search makes refusals by the thousand
        # (a land "is not a creature you control") and reads none of them.
        super().__init__(reason, message, rule)

    @property
    def detail(self) -> str:
        """The message alone, in English."""
        return ENGLISH.render(self.template, self.params)

    def __str__(self) -> str:
        cite = f" [{self.rule}]" if self.rule else ""
        return f"{self.reason}: {self.detail}{cite}"

    def localized(self, tr: Translator | None = None) -> str:
        """``reason: message [rule]`` in ``tr``'s language (the refusing game's by default)."""
        tr = tr or self.tr
        if tr is ENGLISH:
            return str(self)
        cite = f" [{self.rule}]" if self.rule else ""
        reason = Msg(REASON_WORDS[self.reason])
        line = Msg("{reason}: {message}", reason=reason, message=self.localized_detail(tr))
        return line.render(tr) + cite

    def msg(self) -> Msg:
        """The whole refusal as a message, to be rendered later in any language."""
        cite = f" [{self.rule}]" if self.rule else ""
        return Msg(
            "{reason}: {message}{cite}",
            reason=Msg(REASON_WORDS[self.reason]),
            message=Msg(self.template, **self.params),
            cite=cite,
        )

    def localized_detail(self, tr: Translator | None = None) -> str:
        """The message alone, in ``tr``'s language (the refusing game's by default)."""
        return (tr or self.tr).render(self.template, self.params)


# The contract's refusal words, as messages (a French log says "coût", not "cost").
REASON_WORDS: dict[str, str] = {
    "timing": N_("timing"),
    "priority": N_("priority"),
    "target": N_("target"),
    "cost": N_("cost"),
    "limit": N_("limit"),
    "combat": N_("combat"),
    "unknown": N_("unknown"),
}


class UnknownCard(ManastackError):
    """A card name that is not in the pool; ``suggestions`` are the closest names."""

    def __init__(self, name: str, suggestions: list[str] | None = None) -> None:
        self.name = name
        self.suggestions = suggestions or []
        super().__init__(str(self.msg()))

    def msg(self) -> Msg:
        """The error as a message, to be rendered in any language."""
        hint: Msg | str = ""
        if self.suggestions:
            hint = Msg(" (did you mean {names}?)", names=", ".join(self.suggestions))
        return Msg("unknown card {name!r}{hint}", name=self.name, hint=hint)

    def localized(self, tr: Translator | None = None) -> str:
        return self.msg().render(tr)


class InputError(ManastackError):
    """Bad input from a file: names the source and line where known. ``message`` is a
    template (manastack.i18n) and ``params`` its parameters."""

    def __init__(self, source: str, line: int | None, message: str, **params: object) -> None:
        self.source = source
        self.line = line
        self.template = message
        self.params = params
        self.message = ENGLISH.render(message, params)
        super().__init__(f"{self._where()}: {self.message}")

    def _where(self) -> str:
        return f"{self.source}:{self.line}" if self.line is not None else self.source

    def localized(self, tr: Translator | None = None) -> str:
        return f"{self._where()}: {(tr or ENGLISH).render(self.template, self.params)}"

    def msg(self) -> Msg:
        """The whole error as a message, to be rendered later in any language."""
        return Msg(
            "{where}: {message}", where=self._where(), message=Msg(self.template, **self.params)
        )
