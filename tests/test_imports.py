"""What `import manastack` loads: the engine, not the card pools, the card base, the CLI, the
scenario runner, rich or YAML (issue 20: they load on first use). A test of what is loaded, in
a fresh process, not of how long it takes (``benchmarks/bench.py`` times it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import manastack

# The folder holding the package this suite imported (the source tree, or an installed build).
WHERE = str(Path(manastack.__file__).resolve().parent.parent)

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
already = set(sys.modules)  # what the interpreter's start-up loaded
import manastack
loaded = sorted(set(sys.modules) - already)
from manastack import Game, cards
before = sorted(sys.modules)
import json
bolt = cards.get("lightning bolt").name
print(json.dumps({"loaded": loaded, "before_lookup": before, "bolt": bolt,
                  "pools": sorted(cards.POOLS), "all": len(cards.ALL),
                  "file": manastack.__file__, "game": Game.__name__}))
"""

NOT_AT_IMPORT = (
    "rich",
    "yaml",
    "manastack.cli",
    "manastack.cli_args",
    "manastack.scenario",
    "manastack.cards.pool1",
    "manastack.cards.pool2",
    "manastack.cards.build",
    "manastack.cards.model",
    "manastack.oracle",
    "manastack.text",
    "manastack.record",
    "manastack.serialize",
    "manastack.simulate",
    "manastack.play",
    "manastack.agents",
    "manastack.vocabulary.effects",
    "manastack.vocabulary.moves",
    # The keyword vocabulary the engine calls only for cards that have it (flashback, cycling),
    # and the effects that set up prevention shields (the rules' side is manastack.prevention).
    "manastack.vocabulary.alt_costs",
    "manastack.vocabulary.cycling",
    "manastack.vocabulary.prevention",
    "manastack.vocabulary.filters",
    "manastack.vocabulary.triggers",
    "manastack.vocabulary.asks",
    "gettext",
    "hashlib",
    "gzip",
    "json",
    "difflib",
)


def _child() -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, WHERE], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr
    out: dict[str, object] = json.loads(proc.stdout)
    return out


def test_import_loads_the_engine_only() -> None:
    out = _child()
    assert str(out["file"]).startswith(WHERE)
    loaded = set(out["loaded"])  # type: ignore[call-overload]
    assert {"manastack.game", "manastack.engine", "manastack.actions"} <= loaded
    for name in NOT_AT_IMPORT:
        found = sorted(m for m in loaded if m == name or m.startswith(name + "."))
        assert not found, f"`import manastack` loads {found}"


def test_the_pools_load_on_first_lookup() -> None:
    out = _child()
    before = set(out["before_lookup"])  # type: ignore[call-overload]
    assert "manastack.cards.pool1" not in before  # `from manastack import cards` is light too
    assert out["bolt"] == "Lightning Bolt"
    assert out["pools"] == ["1", "2"]
    assert isinstance(out["all"], int) and out["all"] > 20
