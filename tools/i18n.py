"""The message catalogs: extract the templates, update the ``.po`` files, compile the ``.mo``.

    python3 tools/i18n.py extract    # manastack/i18n/locale/manastack.pot from the source
    python3 tools/i18n.py update     # each .po gets the new templates (untranslated), loses none
    python3 tools/i18n.py compile    # each .po -> .mo beside it (shipped as package data)
    python3 tools/i18n.py check      # every template translated in every full catalog; the
                                     # .mo files up to date (what the tests check too)

The templates are found by ``manastack.i18n.extract`` (an AST walk over the marker calls:
``emit``, ``IllegalAction``, ``Msg``, ``N_``, ``tr``); Babel (a dev dependency) reads and
writes the catalogs and compiles them. At run time only the standard ``gettext`` reads the
``.mo`` files. An era variant (``fr@2004``) holds only the messages whose words differ in that
era; its other messages fall back to the language's catalog, so ``update`` adds nothing to it.
"""

from __future__ import annotations

import argparse
import gettext
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from manastack.i18n import DOMAIN, LOCALE_DIR  # noqa: E402
from manastack.i18n.extract import messages  # noqa: E402


def template() -> Catalog:
    cat = Catalog(project="manastack", version="0.1.0", fuzzy=False)
    for msgid, where in messages().items():
        cat.add(msgid, locations=[(p, n) for p, n in where])
    return cat


def catalogs() -> list[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def is_variant(po: Path) -> bool:
    return "@" in po.parent.parent.name


def read(po: Path) -> Catalog:
    with po.open("rb") as f:
        return read_po(f, locale=po.parent.parent.name.split("@")[0])


def write(po: Path, cat: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, cat, width=100, sort_output=False, include_previous=False)
    po.write_bytes(buf.getvalue())


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def extract() -> None:
    pot = LOCALE_DIR / f"{DOMAIN}.pot"
    write(pot, template())
    print(f"wrote {pot.relative_to(ROOT)}")


def update() -> None:
    tpl = template()
    for po in catalogs():
        cat = read(po)
        if is_variant(po):
            continue
        cat.update(tpl, no_fuzzy_matching=True)
        cat.obsolete.clear()
        write(po, cat)
        print(f"updated {po.relative_to(ROOT)}")


def compile_all() -> None:
    for po in catalogs():
        mo = po.with_suffix(".mo")
        mo.write_bytes(mo_bytes(read(po)))
        print(f"wrote {mo.relative_to(ROOT)}")


def problems() -> list[str]:
    """What ``check`` (and the tests) complain about."""
    out: list[str] = []
    wanted = set(messages())
    for po in catalogs():
        cat = read(po)
        name = po.relative_to(ROOT)
        for m in cat:
            if m.id and m.fuzzy:
                out.append(f"{name}: fuzzy: {m.id!r}")
        if not is_variant(po):
            have = {m.id for m in cat if m.id and m.string}
            out += [f"{name}: untranslated: {w!r}" for w in sorted(wanted - have)]
        mo = po.with_suffix(".mo")
        if not mo.is_file() or compiled(mo) != translations(cat):
            out.append(
                f"{mo.relative_to(ROOT)} is not compiled from its .po (tools/i18n.py compile)"
            )
    return out


def translations(cat: Catalog) -> dict[str, str]:
    """What a catalog translates (its messages with a translation, fuzzy ones left out)."""
    return {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}


def compiled(mo: Path) -> dict[str, str]:
    """What a compiled catalog translates, as the standard ``gettext`` reads it (the same
    messages whatever Babel version compiled it)."""
    with mo.open("rb") as f:
        table = gettext.GNUTranslations(f)._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in table.items() if isinstance(k, str) and k}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("command", choices=["extract", "update", "compile", "check"])
    cmd = ap.parse_args().command
    if cmd == "extract":
        extract()
    elif cmd == "update":
        update()
    elif cmd == "compile":
        compile_all()
    else:
        found = problems()
        for p in found:
            print(p)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
