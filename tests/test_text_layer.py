"""The text layer (``manastack.text``): it reads the game only through the ``Game`` facade, and
its command language, execution and descriptions work through that package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import manastack.text as text
from manastack import Game, IllegalAction, Kind, Step
from manastack.actions import ChooseTarget, Pass, player_target
from manastack.setup import PermanentSpec, PlayerSpec

TEXT_DIR = Path(text.__file__).resolve().parent

# What manastack.text may import from manastack: the facade, the actions, the errors, the steps,
# the pure mana text helpers, and itself. No rules module (casting, targeting, layers, ...).
ALLOWED = {
    "manastack.game",
    "manastack.actions",
    "manastack.errors",
    "manastack.steps",
    "manastack.mana",
    "manastack.i18n",  # messages: templates and catalogs, no rules
}


def _imported(module: str, tree: ast.Module) -> set[str]:
    """Every module that ``tree`` (the module ``module``) imports, anywhere in it (also inside
    functions and ``if TYPE_CHECKING:``); ``from P import N`` counts as ``P.N`` when P is
    ``manastack`` (it may name a module)."""
    package = module.rsplit(".", 1)[0]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            if base == "manastack":
                out.update(f"manastack.{alias.name}" for alias in node.names)
            else:
                out.add(base)
    return out


def _text_modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(TEXT_DIR.glob("*.py")):
        name = "manastack.text" if path.stem == "__init__" else f"manastack.text.{path.stem}"
        out.append((name, path))
    return out


def test_the_text_package_has_its_modules() -> None:
    names = {name for name, _ in _text_modules()}
    assert {
        "manastack.text",
        "manastack.text.commands",
        "manastack.text.execute",
        "manastack.text.describe",
    } <= names


@pytest.mark.parametrize("module,path", _text_modules(), ids=lambda v: str(v).rsplit("/", 1)[-1])
def test_text_imports_only_the_facade_and_plain_helpers(module: str, path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    ours = {m for m in _imported(module, tree) if m == "manastack" or m.startswith("manastack.")}
    bad = sorted(
        m
        for m in ours
        if m not in ALLOWED and m != "manastack.text" and not m.startswith("manastack.text.")
    )
    assert not bad, f"{path.name} imports rules modules: {bad}"
    # No way around the rule by importing at run time.
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call)
        and (
            (isinstance(n.func, ast.Name) and n.func.id == "__import__")
            or (isinstance(n.func, ast.Attribute) and n.func.attr == "import_module")
        )
    ]
    assert not calls, f"{path.name} imports modules at run time"


def test_the_import_check_sees_a_rules_import() -> None:
    tree = ast.parse(
        "from manastack import casting\n"
        "from .. import layers\n"
        "def f():\n    import manastack.targeting\n"
    )
    found = _imported("manastack.text.execute", tree)
    assert {"manastack.casting", "manastack.layers", "manastack.targeting"} <= found


def test_the_old_import_paths_are_the_text_layer() -> None:
    import manastack.execute as old_execute
    import manastack.scenario.commands as old_commands
    import manastack.scenario.runner as runner

    assert old_execute.execute is text.execute
    assert old_execute.Plans is text.Plans
    assert old_commands.parse_command is text.parse_command
    assert old_commands.CardNames is text.CardNames
    assert runner.describe_action is text.describe_action


# --- behaviour through manastack.text ---------------------------------------------------------

NAMES = ["Lightning Bolt", "Grizzly Bears", "Mountain", "Island"]


def _bolt_game() -> Game:
    return Game.from_position(
        [
            PlayerSpec("alice", hand=["Lightning Bolt"], battlefield=["Mountain"]),
            PlayerSpec("bob", battlefield=["Island", PermanentSpec("Grizzly Bears")]),
        ],
        step=Step.PRECOMBAT_MAIN,
    )


def _do(game: Game, who: str, line: str) -> None:
    text.execute(game, game.player_index(who), text.parse_command(line, NAMES))


def test_a_parsed_cast_is_carried_out() -> None:
    game = _bolt_game()
    cmd = text.parse_command("cast lightning bolt targeting bob's grizzly bears", NAMES)
    assert str(cmd) == "cast lightning bolt targeting bob's grizzly bears"
    text.execute(game, 0, cmd)
    g = game.state
    bears = next(p for p in g.battlefield if p.name == "Grizzly Bears")
    assert [s.source_name for s in g.stack] == ["Lightning Bolt"]
    assert g.stack[0].targets == [bears.oid]
    assert game.decision is not None and game.decision.kind is Kind.PRIORITY
    _do(game, "alice", "pass")
    _do(game, "bob", "pass")
    assert all(p.name != "Grizzly Bears" for p in game.state.battlefield)


def test_a_refused_command_changes_nothing() -> None:
    game = _bolt_game()
    before = game.log_text()
    with pytest.raises(IllegalAction) as info:
        _do(game, "alice", "cast Lightning Bolt targeting Island")
    assert info.value.reason == "target"
    assert "Island" in str(info.value)
    g = game.state
    assert [c.name for c in g.players[0].hand] == ["Lightning Bolt"]
    assert not g.stack and not any(p.tapped for p in g.battlefield)
    assert game.log_text() == before
    with pytest.raises(IllegalAction) as info:
        _do(game, "bob", "pass")  # alice holds priority
    assert info.value.reason == "priority"


def test_a_target_asked_as_its_own_decision_and_described() -> None:
    game = _bolt_game()
    _do(game, "alice", "cast Lightning Bolt")
    d = game.decision
    assert d is not None and d.kind is Kind.TARGET
    bolt = game.state.stack[-1]
    assert game.pending_item() == bolt.oid
    assert game.pending_target_text()
    options = game.legal_actions()
    assert ChooseTarget(0, player_target(1)) in options
    words = [text.describe_action(game, a) for a in options]
    assert "choose bob" in words and "choose Grizzly Bears" in words
    assert text.describe_target(game, player_target(1)) == "bob"
    _do(game, "alice", "choose bob")
    assert game.state.stack[-1].targets == [player_target(1)]
    assert game.pending_item() is None


def test_a_mana_ability_by_name_and_the_queries_behind_it() -> None:
    game = _bolt_game()
    g = game.state
    mountain = next(p for p in g.battlefield if p.name == "Mountain")
    bears = next(p for p in g.battlefield if p.name == "Grizzly Bears")
    assert game.ability_kinds(mountain.oid) == ["mana"]
    assert game.mana_colors(mountain.oid, 0) == "R"
    assert game.power_toughness(bears.oid) == (2, 2)
    assert game.power_toughness(mountain.oid) is None
    assert game.next_step() == (1, 0, Step.BEGINNING_OF_COMBAT)
    assert text.describe_action(game, Pass(0)) == "pass"
    _do(game, "alice", "activate Mountain")
    assert game.observation(0)["players"][0]["mana_pool"] == "R"
    with pytest.raises(IllegalAction):
        _do(game, "alice", "activate Mountain")  # tapped now
