"""The scenario loader: the contract's example, defaults, errors with their lines, hostile input."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from manastack import cards
from manastack.errors import InputError
from manastack.scenario.commands import Attack, Cast, Choose, Concede, Pass, Ref, Unparsed
from manastack.scenario.loader import (
    MAX_FILE_BYTES,
    MAX_REPEAT,
    load_scenarios,
    load_scenarios_text,
)
from manastack.scenario.model import (
    Checkpoint,
    Expectation,
    ObjSpec,
    PlayerExpect,
    PlayerSetup,
    Point,
    PointSyntaxError,
    Scenario,
    ScriptLine,
    parse_point,
)
from manastack.steps import Step
from tests.budget import within_calls

# The starter pools (starter-cards.md), as the engine declares them.
POOL = tuple(cards.names())

# The YAML block of the contract (scenarios.md), verbatim but for the spaces before some comments.
CONTRACT_EXAMPLE = """\
name: Counterspell answers Dark Ritual      # required, free text
rules: current  # optional: current (default) | 2004 (once that ruleset exists)
seed: 7  # optional: seeds every random choice (shuffles, coin flips)
players:  # required, in turn order; the first is the active player
  alice:
    life: 20                                # optional, default 20
    library: [Island, Island, 3 x Swamp]    # top card first; "N x Name" repeats a card
    hand: [Dark Ritual, Trinisphere]
    battlefield:                            # each entry a name, or a map with the name under card:
      - Swamp
      - {card: Grizzly Bears, tapped: true, sick: true, damage: 1, counters: {+1/+1: 2}}
    graveyard: []
    exile: []
    mana_pool: ""                           # optional, e.g. "BB" or "CR" (C: colorless)
  bob:
    hand: [Counterspell]
    battlefield: [Island, Island]
start: turn 1 precombat_main                # optional; default: turn 1 untap, first player active.
  # The game begins at that step as its active player would
                                            # first receive priority; nothing earlier happens
script:                                     # optional list of decisions, in order
  - alice: cast Dark Ritual
  - alice: cast Trinisphere
    rejected: timing                         # this command must be refused, for this reason (see
                                             # Refusals; `true` accepts any); nothing changes
  - bob: cast Counterspell targeting Dark Ritual
  - expect: {stack: [Counterspell, Dark Ritual]} # a checkpoint: checked at this point of the script
  - at: turn 2 upkeep                        # optional on any command: wait until that point
    bob: cast Lightning Bolt targeting alice
until: turn 2 end                           # optional: stop when this point is reached
expect:                                     # checked when the scenario stops
  alice:
    life: 17
    hand: [Trinisphere]                      # a zone lists names; order does not matter...
    graveyard: [Dark Ritual]
    battlefield: [Swamp, {card: Grizzly Bears, tapped: false, power: 2, toughness: 2}]
    mana_pool: ""
    lost: false
  bob: {graveyard: [Counterspell, Lightning Bolt]}
  stack: []                                  # ...except the stack and the library: top first
  turn: 2
  step: end
  active: bob
  priority: bob                              # who holds priority now (none when nobody does)
  winner: none                               # a player's name, draw, or none (game still going)
  log: [Counterspell, "608.2b"]              # substrings that must appear in the game log, in order
"""


def load(text: str) -> list[Scenario]:
    return load_scenarios_text(text, "test.yaml", POOL)


def one(text: str) -> Scenario:
    [scenario] = load(text)
    return scenario


ANY = -1


@contextmanager
def error(line: int | None, *fragments: str, calls: int | None = 4_000_000) -> Iterator[None]:
    """Expect an InputError at ``line`` (or ANY) whose message holds every fragment, with
    bounded work (``tests/budget.py``)."""
    counting = within_calls(calls) if calls is not None else contextlib.nullcontext()
    with counting, pytest.raises(InputError) as info:
        yield
    assert info.value.source == "test.yaml" or info.value.source.endswith(".yaml")
    assert line == ANY or info.value.line == line, str(info.value)
    for fragment in fragments:
        assert fragment in info.value.message, info.value.message


# --- the contract's example ------------------------------------------------------------------


def test_contract_example() -> None:
    s = one(CONTRACT_EXAMPLE)
    assert s.name == "Counterspell answers Dark Ritual"
    assert (s.rules, s.seed, s.source, s.line) == ("current", 7, "test.yaml", 1)
    alice, bob = s.players
    assert alice == PlayerSetup(
        "alice",
        life=20,
        library=(
            ObjSpec("Island"),
            ObjSpec("Island"),
            ObjSpec("Swamp"),
            ObjSpec("Swamp"),
            ObjSpec("Swamp"),
        ),
        hand=(ObjSpec("Dark Ritual"), ObjSpec("Trinisphere")),
        battlefield=(
            ObjSpec("Swamp"),
            ObjSpec("Grizzly Bears", tapped=True, sick=True, damage=1, counters={"+1/+1": 2}),
        ),
        mana_pool="",
    )
    assert alice.line == 5
    assert bob == PlayerSetup(
        "bob", hand=(ObjSpec("Counterspell"),), battlefield=(ObjSpec("Island"),) * 2
    )
    assert bob.library is None
    assert bob.library_or_default() == (ObjSpec("Wastes"),) * 20
    assert s.start == Point(1, Step.PRECOMBAT_MAIN)
    assert s.until == Point(2, Step.END)
    assert s.script == (
        ScriptLine("alice", Cast(Ref("Dark Ritual")), "cast Dark Ritual", line=22),
        ScriptLine(
            "alice", Cast(Ref("Trinisphere")), "cast Trinisphere", rejected="timing", line=23
        ),
        ScriptLine(
            "bob",
            Cast(Ref("Counterspell"), targets=(Ref("Dark Ritual"),)),
            "cast Counterspell targeting Dark Ritual",
            line=26,
        ),
        Checkpoint(Expectation(stack=(ObjSpec("Counterspell"), ObjSpec("Dark Ritual"))), 27),
        ScriptLine(
            "bob",
            Cast(Ref("Lightning Bolt"), targets=(Ref("alice"),)),
            "cast Lightning Bolt targeting alice",
            at=Point(2, Step.UPKEEP),
            line=28,
        ),
    )
    assert s.expect == Expectation(
        players={
            "alice": PlayerExpect(
                life=17,
                hand=(ObjSpec("Trinisphere"),),
                graveyard=(ObjSpec("Dark Ritual"),),
                battlefield=(
                    ObjSpec("Swamp"),
                    ObjSpec("Grizzly Bears", tapped=False, power=2, toughness=2),
                ),
                mana_pool="",
                lost=False,
            ),
            "bob": PlayerExpect(graveyard=(ObjSpec("Counterspell"), ObjSpec("Lightning Bolt"))),
        },
        stack=(),
        turn=2,
        step=Step.END,
        active="bob",
        priority="bob",
        winner="none",
        log=("Counterspell", "608.2b"),
    )
    # Line numbers of expectation keys, for reporting a failed check.
    assert s.expect.lines["turn"] == 41
    assert s.expect.players["alice"].lines["life"] == 33
    assert s.expect.players["alice"].exile is None  # not checked


def test_contract_example_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "counter.scenario.yaml"
    path.write_text(CONTRACT_EXAMPLE)
    [s] = load_scenarios(path, POOL)
    assert s.source == str(path) and s.name == "Counterspell answers Dark Ritual"


def test_scenarios_list_and_defaults() -> None:
    text = """\
scenarios:
  - name: first
    players: {alice: {}, bob: }
  - name: second
    description: two players pass
    players:
      bob: {life: 3, mana_pool: "{b}{B}c"}
      alice:
        library: []
    script:
      - bob: pass
      - alice: concede
"""
    first, second = load(text)
    assert first.players == (PlayerSetup("alice"), PlayerSetup("bob"))
    assert (first.start, first.until, first.expect, first.script, first.seed) == (
        None,
        None,
        None,
        (),
        None,
    )
    assert first.line == 2 and second.line == 4
    assert second.description == "two players pass"
    assert second.player_names == ("bob", "alice")
    assert second.player("bob").life == 3
    assert second.player("bob").mana_pool == "BBC"
    assert second.player("alice").library == ()
    assert [item.command for item in second.script if isinstance(item, ScriptLine)] == [
        Pass(),
        Concede(),
    ]


def test_zone_entries() -> None:
    s = one("""\
name: zones
players:
  alice:
    battlefield:
      - {card: 2 x grizzly bears, controller: bob, face_down: true, counters: {+1/+1: 1, Time: 2}}
      - {card: Exalted Angel, power: 2, toughness: 2, sick: false}
    hand: [4 X Island]
  bob: {graveyard: [1 x Shock]}
expect:
  stack: [{card: Lightning Bolt, controller: bob}, Shock]
  alice: {battlefield: [3 x Forest], hand: []}
""")
    bears = ObjSpec(
        "Grizzly Bears", controller="bob", face_down=True, counters={"+1/+1": 1, "time": 2}
    )
    alice = s.player("alice")
    assert alice.battlefield[:2] == (bears, bears)
    assert alice.battlefield[2] == ObjSpec("Exalted Angel", power=2, toughness=2, sick=False)
    assert alice.hand == (ObjSpec("Island"),) * 4
    assert s.player("bob").graveyard == (ObjSpec("Shock"),)
    assert s.expect is not None
    assert s.expect.stack == (ObjSpec("Lightning Bolt", controller="bob"), ObjSpec("Shock"))
    assert s.expect.players["alice"].battlefield == (ObjSpec("Forest"),) * 3
    assert s.expect.players["alice"].hand == ()
    assert hash(bears) == hash(ObjSpec("Grizzly Bears", controller="bob", face_down=True))


def test_script_details() -> None:
    s = one("""\
name: script
players: {alice: , bob: }
script:
  - alice: attack with Grizzly Bears -> bob
    at: turn 1 declare attackers
  - bob: choose Thalia, Guardian of Thraben
    rejected: true
  - alice: dance the macarena
    rejected: unknown
  - alice: pass
    rejected: false
  - expect: {winner: draw, priority: none, log: 704.5a}
""")
    attack, choose, dance, passing, checkpoint = s.script
    assert attack == ScriptLine(
        "alice",
        Attack((Ref("Grizzly Bears"),), "bob"),
        "attack with Grizzly Bears -> bob",
        at=Point(1, Step.DECLARE_ATTACKERS),
        line=4,
    )
    assert isinstance(choose, ScriptLine)
    assert choose.command == Choose("Thalia, Guardian of Thraben") and choose.rejected is True
    assert isinstance(dance, ScriptLine) and isinstance(dance.command, Unparsed)
    assert dance.command.text == "dance the macarena" and dance.rejected == "unknown"
    assert isinstance(passing, ScriptLine) and passing.rejected is None
    assert checkpoint == Checkpoint(
        Expectation(winner="draw", priority="none", log=("704.5a",)), 12
    )


def test_parse_point() -> None:
    assert parse_point("turn 2 upkeep") == Point(2, Step.UPKEEP)
    assert parse_point("Turn 3  precombat main") == Point(3, Step.PRECOMBAT_MAIN)
    assert str(Point(2, Step.END)) == "turn 2 end"
    assert Point(1, Step.CLEANUP) < Point(2, Step.UNTAP)
    with pytest.raises(PointSyntaxError, match="precombat_main, beginning_of_combat"):
        parse_point("turn 2 lunch")
    with pytest.raises(PointSyntaxError, match="turn N STEP"):
        parse_point("upkeep")
    with pytest.raises(PointSyntaxError, match="count from 1"):
        parse_point("turn 0 upkeep")


# --- errors, with their lines ----------------------------------------------------------------

BASE = "name: t\nplayers:\n  alice:\n  bob:\n"  # lines 1-4


def test_malformed_yaml() -> None:
    with error(3, "malformed YAML"):
        load("name: t\nplayers: [a\nscript: ]\n")
    with error(2, "malformed YAML"):
        load("name: t\n\tplayers: {}\n")
    with error(1, "no scenario"):
        load("# nothing here\n")


def test_unknown_keys_list_the_allowed_ones() -> None:
    with error(5, "unknown key 'expext'", "did you mean 'expect'", "name, description, rules"):
        load(BASE + "expext: {}\n")
    with error(3, "unknown key 'lfe' in players.alice", "life, library, hand"):
        load("name: t\nplayers:\n  alice: {lfe: 3}\n")
    with error(4, "unknown key 'tapped' in an entry of players.alice.hand", "keys are: card"):
        load("name: t\nplayers:\n  alice:\n    hand: [{card: Shock, tapped: true}]\n")
    with error(5, "unknown key 'carol' in expect", "alice, bob"):
        load(BASE + "expect: {carol: {life: 3}}\n")
    with error(7, "a checkpoint holds only 'expect:'"):
        load(BASE + "script:\n  - expect: {turn: 1}\n    at: turn 1 upkeep\n")
    with error(5, "has the key 'name' twice"):
        load(BASE + "name: u\n")
    with error(1, "no 'players' key"):
        load("name: t\n")
    with error(1, "no 'name' key"):
        load("players: {alice: }\n")
    with error(2, "merge keys"):
        load("name: t\nplayers: {<<: {alice: }}\n")


def test_wrong_types() -> None:
    with error(3, "players.alice.life must be a whole number, got 'twenty'"):
        load("name: t\nplayers:\n  alice: {life: twenty}\n")
    with error(4, "must be a list"):
        load("name: t\nplayers:\n  alice:\n    hand: Shock\n")
    with error(2, "players must be a map"):
        load("name: t\nplayers: [alice, bob]\n")
    with error(1, "the scenario must be a map"):
        load("- name: t\n")
    with error(1, "name must be a single value"):
        load("name: [t]\nplayers: {a: }\n")
    with error(4, "tapped in players.alice.battlefield must be true or false"):
        load("name: t\nplayers:\n  alice:\n    battlefield: [{card: Swamp, tapped: maybe}]\n")
    with error(4, "damage in players.alice.battlefield must be at least 0"):
        load("name: t\nplayers:\n  alice:\n    battlefield: [{card: Swamp, damage: -1}]\n")
    with error(4, "the number of +1/+1 counters must be at least 0"):
        load(
            "name: t\nplayers:\n  alice:\n    battlefield: [{card: Swamp, counters: {+1/+1: -2}}]\n"
        )
    with error(3, "mana symbols"):
        load("name: t\nplayers:\n  alice: {mana_pool: BX}\n")
    with error(5, "expect.turn must be at least 1"):
        load(BASE + "expect: {turn: 0}\n")
    with error(5, "unknown step 'lunch'", "untap, upkeep, draw"):
        load(BASE + "expect: {step: lunch}\n")
    with error(5, "seed must be a whole number"):
        load(BASE + "seed: 1.5\n")
    with error(5, "rules must be one of current, 2004"):
        load(BASE + "rules: 1993\n")
    with error(6, "a script line must name its player"):
        load(BASE + "script:\n  - at: turn 1 upkeep\n")
    with error(6, "a script line must be a map"):
        load(BASE + "script:\n  - alice pass\n")
    with error(6, "alice's command must be a single value"):
        load(BASE + "script:\n  - alice: [pass]\n")


def test_unknown_cards_suggest_the_closest() -> None:
    with error(5, "unknown card 'Grizly Bears'", "did you mean Grizzly Bears"):
        load("name: t\nplayers:\n  alice:\n    hand:\n      - Grizly Bears\n")
    with error(5, "unknown card 'Lightning Blot'", "Lightning Bolt"):
        load(BASE + "expect: {stack: [Lightning Blot]}\n")
    with error(3, "unknown card 'Black Lotus'"):
        load("name: t\nplayers:\n  alice: {hand: [{card: Black Lotus}]}\n")


def test_names_take_the_pools_spelling() -> None:
    s = one("name: t\nplayers:\n  alice: {hand: ['thalia,  guardian of THRABEN', shock]}\n")
    assert s.player("alice").hand == (ObjSpec("Thalia, Guardian of Thraben"), ObjSpec("Shock"))


def test_comma_names_in_flow_lists_stay_one_name() -> None:
    s = one("""\
name: t
players:
  alice:
    hand: [Shock, Thalia, Guardian of Thraben, 2 x Thalia, Guardian of Thraben, Island]
    battlefield:
      - Thalia, Guardian of Thraben
""")
    thalia = ObjSpec("Thalia, Guardian of Thraben")
    alice = s.player("alice")
    assert alice.hand == (ObjSpec("Shock"), thalia, thalia, thalia, ObjSpec("Island"))
    assert alice.battlefield == (thalia,)
    # Quoted items are separate on purpose, so they are not joined.
    with error(3, "unknown card 'Thalia'"):
        load("name: t\nplayers:\n  alice: {hand: ['Thalia', 'Guardian of Thraben']}\n")


def test_player_names() -> None:
    with error(6, "'carol' is not a player", "the players are alice, bob"):
        load(BASE + "script:\n  - carol: pass\n")
    with error(7, "'rejectd' is not a player", "did you mean 'rejected'"):
        load(BASE + "script:\n  - alice: pass\n    rejectd: timing\n")
    with error(7, "one decision, by one player"):
        load(BASE + "script:\n  - alice: pass\n    bob: pass\n")
    with error(5, "expect.active: 'Bob' is not a player", "did you mean 'bob'"):
        load(BASE + "expect: {active: Bob}\n")
    with error(5, "expect.priority", "alice, bob, none"):
        load(BASE + "expect: {priority: nobody}\n")
    with error(5, "expect.winner", "alice, bob, none, draw"):
        load(BASE + "expect: {winner: carol}\n")
    with error(3, "controller in players.alice.battlefield: 'carol' is not a player"):
        load("name: t\nplayers:\n  alice: {battlefield: [{card: Swamp, controller: carol}]}\n")
    with error(3, "'stack' can't be a player's name"):
        load("name: t\nplayers:\n  stack:\n")
    with error(3, "must be one word"):
        load("name: t\nplayers:\n  alice smith:\n")
    with error(4, "differ only in case"):
        load("name: t\nplayers:\n  alice:\n  Alice:\n")
    with error(2, "at least one player"):
        load("name: t\nplayers: {}\n")


def test_bad_points() -> None:
    with error(5, "start: unknown step 'upkep'", "upkeep, draw, precombat_main"):
        load(BASE + "start: turn 1 upkep\n")
    with error(7, "at: bad point in time 'upkeep'"):
        load(BASE + "script:\n  - alice: pass\n    at: upkeep\n")
    with error(6, "until (turn 1 end) comes before the start (turn 2 untap)"):
        load(BASE + "start: turn 2 untap\nuntil: turn 1 end\n")


def test_bad_rejected_word() -> None:
    with error(7, "rejected must be true or one of: timing, priority", "did you mean 'timing'"):
        load(BASE + "script:\n  - alice: pass\n    rejected: timeing\n")


def test_command_that_does_not_parse() -> None:
    with error(6, "unknown command 'dance'", "cast CARD [face down]", "block with nothing"):
        load(BASE + "script:\n  - alice: dance\n")
    # A refusal other than 'unknown' does not excuse an unparseable line.
    with error(6, "'x=' is given twice"):
        load(BASE + "script:\n  - alice: cast Shock x=1 x=2\n    rejected: cost\n")


def test_repeat_counts() -> None:
    with error(3, f"N from 1 to {MAX_REPEAT}, got 1001"):
        load("name: t\nplayers:\n  alice: {library: [1001 x Swamp]}\n")
    with error(3, "got 0"):
        load("name: t\nplayers:\n  alice: {library: [0 x Swamp]}\n")
    with error(3, "got 99999999999999999999"):
        load("name: t\nplayers:\n  alice: {library: [99999999999999999999 x Swamp]}\n")
    s = one(f"name: t\nplayers:\n  alice: {{library: [{MAX_REPEAT} x Swamp]}}\n")
    assert len(s.player("alice").library or ()) == MAX_REPEAT


def test_duplicate_scenario_names() -> None:
    text = "scenarios:\n  - {name: a, players: {x: }}\n  - {name: a, players: {x: }}\n"
    with error(3, "two scenarios are named 'a'", "line 2"):
        load(text)
    with error(1, "the list is empty"):
        load("scenarios: []\n")


# --- hostile input ---------------------------------------------------------------------------


def test_huge_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.scenario.yaml"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with error(None, "limit"):
        load_scenarios(path, POOL)
    with error(None, "larger than"):
        load("#" * (MAX_FILE_BYTES + 1))


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.scenario.yaml"
    path.write_bytes(b"name: t\nplayers: {a: }\n# \xff\n")
    with error(3, "not UTF-8"):
        load_scenarios(path, POOL)


def test_missing_file(tmp_path: Path) -> None:
    with error(None, "can't read"):
        load_scenarios(tmp_path / "nope.yaml", POOL)


def _laughs(key: str) -> list[str]:
    """The billion laughs: nine levels of nine aliases each, 9**9 names once expanded."""
    lines = [f"{key}0: &{key}0 [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]"]
    for i in range(1, 9):
        lines.append(f"{key}{i}: &{key}{i} [{', '.join([f'*{key}{i - 1}'] * 9)}]")
    return lines


def test_alias_bomb_under_an_unknown_key() -> None:
    bomb = "".join(f"  {line}\n" for line in _laughs("a"))
    with error(3, "unknown key 'bombs'"):
        load(f"name: t\nplayers: {{a: }}\nbombs:\n{bomb}")


def test_alias_bomb_in_a_zone() -> None:
    bomb = "".join(f"      - {line.split(': ', 1)[1]}\n" for line in _laughs("x"))
    # The hand's first entry is a list: refused at once, never expanded.
    with error(5, "an entry of players.a.hand must be a card name or a map, got a list"):
        load(f"name: t\nplayers:\n  a:\n    hand:\n{bomb}")


def test_flat_alias_fanout_hits_the_node_cap() -> None:
    row = ", ".join(["x"] * 1000)
    text = f"{BASE}script:\n  - expect: {{log: &l [{row}]}}\n"
    text += "  - expect: {log: *l}\n" * 300
    with error(ANY, "more than 200000 YAML nodes"):
        load(text)


def test_fanout_of_objects_hits_the_object_cap() -> None:
    row = ", ".join(["Swamp"] * 1000)
    text = f"name: t\nplayers:\n  a: {{hand: &h [{row}]}}\n"
    text += "".join(f"  p{i}: {{hand: *h, graveyard: *h, exile: *h}}\n" for i in range(100))
    # The cap of 100,000 objects bounds the work itself (about 5 million calls, too slow to
    # count under the profiler).
    with error(ANY, "more than 100000 objects", calls=None):
        load(text)


def test_recursive_alias() -> None:
    with error(3, "must be a map"):
        load("name: t\nplayers:\n  a: &a [*a]\n")


def test_deep_nesting() -> None:
    with error(2, "nested more than"):
        load("name: t\nplayers: " + "[" * 10_000 + "]" * 10_000 + "\n")
    with error(2, "nested more than"):
        load("name: t\nplayers: " + "{a: " * 10_000 + "}" * 10_000 + "\n")
    deep_block = "name: t\nplayers:\n" + "".join(f"{' ' * i}- \n" for i in range(2, 500))
    with error(ANY, "nested more than"):
        load(deep_block)


def test_too_many_objects() -> None:
    row = ", ".join([f"{MAX_REPEAT} x Swamp"] * 150)
    with error(3, "more than"):
        load(f"name: t\nplayers:\n  a: {{library: [{row}]}}\n")


def test_control_characters() -> None:
    with error(2, "malformed YAML"):
        load("name: t\nplayers: {a: \x00}\n")
