"""Messages in the player's language: gettext catalogs, a template per message.

A message is an English template with named placeholders, the msgid of the catalogs::

    g.emit("cast", "{player} casts {card!c}: it moves to the stack", "601.2a",
           player=pl.name, card=card.name)
    raise IllegalAction("cost", "{card!c} is already tapped", "602.2b", card=p.name)
    Msg("{card!c}'s ability", card=name)     # a fragment, rendered inside another message
    N_("untap step")                         # a template kept in a table, rendered later

``{name!c}`` is a card name (shown through :func:`card_name`, French names in a French
log), ``{name!t}`` a card's rules text (kept as printed); any other ``{name}`` is put in as
it is, or rendered in the same language when it is a :class:`Msg`. A template without
parameters is never formatted (its braces are literal, ``{T}``).

The catalogs are ``locale/LANG/LC_MESSAGES/manastack.po`` (compiled to ``.mo`` beside them
by ``tools/i18n.py``; the test suite checks the two agree); a variant of a language for a rule
set of another era is a gettext ``@modifier`` (``fr@2004``) holding only the words that
differ, chained before the language's catalog (``gettext.translation`` falls back message by
message). English is the source language: no catalog. A new language is a new catalog.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

DOMAIN = "manastack"
LOCALE_DIR = Path(__file__).parent / "locale"
SOURCE_LANG = "en"
ENV_VAR = "MANASTACK_LANG"

# Patterns are compiled on first use (``re`` caches them), not by `import manastack`.
_FIELD = r"\{(\w+)!([ct])\}"

# Elision, a rule of the language's typography: in French a short word before a field is
# elided when the field's text begins with a vowel ("la bibliothèque de {player}": "la
# bibliothèque d'alice", "de bob"; "à moins que {player}": "qu'alice"). Names are proper
# nouns: the rule is the same for them. An h is left alone (aspirated or not: the word can't
# tell), and so is y ("de Yawgmoth").
ELISIONS: dict[str, str] = {
    "fr": r"(?i)(?<![\w'’-])(de|que|le|la|ne|lorsque|puisque|jusque) (\{\w+(?:![ct])?\})",
}


def elision_rule(lang: str) -> re.Pattern[str] | None:
    """The language's elision rule (``ELISIONS``) compiled, or None if it elides nothing."""
    rule = ELISIONS.get(lang)
    return None if rule is None else re.compile(rule)


_VOWELS = frozenset("aeiouàâäéèêëîïôöùûüœæ")


def N_(template: str) -> str:
    """Marks a template written in a table and rendered later (the extractor finds it)."""
    return template


# What the log shows in place of a card's name when it is hidden (708.2): messages, not names.
NOT_NAMES: frozenset[str] = frozenset(
    {
        N_("a face-down creature"),
        N_("a face-down spell"),
        N_("a face-down creature spell (morph)"),
    }
)


# Card types as the French rules name them, for the places that say what a card is.
TYPE_WORDS: tuple[str, ...] = (
    N_("creature"),
    N_("artifact"),
    N_("enchantment"),
    N_("artifact creature"),
    N_("legendary creature"),
    N_("legendary artifact"),
    N_("legendary enchantment"),
    N_("planeswalker"),
    N_("legendary planeswalker"),
    N_("instant"),
    N_("sorcery"),
    N_("land"),
    N_("basic land"),
    N_("creature artifact"),
    N_("card"),
)


def languages() -> list[str]:
    """The languages with a catalog, and English: ``['en', 'fr']``."""
    found = {
        p.name
        for p in LOCALE_DIR.iterdir()
        if "@" not in p.name and (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()
    }
    return [SOURCE_LANG, *sorted(found)]


def default_lang() -> str:
    """``MANASTACK_LANG`` if set (and known), else English."""
    return check_lang(os.environ.get(ENV_VAR) or SOURCE_LANG)


def check_lang(lang: str) -> str:
    """``lang`` if it has a catalog; raises ``ValueError`` naming the languages otherwise."""
    if lang not in languages():
        raise ValueError(str(unknown_language(lang)))
    return lang


def unknown_language(lang: str) -> Msg:
    """What is wrong with a language that has no catalog (a message, to render in any)."""
    return Msg(
        "unknown language {lang!r}; the languages are: {langs}",
        lang=lang,
        langs=", ".join(languages()),
    )


def card_name(name: str, lang: str) -> str:
    """A card's name as shown in ``lang`` (its English name where no printing is known)."""
    if lang == "fr":
        return _french_card_name(name)
    return name


def _french_card_name(name: str) -> str:
    # The hook to the French card names: manastack.i18n.cardnames.french_card_name, looked up
    # once (until that module exists, every card keeps its English name).
    hook = _HOOKS.get("fr")
    if hook is None:
        hook = _HOOKS["fr"] = _find_hook()
    return hook(name)


def _find_hook() -> Callable[[str], str]:
    try:
        from manastack.i18n import cardnames  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return _same
    found: Callable[[str], str] = cardnames.french_card_name
    return found


def _same(name: str) -> str:
    return name


_HOOKS: dict[str, Callable[[str], str]] = {}


class Msg:
    """A message to render later: its template (the msgid) and its parameters."""

    __slots__ = ("params", "template")

    template: str
    params: dict[str, object]

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params = params

    def render(self, tr: Translator | None = None) -> str:
        return (tr or ENGLISH).render(self.template, self.params)

    def __str__(self) -> str:
        return ENGLISH.render(self.template, self.params)

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Msg)
            and other.template == self.template
            and other.params == self.params
        )

    def __hash__(self) -> int:
        return hash(self.template)


def ability_of(name: str) -> Msg:
    """A card's ability, by its source's name: "Llanowar Elves's ability"."""
    return Msg("{card!c}'s ability", card=name)


def card_msg(name: str) -> Msg:
    """A card's name as a message (a fragment: "Counterspell", "Contresort" in French)."""
    return Msg("{card!c}", card=name)


def and_list(items: list[str]) -> Msg:
    """Names joined with "and" ("alice and bob"), in the log's language."""
    if len(items) <= 1:
        return Msg("{a}", a=items[0] if items else "")
    return Msg("{a} and {b}", a=items[0], b=and_list(items[1:]))


def comma_list(items: list[object]) -> Msg:
    """Parts joined with commas ("a, b, c"), each rendered in the log's language."""
    if len(items) <= 1:
        return Msg("{a}", a=items[0] if items else "")
    return Msg("{a}, {b}", a=items[0], b=comma_list(items[1:]))


class _Template:
    """A translated template made ready for ``str.format``: the fields that are card names
    and card texts, and the format string without their conversion marks."""

    __slots__ = ("cards", "elisions", "fmt", "texts")

    cards: tuple[str, ...]
    texts: tuple[str, ...]
    elisions: tuple[tuple[str, str, str], ...]
    fmt: str

    def __init__(self, translated: str, lang: str = SOURCE_LANG) -> None:
        fields = re.findall(_FIELD, translated)
        self.cards = tuple(m[0] for m in fields if m[1] == "c")
        self.texts = tuple(m[0] for m in fields if m[1] == "t")
        # Each word that may be elided before a field becomes a field of its own: ``{_e0}``,
        # the word and the field's text, elided or not (the field's name, the word, the slot).
        elisions: list[tuple[str, str, str]] = []
        rule = elision_rule(lang)
        if rule is not None:
            parts: list[str] = []
            end = 0
            for m in rule.finditer(translated):
                slot = f"_e{len(elisions)}"
                elisions.append((m.group(2)[1:-1].split("!")[0], m.group(1), slot))
                parts += [translated[end : m.start()], "{" + slot + "}"]
                end = m.end()
            translated = "".join(parts) + translated[end:]
        self.elisions = tuple(elisions)
        self.fmt = re.sub(_FIELD, r"{\1}", translated)


def elide(word: str, text: str) -> str:
    """``word`` and ``text`` as French writes them: ``elide("de", "alice")`` is ``d'alice``,
    ``elide("de", "bob")`` is ``de bob`` (a card name set apart with ``⟦`` counts by its first
    letter)."""
    first = text.lstrip("⟦")[:1]
    if first and first.casefold() in _VOWELS:
        return f"{word[:-1]}'{text}"
    return f"{word} {text}"


class _Catalog(Protocol):
    def gettext(self, message: str, /) -> str: ...


class _NoCatalog:
    """The source language's catalog: every template is its own translation."""

    def gettext(self, message: str, /) -> str:
        return message


_SOURCE_CATALOG = _NoCatalog()


class Translator:
    """Renders templates in one language, for one era of the rules (``None``: today's).

    ``mark`` puts card names and card texts between ``⟦ ⟧`` (the tests read a log with them
    set apart, to check that everything else is in the language).
    """

    __slots__ = ("_cache", "_gt", "era", "lang", "mark")

    lang: str
    era: str | None
    mark: bool
    _cache: dict[str, _Template]
    _gt: _Catalog

    def __init__(self, lang: str = SOURCE_LANG, era: str | None = None, mark: bool = False) -> None:
        self.lang = lang
        self.era = era
        self.mark = mark
        self._cache = {}
        if lang == SOURCE_LANG:
            self._gt = _SOURCE_CATALOG
        else:
            import gettext  # English, the source language, has no catalog: loaded for the others

            tried = [f"{lang}@{era}", lang] if era else [lang]
            self._gt = gettext.translation(DOMAIN, str(LOCALE_DIR), languages=tried, fallback=True)

    def gettext(self, template: str) -> str:
        """The template in this language (the English one where the catalog lacks it)."""
        return self._gt.gettext(template)

    def render(self, template: str, params: dict[str, object]) -> str:
        """The message in this language, its parameters put in."""
        t = self._cache.get(template)
        if t is None:
            t = self._cache[template] = _Template(self._gt.gettext(template), self.lang)
        if not params:
            return t.fmt
        values: dict[str, object] = {}
        for key, value in params.items():
            if isinstance(value, Msg):
                values[key] = self.render(value.template, value.params)
            else:
                values[key] = value
        for key in t.cards:
            name = str(values[key])
            if name in NOT_NAMES:
                values[key] = self._gt.gettext(name)
                continue
            shown = card_name(name, self.lang)
            values[key] = f"⟦{shown}⟧" if self.mark else shown
        for key in t.texts:  # a card's text: in the catalog (the common phrases) or as printed
            text = self._gt.gettext(str(values[key]))
            values[key] = f"⟦{text}⟧" if self.mark else text
        for key, word, slot in t.elisions:
            values[slot] = elide(word, str(values[key]))
        return t.fmt.format_map(values)

    def tr(self, template: str, **params: object) -> str:
        """One message in this language: ``t.tr("{n} games", n=3)``."""
        return self.render(template, params)

    def __repr__(self) -> str:
        return f"<Translator {self.lang}{'@' + self.era if self.era else ''}>"


ENGLISH = Translator()
_TRANSLATORS: dict[tuple[str, str | None], Translator] = {(SOURCE_LANG, None): ENGLISH}


def translator(lang: str = SOURCE_LANG, era: str | None = None) -> Translator:
    """The (shared) translator of a language and an era of the rules."""
    key = (lang, era)
    tr = _TRANSLATORS.get(key)
    if tr is None:
        tr = _TRANSLATORS[key] = Translator(lang, era)
    return tr


def tr(template: str, lang: str = SOURCE_LANG, era: str | None = None, **params: object) -> str:
    """One message rendered at once in ``lang``: ``tr("{n} games", "fr", n=3)``."""
    return translator(lang, era).render(template, params)
